import { LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { labelInSentence } from '@inspectra/contract';
import type { RowsProfile as Profile } from '@inspectra/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { enumLabel, fieldLabel, unitOf } from '../../engine/entity-labels.ts';
import { formatNumber } from '../../engine/locale.ts';
import { ChartFigure, chartLineColor } from '../../engine/ChartFigure.tsx';
import { PartOfList } from './PartOfList.tsx';
import { leadField } from './row-columns.ts';
import { techniqueQueries } from './technique-queries.ts';
import type { TechniqueRecord, WorkspaceScope } from './technique-queries.ts';

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The limits to draw: those of the value every drawn row shares, none when they differ. */
export function sharedLimits(profile: Profile, rows: readonly Record<string, unknown>[]) {
  if (!profile.limits) return { limits: [], mixed: false };
  const values = new Set(rows.map((r) => r[profile.limits!.by]));
  if (values.size !== 1) return { limits: [], mixed: values.size > 1 };
  return { limits: profile.limits.cases[String([...values][0])] ?? [], mixed: false };
}

/**
 * The rows the chart draws, along the x: those with an x and a value of a series. A missing value
 * is left out (its line joins the readings either side), never drawn at 0: blanks stay blank.
 */
export function drawnRows(profile: Profile, records: readonly Record<string, unknown>[]) {
  return records
    .filter((r) => num(r[profile.x]) !== null && profile.series.some((s) => num(r[s]) !== null))
    .sort((a, b) => num(a[profile.x])! - num(b[profile.x])!);
}

/**
 * How the profile's chart draws what was measured: straight segments between the readings (a curve
 * would imply values nobody read), and every number on the axes and in the tooltip as the reader's
 * language writes it (0,5 in Bahasa Indonesia, beside a table reading 0,5). Whole ticks along a
 * counted axis (a pump's attempts).
 */
export function profileChartProps(language: string, countedAlong: boolean) {
  const format = (v: number) => formatNumber(v, language);
  return {
    curveType: 'linear' as const,
    valueFormatter: format,
    xAxisProps: {
      type: 'number' as const,
      domain: ['dataMin', 'dataMax'] as [string, string],
      allowDecimals: !countedAlong,
      tickFormatter: format,
    },
    yAxisProps: { tickFormatter: format },
  };
}

/**
 * An inspection's rows as its technique's profile declares them (SACP: the potentials along the
 * line): a line per series over the x field, the evaluation's limits across, and in words the worst
 * row (how many rows take each grade is said under the table, GradeCounts).
 */
export default function RowsProfile({
  scope,
  inspection,
  profile,
}: {
  scope: WorkspaceScope;
  inspection: TechniqueRecord;
  profile: Profile;
}) {
  const { t, i18n } = useTranslation();
  const { technique } = scope;
  const rows = technique.workspace!.rows!;
  const grade = technique.findingGrade;
  const read = useQuery(techniqueQueries.rows(scope, String(inspection.id)));
  const data = read.data;
  const records = data?.records ?? [];
  const drawn = drawnRows(profile, records);
  const label = (key: string) => fieldLabel(t, rows.name, key, rows.fields[key]!);
  const unit = unitOf(rows.fields[profile.series[0]]!);
  const { limits, mixed } = sharedLimits(profile, drawn);
  const levelLabel = (level: string) => (grade ? enumLabel(t, rows.name, grade.field, level) : level);
  const lead = leadField(rows, scope.variant);

  const worst = grade
    ? [...records]
        .filter((r) => typeof r[grade.field] === 'string')
        .sort(
          (a, b) =>
            grade.levels.indexOf(String(b[grade.field])) - grade.levels.indexOf(String(a[grade.field])),
        )[0]
    : undefined;
  const title = t('workspace.profileTitle', {
    series: profile.series.map(label).join(', '),
    x: label(profile.x),
  });

  return (
    <ChartFigure
      title={title}
      empty={
        data && drawn.length === 0
          ? t('workspace.profileEmpty', { x: labelInSentence(label(profile.x)) })
          : undefined
      }
      query={read}
      caption={
        <>
          <PartOfList list={data} besideTable />
          {/* The rows per grade are counted under the table; the worst row is named here. */}
          {(mixed || worst) && (
            <Text component="figcaption" size="sm" c={mixed ? undefined : 'dimmed'}>
              {mixed && `${t('workspace.profileMixed', { field: label(profile.limits!.by) })} `}
              {worst &&
                t('workspace.profileWorst', {
                  name: String(worst[lead] ?? ''),
                  grade: levelLabel(String(worst[grade!.field])),
                })}
            </Text>
          )}
        </>
      }
    >
      <LineChart
        h={280}
        data={drawn.map((r) => ({
          x: num(r[profile.x]),
          ...Object.fromEntries(profile.series.map((s) => [s, num(r[s])])),
        }))}
        dataKey="x"
        series={profile.series.map((s, i) => ({ name: s, label: label(s), color: chartLineColor(i) }))}
        connectNulls
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        {...profileChartProps(i18n.language, rows.fields[profile.x]?.kind === 'integer')}
        xAxisLabel={`${label(profile.x)}${unitOf(rows.fields[profile.x]!) ? ` (${unitOf(rows.fields[profile.x]!)})` : ''}`}
        yAxisLabel={unit}
        referenceLines={limits.map((l) => ({
          y: l.value,
          label: `${levelLabel(l.level)} ${l.beyond === 'above' ? '>' : '<'} ${formatNumber(l.value, i18n.language)}${unit ? ` ${unit}` : ''}`,
          color: l.level === grade?.levels.at(-1) ? 'red.7' : 'orange.7',
          // Both limits drawn, even where every reading lies between them.
          ifOverflow: 'extendDomain' as const,
        }))}
      />
    </ChartFigure>
  );
}
