import { Alert, Button, Group, MultiSelect, Paper, Select, Stack, TagsInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { woTaskAssignment } from '@inspectra/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { ApiError } from '../../api/errors.ts';
import { detailText, errorText } from '../../ui/error-text.ts';
import { MoreNotShown } from '../../engine/MoreNotShown.tsx';
import { fieldLabel } from '../../engine/entity-labels.ts';
import { approvalPositionsQuery } from '../approvals/approval-queries.ts';
import { usePermission } from '../auth/useProfile.ts';
import { assignableUsersQuery, methodsQuery, refreshAssignments, userLabel } from './assignment-queries.ts';
import type { AssignmentInspection } from './assignment-queries.ts';

const levelChoices = Array.from({ length: 10 }, (_, i) => String(i + 1));
const fields = woTaskAssignment.fields;

/**
 * Assigns a method under a work order to inspectors, with its approval levels and positions, or
 * changes an assignment (`assignment` given; its method stays). Shown in place, not in a dialog.
 */
export function AssignmentForm({
  workOrderId,
  assignment,
  assignedMethods,
  onDone,
}: {
  workOrderId: string;
  assignment?: AssignmentInspection;
  /** Methods already assigned on the work order: offered, but marked and not choosable. */
  assignedMethods: string[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const label = (key: keyof typeof fields) => fieldLabel(t, woTaskAssignment.name, key, fields[key]);
  const [method, setMethod] = useState<string | null>(assignment?.inspectionMethod ?? null);
  const [inspectors, setInspectors] = useState<string[]>(assignment?.userPDMIds ?? []);
  const [levels, setLevels] = useState<string[]>((assignment?.levelApprovals ?? []).map(String));
  const [positions, setPositions] = useState<string[]>(assignment?.positionLevels ?? []);
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), 250);
  // Names of the users chosen so far, so a choice keeps its name when a new search no longer lists it.
  const [known, setKnown] = useState(
    () => new Map((assignment?.inspectors ?? []).map((u) => [u.id, userLabel(u)] as const)),
  );

  const methods = useQuery(methodsQuery);
  // Positions are named from the positions list (the server refuses any other name).
  const mayReadPositions = usePermission('approval', 'view');
  // The levels and positions set the reports' approval path: the approval settings' to change
  // (the server refuses anyone else, docs/approvals.md), so they are shown but not offered.
  const mayChangePath = usePermission('approval', 'update');
  const positionList = useQuery({ ...approvalPositionsQuery, enabled: mayReadPositions, retry: false });
  // Only users who may inspect the chosen method are offered (the server refuses anyone else): the
  // list waits for the method, and keeps its last answer while typing narrows it, not across methods.
  const users = useQuery({
    ...assignableUsersQuery(search, method),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === method ? previous : undefined,
  });

  const save = useMutation({
    mutationFn: async () => {
      const values = {
        userPDMIds: inspectors,
        levelApprovals: levels.map(Number).sort((a, b) => a - b),
        positionLevels: positions,
      };
      if (assignment)
        return callApi('PUT /wo-task-assignments/:id', {
          params: { id: assignment.id },
          body: { ...values, version: assignment.version },
        });
      return callApi('POST /wo-task-assignments', {
        body: { ...values, workOrderSPKId: workOrderId, inspectionMethod: method },
      });
    },
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('taskAssignments.saved') });
      await refreshAssignments(queryClient, workOrderId);
      onDone();
    },
  });

  const methodOptions = (methods.data?.rows ?? []).map((m) => ({
    value: m.code,
    label: assignedMethods.includes(m.code) ? `${m.name} (${t('taskAssignments.alreadyAssigned')})` : m.name,
    disabled: assignedMethods.includes(m.code) && m.code !== assignment?.inspectionMethod,
  }));
  const found = users.data?.rows ?? [];
  // The server's refusal of inspectors (one who may not be named, named by name) shown on the input.
  const inspectorErrors =
    save.error instanceof ApiError
      ? save.error.details
          .filter((d) => d.path === 'userPDMIds')
          .map((d) => detailText(d, t))
          .join(' ')
      : '';
  const userOptions = [
    ...inspectors.map((id) => ({ value: id, label: known.get(id) ?? id })),
    ...found.filter((u) => !inspectors.includes(u.id)).map((u) => ({ value: u.id, label: userLabel(u) })),
  ];

  function chooseInspectors(ids: string[]) {
    setKnown((before) => {
      const next = new Map(before);
      for (const u of found) if (ids.includes(u.id)) next.set(u.id, userLabel(u));
      return next;
    });
    setInspectors(ids);
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      aria-labelledby={headingId}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="sm">
        <Title order={3} fz="md" id={headingId}>
          {assignment
            ? t('taskAssignments.editTitle', { method: assignment.inspectionMethodName })
            : t('taskAssignments.assignTitle')}
        </Title>
        {save.isError && (
          <Alert color="red" role="alert">
            {errorText(save.error, t, ['userPDMIds'])}
          </Alert>
        )}
        <Select
          label={label('inspectionMethod')}
          placeholder={t('taskAssignments.methodPlaceholder')}
          data={methodOptions}
          description={<MoreNotShown count={methods.data?.notShown} />}
          value={method}
          onChange={setMethod}
          searchable
          required
          disabled={Boolean(assignment)}
          maw={420}
        />
        <MultiSelect
          label={label('userPDMIds')}
          description={
            <>
              {t(method ? 'taskAssignments.inspectorsHelp' : 'taskAssignments.inspectorsChooseMethod')}
              <MoreNotShown count={users.data?.notShown} />
            </>
          }
          placeholder={t('taskAssignments.inspectorsPlaceholder')}
          data={userOptions}
          value={inspectors}
          onChange={chooseInspectors}
          disabled={!method}
          error={inspectorErrors || undefined}
          nothingFoundMessage={users.isSuccess ? t('taskAssignments.noEligibleUsers') : undefined}
          searchable
          searchValue={typed}
          onSearchChange={setTyped}
          // The server searches; every option it answers matches what was typed.
          filter={({ options }) => options}
          maxValues={50}
          maw={560}
        />
        <MultiSelect
          label={label('levelApprovals')}
          description={
            mayChangePath ? t('taskAssignments.levelsHelp') : t('validation.levelsNeedApprovalSettings')
          }
          data={levelChoices}
          value={levels}
          onChange={setLevels}
          disabled={!mayChangePath}
          maw={420}
        />
        <TagsInput
          label={label('positionLevels')}
          description={
            mayChangePath ? t('taskAssignments.positionsHelp') : t('validation.levelsNeedApprovalSettings')
          }
          disabled={!mayChangePath}
          data={(positionList.data ?? []).map((position) => String(position.name))}
          // One position may approve at several levels.
          allowDuplicates
          value={positions}
          onChange={setPositions}
          maxTags={10}
          maw={560}
        />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending} disabled={!method}>
            {t('taskAssignments.save')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
