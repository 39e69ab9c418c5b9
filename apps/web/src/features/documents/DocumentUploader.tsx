import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { reportSupportingDocument } from '@inspectra/contract';
import { IconFile, IconFileUpload, IconUpload, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, wasQueued } from '../../api/calls.ts';
import { errorText } from '../../ui/error-text.ts';
import { fieldLabel } from '../../engine/entity-labels.ts';
import { formatBytes } from '../../engine/locale.ts';
import { documentListsKey, documentsKey, documentTypeLabel } from './document-queries.ts';
import type { DocumentCategory } from './document-queries.ts';
import { acceptFor, checkFile, maxDocumentBytes } from '../../engine/file-checks.ts';
import type { FileRefusal } from '../../engine/file-checks.ts';

type PendingFile = {
  key: number;
  file: File;
  status: 'checking' | 'ready' | 'refused' | 'uploading' | 'done' | 'failed';
  /** Percent sent, while uploading. */
  progress?: number;
  /** Why it was refused, here or by the server. */
  message?: string;
};

const refusalKey: Record<FileRefusal, string> = {
  empty: 'documents.refused.empty',
  tooLarge: 'documents.refused.tooLarge',
  type: 'documents.refused.type',
};

/**
 * Drop or choose several documents at once, pick their type (and a description), then upload them
 * one after another with progress. Each file is checked from its bytes first, so a wrong one is
 * refused beside its name at once; what the server refuses is shown there too, and stays to retry.
 */
