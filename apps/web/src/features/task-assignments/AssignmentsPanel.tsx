import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { reportHeader, reportStatuses, woTaskAssignment } from '@inspectra/contract';
import type { ReportStatus } from '@inspectra/contract';
import { IconArrowsExchange, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { errorText } from '../../ui/error-text.ts';
import { MoreNotShown } from '../../engine/MoreNotShown.tsx';
import { AnchorLink } from '../../ui/links.tsx';
import { fieldLabel } from '../../engine/entity-labels.ts';
import { formatDateTime } from '../../engine/locale.ts';
import { ReferenceValue } from '../../engine/reference-names.tsx';
import { RowAction } from '../../engine/RowAction.tsx';
import { usePermission } from '../auth/useProfile.ts';
import { ReportStatusBadge } from '../reports/ReportStatusBadge.tsx';
import { AssignmentForm } from './AssignmentForm.tsx';
import { inspectionsQuery, refreshAssignments, userLabel } from './assignment-queries.ts';
import type { AssignedReport, AssignmentInspection } from './assignment-queries.ts';
import { ReportMoveDialog } from './ReportMoveDialog.tsx';
import { openDeleteConfirm } from '../../engine/confirm-delete.tsx';

const fields = woTaskAssignment.fields;

/**
 * A work order's task assignments (SPEC 7 "Task assignment"): each inspection method assigned, its
 * inspectors, approval levels and positions, whether it is approved, and the reports made with it,
 * whose status can be moved from here with a comment. Assign, change and remove by form.
 */
export function AssignmentsPanel({ workOrderId }: { workOrderId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const mayView = usePermission('taskAssignment', 'view');
  const mayCreate = usePermission('taskAssignment', 'create');
  const mayUpdate = usePermission('taskAssignment', 'update');
  const mayDelete = usePermission('taskAssignment', 'delete');
  const assignments = useQuery({ ...inspectionsQuery(workOrderId), enabled: mayView });
  /** The form shown: 'new', an assignment's id being changed, or none. */
  const [editing, setEditing] = useState<string | null>(null);
  const [moving, setMoving] = useState<{ assignment: AssignmentInspection; report: AssignedReport } | null>(
    null,
  );

  const remove = useMutation({
    mutationFn: (a: AssignmentInspection) =>
      callApi('DELETE /wo-task-assignments/:id', { params: { id: a.id } }),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('taskAssignments.removed') });
      await refreshAssignments(queryClient, workOrderId);
    },
    onError: (e) =>
      notifications.show({ color: 'red', title: t('errors.deleteFailed'), message: errorText(e, t) }),
  });

  if (!mayView) return null;
  const list = assignments.data?.rows ?? [];
  const assignedMethods = list.map((a) => a.inspectionMethod);

  function confirmRemove(a: AssignmentInspection) {
    openDeleteConfirm(t, {
      title: t('taskAssignments.removeTitle'),
      text: t('taskAssignments.removeText', { method: a.inspectionMethodName }),
      onConfirm: () => remove.mutate(a),
    });
  }

  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} fz="lg" id={headingId}>
              {t('taskAssignments.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('taskAssignments.help')}
            </Text>
          </div>
          {mayCreate && editing !== 'new' && (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
              {t('taskAssignments.assign')}
            </Button>
          )}
        </Group>
        {editing === 'new' && (
          <AssignmentForm
            workOrderId={workOrderId}
            assignedMethods={assignedMethods}
            onDone={() => setEditing(null)}
          />
        )}
        {assignments.isError && (
          <Alert color="red" role="alert">
            {t('taskAssignments.loadFailed')} {errorText(assignments.error, t)}
          </Alert>
        )}
        {assignments.isSuccess && list.length === 0 && <Text size="sm">{t('taskAssignments.none')}</Text>}
        {list.map((a) =>
          editing === a.id ? (
            <AssignmentForm
              key={a.id}
              workOrderId={workOrderId}
              assignment={a}
              assignedMethods={assignedMethods}
              onDone={() => setEditing(null)}
            />
          ) : (
            <AssignmentCard
              key={a.id}
              assignment={a}
              onEdit={mayUpdate ? () => setEditing(a.id) : undefined}
              onRemove={mayDelete ? () => confirmRemove(a) : undefined}
              onMove={mayUpdate ? (report) => setMoving({ assignment: a, report }) : undefined}
            />
          ),
        )}
        <MoreNotShown count={assignments.data?.reportsNotShown} />
      </Stack>
      {moving && (
        <ReportMoveDialog
          workOrderId={workOrderId}
          assignment={moving.assignment}
          report={moving.report}
          onClose={() => setMoving(null)}
        />
      )}
    </Paper>
  );
}

