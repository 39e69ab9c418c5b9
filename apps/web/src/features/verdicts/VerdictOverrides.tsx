import { Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  entities,
  gradedEntity,
  techniqueOfMethod,
  techniques,
  verdictOverrideOf,
  verdictOverrideReasonKey,
} from '@inspectra/contract';
import type { ApprovalQueueItem, EntityDefinition, VerdictOverrideRow } from '@inspectra/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { errorText } from '../../ui/error-text.ts';
import { enumLabel } from '../../engine/entity-labels.ts';
import { formatDateTime } from '../../engine/locale.ts';
import { techniqueKey } from '../techniques/technique-queries.ts';

/** The techniques whose graded records carry a verdict pair. */
const paired = techniques.filter((t) => gradedEntity(t)?.verdict);

/** A verdict of the pair in the user's words (the recorded field's level labels). */
export function verdictWord(t: TFunction, entity: EntityDefinition, level: string): string {
  return enumLabel(t, entity.name, entity.verdict?.recorded ?? '', level);
}

/** "Accept (standard: Reject) — override": both verdicts of an override, as every screen writes them. */
export function overrideWords(t: TFunction, entity: EntityDefinition, recorded: string, standard: string) {
  return t('engine.verdict.cell', {
    recorded: verdictWord(t, entity, recorded),
    standard: verdictWord(t, entity, standard),
  });
}

/**
 * Beside a row's grade (the workspace's table, the whole report): that the recorded verdict
 * overrides the standard's, both named, with the reason under it when asked. Nothing otherwise.
 */
export function OverrideMark({
  entity,
  row,
  withReason = false,
}: {
  entity: EntityDefinition;
  row: Record<string, unknown>;
  withReason?: boolean;
}) {
  const { t } = useTranslation();
  const pair = entity.verdict;
  const override = pair ? verdictOverrideOf(pair, row) : null;
  if (!override) return null;
  const reason = row[verdictOverrideReasonKey];
  const standard = verdictWord(t, entity, override.standard);
  return (
    <Stack gap={2} data-testid="verdict-override">
      <Badge
        color="orange"
        variant="outline"
        size="sm"
        styles={{ root: { maxWidth: 'none' }, label: { textTransform: 'none', overflow: 'visible' } }}
        title={overrideWords(t, entity, override.recorded, override.standard)}
      >
        {t('engine.verdict.badge', { standard })}
      </Badge>
      {withReason && (
        <Text size="xs" c="dimmed">
          {typeof reason === 'string' && reason
            ? t('engine.verdict.reasonShown', { reason })
            : t('engine.verdict.noReason')}
        </Text>
      )}
    </Stack>
  );
}

/** "1 override, not yet accepted" under a queued report's severity; nothing without overrides. */
export function OverrideCount({ overrides }: { overrides: ApprovalQueueItem['overrides'] }) {
  const { t } = useTranslation();
  if (overrides.total === 0) return null;
  const state =
    overrides.accepted === 0
      ? t('engine.verdict.notAccepted')
      : overrides.accepted === overrides.total
        ? t('engine.verdict.allAccepted')
        : t('engine.verdict.someAccepted', { count: overrides.accepted });
  return (
    <Text size="xs" c="orange.9" fw={600} data-testid="override-count">
      {t('engine.verdict.overrides', { count: overrides.total })}, {state}
    </Text>
  );
}

/** A report's overrides, under `reports` so any move of the report refreshes them. */
export const verdictOverridesQuery = (reportId: string, status: string | null | undefined) =>
  queryOptions({
    queryKey: ['reports', reportId, 'verdict-overrides', status],
    queryFn: async () =>
      (await callApi('GET /report-approval-paths/verdict-overrides', { query: { reportHeaderId: reportId } }))
        .data,
  });

/**
 * A report's overrides in its approval (docs/verdict-pairs.md): each row with both verdicts, the
 * reason and who accepted it; the reviewer whose turn it is (`canAct`) accepts the inspector's
 * verdict of each. Nothing when the report has none.
 */
export function VerdictOverridesPanel({
  reportId,
  status,
  canAct,
}: {
  reportId: string;
  status: string | null | undefined;
  canAct: boolean;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const overrides = useQuery(verdictOverridesQuery(reportId, status));
  const accept = useMutation({
    mutationFn: (row: VerdictOverrideRow) =>
      callApi('POST /report-approval-paths/verdict-acceptances', {
        body: { reportHeaderId: reportId, rowId: row.rowId },
      }),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('engine.verdict.accepted') });
      // What counts changed: the approval's history, the report's figures and its workspace's.
      await Promise.all(
        [['reports', reportId], ['report', reportId], ...paired.map((t) => techniqueKey(t, reportId))].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    onError: (e) => notifications.show({ color: 'red', message: errorText(e, t) }),
  });
  const rows = overrides.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="verdict-overrides-title">
      <Title order={3} size="h5" id="verdict-overrides-title" mb="xs">
        {t('engine.verdict.listTitle')} ({t('engine.verdict.overrides', { count: rows.length })})
      </Title>
      <List spacing="sm" listStyleType="none">
        {rows.map((row) => {
          const entity = entities[row.entity];
          if (!entity) return null;
          return (
            <List.Item key={row.rowId}>
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {row.title ?? row.rowId}: {overrideWords(t, entity, row.recorded, row.standard)}
                  </Text>
                  <Text size="sm">
                    {row.reason
                      ? t('engine.verdict.reasonShown', { reason: row.reason })
                      : t('engine.verdict.noReason')}
                  </Text>
                  <Text size="xs" c={row.acceptedBy ? 'teal.9' : 'orange.9'}>
                    {t('engine.verdict.counts', { level: verdictWord(t, entity, row.counted) })} ·{' '}
                    {row.acceptedByName
                      ? `${t('engine.verdict.acceptedBy', { name: row.acceptedByName })} (${formatDateTime(row.acceptedAt!, i18n.language)})`
                      : t('engine.verdict.notAccepted')}
                  </Text>
                </Stack>
                {canAct && !row.acceptedBy && (
                  <Button
                    size="xs"
                    variant="light"
                    loading={accept.isPending && accept.variables?.rowId === row.rowId}
                    onClick={() => accept.mutate(row)}
                    aria-label={`${t('engine.verdict.accept')}: ${row.title ?? row.rowId}`}
                  >
                    {t('engine.verdict.accept')}
                  </Button>
                )}
              </Group>
            </List.Item>
          );
        })}
      </List>
    </Paper>
  );
}

/** Whether a report's method grades by a technique with a verdict pair (its overrides are worth asking). */
export function hasVerdictPair(method: string | null | undefined): boolean {
  const technique = method ? techniqueOfMethod(method) : undefined;
  return Boolean(technique && gradedEntity(technique)?.verdict);
}
