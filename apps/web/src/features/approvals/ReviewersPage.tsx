import {
  Badge,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { approvalPosition, assignReviewersBody, maxApprovalLevel } from '@inspectra/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { errorText } from '../../ui/error-text.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useCheckedForm } from '../../engine/useCheckedForm.ts';
import { SubmissionFailure } from '../../engine/useSubmission.tsx';
import { usePermission } from '../auth/useProfile.ts';
import { approvalPositionsQuery, approvalSettingsQuery } from './approval-queries.ts';
import { NeedsServer } from '../../engine/NeedsServer.tsx';

/** A reviewer assignment as the list answers it (reviewerAssignmentViewSchema). */
type ReviewerRow = {
  id: string;
  username: string;
  fullName: string;
  inspectionMethod: string;
  levelApproval: number;
  approvalPosition: string;
  isActive: boolean;
};

const levelChoices = Array.from({ length: maxApprovalLevel }, (_, i) => String(i + 1));

/**
 * Reviewer assignment: who approves each method's reports at each level (filters, activation), the
 * form that assigns users to a level, and the approval positions the paths name.
 */
export function ReviewersPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayCreate = usePermission('approval', 'create');
  const mayUpdate = usePermission('approval', 'update');
  const settings = useQuery(approvalSettingsQuery);
  const [method, setMethod] = useState<string | null>(null);
  const [level, setLevel] = useState<string | null>(null);
  const reviewers = useQuery({
    queryKey: ['approvals', 'reviewers', method, level],
    queryFn: async () =>
      (
        await callApi<ReviewerRow[]>('GET /reviewer-assignment', {
          query: {
            pageSize: 200,
            ...(method ? { inspectionMethod: method } : {}),
            ...(level ? { levelApproval: level } : {}),
          },
        })
      ).data,
  });
  const methods = (settings.data ?? []).map((m) => ({
    value: m.inspectionMethod,
    label: m.inspectionMethodName,
  }));

  async function toggle(row: ReviewerRow, activation: boolean) {
    try {
      await callApi('PUT /reviewer-assignment/update-reviewer-status/:id', {
        params: { id: row.id },
        query: { activation },
      });
      await queryClient.invalidateQueries({ queryKey: ['approvals'] });
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error, t) });
    }
  }

  return (
    <>
      <PageHeader title={t('approvals.reviewers.title')} subtitle={t('approvals.reviewers.subtitle')} />
      <Stack gap="lg">
        {mayCreate && <AssignForm methods={methods} />}
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="reviewers-list-title">
          <Title order={2} size="h5" id="reviewers-list-title" mb="sm">
            {t('approvals.reviewers.listTitle')}
          </Title>
          <Group gap="sm" mb="sm">
            <Select
              label={t('approvals.reviewers.method')}
              placeholder={t('approvals.reviewers.anyMethod')}
              data={methods}
              value={method}
              onChange={setMethod}
              clearable
            />
            <Select
              label={t('approvals.reviewers.level')}
              placeholder={t('approvals.reviewers.anyLevel')}
              data={levelChoices}
              value={level}
              onChange={setLevel}
              clearable
            />
          </Group>
          {(reviewers.data ?? []).length === 0 ? (
            <Text c="dimmed">{t('approvals.reviewers.empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped aria-label={t('approvals.reviewers.title')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('approvals.reviewers.user')}</Table.Th>
                    <Table.Th>{t('approvals.reviewers.method')}</Table.Th>
                    <Table.Th>{t('approvals.reviewers.level')}</Table.Th>
                    <Table.Th>{t('approvals.reviewers.position')}</Table.Th>
                    <Table.Th>{t('approvals.reviewers.active')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(reviewers.data ?? []).map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>
                        {row.fullName}{' '}
                        <Text span c="dimmed" size="sm">
                          ({row.username})
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {methods.find((m) => m.value === row.inspectionMethod)?.label ?? row.inspectionMethod}
                      </Table.Td>
                      <Table.Td>{row.levelApproval}</Table.Td>
                      <Table.Td>{row.approvalPosition}</Table.Td>
                      <Table.Td>
                        <Switch
                          checked={row.isActive ?? false}
                          disabled={!mayUpdate}
                          aria-label={t(
                            row.isActive ? 'approvals.reviewers.deactivate' : 'approvals.reviewers.activate',
                          )}
                          onChange={(e) => void toggle(row, e.currentTarget.checked)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
        <PositionsPanel />
      </Stack>
    </>
  );
}

/**
 * Assigns users to a method's level; the picker offers the active holders of the position the path
 * names at that level, grouped by company (the server checks again on assignment).
 */
function AssignForm({ methods }: { methods: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery(approvalSettingsQuery);
  const [method, setMethod] = useState<string | null>(null);
  const [level, setLevel] = useState<string | null>(null);
  const [userIds, setUserIds] = useState<string[]>([]);
  const path = settings.data?.find((m) => m.inspectionMethod === method)?.levels ?? [];
  const position = path.find((l) => String(l.levelApproval) === level)?.approvalPosition ?? null;
  const holders = useQuery({
    queryKey: ['approvals', 'position-holders', position],
    enabled: position !== null,
    queryFn: async () =>
      (
        await callApi('GET /user-pdm/get-by-approval-position/by-company', {
          query: { approvalPosition: position },
        })
      ).data,
  });
  const userChoices = (holders.data ?? []).map((company) => ({
    group: company.contractorName ?? t('users.ownerStaff'),
    items: company.users.map((u) => ({ value: u.id, label: `${u.fullName} (${u.username})` })),
  }));
  const levelHint = !method
    ? t('approvals.reviewers.chooseMethod')
    : path.length === 0
      ? t('approvals.reviewers.noPath')
      : !position
        ? t('approvals.reviewers.chooseLevel', { count: path.length })
        : holders.data && userChoices.length === 0
          ? t('approvals.reviewers.noHolders', { position })
          : t('approvals.reviewers.holdersOf', { position });

  // A choice left empty is a value not given ("Choose a method"), never a number 0 or an empty text.
  const body = {
    inspectionMethod: method ?? undefined,
    levelApproval: level ? Number(level) : undefined,
    userPdmIds: userIds,
  };
  const form = useCheckedForm({
    schema: assignReviewersBody,
    body,
    labels: {
      inspectionMethod: t('approvals.reviewers.method'),
      levelApproval: t('approvals.reviewers.level'),
      userPdmIds: t('approvals.reviewers.users'),
      // The server names the one user it refuses (inactive, another position) by `userPdmId`.
      userPdmId: t('approvals.reviewers.users'),
    },
    pickers: ['inspectionMethod', 'levelApproval', 'userPdmIds'],
  });

  async function assign() {
    await callApi('POST /reviewer-assignment/assign-user', { body });
    const names = userChoices
      .flatMap((g) => g.items)
      .filter((u) => userIds.includes(u.value))
      .map((u) => u.label);
    notifications.show({
      color: 'teal',
      message: t('approvals.reviewers.assigned', {
        count: names.length,
        names: names.join(', '),
        method: methods.find((m) => m.value === method)?.label ?? method,
        level,
      }),
    });
    setUserIds([]);
    form.reset();
    await queryClient.invalidateQueries({ queryKey: ['approvals'] });
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="reviewers-assign-title">
      <Title order={2} size="h5" id="reviewers-assign-title" mb="sm">
        {t('approvals.reviewers.assignTitle')}
      </Title>
      <Group gap="sm" align="flex-end">
        <Select
          label={t('approvals.reviewers.method')}
          data={methods}
          value={method}
          onChange={(value) => {
            setMethod(value);
            setLevel(null);
            setUserIds([]);
          }}
          error={form.fieldError('inspectionMethod')}
          allowDeselect={false}
        />
        <Select
          label={t('approvals.reviewers.level')}
          data={path.map((l) => ({
            value: String(l.levelApproval),
            label: `${l.levelApproval} · ${l.approvalPosition}`,
          }))}
          value={level}
          onChange={(value) => {
            setLevel(value);
            setUserIds([]);
          }}
          disabled={path.length === 0}
          error={form.fieldError('levelApproval')}
          allowDeselect={false}
          w={260}
        />
        <MultiSelect
          style={{ flex: 1, minWidth: 240 }}
          label={t('approvals.reviewers.users')}
          description={levelHint}
          data={userChoices}
          value={userIds}
          onChange={setUserIds}
          disabled={!position}
          error={form.fieldError('userPdmIds') ?? form.fieldError('userPdmId')}
          searchable
        />
        <NeedsServer>
          <Button loading={form.saving} onClick={() => form.submit(assign)}>
            {t('approvals.reviewers.assign')}
          </Button>
        </NeedsServer>
      </Group>
      <SubmissionFailure error={form.error} shownFields={form.shownFields} />
    </Paper>
  );
}

/** The approval positions: listed, and created or changed by name. */
function PositionsPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayChange = usePermission('approval', 'update');
  const positions = useQuery(approvalPositionsQuery);
  const [name, setName] = useState('');
  const [levelApproval, setLevelApproval] = useState<number | string>(1);
  // The position's declared fields judge it (the upsert's body); an emptied input is a value not given.
  const body = {
    name: name.trim() || undefined,
    levelApproval: levelApproval === '' ? undefined : Number(levelApproval),
  };
  const form = useCheckedForm({
    schema: approvalPosition.schemas.create,
    body,
    labels: {
      name: t('approvals.reviewers.positionName'),
      levelApproval: t('approvals.reviewers.defaultLevel'),
    },
  });

  async function save() {
    await callApi('POST /reviewer-assignment/position-level-approval', { body });
    notifications.show({
      color: 'teal',
      message: t('approvals.reviewers.positionSaved', { name: name.trim() }),
    });
    setName('');
    form.reset();
    await queryClient.invalidateQueries({ queryKey: ['approvals'] });
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="positions-title">
      <Title order={2} size="h5" id="positions-title" mb="sm">
        {t('approvals.reviewers.positions')}
      </Title>
      <Group gap={6} mb="sm">
        {(positions.data ?? []).map((p) => (
          <Badge key={p.id} variant="light" color={p.isActive ? 'blue' : 'gray'}>
            {p.name} · {t('approvals.panel.level', { level: p.levelApproval })}
          </Badge>
        ))}
      </Group>
      {mayChange && (
        <Group gap="sm" align="flex-end">
          <TextInput
            label={t('approvals.reviewers.positionName')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={form.fieldError('name')}
            maxLength={100}
          />
          <NumberInput
            label={t('approvals.reviewers.defaultLevel')}
            value={levelApproval}
            onChange={setLevelApproval}
            error={form.fieldError('levelApproval')}
            min={1}
            max={maxApprovalLevel}
            allowDecimal={false}
            clampBehavior="none"
            w={120}
          />
          <NeedsServer>
            <Button loading={form.saving} onClick={() => form.submit(save)}>
              {t('approvals.reviewers.savePosition')}
            </Button>
          </NeedsServer>
        </Group>
      )}
      <SubmissionFailure error={form.error} shownFields={form.shownFields} />
    </Paper>
  );
}