/**
 * Where an assignment's reports stand, in the words and colours the report page and my tasks use
 * (`ReportStatusBadge`): one badge per state its current reports are in, with how many when there
 * are several ("Approved", or "Draft: 1 · Approved: 2"); "No report yet" when none is made. Read
 * from the reports themselves, never from the assignment's stored `approvalStatus`, which only the
 * assignment's own status call keeps (docs/work-management.md, "One state, said once").
 */
export function ReportStates({ reports }: { reports: Pick<AssignedReport, 'status'>[] }) {
  const { t } = useTranslation();
  if (reports.length === 0)
    return (
      <Badge color="gray" variant="outline" styles={{ label: { textTransform: 'none' } }}>
        {t('taskAssignments.noReportYet')}
      </Badge>
    );
  const counts = new Map<ReportStatus, number>();
  for (const r of reports) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  // In the declared order: a draft first, approved last.
  const states = reportStatuses.filter((s) => counts.has(s));
  return (
    <Group gap={6} role="group" aria-label={t('taskAssignments.statesLabel')}>
      {states.map((status) => (
        <ReportStatusBadge
          key={status}
          status={status}
          phrase={
            reports.length > 1
              ? (words) => t('taskAssignments.statusCount', { status: words, count: counts.get(status) })
              : undefined
          }
        />
      ))}
    </Group>
  );
}

/** One assignment: method, who, the state of its reports, and the reports. */
function AssignmentCard({
  assignment: a,
  onEdit,
  onRemove,
  onMove,
}: {
  assignment: AssignmentInspection;
  onEdit?: () => void;
  onRemove?: () => void;
  onMove?: (report: AssignedReport) => void;
}) {
  const { t, i18n } = useTranslation();
  const label = (key: keyof typeof fields) => fieldLabel(t, woTaskAssignment.name, key, fields[key]);
  const listed = (values: (string | number)[]) => (values.length > 0 ? values.join(', ') : t('common.none'));
  return (
    <Paper component="article" withBorder radius="sm" p="md" aria-label={a.inspectionMethodName}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm">
            <Title order={3} fz="md">
              {a.inspectionMethodName}
            </Title>
            <ReportStates reports={a.reports} />
          </Group>
          <Group gap={4} wrap="nowrap">
            {onEdit && (
              <RowAction
                label={t('taskAssignments.edit', { method: a.inspectionMethodName })}
                tooltip={t('common.edit')}
                icon={<IconPencil size={18} aria-hidden />}
                onClick={onEdit}
              />
            )}
            {onRemove && (
              <RowAction
                label={t('taskAssignments.remove', { method: a.inspectionMethodName })}
                tooltip={t('common.delete')}
                color="red"
                icon={<IconTrash size={18} aria-hidden />}
                onClick={onRemove}
              />
            )}
          </Group>
        </Group>
        <Text size="sm">
          <Text span fw={600}>
            {label('userPDMIds')}:
          </Text>{' '}
          {a.inspectors.length === 0
            ? t('taskAssignments.noInspectors')
            : a.inspectors
                .map((u) =>
                  u.isActive ? userLabel(u) : `${userLabel(u)} (${t('taskAssignments.inactive')})`,
                )
                .join(', ')}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            {label('levelApprovals')}:
          </Text>{' '}
          {listed(a.levelApprovals)} ·{' '}
          <Text span fw={600}>
            {label('positionLevels')}:
          </Text>{' '}
          {listed(a.positionLevels)}
        </Text>
        {a.approvalComment && (
          <Text size="sm" c="dimmed">
            {t('taskAssignments.comment', { comment: a.approvalComment })}
          </Text>
        )}
        {a.reports.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('taskAssignments.noReports')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs" aria-label={t('taskAssignments.reports')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('taskAssignments.report')}</Table.Th>
                  <Table.Th>{t('taskAssignments.equipment')}</Table.Th>
                  <Table.Th>{t('taskAssignments.status')}</Table.Th>
                  <Table.Th>{t('taskAssignments.updated')}</Table.Th>
                  {onMove && <Table.Th aria-label={t('taskAssignments.moveShort')} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {a.reports.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <AnchorLink
                        to="/reports/$reportId"
                        params={{ reportId: r.id }}
                        size="sm"
                        className="touch-target"
                      >
                        {r.reportNumber}
                      </AnchorLink>
                      <Text size="xs" c="dimmed">
                        {r.title}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <ReferenceValue field={reportHeader.fields.equipmentNo} value={r.equipmentNo} />
                    </Table.Td>
                    <Table.Td>
                      <ReportStatusBadge status={r.status} />
                    </Table.Td>
                    <Table.Td>{formatDateTime(r.updatedAt, i18n.language)}</Table.Td>
                    {onMove && (
                      <Table.Td>
                        <RowAction
                          label={t('taskAssignments.move', { report: r.reportNumber })}
                          tooltip={t('taskAssignments.moveShort')}
                          icon={<IconArrowsExchange size={18} aria-hidden />}
                          onClick={() => onMove(r)}
                          needsServer
                        />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
