import { LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { healthReportsPerMethod } from '@inspectra/contract';
import type { EquipmentHealthMethod } from '@inspectra/contract';
import { useTranslation } from 'react-i18next';
import { ChartFigure, chartLineColor, timeAxis } from '../../engine/ChartFigure.tsx';
import { inspectionMethodLabel } from '../ndt/ndt-queries.ts';
import { worstGradeStep } from '../techniques/LevelBadge.tsx';
import { timelineRows } from './health-queries.ts';

/**
 * ONE timeline of the equipment's findings across its techniques: per method a line through the
 * worst finding of each of its reports over the years, every technique's levels on the same
 * four-step scale as its badges (acceptable → act now), so a thermal rise and a vibration zone read
 * on one axis.
 */
export function HealthTimeline({ methods }: { methods: EquipmentHealthMethod[] }) {
  const { t, i18n } = useTranslation();
  const rows = timelineRows(methods);
  const stepWord = (step: number) => t(`equipmentHealth.steps.${step}`);
  const title = t('equipmentHealth.timeline');
  // A method with more reports than the card carries is drawn over its latest only: said, not hidden.
  const cut = methods.filter((m) => m.reports.length < m.reportCount);
  return (
    <ChartFigure
      title={title}
      order={2}
      empty={rows.length === 0 ? t('equipmentHealth.timelineEmpty') : undefined}
      caption={
        <Text component="figcaption" size="sm" c="dimmed">
          {t('equipmentHealth.timelineCaption')}
          {cut.length > 0 &&
            ` ${t('equipmentHealth.timelineBounded', {
              count: healthReportsPerMethod,
              methods: cut.map((m) => inspectionMethodLabel(t, m.inspectionMethod)).join(', '),
            })}`}
        </Text>
      }
    >
      <LineChart
        h={320}
        data={rows}
        dataKey="at"
        series={methods.map((method, i) => ({
          name: `m${i}`,
          label: inspectionMethodLabel(t, method.inspectionMethod),
          color: chartLineColor(i),
        }))}
        curveType="linear"
        connectNulls
        withLegend
        withDots
        legendProps={{ verticalAlign: 'bottom' }}
        valueFormatter={stepWord}
        {...timeAxis(i18n.language, { left: 24, right: 24 })}
        yAxisProps={{
          domain: [0, worstGradeStep],
          ticks: Array.from({ length: worstGradeStep + 1 }, (_, step) => step),
          tickFormatter: stepWord,
          width: 110,
        }}
      />
    </ChartFigure>
  );
}