export function DocumentUploader({
  reportId,
  categories,
}: {
  reportId: string;
  categories: DocumentCategory[];
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const openPicker = useRef<() => void>(null);
  const nextKey = useRef(0);
  const listId = useId();
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [documentType, setDocumentType] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [typeError, setTypeError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const fields = reportSupportingDocument.fields;
  const maxSize = formatBytes(maxDocumentBytes, i18n.language);

  const update = (key: number, change: Partial<PendingFile>) =>
    setFiles((all) => all.map((f) => (f.key === key ? { ...f, ...change } : f)));

  function add(dropped: File[]) {
    const added = dropped.map((file): PendingFile => ({ key: nextKey.current++, file, status: 'checking' }));
    setFiles((all) => [...all.filter((f) => f.status !== 'done'), ...added]);
    for (const item of added) {
      void checkFile(item.file, 'document')
        .catch((): FileRefusal => 'type')
        .then((refusal) =>
          update(
            item.key,
            refusal
              ? { status: 'refused', message: t(refusalKey[refusal], { name: item.file.name, max: maxSize }) }
              : { status: 'ready' },
          ),
        );
    }
  }

  const waiting = files.filter((f) => f.status === 'ready' || f.status === 'failed');

  async function uploadAll() {
    if (!documentType) {
      setTypeError(t('documents.chooseType'));
      return;
    }
    setUploading(true);
    let uploaded = 0;
    let queued = 0;
    for (const item of waiting) {
      update(item.key, { status: 'uploading', progress: 0, message: undefined });
      try {
        const answer = await callApi('POST /report-supporting-document/upload', {
          body: {
            values: { reportHeaderId: reportId, documentType, description },
            images: { file: item.file },
          },
          onUploadProgress: (progress) => update(item.key, { progress }),
          // Offline, the document waits in the device's queue with its file and shows in the list,
          // marked, until the sync sends it (docs/offline-capture.md).
          queueOffline: t('documents.queuedLabel', { name: item.file.name }),
          queuedIn: [[...documentListsKey(reportId)]],
        });
        if (wasQueued(answer)) queued += 1;
        else uploaded += 1;
        update(item.key, { status: 'done', progress: 100 });
      } catch (error) {
        update(item.key, { status: 'failed', message: errorText(error, t) });
      }
    }
    setUploading(false);
    // What was added is in the list below now; what was refused stays here with its reason.
    setFiles((all) => all.filter((f) => f.status !== 'done'));
    if (uploaded + queued > 0) setDescription('');
    if (queued > 0)
      notifications.show({ color: 'teal', message: t('documents.savedOnDevice', { count: queued }) });
    if (uploaded > 0) {
      notifications.show({ color: 'teal', message: t('documents.uploaded', { count: uploaded }) });
      await queryClient.invalidateQueries({ queryKey: documentsKey(reportId) });
    }
  }

  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={add}
        // Refused by name or type: judged again by the bytes, which decide (and say why).
        onReject={(rejections) => add(rejections.map((r) => r.file))}
        accept={acceptFor('document')}
        multiple
        openRef={openPicker}
        activateOnClick={false}
        activateOnKeyboard={false}
        disabled={uploading}
        p="md"
      >
        <Group justify="center" gap="md" mih={88} wrap="nowrap">
          <IconFileUpload size={36} stroke={1.5} aria-hidden />
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {t('documents.dropHere')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('documents.rules', { max: maxSize })}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      <Group>
        <Button
          variant="default"
          leftSection={<IconFile size={18} aria-hidden />}
          onClick={() => openPicker.current?.()}
          disabled={uploading}
        >
          {t('documents.chooseFiles')}
        </Button>
      </Group>

      {files.length > 0 && (
        <Paper withBorder radius="md" p="sm">
          <Stack
            component="ul"
            gap="xs"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            id={listId}
            aria-live="polite"
          >
            {files.map((item) => (
              <PendingFileRow
                key={item.key}
                item={item}
                onRemove={
                  uploading ? undefined : () => setFiles((all) => all.filter((f) => f.key !== item.key))
                }
              />
            ))}
          </Stack>
        </Paper>
      )}

      {waiting.length > 0 && (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={fieldLabel(t, reportSupportingDocument.name, 'documentType', fields.documentType)}
              placeholder={t('documents.chooseTypePlaceholder')}
              data={categories.map((c) => ({ value: c.value, label: documentTypeLabel(t, c.value) }))}
              value={documentType}
              onChange={(value) => {
                setDocumentType(value);
                setTypeError(null);
              }}
              error={typeError}
              required
              searchable
              disabled={uploading}
            />
            <TextInput
              label={fieldLabel(t, reportSupportingDocument.name, 'description', fields.description)}
              description={t('documents.descriptionHelp')}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              disabled={uploading}
            />
          </SimpleGrid>
          <Group>
            <Button
              leftSection={<IconUpload size={18} aria-hidden />}
              onClick={() => void uploadAll()}
              loading={uploading}
            >
              {t('documents.upload', { count: waiting.length })}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

function PendingFileRow({ item, onRemove }: { item: PendingFile; onRemove?: () => void }) {
  const { t, i18n } = useTranslation();
  const messageId = useId();
  const trouble = item.status === 'refused' || item.status === 'failed';
  return (
    <li aria-describedby={item.message ? messageId : undefined}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconFile size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text size="sm" fw={500} truncate="end">
              {item.file.name}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatBytes(item.file.size, i18n.language)}
              </Text>
              <StatusBadge status={item.status} />
            </Group>
          </Group>
          {item.status === 'uploading' && (
            <Progress
              value={item.progress ?? 0}
              size="sm"
              aria-label={t('documents.uploadProgress', { name: item.file.name })}
            />
          )}
          {item.message && (
            <Text id={messageId} size="sm" c={trouble ? 'red' : undefined}>
              {item.message}
            </Text>
          )}
        </Stack>
        {onRemove && item.status !== 'uploading' && (
          <Tooltip label={t('documents.removeFromList')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('documents.removeFile', { name: item.file.name })}
              onClick={onRemove}
            >
              <IconX size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </li>
  );
}

const statusColor: Record<PendingFile['status'], string> = {
  checking: 'gray',
  ready: 'blue',
  refused: 'red',
  uploading: 'blue',
  done: 'teal',
  failed: 'red',
};

function StatusBadge({ status }: { status: PendingFile['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={statusColor[status]}
      variant={status === 'refused' || status === 'failed' ? 'filled' : 'light'}
      size="sm"
      styles={{ label: { textTransform: 'none' } }}
    >
      {t(`documents.status.${status}`)}
    </Badge>
  );
}
