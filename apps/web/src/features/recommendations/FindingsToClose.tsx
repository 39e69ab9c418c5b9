import { Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { recommendationSeverities } from '@inspectra/contract';
import type { RecommendationCounts } from '@inspectra/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { AnchorLink } from '../../ui/links.tsx';
import { SeverityBadge } from './SeverityBadge.tsx';
import { recommendationsKey } from './recommendation-queries.ts';

/** Most areas the dashboard names; the register lists them all. */
const areasShown = 6;

/**
 * The dashboard's count of findings not yet closed (docs/recommendations.md): by severity, worst
 * first, how many are overdue, and the areas holding most of them; it links to the register.
 */
export function FindingsToClose() {
  const { t } = useTranslation();
  const counts = useQuery({
    queryKey: [...recommendationsKey, 'counts'],
    queryFn: async () => (await callApi<RecommendationCounts>('GET /recommendations/counts')).data,
  });
  const data = counts.data;
  const bySeverity = new Map(data?.bySeverity.map((c) => [c.severity, c.count]));
  const total = data?.bySeverity.reduce((n, c) => n + c.count, 0) ?? 0;
  const areas = [...(data?.byArea ?? [])].sort((a, b) => b.count - a.count).slice(0, areasShown);
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          <AnchorLink to="/recommendations" className="touch-target">
            {t('recommendations.dashboardTitle')}
          </AnchorLink>
        </Title>
        {data && data.overdue > 0 && (
          <Badge color="red" variant="filled" styles={{ label: { textTransform: 'none' } }}>
            {t('recommendations.overdueCount', { count: data.overdue })}
          </Badge>
        )}
      </Group>
      {!data ? (
        <Skeleton h={60} />
      ) : total === 0 ? (
        <Text c="dimmed">{t('recommendations.noneOpen')}</Text>
      ) : (
        <Stack gap="sm">
          <Group gap="md">
            {[...recommendationSeverities].reverse().map((severity) => (
              <Group key={severity} gap={6}>
                <SeverityBadge severity={severity} />
                <Text fw={600}>{bySeverity.get(severity) ?? 0}</Text>
              </Group>
            ))}
          </Group>
          <Text size="sm" c="dimmed">
            {t('recommendations.byArea')}:{' '}
            {areas.map((a) => `${a.area ?? t('recommendations.noArea')} ${a.count}`).join(' · ')}
          </Text>
        </Stack>
      )}
    </Card>
  );
}
