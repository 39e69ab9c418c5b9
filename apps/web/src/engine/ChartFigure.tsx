import '@mantine/charts/styles.css';
import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from './locale.ts';
import { notOnDevice } from './useOnline.ts';
import type { QueryReach } from './useOnline.ts';

/** The lines' colours, one per series in order (a trend's points, the methods of a health card). */
export const chartLineColors = [
  'indigo.6',
  'cyan.6',
  'grape.6',
  'teal.6',
  'pink.6',
  'lime.7',
  'orange.6',
  'blue.8',
] as const;

/** The `i`th line's colour, round again past the last. */
export const chartLineColor = (i: number) => chartLineColors[i % chartLineColors.length]!;

/**
 * A chart as a figure every chart of the app draws alike: a bordered card named by its title (for a
 * screen reader too), the chart, or a sentence where there is nothing to draw, and a caption.
 * Given the query it draws (`query`): loading while it is read, and offline with no copy of it on
 * the device "Not on this device — shown when online" rather than empty axes.
 */
export function ChartFigure(p: {
  title: string;
  /** The heading's level: 2 on a page of its own, 3 inside a section. */
  order?: 2 | 3;
  /** Said instead of the chart where there is nothing to draw. */
  empty?: string | undefined;
  caption?: ReactNode;
  /** The query whose answer the chart draws. */
  query?: QueryReach & { isPending: boolean };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const order = p.order ?? 3;
  const missing = p.query !== undefined && notOnDevice(p.query);
  const said = missing ? t('offline.notOnDevice') : p.empty;
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-label={p.title}>
      <Stack gap="sm">
        <Title order={order} fz={order === 2 ? 'lg' : 'md'}>
          {p.title}
        </Title>
        {said !== undefined ? (
          <Text size="sm" c="dimmed">
            {said}
          </Text>
        ) : p.query?.isPending ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : (
          p.children
        )}
        {p.caption}
      </Stack>
    </Paper>
  );
}

/** A chart time's day (its x value, milliseconds since 1970 in UTC) in the user's language. */
export const chartDay = (at: number, language: string) =>
  formatDate(new Date(at).toISOString().slice(0, 10), language);

/**
 * The props of a LineChart over dates (`dataKey` a time in milliseconds): a time axis from the
 * first to the last day, its ticks and the tooltip's heading as days in the user's language.
 */
export function timeAxis(language: string, padding?: { left: number; right: number }) {
  return {
    xAxisProps: {
      type: 'number' as const,
      scale: 'time' as const,
      domain: ['dataMin', 'dataMax'],
      ...(padding ? { padding } : {}),
      tickFormatter: (at: number) => chartDay(at, language),
    },
    tooltipProps: {
      labelFormatter: (at: unknown) => (typeof at === 'number' ? chartDay(at, language) : ''),
    },
  };
}
