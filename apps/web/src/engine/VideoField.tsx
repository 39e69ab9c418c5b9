import { Badge, Group } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconArrowBackUp, IconMovie, IconReplace, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptFor, checkFile, maxVideoBytes } from './file-checks.ts';
import { EmptySlot, SlotFrame, useSlotButtons } from './FileSlot.tsx';
import { useObjectUrl } from './ImageField.tsx';
import type { StoredImage } from './ImageField.tsx';
import { formatBytes } from './locale.ts';
import { VideoCard } from './VideoPlayer.tsx';

export type VideoFieldProps = {
  label: string;
  /** Id of the slot's group, so a form can move focus to it when the slot has an error. */
  id?: string;
  /** The video stored now. */
  attachment?: StoredImage | null;
  /** undefined = unchanged, null = remove the stored video, File = new or replacement. */
  value: File | null | undefined;
  onChange: (value: File | null | undefined) => void;
  maxBytes?: number;
  error?: string | null;
  disabled?: boolean;
};

/**
 * One video slot (a motion-magnification recording): drop or choose an MP4 or WebM file, play it
 * before saving, replace, remove or undo. The type is judged from the first bytes and the size
 * from the file before anything is sent: a recording is hundreds of megabytes over a site's
 * connection. A stored video plays from the server, which sends it in parts as the player seeks
 * (docs/files.md).
 */
export function VideoField(p: VideoFieldProps) {
  const { t, i18n } = useTranslation();
  const maxBytes = p.maxBytes ?? maxVideoBytes;
  const [refusal, setRefusal] = useState<string | null>(null);
  const openPicker = useRef<() => void>(null);
  const file = p.value instanceof File ? p.value : null;
  const fileUrl = useObjectUrl(file);
  const latestChoice = useRef<File | null>(null);

  async function take(files: File[]) {
    const chosen = files[0];
    if (!chosen) return;
    latestChoice.current = chosen;
    const why = await checkFile(chosen, 'video', maxBytes).catch(() => 'type' as const);
    if (latestChoice.current !== chosen) return;
    const message =
      why === 'tooLarge'
        ? t('engine.image.tooLarge', { max: formatBytes(maxBytes, i18n.language) })
        : why
          ? t('engine.video.notAVideo', { name: chosen.name })
          : null;
    setRefusal(message);
    if (!message) p.onChange(chosen);
  }

  function change(value: File | null | undefined) {
    setRefusal(null);
    p.onChange(value);
  }

  const stored = p.attachment ?? null;
  const removed = p.value === null && stored !== null;
  const shown = file
    ? { name: file.name, size: file.size, url: fileUrl }
    : p.value === undefined && stored
      ? { name: stored.displayName, size: stored.size, url: stored.url }
      : null;
  const slotButton = useSlotButtons(p.label, p.disabled, (action) =>
    action === 'choose' ? 'engine.video.choose' : `engine.image.${action}`,
  );
  const choose = () => openPicker.current?.();

  return (
    <SlotFrame id={p.id} label={p.label} message={refusal ?? p.error ?? null}>
      {shown?.url ? (
        <VideoCard
          key={shown.url}
          src={shown.url}
          label={p.label}
          name={shown.name}
          size={shown.size}
          stored={!file}
          after={
            file && (
              <Badge variant="light" size="sm">
                {t('engine.image.notSaved')}
              </Badge>
            )
          }
        />
      ) : null}
      <Dropzone
        onDrop={(files) => void take(files)}
        onReject={(rejections) => void take(rejections.map((r) => r.file))}
        accept={acceptFor('video')}
        multiple={false}
        openRef={openPicker}
        activateOnClick={false}
        activateOnKeyboard={false}
        disabled={p.disabled}
        p="xs"
        hidden={Boolean(shown)}
      >
        <EmptySlot
          removedName={removed ? stored.displayName : null}
          KindIcon={IconMovie}
          dropHere={t('engine.video.dropHere')}
          rules={t('engine.video.rules', { max: formatBytes(maxBytes, i18n.language) })}
        />
      </Dropzone>
      <Group gap="xs">
        {shown ? slotButton('replace', IconReplace, choose) : slotButton('choose', IconMovie, choose)}
        {shown &&
          slotButton('remove', IconTrash, () => change(stored ? null : undefined), {
            variant: 'subtle',
            color: 'red',
          })}
        {p.value !== undefined &&
          slotButton('undo', IconArrowBackUp, () => change(undefined), { variant: 'subtle' })}
      </Group>
    </SlotFrame>
  );
}
