import { Badge, Card, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { VciFeatureGroup } from '@inspectra/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../ui/links.tsx';
import { enumLabel } from '../../engine/entity-labels.ts';
import { LevelBadge } from './LevelBadge.tsx';
import { callTechnique } from './technique-client.ts';
import { rowsKey } from './technique-queries.ts';
import type { TechniqueRecord, WorkspaceScope } from './technique-queries.ts';
import { findAction } from './technique-routes.ts';

type Spot = { id: string; location: string; vciSpotNumber: string | null; severity: string };

/**
 * VCI's own view of its summaries: per feature found (crack, corrosion, dent…), how many spots, the
 * worst severity, and the spots themselves, worst first — what an integrity engineer reads first.
 * VCI draws no grade badge of its own, so its panel draws its levels on the common scale.
 */
export function VciFeatureGroups({
  scope,
  inspection,
}: {
  scope: WorkspaceScope;
  inspection: TechniqueRecord;
}) {
  const { t } = useTranslation();
  const { technique } = scope;
  const route = findAction(technique, 'vci.groupedByFeature', scope.variant);
  const rows = technique.workspace!.rows!;
  // The action names its one query parameter (the analysis); read from its declaration, not assumed.
  const param = route?.operation.query ? Object.keys(route.operation.query.shape)[0] : undefined;
  const groups = useQuery({
    queryKey: [...rowsKey(scope, inspection.id), 'byFeature'],
    queryFn: async ({ signal }) =>
      (
        await callTechnique<VciFeatureGroup[]>(technique, route!, {
          query: { [param!]: inspection.id },
          signal,
        })
      ).data,
    enabled: Boolean(route && param),
  });
  if (!route) return null;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="vci-by-feature">
      <Title id="vci-by-feature" order={2} fz="lg" mb="sm">
        {t('workspace.vci.byFeature')}
      </Title>
      {groups.isPending ? (
        <Skeleton h={80} aria-label={t('common.loading')} role="status" />
      ) : groups.isError ? (
        <Text c="red" role="alert">
          {groups.error.message}
        </Text>
      ) : groups.data.length === 0 ? (
        <Text c="dimmed">{t('workspace.vci.noFeatures')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {groups.data.map((group) => (
            <Card key={group.feature} withBorder radius="md" padding="md" component="article">
              <Group justify="space-between" wrap="nowrap" mb="xs">
                <Title order={3} fz="md">
                  {enumLabel(t, rows.name, 'feature', group.feature)}
                </Title>
                <LevelBadge technique={technique} level={group.worstSeverity} size="sm" />
              </Group>
              <Badge variant="default" mb="xs" styles={{ label: { textTransform: 'none' } }}>
                {t('workspace.vci.spotCount', { count: group.count })}
              </Badge>
              <List spacing={4} size="sm" listStyleType="none" p={0}>
                {(group.spots as Spot[]).map((spot) => (
                  <List.Item key={spot.id}>
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <AnchorLink
                          to="/reports/$reportId/$slug/rows/$rowId"
                          params={{ reportId: scope.reportId, slug: technique.slug, rowId: spot.id }}
                          search={{ variant: scope.variant, inspection: inspection.id }}
                          size="sm"
                          className="touch-target"
                        >
                          {spot.vciSpotNumber
                            ? t('workspace.vci.spot', { number: spot.vciSpotNumber, location: spot.location })
                            : spot.location}
                        </AnchorLink>
                      </Stack>
                      <LevelBadge technique={technique} level={spot.severity} size="sm" />
                    </Group>
                  </List.Item>
                ))}
              </List>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
