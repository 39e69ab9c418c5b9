import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ThicknessLocationView } from '@inspectra/contract';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../engine/locale.ts';
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
  const day = (at: number) => formatDate(new Date(at).toISOString().slice(0, 10), language);
  const rows = thicknessChartData(readings, location);
  const title = t('thickness.chartTitle');
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-label={title}>
      <Stack gap="sm">
        <Title order={3} fz="md">
          {title}
        </Title>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('thickness.noReadings')}
          </Text>
        ) : (
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
            xAxisProps={{ type: 'number', scale: 'time', domain: ['dataMin', 'dataMax'], tickFormatter: day }}
            yAxisProps={{ tickFormatter: format, domain: [0, 'auto'] }}
            yAxisLabel="mm"
            tooltipProps={{ labelFormatter: (at: unknown) => (typeof at === 'number' ? day(at) : '') }}
            referenceLines={[
              {
                y: location.requiredThicknessMm,
                label: t('thickness.requiredLine', { value: format(location.requiredThicknessMm) }),
                color: 'red.7',
                ifOverflow: 'extendDomain' as const,
              },
            ]}
          />
        )}
        {location.projectedRequiredDate && (
          <Text component="figcaption" size="sm">
            {t('thickness.projectedDate', { date: formatDate(location.projectedRequiredDate, language) })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
