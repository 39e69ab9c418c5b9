import { LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { drawnValue, seriesOf } from '@inspectra/contract';
import type { SeriesBand } from '@inspectra/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { enumLabel, fieldLabel, unitOf } from '../../engine/entity-labels.ts';
import { formatNumber } from '../../engine/locale.ts';
import { ChartFigure, chartLineColor, timeAxis } from '../../engine/ChartFigure.tsx';
import { callTechnique } from './technique-client.ts';
import { techniqueKey } from './technique-queries.ts';
import type { WorkspaceScope } from './technique-queries.ts';
import type { RouteOf } from './technique-routes.ts';

/** A trend as the server answers it (contract `trendResponseSchema`). */
export type Trend = {
  series: {
    key: Record<string, string | number | null>;
    readings: { time: string; values: Record<string, number | null> }[];
    more: boolean;
  }[];
  /** The grade's limits on each banded value, in the case of the report's records (an analysis's group). */
  bands?: Record<string, SeriesBand[]>;
  bounded: { limit: number; more: boolean; points: number; morePoints: boolean };
};

/** A calendar day as milliseconds in UTC: where a date sits on the time axis. */
const dayOf = (time: string) => Date.parse(time.length === 10 ? `${time}T00:00:00Z` : time);

/**
 * The chart's rows: one per reading time, a column per point (`p0`, `p1`…); a point without a
 * reading at that time, or with an empty value, has none there (its line joins the readings either
 * side, never drawn at 0: blanks stay blank).
 */
export function trendChartData(trend: Trend, value: string) {
  const byTime = new Map<number, Record<string, number>>();
  trend.series.forEach((point, i) => {
    for (const reading of point.readings) {
      const v = reading.values[value];
      if (typeof v !== 'number') continue;
      const at = dayOf(reading.time);
      const row = byTime.get(at) ?? { at };
      row[`p${i}`] = v;
      byTime.set(at, row);
    }
  });
  return [...byTime.values()].sort((a, b) => a.at! - b.at!);
}

/**
 * The readings of the report's equipment over its reports, per point, on a date axis with the
 * grade's limits across (docs/series.md): read whole from the trend call, and where the call stopped
 * short, said under the chart.
 */
export default function RowsTrend({ scope, route }: { scope: WorkspaceScope; route: RouteOf<'trend'> }) {
  const { t, i18n } = useTranslation();
  const entity = route.operation.entity;
  const grade = scope.technique.findingGrade;
  const trend = useQuery({
    queryKey: [...techniqueKey(scope.technique, scope.reportId), 'trend', entity.name],
    queryFn: async ({ signal }) =>
      (
        await callTechnique<Trend>(scope.technique, route, {
          query: { reportHeaderId: scope.reportId },
          signal,
        })
      ).data,
  });
  const data = trend.data;
  // A verdict pair's bands are the standard's: the recorded verdict is a choice, not a limit. The
  // limits are those the trend answered for the report's case, else those the grade always sets.
  const { value, bands } = drawnValue(entity, grade?.standard ?? grade?.field, data?.bands);
  const series = seriesOf(entity);
  const label = (key: string) =>
    fieldLabel(t, entity.name, key, entity.fields[key] ?? entity.derived[key]!.field);
  const field = entity.fields[value] ?? entity.derived[value]!.field;
  const unit = unitOf(field);
  // A choice in the key reads as its label ("Horizontal"), as the rows table shows it.
  const pointName = (key: Record<string, unknown>) =>
    series.key
      .filter((k) => key[k] !== null && key[k] !== undefined && key[k] !== '')
      .map((k) => (entity.fields[k]?.kind === 'enum' ? enumLabel(t, entity.name, k, String(key[k])) : key[k]))
      .join(' · ') || t('workspace.trendUnnamedPoint');
  const format = (v: number) => formatNumber(v, i18n.language);
  const levelLabel = (band: SeriesBand) =>
    grade ? enumLabel(t, entity.name, grade.field, band.level) : band.level;
  const title = t('workspace.trendTitle', { value: label(value) });
  const rows = data ? trendChartData(data, value) : [];

  return (
    <ChartFigure
      title={title}
      empty={data && rows.length === 0 ? t('workspace.trendEmpty') : undefined}
      query={trend}
      caption={
        data &&
        (data.bounded.more || data.bounded.morePoints) && (
          <Text component="figcaption" size="sm">
            {data.bounded.more && t('workspace.trendBounded', { count: data.bounded.limit })}
            {data.bounded.more && data.bounded.morePoints && ' '}
            {data.bounded.morePoints && t('workspace.trendMorePoints', { count: data.bounded.points })}
          </Text>
        )
      }
    >
      <LineChart
        h={300}
        data={rows}
        dataKey="at"
        series={(data?.series ?? []).map((point, i) => ({
          name: `p${i}`,
          label: pointName(point.key),
          color: chartLineColor(i),
        }))}
        curveType="linear"
        connectNulls
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        valueFormatter={format}
        {...timeAxis(i18n.language)}
        yAxisProps={{ tickFormatter: format }}
        yAxisLabel={unit}
        referenceLines={bands.map((band, i) => ({
          y: band.limit,
          label: `${levelLabel(band)} ${band.when === 'gt' ? '>' : '≥'} ${format(band.limit)}${unit ? ` ${unit}` : ''}`,
          color: i === 0 ? 'red.7' : 'orange.7',
          ifOverflow: 'extendDomain' as const,
        }))}
      />
    </ChartFigure>
  );
}
