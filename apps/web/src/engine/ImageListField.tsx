import { imageMediaTypes, listedDocuments } from '@inspectra/contract';
import type { Attachment, EntityDefinition, ImageList } from '@inspectra/contract';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowBackUp,
  IconArrowLeft,
  IconArrowRight,
  IconCamera,
  IconFilePlus,
  IconFileText,
  IconPhotoPlus,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageListItem } from '../api/payload.ts';
import { imageCategoryLabel, imageListLabel, imageTypeLabel } from './entity-labels.ts';
import { imageTypeOf } from './image-bytes.ts';
import { formatBytes } from './locale.ts';
import { acceptFor, checkFile, maxDocumentBytes } from './file-checks.ts';
import { shrinkPhoto } from './photo-shrink.ts';
import { PhotoViewer } from './PhotoViewer.tsx';
import type { Photo } from './PhotoViewer.tsx';
import { PhotoNotOnDevice } from './PhotoNotOnDevice.tsx';
import { useStoredFileUrl } from './useStoredFileUrl.ts';

/** One photo of the list as the form holds it. */
export type GalleryItem = ImageListItem & {
  /** Stable across reorders: the stored image's id, or one made for a new photo. */
  key: string;
  /** The stored image this item keeps (absent for a new photo). */
  stored?: Attachment;
};

export type ImageListFieldProps = {
  entity: EntityDefinition;
  /** The list's key in `entity.imageLists` (`summaryImages`). */
  list: string;
  /** Id of the field's group, so a form can move focus to it. */
  id?: string;
  /** The list as stored now. */
  attachments: Attachment[];
  /** The list as it will be saved; undefined = unchanged (the stored list). */
  value: GalleryItem[] | undefined;
  onChange: (value: GalleryItem[] | undefined) => void;
  /** A refusal from the server about this list. */
  error?: string | null;
  /** After a save was tried: photos still missing a required type are marked. */
  showMissing?: boolean;
  disabled?: boolean;
  /** Largest photo accepted after shrinking. */
  maxBytes?: number;
};

const defaultMaxPhotoBytes = 20 * 1024 * 1024;
const acceptedTypes = [...imageMediaTypes];

/** The stored images of a record's list as gallery items, in their order. */
export function galleryItems(attachments: Attachment[]): GalleryItem[] {
  return [...attachments]
    .sort((a, b) => a.position - b.position)
    .map((a) => ({
      key: a.id,
      id: a.id,
      stored: a,
      imageType: a.imageType,
      displayName: a.displayName,
      category: a.category,
    }));
}

/** A record's value for a list (an array of attachments as the API returns it), or none. */
export function storedList(value: unknown): Attachment[] {
  return Array.isArray(value) ? (value as Attachment[]) : [];
}

/** The keys of the photos that still need a type: every photo does when the list declares types. */
export function missingImageTypes(list: ImageList, items: GalleryItem[]): string[] {
  if (!list.types) return [];
  return items.filter((item) => !item.imageType).map((item) => item.key);
}

let nextKey = 0;
const newKey = () => `new-${Date.now().toString(36)}-${(nextKey += 1)}`;

/**
 * An ordered list of typed photos (a finding's photos): several at once from the camera or from
 * files, each shrunk before upload (longest side: the list's `maxSidePx`), each with its type, caption
 * and category where declared; reorder with buttons, remove, and open full size. The list's `max` is
 * enforced here, so a 21st photo is refused at once, not after an upload.
 */
