import { imageMediaTypes } from '@inspectra/contract';
import { Badge, Center, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowBackUp,
  IconCamera,
  IconPhoto,
  IconReplace,
  IconTrash,
  IconZoomIn,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { imageTypeOf } from './image-bytes.ts';
import { formatBytes } from './locale.ts';
import { shrinkPhoto } from './photo-shrink.ts';
import { PhotoNotOnDevice } from './PhotoNotOnDevice.tsx';
import { PhotoViewer } from './PhotoViewer.tsx';
import { useStoredFileUrl } from './useStoredFileUrl.ts';
import { EmptySlot, SlotFrame, useSlotButtons } from './FileSlot.tsx';

const defaultMaxImageBytes = 20 * 1024 * 1024;
// The same four types the server accepts, and the ones the messages name.
const imageTypes = [...imageMediaTypes];

/** An image already stored for the slot, as the API returns it. */
export type StoredImage = { url: string; displayName: string; size?: number };

export type ImageFieldProps = {
  label: string;
  /** Id of the slot's group, so a form can move focus to it when the slot has an error. */
  id?: string;
  /** The image stored now. */
  attachment?: StoredImage | null;
  /** undefined = unchanged, null = remove the stored image, File = new or replacement. */
  value: File | null | undefined;
  onChange: (value: File | null | undefined) => void;
  maxBytes?: number;
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
  const [refusal, setRefusal] = useState<string | null>(null);
  // The preview opens full size, to judge a hot spot before saving.
  const [viewing, setViewing] = useState<number | null>(null);
  const openPicker = useRef<() => void>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  // Only touch devices have a camera worth offering; elsewhere "Take photo" just opens the picker again.
  const coarsePointer = useMediaQuery('(pointer: coarse)');

  const file = p.value instanceof File ? p.value : null;
  const fileUrl = useObjectUrl(file);
  // The stored image from the server, or offline from the device (a task taken along, the queue).
  const storedFile = useStoredFileUrl(p.attachment?.url);
  const storedUrl = storedFile.src;

  // The bytes are read asynchronously: only the last file chosen may change the slot.
  const latestChoice = useRef<File | null>(null);

  async function take(files: File[]) {
    const chosen = files[0];
    if (!chosen) return;
    latestChoice.current = chosen;
    // Judged by its bytes, as the server does: the name and the browser's guessed type can lie.
    const type = await imageTypeOf(chosen).catch(() => undefined);
    if (latestChoice.current !== chosen) return;
    if (!type) {
      setRefusal(t('engine.image.notAnImage', { name: chosen.name }));
      return;
    }
    // A 12-megapixel tablet photo becomes a few hundred kilobytes before the size is judged.
    const upload = await shrinkPhoto(chosen);
    if (latestChoice.current !== chosen) return;
    const why =
      upload.size > maxBytes
        ? t('engine.image.tooLarge', { max: formatBytes(maxBytes, i18n.language) })
        : null;
    setRefusal(why);
    if (!why) p.onChange(upload);
  }

  function onCameraChange(e: ChangeEvent<HTMLInputElement>) {
    void take(Array.from(e.currentTarget.files ?? []));
    // The same photo may be taken again after an undo.
    e.currentTarget.value = '';
  }

  function change(value: File | null | undefined) {
    setRefusal(null);
    p.onChange(value);
  }

  const stored = p.attachment ?? null;
  const removed = p.value === null && stored !== null;
  // The image the slot will hold after saving: the new file, else the stored one unless removed.
  const shown = file
    ? { name: file.name, size: file.size, url: fileUrl }
    : p.value === undefined && stored
      ? { name: stored.displayName, size: stored.size, url: storedUrl }
      : null;
  const message = refusal ?? p.error ?? null;
  const named = { label: p.label };
  const slotButton = useSlotButtons(p.label, p.disabled);
  const choose = () => openPicker.current?.();

  return (
    <SlotFrame id={p.id} label={p.label} message={message}>
      <Dropzone
        onDrop={(files) => void take(files)}
        onReject={(rejections) => void take(rejections.map((r) => r.file))}
        accept={imageTypes}
        multiple={false}
        openRef={openPicker}
        activateOnClick={false}
        activateOnKeyboard={false}
        disabled={p.disabled}
        p="xs"
      >
        {shown ? (
          // In a narrow form (a drawer) the name and its badge go under the preview rather than
          // being squeezed beside it to a few letters.
          <Group wrap="wrap" align="center" gap="md">
            <Paper withBorder w={160} h={120} style={{ overflow: 'hidden', flexShrink: 0 }}>
              {shown.url ? (
                <Image
                  src={shown.url}
                  alt={t('engine.image.preview', named)}
                  w={160}
                  h={120}
                  fit="contain"
                  // A tap on the preview opens it too; the "View" button is the way for keyboards.
                  onClick={() => setViewing(0)}
                  style={{ cursor: 'zoom-in' }}
                />
              ) : !file && storedFile.notOnDevice ? (
                <PhotoNotOnDevice h={120} />
              ) : (
                <Center h={120} role="status" aria-label={t('engine.image.loadingPreview')}>
                  <Loader size="sm" />
                </Center>
              )}
            </Paper>
            <Stack gap={4} align="flex-start" style={{ flex: '1 1 10rem', minWidth: '10rem' }}>
              <Text size="sm" truncate="end" maw="100%">
                {shown.name}
              </Text>
              {shown.size !== undefined && (
                <Text size="xs" c="dimmed">
                  {formatBytes(shown.size, i18n.language)}
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
          <EmptySlot
            removedName={removed ? (stored?.displayName ?? '') : null}
            KindIcon={IconPhoto}
            dropHere={t('engine.image.dropHere')}
            rules={t('engine.image.rules', { max: formatBytes(maxBytes, i18n.language) })}
          />
        )}
      </Dropzone>

      <Group gap="xs">
        {shown?.url && slotButton('view', IconZoomIn, () => setViewing(0))}
        {shown ? slotButton('replace', IconReplace, choose) : slotButton('choose', IconPhoto, choose)}
        {coarsePointer && slotButton('takePhoto', IconCamera, () => cameraInput.current?.click())}
        {shown &&
          // Removing a new file that was never stored just returns to "unchanged".
          slotButton('remove', IconTrash, () => change(stored ? null : undefined), {
            variant: 'subtle',
            color: 'red',
          })}
        {p.value !== undefined &&
          slotButton('undo', IconArrowBackUp, () => change(undefined), { variant: 'subtle' })}
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
      <PhotoViewer
        photos={shown?.url ? [{ label: p.label, name: shown.name, src: shown.url }] : []}
        index={viewing}
        onIndexChange={setViewing}
      />
    </SlotFrame>
  );
}

/**
 * An object URL for a local file, revoked when the file changes or the field unmounts. The URL is
 * handed out only for the file it was made from, so a replaced file's revoked URL is never shown.
 */
export function useObjectUrl(file: File | null): string | undefined {
  const [preview, setPreview] = useState<{ file: File; url: string }>();
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview({ file, url });
    return () => {
      URL.revokeObjectURL(url);
      // Nor keep a photo of many megabytes in memory after it was undone.
      setPreview(undefined);
    };
  }, [file]);
  return preview && preview.file === file ? preview.url : undefined;
}
