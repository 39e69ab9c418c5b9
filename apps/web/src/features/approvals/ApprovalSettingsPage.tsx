import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MethodApprovalPath } from '@inspectra/contract';
import { approvalPathBody, maxApprovalLevel } from '@inspectra/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useCheckedForm } from '../../engine/useCheckedForm.ts';
import { SubmissionFailure } from '../../engine/useSubmission.tsx';
import { usePermission } from '../auth/useProfile.ts';
import { approvalPositionsQuery, approvalSettingsQuery, approvalSummaryQuery } from './approval-queries.ts';
import { ApprovalOptionsPanel } from './ApprovalOptionsPanel.tsx';
import { NeedsServer } from '../../engine/NeedsServer.tsx';

/** Approval settings: per inspection method, its levels and the position approving at each. */
export function ApprovalSettingsPage() {
  const { t } = useTranslation();
  const settings = useQuery(approvalSettingsQuery);
  return (
    <>
      <PageHeader title={t('approvals.settings.title')} subtitle={t('approvals.settings.subtitle')} />
      <ApprovalOptionsPanel />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {(settings.data ?? []).map((method) => (
          <MethodPathCard key={method.inspectionMethodId} method={method} />
        ))}
      </SimpleGrid>
    </>
  );
}

function MethodPathCard({ method }: { method: MethodApprovalPath }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayChange = usePermission('approval', 'update');
  const positions = useQuery(approvalPositionsQuery);
  const summary = useQuery(approvalSummaryQuery);
  const [levels, setLevels] = useState<(string | null)[]>(method.levels.map((l) => l.approvalPosition));
  const mine = summary.data?.find((s) => s.inspectionMethodId === method.inspectionMethodId);
  const choices = (positions.data ?? []).filter((p) => p.isActive).map((p) => p.name);
  const positionLabel = (i: number) => t('approvals.settings.position', { level: i + 1 });
  const body = {
    inspectionMethodId: method.inspectionMethodId,
    levels: levels.map((approvalPosition, i) => ({ levelApproval: i + 1, approvalPosition })),
  };
  // Each level's position is its own field; the path as a whole (levels in order) shows below them.
  const form = useCheckedForm({
    schema: approvalPathBody,
    body,
    labels: {
      ...Object.fromEntries(levels.map((_, i) => [`levels.${i}.approvalPosition`, positionLabel(i)])),
      levels: t('approvals.settings.path'),
    },
    pickers: ['levels'],
  });

  const save = async () => {
    // Sent only once every level has its position: the check holds the send back otherwise.
    await callApi('POST /inspection-method-approvals/upsert-many', { body });
    notifications.show({
      color: 'teal',
      message: t('approvals.settings.saved', { method: method.inspectionMethodName }),
    });
    await queryClient.invalidateQueries({ queryKey: ['approvals'] });
  };
  // What concerns the path as a whole (not one level's position).
  const pathError = form.fieldError('levels');
  const wholePathError = levels.some((_, i) => form.fieldError(`levels.${i}.approvalPosition`))
    ? undefined
    : pathError;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={method.inspectionMethodName}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h5">
            {method.inspectionMethodName}
          </Title>
          {mine && (
            <Group gap={6}>
              <Badge variant="light">{t('approvals.settings.levels', { count: mine.levelCount })}</Badge>
              {mine.levelCount > 0 && (
                <Badge color={mine.complete ? 'green' : 'orange'} variant="light">
                  {t(mine.complete ? 'approvals.settings.complete' : 'approvals.settings.incomplete')}
                </Badge>
              )}
            </Group>
          )}
        </Group>
        {levels.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('approvals.settings.noLevels')}
          </Text>
        )}
        {levels.map((position, i) => (
          <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
            <Select
              style={{ flex: 1 }}
              label={positionLabel(i)}
              data={choices}
              value={position}
              onChange={(value) => setLevels(levels.map((p, j) => (j === i ? value : p)))}
              error={form.fieldError(`levels.${i}.approvalPosition`)}
              disabled={!mayChange}
              searchable
              // Picking the chosen position again keeps it: a level is removed by its own button.
              allowDeselect={false}
            />
            {mine?.levels[i] && (
              <Badge variant="outline" mb={6}>
                {t('approvals.settings.reviewers', { count: mine.levels[i].activeReviewers })}
              </Badge>
            )}
            {mayChange && (
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={t('approvals.settings.removeLevel', { level: i + 1 })}
                onClick={() => setLevels(levels.filter((_, j) => j !== i))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
        {wholePathError && (
          <Text c="red" size="sm" role="alert">
            {wholePathError}
          </Text>
        )}
        <SubmissionFailure error={form.error} shownFields={form.shownFields} />
        {mayChange && (
          <Group justify="space-between">
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={levels.length >= maxApprovalLevel}
              onClick={() => setLevels([...levels, null])}
            >
              {t('approvals.settings.addLevel')}
            </Button>
            <NeedsServer>
              <Button loading={form.saving} onClick={() => form.submit(save)}>
                {t('approvals.settings.save')}
              </Button>
            </NeedsServer>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
