import { Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { reportSupportingDocument } from '@inspectra/contract';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { errorText } from '../../ui/error-text.ts';
import { EntityTable } from '../../engine/EntityTable.tsx';
import { formatBytes, formatDateTime } from '../../engine/locale.ts';
import { RowAction } from '../../engine/RowAction.tsx';
import { usePermission } from '../auth/useProfile.ts';
import { DocumentUploader } from './DocumentUploader.tsx';
import {
  documentCategoriesQuery,
  documentPages,
  documentsKey,
  documentTypeLabel,
} from './document-queries.ts';
import type { SupportingDocument } from './document-queries.ts';
import { saveDownload } from '../../api/save-file.ts';
import { openDeleteConfirm } from '../../engine/confirm-delete.tsx';
import { queuedKeyOf } from '../../engine/offline-queue/queued-mark.ts';

/**
 * A report's supporting documents (procedures, certificates, drawings, spreadsheets of readings):
 * listed by type, downloaded, removed, and added by dropping several files at once.
 */
export function SupportingDocumentsPanel({ reportId }: { reportId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const mayView = usePermission('supportingDocument', 'view');
  const mayCreate = usePermission('supportingDocument', 'create');
  const mayDelete = usePermission('supportingDocument', 'delete');
  const [documentType, setDocumentType] = useState<string | null>(null);
  const categories = useQuery({ ...documentCategoriesQuery, enabled: mayView });

  const remove = useMutation({
    mutationFn: (d: SupportingDocument) =>
      callApi('DELETE /report-supporting-document/:id', { params: { id: d.id } }),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('documents.deleted') });
      await queryClient.invalidateQueries({ queryKey: documentsKey(reportId) });
    },
    onError: (e) =>
      notifications.show({ color: 'red', title: t('errors.deleteFailed'), message: errorText(e, t) }),
  });

  if (!mayView) return null;

  const nameOf = (d: SupportingDocument) => d.file?.displayName ?? documentTypeLabel(t, d.documentType);

  function confirmDelete(d: SupportingDocument) {
    openDeleteConfirm(t, {
      title: t('documents.deleteTitle'),
      text: t('documents.deleteText', { name: nameOf(d) }),
      onConfirm: () => remove.mutate(d),
    });
  }

  async function download(d: SupportingDocument) {
    if (!d.file) return;
    try {
      await saveDownload(d.file.url, d.file.displayName);
    } catch (e) {
      notifications.show({ color: 'red', title: t('documents.downloadFailed'), message: errorText(e, t) });
    }
  }

  const typeOptions = (categories.data ?? []).map((c) => ({
    value: c.value,
    label: documentTypeLabel(t, c.value),
  }));

  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby={headingId}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id={headingId}>
            {t('documents.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('documents.help')}
          </Text>
        </div>
        {mayCreate && <DocumentUploader reportId={reportId} categories={categories.data ?? []} />}
        <Group align="flex-end">
          <Select
            label={t('documents.filterByType')}
            placeholder={t('documents.allTypes')}
            data={typeOptions}
            value={documentType}
            onChange={setDocumentType}
            clearable
            maw={320}
            w="100%"
          />
        </Group>
        <EntityTable
          // A new filter starts at its first page.
          key={documentType ?? 'all'}
          entity={reportSupportingDocument}
          columns={[
            { key: 'file', priority: 1, width: 260 },
            { key: 'documentType', priority: 1 },
            { key: 'description', priority: 2 },
          ]}
          {...documentPages(reportId, documentType)}
          renderCell={{
            file: (d) => <DocumentFile document={d as SupportingDocument} />,
            documentType: (d) => documentTypeLabel(t, (d as SupportingDocument).documentType),
          }}
          rowActions={(row) => {
            const d = row as SupportingDocument;
            // A document added offline is on the device only: the indicator discards it.
            if (queuedKeyOf(d)) return null;
            return (
              <Group gap={4} wrap="nowrap" justify="flex-end">
                {d.file && (
                  <RowAction
                    label={t('documents.download', { name: nameOf(d) })}
                    tooltip={t('documents.downloadShort')}
                    icon={<IconDownload size={18} aria-hidden />}
                    onClick={() => void download(d)}
                    needsServer
                  />
                )}
                {mayDelete && (
                  <RowAction
                    label={t('documents.delete', { name: nameOf(d) })}
                    tooltip={t('common.delete')}
                    color="red"
                    icon={<IconTrash size={18} aria-hidden />}
                    onClick={() => confirmDelete(d)}
                  />
                )}
              </Group>
            );
          }}
          emptyText={
            documentType
              ? t('documents.noneOfType')
              : mayCreate
                ? t('documents.none')
                : t('documents.noneYet')
          }
        />
      </Stack>
    </Paper>
  );
}

/**
 * The file's name, then its size and who added it when; a document added offline (shown from the
 * device's queue) names its file and says it goes with the next sync.
 */
function DocumentFile({ document: d }: { document: SupportingDocument }) {
  const { t, i18n } = useTranslation();
  const queued = queuedKeyOf(d) !== undefined;
  if (!d.file) return <Text size="sm">{queued ? t('documents.waitingFile') : t('common.none')}</Text>;
  // The list names the author (`createdByName`); null only when that user no longer exists.
  const by = d.createdByName ?? t('documents.formerUser');
  const added = queued
    ? t('documents.waitingFile')
    : t('documents.added', { when: formatDateTime(d.createdAt, i18n.language), by });
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {d.file.displayName}
      </Text>
      <Text size="xs" c="dimmed">
        {formatBytes(d.file.size, i18n.language)} · {added}
      </Text>
    </Stack>
  );
}
