import { Badge, Button, Center, Group, Image, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowBackUp,
  IconCamera,
  IconPhoto,
  IconReplace,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthorizedObjectUrl } from '../api/files.ts';
import { formatBytes } from './locale.ts';

export const defaultMaxImageBytes = 20 * 1024 * 1024;
export const defaultImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

export type ImageFieldProps = {
  label: string;
  /** The image stored now. */
  attachment?: { url: string; displayName: string; size?: number } | null;
  /** undefined = unchanged, null = remove the stored image, File = new or replacement. */
  value: File | null | undefined;
  onChange: (value: File | null | undefined) => void;
  maxBytes?: number;
  accept?: string[];
  /** Upload progress in percent while the image is being sent. */
  progress?: number | null;
  error?: string | null;
  disabled?: boolean;
};

/**
 * One image slot: drop, choose or (on a tablet) photograph an image, see it before saving, replace,
 * remove or undo. Size and type are checked here, before anything is sent, so a 40 MB photo is
 * refused at once instead of after a long upload over a site's mobile connection.
 */
export function ImageField(p: ImageFieldProps) {
  const { t, i18n } = useTranslation();
  const maxBytes = p.maxBytes ?? defaultMaxImageBytes;
  const accept = p.accept ?? defaultImageTypes;
  const [refusal, setRefusal] = useState<string | null>(null);
  const openPicker = useRef<() => void>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  // Only touch devices have a camera worth offering; elsewhere "Take photo" just opens the picker again.
  const coarsePointer = useMediaQuery('(pointer: coarse)');
  const labelId = useId();
  const messageId = useId();

  const file = p.value instanceof File ? p.value : null;
  const fileUrl = useObjectUrl(file);
  const storedUrl = useAuthorizedObjectUrl(p.attachment?.url);

  function take(files: File[]) {
    const chosen = files[0];
    if (!chosen) return;
    const why = !accept.includes(chosen.type)
      ? t('engine.image.wrongType')
      : chosen.size > maxBytes
        ? t('engine.image.tooLarge', { max: formatBytes(maxBytes, i18n.language) })
        : null;
    setRefusal(why);
    if (!why) p.onChange(chosen);
  }

  function onCameraChange(e: ChangeEvent<HTMLInputElement>) {
    take(Array.from(e.currentTarget.files ?? []));
    // The same photo may be taken again after an undo.
    e.currentTarget.value = '';
  }

  function change(value: File | null | undefined) {
    setRefusal(null);
    p.onChange(value);
  }

  const stored = p.attachment ?? null;
  const removed = p.value === null && stored !== null;
  const shown = file ?? (p.value === undefined ? stored : null);
  const message = refusal ?? p.error ?? null;
  const named = { label: p.label };

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId} aria-describedby={message ? messageId : undefined}>
      <Text id={labelId} size="sm" fw={500}>
        {p.label}
      </Text>
      <Dropzone
        onDrop={take}
        onReject={(rejections) => take(rejections.map((r) => r.file))}
        accept={accept}
        multiple={false}
        openRef={openPicker}
        activateOnClick={false}
        activateOnKeyboard={false}
        disabled={p.disabled}
        p="xs"
      >
        {shown ? (
          <Group wrap="nowrap" align="center" gap="md">
            <Paper withBorder w={160} h={120} style={{ overflow: 'hidden', flexShrink: 0 }}>
              {(file ? fileUrl : storedUrl) ? (
                <Image
                  src={file ? fileUrl : storedUrl}
                  alt={t('engine.image.preview', named)}
                  w={160}
                  h={120}
                  fit="contain"
                />
              ) : (
                <Center h={120} role="status" aria-label={t('engine.image.loadingPreview')}>
                  <Loader size="sm" />
                </Center>
              )}
            </Paper>
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text size="sm" truncate="end">
                {file ? file.name : stored?.displayName}
              </Text>
              {(file?.size ?? stored?.size) !== undefined && (
                <Text size="xs" c="dimmed">
                  {formatBytes(file?.size ?? stored?.size ?? 0, i18n.language)}
                </Text>
              )}
              {file && (
                <Badge variant="light" size="sm">
                  {t('engine.image.notSaved')}
                </Badge>
              )}
            </Stack>
          </Group>
        ) : (
          <Group justify="center" gap="sm" mih={96} wrap="nowrap">
            {removed ? (
              <IconPhoto size={32} stroke={1.5} aria-hidden />
            ) : (
              <IconUpload size={32} stroke={1.5} aria-hidden />
            )}
            <Stack gap={2}>
              {removed ? (
                <Text size="sm" td="line-through" c="dimmed">
                  {stored?.displayName}
                </Text>
              ) : (
                <Text size="sm">{t('engine.image.dropHere')}</Text>
              )}
              <Text size="xs" c="dimmed">
                {removed
                  ? t('engine.image.willBeRemoved')
                  : t('engine.image.rules', { max: formatBytes(maxBytes, i18n.language) })}
              </Text>
            </Stack>
          </Group>
        )}
      </Dropzone>

      <Group gap="xs">
        {shown ? (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconReplace size={16} aria-hidden />}
            aria-label={t('engine.image.replaceFor', named)}
            onClick={() => openPicker.current?.()}
            disabled={p.disabled}
          >
            {t('engine.image.replace')}
          </Button>
        ) : (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPhoto size={16} aria-hidden />}
            aria-label={t('engine.image.chooseFor', named)}
            onClick={() => openPicker.current?.()}
            disabled={p.disabled}
          >
            {t('engine.image.choose')}
          </Button>
        )}
        {coarsePointer && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconCamera size={16} aria-hidden />}
            aria-label={t('engine.image.takePhotoFor', named)}
            onClick={() => cameraInput.current?.click()}
            disabled={p.disabled}
          >
            {t('engine.image.takePhoto')}
          </Button>
        )}
        {shown && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={16} aria-hidden />}
            aria-label={t('engine.image.removeFor', named)}
            // Dropping a new file that was never stored just returns to "unchanged".
            onClick={() => change(stored ? null : undefined)}
            disabled={p.disabled}
          >
            {t('engine.image.remove')}
          </Button>
        )}
        {p.value !== undefined && (
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            aria-label={t('engine.image.undoFor', named)}
            onClick={() => change(undefined)}
            disabled={p.disabled}
          >
            {t('engine.image.undo')}
          </Button>
        )}
      </Group>
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        tabIndex={-1}
        onChange={onCameraChange}
      />

      {typeof p.progress === 'number' && (
        <Progress value={p.progress} aria-label={t('engine.image.uploading', named)} size="sm" animated />
      )}
      {message && (
        <Text id={messageId} size="sm" c="red" role="alert">
          {message}
        </Text>
      )}
    </Stack>
  );
}

/** An object URL for a local file, revoked when the file changes or the field unmounts. */
function useObjectUrl(file: File | null): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) return;
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(undefined);
    };
  }, [file]);
  return url;
}
