import { Modal, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { reportHeader } from '@inspectra/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { fieldLabel } from '../../engine/entity-labels.ts';
import { EntityForm } from '../../engine/EntityForm.tsx';
import { usePrefill } from '../../engine/usePrefill.ts';
import { newReportDefaults } from './new-report-defaults.ts';
import type { Report } from './useReport.ts';

/** The header fields a person writes, in the form's order (status and revisions are the server's). */
export const reportHeaderFields = [
  'reportNumber',
  'title',
  'equipmentNo',
  'equipmentCategory',
  'objectType',
  'inspectionMethod',
  'location',
  'actualStartDate',
  'actualCompletedDate',
];

/** A method assigned on the work order, as its "New report" offers it: by name, with its reports so far. */
export type AssignedMethod = { code: string; name: string; made: number };

/**
 * What a new report under a work order starts from: the work order's number and title, and the
 * methods assigned on it (none when the user may not read the assignments, or none is assigned).
 */
export type WorkOrderStart = { woNumber: string; title: string; methods: AssignedMethod[] };

/**
 * Creates a report (under the given work order, or one the user picks) or edits one. The work order
 * of an existing report is not changed: its records stay where they were made. A new report under
 * a work order with assigned methods starts as the task's page starts one: the method (the only
 * one, or the one chosen by name), the work order's equipment, and a number and title from both.
 */
export function ReportFormModal(p: {
  opened: boolean;
  onClose: () => void;
  /** The report edited; a new one when absent. */
  report?: Report;
  workOrderId?: string;
  /** The work order a new report is made under, for its method, number and title. */
  workOrder?: WorkOrderStart;
  onCreated?: (report: Report) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const editing = p.report;
  const methods = !editing && p.workOrderId ? (p.workOrder?.methods ?? []) : [];
  const [picked, setPicked] = useState<string | null>(null);
  // The only method assigned needs no choosing.
  const method = methods.length === 1 ? methods[0] : methods.find((m) => m.code === picked);
  const baseFields =
    editing || p.workOrderId ? reportHeaderFields : ['workOrderSPKId', ...reportHeaderFields];
  // With assigned methods the method is chosen above the form, by name, and starts the number and title.
  const fields = methods.length > 0 ? baseFields.filter((k) => k !== 'inspectionMethod') : baseFields;
  // A new report under a work order starts on its equipment, category and location (`prefill`).
  const prefill = usePrefill({
    entity: reportHeader,
    fields,
    start: { workOrderSPKId: p.workOrderId },
    enabled: p.opened && !editing && Boolean(p.workOrderId),
  });
  const started =
    method && p.workOrder
      ? newReportDefaults({
          woNumber: p.workOrder.woNumber,
          woTitle: p.workOrder.title,
          inspectionMethod: method.code,
          methodName: method.name,
          made: method.made,
        })
      : {};
  const close = () => {
    setPicked(null);
    p.onClose();
  };
  return (
    <Modal
      opened={p.opened}
      onClose={close}
      title={t(editing ? 'reports.edit' : 'reports.create')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {p.opened && methods.length > 0 && (
          <Select
            label={fieldLabel(t, reportHeader.name, 'inspectionMethod', reportHeader.fields.inspectionMethod)}
            description={t('reports.assignedMethodHelp')}
            required
            data={methods.map((m) => ({ value: m.code, label: m.name }))}
            value={method?.code ?? null}
            onChange={setPicked}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {p.opened && prefill.ready && (methods.length === 0 || method) && (
          <EntityForm
            // A method chosen anew starts the form anew, with that method's number and title.
            key={editing?.id ?? `new:${method?.code ?? ''}`}
            entity={reportHeader}
            fields={fields}
            record={editing ?? null}
            defaults={{ ...prefill.values, ...started }}
            parentId={p.workOrderId}
            submitLabel={t(editing ? 'common.save' : 'reports.create')}
            onCancel={close}
            onSubmit={async ({ values }) =>
              editing
                ? (
                    await callApi('PUT /report-headers/:id', {
                      params: { id: editing.id },
                      body: { values, previous: editing },
                    })
                  ).data
                : (
                    await callApi('POST /report-headers', {
                      body: {
                        values: {
                          ...values,
                          ...(p.workOrderId ? { workOrderSPKId: p.workOrderId } : {}),
                          ...(method ? { inspectionMethod: method.code } : {}),
                        },
                      },
                    })
                  ).data
            }
            onSaved={async (saved) => {
              const report = saved as Report;
              notifications.show({
                color: 'teal',
                message: editing ? t('reports.saved') : t('reports.created', { number: report.reportNumber }),
              });
              close();
              await queryClient.invalidateQueries({ queryKey: ['reports'] });
              if (!editing) p.onCreated?.(report);
            }}
          />
        )}
      </Stack>
    </Modal>
  );
}
