import {
  Drawer,
  Group,
  Image,
  List,
  Loader,
  Center,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { Attachment, EntityDefinition } from '@inspectra/contract';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldOf, imageLabel } from './entity-labels.ts';
import { formatBytes } from './locale.ts';
import { PhotoViewer } from './PhotoViewer.tsx';
import { PhotoNotOnDevice } from './PhotoNotOnDevice.tsx';
import { RecordDetails } from './RecordDetails.tsx';
import { RecordedWarningsNotice } from './RecordedWarnings.tsx';
import { StoredVideo } from './VideoPlayer.tsx';
import type { Photo } from './PhotoViewer.tsx';
import { useStoredFileUrl } from './useStoredFileUrl.ts';

type Row = Record<string, unknown>;

export type RecordDrawerProps = {
  entity: EntityDefinition;
  /** The record shown; null closes the drawer. */
  record: Row | null;
  onClose: () => void;
  title: string;
  /** Keys shown first (the table's own columns, in its order); every other field follows. */
  leading?: string[];
  /** Own rendering of some values (a severity badge instead of its word). */
  renderValue?: Record<string, (record: Row) => ReactNode>;
  /** Buttons for the record (edit, delete), given the record and how to close the drawer. */
  actions?: (record: Row, close: () => void) => ReactNode;
};

/**
 * Everything about one record of a table, on any screen width: every field and derived value the
 * entity declares (a narrow table hides some columns), the warnings it was saved with, its
 * photos, which open full size, its video, which plays, and its other files by name.
 * References to other records are left out: they are ids, which say nothing to a person.
 */
export function RecordDrawer(p: RecordDrawerProps) {
  const { t, i18n } = useTranslation();
  const [photoIndex, setPhotoIndex] = useState<number | null>(null);
  const record = p.record;
  // Another record (or none) opens with its photos closed: a viewer left open when the drawer closed
  // under it (Escape reaches the drawer) must not pop up over the next record's details.
  const [shownId, setShownId] = useState(record?.id);
  if (shownId !== record?.id) {
    setShownId(record?.id);
    setPhotoIndex(null);
  }
  const declared = [...Object.keys(p.entity.derived), ...Object.keys(p.entity.fields)];
  const keys = [...new Set([...(p.leading ?? []), ...declared])].filter(
    (key) => fieldOf(p.entity, key)?.kind !== 'ref',
  );
  // The record's files by what they are: photos open full size, a video plays, others are named.
  const files = record
    ? Object.keys(p.entity.images).flatMap((slot) => {
        const stored = record[slot] as Attachment | null | undefined;
        return stored ? [{ slot, label: imageLabel(t, p.entity, slot), stored }] : [];
      })
    : [];
  const photos: (Photo & { slot: string })[] = files
    .filter((f) => f.stored.mediaType.startsWith('image/'))
    .map(({ slot, label, stored }) => ({ slot, label, name: stored.displayName, url: stored.url }));
  const videos = files.filter((f) => f.stored.mediaType.startsWith('video/'));
  const others = files.filter((f) => !photos.some((x) => x.slot === f.slot) && !videos.includes(f));

  return (
    <>
      <Drawer
        opened={record !== null}
        onClose={p.onClose}
        position="right"
        size="lg"
        // The drawer's title is already its heading (h2): a Title inside would nest one h2 in another.
        title={p.title}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {record && (
          <Stack gap="lg">
            {p.actions && <Group gap="sm">{p.actions(record, p.onClose)}</Group>}
            <RecordedWarningsNotice entity={p.entity} record={record} />
            {videos.map(({ slot, label, stored }) => (
              <StoredVideo key={slot} video={stored} label={label} />
            ))}
            {photos.length > 0 && (
              <section>
                <Title order={3} fz="md" mb="xs">
                  {t('engine.details.photos')}
                </Title>
                <SimpleGrid cols={2} spacing="sm">
                  {photos.map((photo, i) => (
                    <PhotoThumbnail key={photo.slot} photo={photo} onOpen={() => setPhotoIndex(i)} />
                  ))}
                </SimpleGrid>
              </section>
            )}
            {others.length > 0 && (
              <section>
                <Title order={3} fz="md" mb="xs">
                  {t('engine.details.files')}
                </Title>
                <List size="sm">
                  {others.map(({ slot, label, stored }) => (
                    <List.Item key={slot}>
                      {label}: {stored.displayName} ({formatBytes(stored.size, i18n.language)})
                    </List.Item>
                  ))}
                </List>
              </section>
            )}
            <RecordDetails
              entity={p.entity}
              record={record}
              fields={keys}
              renderValue={p.renderValue}
              narrow
            />
          </Stack>
        )}
      </Drawer>
      <PhotoViewer photos={photos} index={photoIndex} onIndexChange={setPhotoIndex} />
    </>
  );
}

/**
 * A photo as a thumbnail (the server's, offline the device's copy, or a local one: `src`), its label
 * under it; a press opens it full size.
 */
export function PhotoThumbnail({ photo, onOpen }: { photo: Photo; onOpen: () => void }) {
  const { t } = useTranslation();
  const fetched = useStoredFileUrl(photo.src ? undefined : photo.url);
  const src = photo.src ?? fetched.src;
  const notOnDevice = !src && fetched.notOnDevice;
  // Offline with no copy on the device there is nothing to open: said in its place.
  if (notOnDevice)
    return (
      <Stack gap={4}>
        <PhotoNotOnDevice h={140} />
        <Text size="sm">{photo.label}</Text>
      </Stack>
    );
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-label={t('engine.photo.open', { label: photo.label })}
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
    >
      <Stack gap={4}>
        {src ? (
          <Image src={src} alt="" h={140} fit="cover" radius="md" />
        ) : (
          <Center h={140}>
            <Loader size="sm" />
          </Center>
        )}
        <Text size="sm">{photo.label}</Text>
      </Stack>
    </UnstyledButton>
  );
}
