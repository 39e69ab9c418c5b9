import { LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { ThicknessLocationView } from '@inspectra/contract';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../engine/locale.ts';
import { ChartFigure, timeAxis } from '../../engine/ChartFigure.tsx';
import type { ThicknessReadingRecord } from './thickness-queries.ts';

/** A calendar day as milliseconds in UTC: where a date sits on the time axis. */
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * The chart's rows: one per reading (`thickness`), and the projection (`projection`) from the
 * latest reading down to the required thickness on the day the governing rate reaches it.
 */
export function thicknessChartData(readings: ThicknessReadingRecord[], location: ThicknessLocationView) {
  const rows: { at: number; thickness?: number; projection?: number }[] = readings.map((r) => ({
    at: dayOf(r.date),
    thickness: r.thicknessMm,
  }));
  const latest = location.latestReading;
  if (latest && location.projectedRequiredDate && location.projectedRequiredDate > latest.date) {
    const last = rows.find((r) => r.at === dayOf(latest.date));
    if (last) last.projection = latest.thicknessMm;
    rows.push({ at: dayOf(location.projectedRequiredDate), projection: location.requiredThicknessMm });
  }
  return rows.sort((a, b) => a.at - b.at);
}

/**
 * Thickness over time (STYLE 19: a reading against its history): the readings, the required
 * thickness across, and the projected day the wall reaches it at the governing rate.
 */
export function ThicknessChart({
  location,
  readings,
}: {
  location: ThicknessLocationView;
  readings: ThicknessReadingRecord[];
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const format = (v: number) => formatNumber(v, language);
  const rows = thicknessChartData(readings, location);
  const title = t('thickness.chartTitle');
  return (
    <ChartFigure
      title={title}
      empty={rows.length === 0 ? t('thickness.noReadings') : undefined}
      caption={
        location.projectedRequiredDate && (
          <Text component="figcaption" size="sm">
            {t('thickness.projectedDate', { date: formatDate(location.projectedRequiredDate, language) })}
          </Text>
        )
      }
    >
      <LineChart
        h={300}
        data={rows}
        dataKey="at"
        series={[
          { name: 'thickness', label: t('thickness.chartThickness'), color: 'indigo.6' },
          {
            name: 'projection',
            label: t('thickness.chartProjection'),
            color: 'red.6',
            strokeDasharray: '6 4',
          },
        ]}
        curveType="linear"
        connectNulls
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        valueFormatter={format}
        {...timeAxis(language)}
        yAxisProps={{ tickFormatter: format, domain: [0, 'auto'] }}
        yAxisLabel="mm"
        referenceLines={[
          {
            y: location.requiredThicknessMm,
            label: t('thickness.requiredLine', { value: format(location.requiredThicknessMm) }),
            color: 'red.7',
            ifOverflow: 'extendDomain' as const,
          },
        ]}
      />
    </ChartFigure>
  );
}