export function ImageListField(p: ImageListFieldProps) {
  const { t, i18n } = useTranslation();
  const declaration = p.entity.imageLists[p.list];
  const label = imageListLabel(t, p.entity, p.list);
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const messageId = `${baseId}-message`;
  const openPicker = useRef<() => void>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const coarsePointer = useMediaQuery('(pointer: coarse)');
  const [refusals, setRefusals] = useState<string[]>([]);
  const [preparing, setPreparing] = useState(0);
  const [viewing, setViewing] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  const items = p.value ?? galleryItems(p.attachments);
  // Photos are prepared one after another while the user may reorder or remove others: additions
  // join the list as it is then, not as it was when they were chosen.
  const latest = useRef(items);
  latest.current = items;
  const previews = useObjectUrls(items.flatMap((item) => (item.file ? [item.file] : [])));

  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  if (!declaration) return null;
  // A list of documents or drawings: checked by their bytes as the server checks them, sent as
  // they are (no shrinking), shown by name.
  const documents = listedDocuments(declaration);
  /** The list's words: of documents where they differ from those of photos. */
  const w = (
    key: 'full' | 'choose' | 'chooseFor' | 'position' | 'added' | 'removed' | 'tooMany',
    o: Record<string, unknown>,
  ) => t(documents ? `imageList.documents.${key}` : `imageList.${key}`, o);
  const max = declaration.max;
  const maxBytes = p.maxBytes ?? (documents ? maxDocumentBytes : defaultMaxPhotoBytes);
  const types = declaration.types ?? [];
  const categories = declaration.categories ?? [];
  const missing = new Set(p.showMissing ? missingImageTypes(declaration, items) : []);
  const full = items.length >= max;

  async function add(files: File[]) {
    if (files.length === 0) return;
    const room = max - latest.current.length;
    const refused: string[] = [];
    if (files.length > room) {
      refused.push(w('tooMany', { max, count: files.length - Math.max(room, 0), label }));
    }
    const taken = files.slice(0, Math.max(room, 0));
    setPreparing((n) => n + taken.length);
    const added: GalleryItem[] = [];
    for (const chosen of taken) {
      try {
        if (documents) {
          const refusal = await checkFile(chosen, documents, maxBytes).catch(() => 'type' as const);
          if (refusal) {
            refused.push(
              t(`imageList.documents.${refusal}`, {
                name: chosen.name,
                max: formatBytes(maxBytes, i18n.language),
              }),
            );
            continue;
          }
          added.push({
            key: newKey(),
            file: chosen,
            imageType: types.length === 1 ? types[0] : null,
            displayName: '',
            category: null,
          });
          continue;
        }
        // Judged by its bytes, as the server does: the name and the browser's guessed type can lie.
        const type = await imageTypeOf(chosen).catch(() => undefined);
        if (!type) {
          refused.push(t('engine.image.notAnImage', { name: chosen.name }));
          continue;
        }
        const file = await shrinkPhoto(chosen, { maxSidePx: declaration!.maxSidePx });
        if (file.size > maxBytes) {
          refused.push(
            t('imageList.tooLarge', { name: chosen.name, max: formatBytes(maxBytes, i18n.language) }),
          );
          continue;
        }
        added.push({
          key: newKey(),
          file,
          // One declared type needs no choosing.
          imageType: types.length === 1 ? types[0] : null,
          displayName: '',
          category: null,
        });
      } finally {
        setPreparing((n) => n - 1);
      }
    }
    setRefusals(refused);
    if (added.length > 0) {
      p.onChange([...latest.current, ...added]);
      setAnnouncement(w('added', { count: added.length, total: latest.current.length + added.length }));
    }
  }

  function onCameraChange(e: ChangeEvent<HTMLInputElement>) {
    void add(Array.from(e.currentTarget.files ?? []));
    // The same photo may be taken again after removing it.
    e.currentTarget.value = '';
  }

  const update = (key: string, change: Partial<GalleryItem>) =>
    p.onChange(items.map((item) => (item.key === key ? { ...item, ...change } : item)));

  function move(index: number, step: -1 | 1) {
    const target = index + step;
    if (target < 0 || target >= items.length) return;
    const next = [...items];
    const [moved] = next.splice(index, 1);
    next.splice(target, 0, moved!);
    p.onChange(next);
    setAnnouncement(t('imageList.moved', { position: target + 1, count: items.length }));
    // Focus stays on the photo moved; at either end its arrow is disabled, so the other one takes it.
    // (Arrows point left and right: the photos read as a grid, in rows.)
    const edge = target === 0 ? 'down' : target === items.length - 1 ? 'up' : step < 0 ? 'up' : 'down';
    setFocusTarget(controlId(baseId, moved!.key, edge));
  }

  function remove(index: number) {
    const next = items.filter((_, i) => i !== index);
    p.onChange(next);
    setAnnouncement(w('removed', { count: next.length }));
    const neighbour = next[index] ?? next[index - 1];
    setFocusTarget(neighbour ? controlId(baseId, neighbour.key, 'remove') : `${baseId}-choose`);
  }

  const nameOf = (item: GalleryItem) => item.displayName || item.file?.name || item.stored?.displayName || '';
  const photos: Photo[] = items.map((item, index) => ({
    label: item.imageType
      ? imageTypeLabel(t, p.entity, p.list, item.imageType)
      : t('imageList.photoN', { index: index + 1 }),
    name: nameOf(item),
    ...(item.file ? { src: previews.get(item.file) } : { url: item.stored?.url }),
  }));
  const message = [...refusals, ...(p.error ? [p.error] : [])];

  return (
    <Stack
      id={p.id}
      tabIndex={-1}
      gap="sm"
      role="group"
      aria-labelledby={labelId}
      aria-describedby={message.length > 0 ? messageId : undefined}
      aria-invalid={message.length > 0 ? true : undefined}
    >
      <Group justify="space-between" gap="xs">
        <Text id={labelId} size="sm" fw={600}>
          {label}
        </Text>
        <Badge
          variant={full ? 'filled' : 'default'}
          color={full ? 'orange' : undefined}
          size="lg"
          styles={{ label: { textTransform: 'none' } }}
        >
          {t('imageList.count', { count: items.length, max })}
        </Badge>
      </Group>

      <Dropzone
        onDrop={(files) => void add(files)}
        onReject={(rejections) => void add(rejections.map((r) => r.file))}
        accept={documents ? acceptFor(documents) : acceptedTypes}
        multiple
        openRef={openPicker}
        activateOnClick={false}
        activateOnKeyboard={false}
        disabled={p.disabled || full}
        p="sm"
      >
        <Group justify="center" gap="sm" mih={72} wrap="nowrap">
          {preparing > 0 ? <Loader size="sm" /> : <IconUpload size={28} stroke={1.5} aria-hidden />}
          <Stack gap={2}>
            <Text size="sm">
              {preparing > 0
                ? t('imageList.preparing', { count: preparing })
                : full
                  ? w('full', { max })
                  : t(documents ? 'imageList.documents.dropHere' : 'imageList.dropHere')}
            </Text>
            <Text size="xs" c="dimmed">
              {documents
                ? t('imageList.documents.rules', { max, size: formatBytes(maxBytes, i18n.language) })
                : t('imageList.rules', { max, px: declaration.maxSidePx })}
            </Text>
          </Stack>
        </Group>
      </Dropzone>

      <Group gap="xs">
        <Button
          id={`${baseId}-choose`}
          variant="default"
          leftSection={
            documents ? <IconFilePlus size={18} aria-hidden /> : <IconPhotoPlus size={18} aria-hidden />
          }
          onClick={() => openPicker.current?.()}
          disabled={p.disabled || full}
          aria-label={w('chooseFor', { label })}
        >
          {w('choose', {})}
        </Button>
        {coarsePointer && !documents && (
          <Button
            variant="default"
            leftSection={<IconCamera size={18} aria-hidden />}
            onClick={() => cameraInput.current?.click()}
            disabled={p.disabled || full}
            aria-label={t('imageList.takeFor', { label })}
          >
            {t('imageList.take')}
          </Button>
        )}
        {p.value !== undefined && (
          <Button
            variant="subtle"
            leftSection={<IconArrowBackUp size={18} aria-hidden />}
            onClick={() => {
              setRefusals([]);
              p.onChange(undefined);
            }}
            disabled={p.disabled}
            aria-label={t('imageList.undoFor', { label })}
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
        multiple
        hidden
        tabIndex={-1}
        onChange={onCameraChange}
      />

      {message.length > 0 && (
        <Stack id={messageId} gap={2} role="alert">
          {message.map((m) => (
            <Text key={m} size="sm" c="red">
              {m}
            </Text>
          ))}
        </Stack>
      )}

      {items.length > 0 && (
        <SimpleGrid
          component="ol"
          cols={{ base: 1, xs: 2, lg: 3 }}
          spacing="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {items.map((item, index) => {
            const position = w('position', { index: index + 1, count: items.length });
            const typeId = `${baseId}-${item.key}-type`;
            return (
              <Paper
                key={item.key}
                component="li"
                withBorder
                radius="md"
                p="sm"
                aria-label={`${position}: ${nameOf(item)}`}
              >
                <Stack gap="xs">
                  <Box pos="relative">
                    {documents ? (
                      <DocumentTile
                        name={nameOf(item)}
                        mediaType={item.stored?.mediaType ?? item.file?.type}
                      />
                    ) : (
                      <Thumbnail
                        src={item.file ? previews.get(item.file) : undefined}
                        url={item.stored?.url}
                        label={t('imageList.view', { position })}
                        onOpen={() => setViewing(index)}
                      />
                    )}
                    <Group gap={4} pos="absolute" top={6} left={6}>
                      <Badge variant="filled" color="dark" size="sm" aria-hidden>
                        {index + 1}
                      </Badge>
                      {item.file && (
                        <Badge variant="filled" size="sm" styles={{ label: { textTransform: 'none' } }}>
                          {t('engine.image.notSaved')}
                        </Badge>
                      )}
                    </Group>
                  </Box>
                  {types.length > 0 && (
                    <Select
                      id={typeId}
                      label={t('imageList.type')}
                      placeholder={t('imageList.chooseType')}
                      data={types.map((value) => ({
                        value,
                        label: imageTypeLabel(t, p.entity, p.list, value),
                      }))}
                      value={item.imageType ?? null}
                      onChange={(value) => update(item.key, { imageType: value })}
                      required
                      allowDeselect={false}
                      error={missing.has(item.key) ? t('imageList.typeMissing') : undefined}
                      disabled={p.disabled}
                      comboboxProps={{ withinPortal: true }}
                    />
                  )}
                  <TextInput
                    label={t('imageList.caption')}
                    placeholder={item.file?.name ?? item.stored?.displayName}
                    value={item.displayName ?? ''}
                    maxLength={200}
                    onChange={(e) => update(item.key, { displayName: e.currentTarget.value })}
                    disabled={p.disabled}
                  />
                  {categories.length > 0 && (
                    <Select
                      label={t('imageList.category')}
                      data={categories.map((value) => ({
                        value,
                        label: imageCategoryLabel(t, p.entity, p.list, value),
                      }))}
                      value={item.category ?? null}
                      onChange={(value) => update(item.key, { category: value })}
                      clearable
                      disabled={p.disabled}
                    />
                  )}
                  <Group gap="xs" justify="space-between" wrap="nowrap">
                    <Text size="xs" c="dimmed" truncate="end" style={{ minWidth: 0 }}>
                      {item.file
                        ? formatBytes(item.file.size, i18n.language)
                        : item.stored
                          ? formatBytes(item.stored.size, i18n.language)
                          : ''}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <ItemAction
                        id={controlId(baseId, item.key, 'up')}
                        label={t('imageList.moveEarlier', { position })}
                        tooltip={t('imageList.earlier')}
                        onClick={() => move(index, -1)}
                        disabled={p.disabled || index === 0}
                        icon={<IconArrowLeft size={18} aria-hidden />}
                      />
                      <ItemAction
                        id={controlId(baseId, item.key, 'down')}
                        label={t('imageList.moveLater', { position })}
                        tooltip={t('imageList.later')}
                        onClick={() => move(index, 1)}
                        disabled={p.disabled || index === items.length - 1}
                        icon={<IconArrowRight size={18} aria-hidden />}
                      />
                      <ItemAction
                        id={controlId(baseId, item.key, 'remove')}
                        label={t('imageList.remove', { position })}
                        tooltip={t('engine.image.remove')}
                        onClick={() => remove(index)}
                        disabled={p.disabled}
                        color="red"
                        icon={<IconTrash size={18} aria-hidden />}
                      />
                    </Group>
                  </Group>
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <PhotoViewer photos={photos} index={viewing} onIndexChange={setViewing} />
    </Stack>
  );
}

function controlId(baseId: string, key: string, control: 'up' | 'down' | 'remove') {
  return `${baseId}-${key}-${control}`;
}

function ItemAction(p: {
  id: string;
  label: string;
  tooltip: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  color?: string;
}) {
  return (
    <Tooltip label={p.tooltip}>
      <ActionIcon
        id={p.id}
        variant="default"
        color={p.color}
        size="lg"
        aria-label={p.label}
        onClick={p.onClick}
        disabled={p.disabled}
      >
        {p.icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** A document's card face: what kind of file it is, and its name (documents are not previewed). */
function DocumentTile({ name, mediaType }: { name: string; mediaType: string | undefined }) {
  return (
    <Paper withBorder h={96} bg="var(--mantine-color-default-hover)">
      <Center h={96}>
        <Stack gap={4} align="center" px="xs" maw="100%">
          <IconFileText size={32} stroke={1.5} aria-hidden />
          <Text size="xs" c="dimmed" ta="center" lineClamp={2} style={{ wordBreak: 'break-all' }}>
            {name || mediaType || ''}
          </Text>
        </Stack>
      </Center>
    </Paper>
  );
}

/**
 * A photo's preview in its card, a button that opens it full size: a local file's object URL, or a
 * stored file (the server's, or offline the device's copy: `useStoredFileUrl`). Offline with no copy
 * it says so, and there is nothing to open.
 */
function Thumbnail(p: { src?: string; url?: string; label: string; onOpen: () => void }) {
  const { t } = useTranslation();
  const fetched = useStoredFileUrl(p.src ? undefined : p.url);
  const shown = p.src ?? fetched.src;
  if (!shown && fetched.notOnDevice)
    return (
      <Paper withBorder h={150} style={{ overflow: 'hidden' }}>
        <PhotoNotOnDevice h={150} />
      </Paper>
    );
  return (
    <UnstyledButton
      onClick={p.onOpen}
      aria-label={p.label}
      style={{ display: 'block', width: '100%', cursor: 'zoom-in' }}
    >
      <Paper withBorder h={150} style={{ overflow: 'hidden' }} bg="var(--mantine-color-default-hover)">
        {shown ? (
          <Image src={shown} alt="" h={150} w="100%" fit="cover" />
        ) : (
          <Center h={150} role="status" aria-label={t('engine.image.loadingPreview')}>
            <Loader size="sm" />
          </Center>
        )}
      </Paper>
    </UnstyledButton>
  );
}

/**
 * Object URLs for the new photos, made once per file and revoked when a photo leaves the list or the
 * field goes away: a dozen 3-MB photos must not stay in memory after they were removed.
 */
function useObjectUrls(files: File[]): Map<File, string> {
  const urls = useRef(new Map<File, string>());
  const [, setVersion] = useState(0);
  useEffect(() => {
    const map = urls.current;
    let changed = false;
    for (const file of files) {
      if (map.has(file)) continue;
      map.set(file, URL.createObjectURL(file));
      changed = true;
    }
    for (const [file, url] of map) {
      if (files.includes(file)) continue;
      URL.revokeObjectURL(url);
      map.delete(file);
      changed = true;
    }
    if (changed) setVersion((v) => v + 1);
  });
  useEffect(() => {
    const map = urls.current;
    return () => {
      for (const url of map.values()) URL.revokeObjectURL(url);
      map.clear();
    };
  }, []);
  return urls.current;
}
