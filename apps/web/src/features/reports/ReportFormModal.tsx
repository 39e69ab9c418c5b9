import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { reportHeader } from '@inspectra/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { EntityForm } from '../../engine/EntityForm.tsx';
import { usePrefill } from '../../engine/usePrefill.ts';
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

/**
 * Creates a report (under the given work order, or one the user picks) or edits one. The work order
 * of an existing report is not changed: its records stay where they were made.
 */
export function ReportFormModal(p: {
  opened: boolean;
  onClose: () => void;
  /** The report edited; a new one when absent. */
  report?: Report;
  workOrderId?: string;
  onCreated?: (report: Report) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const editing = p.report;
  const fields = editing || p.workOrderId ? reportHeaderFields : ['workOrderSPKId', ...reportHeaderFields];
  // A new report under a work order starts on its equipment, category and location (`prefill`).
  const prefill = usePrefill({
    entity: reportHeader,
    fields,
    start: { workOrderSPKId: p.workOrderId },
    enabled: p.opened && !editing && Boolean(p.workOrderId),
  });
  return (
    <Modal
      opened={p.opened}
      onClose={p.onClose}
      title={t(editing ? 'reports.edit' : 'reports.create')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {p.opened && prefill.ready && (
        <EntityForm
          key={editing?.id ?? 'new'}
          entity={reportHeader}
          fields={fields}
          record={editing ?? null}
          defaults={prefill.values}
          parentId={p.workOrderId}
          submitLabel={t(editing ? 'common.save' : 'reports.create')}
          onCancel={p.onClose}
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
                    body: { values: p.workOrderId ? { ...values, workOrderSPKId: p.workOrderId } : values },
                  })
                ).data
          }
          onSaved={async (saved) => {
            const report = saved as Report;
            notifications.show({
              color: 'teal',
              message: editing ? t('reports.saved') : t('reports.created', { number: report.reportNumber }),
            });
            p.onClose();
            await queryClient.invalidateQueries({ queryKey: ['reports'] });
            if (!editing) p.onCreated?.(report);
          }}
        />
      )}
    </Modal>
  );
}
