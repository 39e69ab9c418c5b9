import { Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FindingBadge } from './FindingBadge.tsx';
import { techniqueQueries } from './technique-queries.ts';
import type { WorkspaceScope } from './technique-queries.ts';

/**
 * Under an inspection's rows table, how many rows take each level of the technique's finding grade,
 * as the server counts them over every row (not the page shown): "4 entries, by grade: Accept 3,
 * Reject 1". Nothing while no row is graded.
 */
export function GradeCounts({ scope, inspectionId }: { scope: WorkspaceScope; inspectionId: string }) {
  const { t } = useTranslation();
  const { data } = useQuery(techniqueQueries.gradeCounts(scope, inspectionId));
  if (!scope.technique.findingGrade || !data || data.byGrade.length === 0) return null;
  return (
    <Group gap="xs" mt="sm" aria-label={t('workspace.gradeCounts', { count: data.rows })}>
      <Text size="sm">{t('workspace.gradeCounts', { count: data.rows })}</Text>
      {data.byGrade.map((c) => (
        <Group key={c.level} gap={4} wrap="nowrap">
          <FindingBadge technique={scope.technique} level={c.level} size="sm" />
          <Text size="sm">{c.rows}</Text>
        </Group>
      ))}
    </Group>
  );
}
