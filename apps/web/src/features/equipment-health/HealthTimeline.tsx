import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { EquipmentHealthMethod } from '@inspectra/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../engine/locale.ts';
import { inspectionMethodLabel } from '../ndt/ndt-queries.ts';
import { worstGradeStep } from '../techniques/LevelBadge.tsx';
import { timelineRows } from './health-queries.ts';

/** One colour per method, in the card's order. */
const lineColors = ['indigo.6', 'cyan.6', 'grape.6', 'teal.6', 'pink.6', 'lime.7', 'orange.6', 'blue.8'];

const dayText = (at: number, language: string) =>
  formatDate(new Date(at).toISOString().slice(0, 10), language);

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
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-label={title}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('equipmentHealth.timelineEmpty')}
          </Text>
        ) : (
          <LineChart
            h={320}
            data={rows}
            dataKey="at"
            series={methods.map((method, i) => ({
              name: `m${i}`,
              label: inspectionMethodLabel(t, method.inspectionMethod),
              color: lineColors[i % lineColors.length]!,
            }))}
            curveType="linear"
            connectNulls
            withLegend
            withDots
            legendProps={{ verticalAlign: 'bottom' }}
            valueFormatter={stepWord}
            xAxisProps={{
              type: 'number',
              scale: 'time',
              domain: ['dataMin', 'dataMax'],
              padding: { left: 24, right: 24 },
              tickFormatter: (at: number) => dayText(at, i18n.language),
            }}
            yAxisProps={{
              domain: [0, worstGradeStep],
              ticks: Array.from({ length: worstGradeStep + 1 }, (_, step) => step),
              tickFormatter: stepWord,
              width: 110,
            }}
            tooltipProps={{
              labelFormatter: (at: unknown) => (typeof at === 'number' ? dayText(at, i18n.language) : ''),
            }}
          />
        )}
        <Text component="figcaption" size="sm" c="dimmed">
          {t('equipmentHealth.timelineCaption')}
        </Text>
      </Stack>
    </Paper>
  );
}
