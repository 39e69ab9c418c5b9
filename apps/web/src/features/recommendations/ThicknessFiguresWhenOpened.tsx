import { Alert, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { RecommendationView } from '@inspectra/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../engine/locale.ts';
import { AnchorLink } from '../../ui/links.tsx';
import { usePermission } from '../auth/useProfile.ts';
import { ThicknessStatusBadge } from '../thickness/ThicknessStatusBadge.tsx';
import { thicknessQueries } from '../thickness/thickness-queries.ts';

type Finding = Pick<
  RecommendationView,
  'thicknessLocationId' | 'thicknessMm' | 'requiredThicknessMm' | 'remainingLifeYears' | 'createdAt'
>;

/**
 * Whether the location's latest reading is not the one the finding was opened on: taken after the
 * day it was opened, or of another thickness than the one it keeps.
 */
export function isLater(
  latest: { date: string; thicknessMm: number },
  opened: string,
  keptMm: number | null,
): boolean {
  return latest.date > opened || (keptMm != null && Math.abs(latest.thicknessMm - keptMm) >= 0.005);
}

/**
 * A thickness finding's figures are those of the day it was opened (docs/recommendations.md): they
 * are labelled so, beside the location's own figures now and a link to its page, so a later
 * reading that tells another story is seen rather than read past (STYLE 17, 19).
 */
export function ThicknessFiguresWhenOpened({ r }: { r: Finding }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const mayView = usePermission('thickness', 'view');
  const locationId = r.thicknessLocationId;
  const now = useQuery({
    ...thicknessQueries.location(locationId ?? ''),
    enabled: Boolean(locationId) && mayView,
  });
  if (!locationId) return null;
  const opened = r.createdAt.slice(0, 10);
  const latest = now.data?.latestReading ?? null;
  const figure = (label: string, value: string) => (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Stack>
  );
  const mm = (v: number) => t('recommendations.whenOpened.mm', { value: formatNumber(v, language) });
  const years = (v: number) => t('recommendations.whenOpened.years', { value: formatNumber(v, language) });
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby="figures-when-opened"
    >
      <Stack gap="sm">
        <Text fw={600} id="figures-when-opened">
          {t('recommendations.whenOpened.title', { date: formatDate(opened, language) })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {r.thicknessMm != null && figure(t('recommendations.whenOpened.thickness'), mm(r.thicknessMm))}
          {r.requiredThicknessMm != null &&
            figure(t('recommendations.whenOpened.required'), mm(r.requiredThicknessMm))}
          {r.remainingLifeYears != null &&
            figure(t('recommendations.whenOpened.remainingLife'), years(r.remainingLifeYears))}
          {latest &&
            figure(
              t('recommendations.whenOpened.latestNow', { date: formatDate(latest.date, language) }),
              mm(latest.thicknessMm),
            )}
          {now.data?.remainingLifeYears != null &&
            figure(t('recommendations.whenOpened.remainingLifeNow'), years(now.data.remainingLifeYears))}
        </SimpleGrid>
        {latest && isLater(latest, opened, r.thicknessMm) && (
          <Alert color="yellow" variant="light" p="xs">
            {t('recommendations.whenOpened.readSince', { date: formatDate(latest.date, language) })}
          </Alert>
        )}
        <Group gap="xs">
          {now.data && <ThicknessStatusBadge status={now.data.status} />}
          <AnchorLink to="/thickness/$locationId" params={{ locationId }} className="touch-target">
            {t('recommendations.whenOpened.currentFigures')}
          </AnchorLink>
        </Group>
      </Stack>
    </Paper>
  );
}
