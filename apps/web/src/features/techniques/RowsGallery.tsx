import { Box, Group, Loader, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { galleryGroups } from '@inspectra/contract';
import type { Attachment, EntityDefinition, WorkspaceGallery } from '@inspectra/contract';
import { IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel, fieldLabel } from '../../engine/entity-labels.ts';
import { PhotoNotOnDevice } from '../../engine/PhotoNotOnDevice.tsx';
import { PhotoViewer } from '../../engine/PhotoViewer.tsx';
import { QueuedMark } from '../../engine/offline-queue/QueuedMark.tsx';
import type { Photo } from '../../engine/PhotoViewer.tsx';
import { useStoredFileUrl } from '../../engine/useStoredFileUrl.ts';
import { PartOfList } from './PartOfList.tsx';
import { techniqueQueries } from './technique-queries.ts';
import type { TechniqueRecord, WorkspaceScope } from './technique-queries.ts';

type Row = Record<string, unknown>;

/** The stored picture of a row in the gallery's slot, if it has one. */
const pictureOf = (row: Row, slot: string) => {
  const value = row[slot] as Attachment | null | undefined;
  return value && typeof value === 'object' && 'url' in value ? value : undefined;
};

/**
 * An inspection's rows of a kind declared as a gallery (SRUT's general views): their pictures under
 * a heading per value of the grouping field in its declared order (rows without one last), each
 * captioned. A picture opens full size (zoom, the group's others beside it); the caption's actions
 * (`actions`) edit or remove the row.
 */
export function RowsGallery({
  scope,
  inspection,
  entity,
  gallery,
  actions,
  emptyText,
}: {
  scope: WorkspaceScope;
  inspection: TechniqueRecord;
  entity: EntityDefinition;
  gallery: WorkspaceGallery;
  actions: (row: Row, caption: string) => ReactNode;
  emptyText: string;
}) {
  const { t } = useTranslation();
  const { data, isPending } = useQuery(techniqueQueries.rows(scope, String(inspection.id), entity));
  const [open, setOpen] = useState<{ group: string; index: number } | null>(null);
  if (isPending) return <Loader size="sm" />;
  const records = data?.records ?? [];
  if (records.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  const field = entity.fields[gallery.groupBy];
  const groups = galleryGroups(entity, gallery, records, (r, key) => r[key]);
  const captionOf = (row: Row) => String(row[gallery.caption] ?? '') || t('workspace.untitledPicture');
  const groupLabel = (value: string) =>
    value
      ? enumLabel(t, entity.name, gallery.groupBy, value)
      : t('workspace.noGroup', { field: fieldLabel(t, entity.name, gallery.groupBy, field!) });
  const photosOf = (rows: Row[]): Photo[] =>
    rows.flatMap((r) => {
      const picture = pictureOf(r, gallery.image);
      return picture
        ? [{ label: captionOf(r), name: picture.displayName ?? undefined, url: picture.url }]
        : [];
    });

  return (
    <Stack gap="lg">
      <PartOfList list={data} besideTable={false} />
      {groups.map(({ value, rows }) => {
        const pictured = rows.filter((r) => pictureOf(r, gallery.image));
        return (
          <section key={value} aria-label={groupLabel(value)}>
            <Title order={3} fz="md" mb="xs">
              {groupLabel(value)}{' '}
              <Text span c="dimmed" fz="sm">
                ({rows.length})
              </Text>
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
              {rows.map((row) => (
                <GalleryCard
                  key={String(row.id)}
                  row={row}
                  picture={pictureOf(row, gallery.image)}
                  caption={captionOf(row)}
                  onOpen={() => setOpen({ group: value, index: pictured.indexOf(row) })}
                  actions={actions(row, captionOf(row))}
                />
              ))}
            </SimpleGrid>
          </section>
        );
      })}
      <PhotoViewer
        photos={open ? photosOf(groups.find((g) => g.value === open.group)?.rows ?? []) : []}
        index={open?.index ?? null}
        onIndexChange={(index) => setOpen(index === null || !open ? null : { ...open, index })}
      />
    </Stack>
  );
}

function GalleryCard({
  row,
  picture,
  caption,
  onOpen,
  actions,
}: {
  /** The row: its caption says "Waiting to sync" while it is shown from the device's queue. */
  row: Row;
  picture: Attachment | undefined;
  caption: string;
  onOpen: () => void;
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  const { src, notOnDevice } = useStoredFileUrl(picture?.url);
  const frame = { display: 'block', width: '100%', aspectRatio: '4 / 3' } as const;
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      {picture && notOnDevice ? (
        // Offline with no copy on the device: said in its place, nothing to open.
        <Box style={frame}>
          <PhotoNotOnDevice h="100%" />
        </Box>
      ) : picture ? (
        <UnstyledButton
          onClick={onOpen}
          aria-label={t('workspace.openPicture', { name: caption })}
          style={frame}
        >
          {src ? (
            <img src={src} alt="" style={{ ...frame, objectFit: 'cover' }} />
          ) : (
            <Loader size="xs" m="md" />
          )}
        </UnstyledButton>
      ) : (
        <Stack align="center" justify="center" style={frame} bg="var(--mantine-color-default-hover)">
          <IconPhoto size={28} stroke={1.4} aria-hidden color="var(--mantine-color-dimmed)" />
        </Stack>
      )}
      <Group justify="space-between" gap={4} wrap="nowrap" px="xs" py={6}>
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} lineClamp={2}>
            {caption}
          </Text>
          {/* As the table's naming column: a picture recorded offline says it is not yet synced. */}
          <QueuedMark record={row} />
        </div>
        <Group gap={2} wrap="nowrap">
          {actions}
        </Group>
      </Group>
    </Paper>
  );
}
