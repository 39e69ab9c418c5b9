import { Alert, Loader, List, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { callRoute } from '../../api/calls.ts';
import { filesOfForm } from '../../api/payload.ts';
import { loadCurrentRecord } from '../../api/current-record.ts';
import { detailText, errorText } from '../../ui/error-text.ts';
import { fieldLabel, imageLabel, imageListLabel } from '../entity-labels.ts';
import { EntityForm } from '../EntityForm.tsx';
import type { EntitySubmission } from '../EntityForm.tsx';
import { PhotoViewer } from '../PhotoViewer.tsx';
import type { Photo } from '../PhotoViewer.tsx';
import { PhotoThumbnail } from '../RecordDrawer.tsx';
import type { QueuedChange } from './change-queue.ts';
import type { EntityDefinition } from '@inspectra/contract';
import { queuedFormFields, queuedRecordChange } from './queued-record.ts';
import type { QueuedRecordChange } from './queued-record.ts';
import { changeName } from './sync-status.ts';
import { queuedBody } from './sync-runner.ts';

export type ResolveQueuedChangeProps = {
  change: QueuedChange;
  onClose: () => void;
  /** Takes the change off the queue once its record is saved online (and sends what waited on it). */
  settle: (key: string) => Promise<void>;
};

/**
 * A change the server did not take, opened in its record's form (docs/offline-capture.md, part 4),
 * for every entity from the route table and its declaration:
 * - in conflict (someone saved the record meanwhile): the three-way comparison of `EntityForm`, from
 *   the record as read when the change was made, the change's values, and the record as stored now;
 * - refused (a rule, a locked report): the change's values over the record as stored now, with the
 *   server's reason beside them.
 * Saving sends the record online, as the form's own screen would, and the queued change leaves the
 * queue; what waited on it is then sent.
 */
export function ResolveQueuedChange(p: ResolveQueuedChangeProps) {
  const { t } = useTranslation();
  const record = useMemo(() => queuedRecordChange(p.change), [p.change]);
  const name = changeName(p.change, t('offline.change'));
  const conflict = p.change.state === 'conflict';
  return (
    <Modal
      opened
      onClose={p.onClose}
      title={t(conflict ? 'offline.resolveTitle' : 'offline.editTitle', { name })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {record ? (
        <ResolveForm {...p} record={record} conflict={conflict} />
      ) : (
        <Text size="sm">{t('offline.notAForm')}</Text>
      )}
    </Modal>
  );
}

function ResolveForm(p: ResolveQueuedChangeProps & { record: QueuedRecordChange; conflict: boolean }) {
  const { t } = useTranslation();
  const { change, record } = p;
  const { entity } = record;
  const queryClient = useQueryClient();
  const updating = record.route.operation.kind === 'update';
  // The record as stored now: the other side of the comparison, and the version the save carries.
  const current = useQuery({
    queryKey: ['queued-change', change.key, 'current'],
    // As the server stores it: the queue's own values are not laid over it (queued-records.ts).
    meta: { asStored: true },
    queryFn: async () =>
      (await loadCurrentRecord(entity, { ...change.base, ...record.values, id: record.recordId })) ?? null,
    enabled: updating,
    retry: false,
    gcTime: 0,
  });
  const fields = useMemo(() => queuedFormFields(record), [record]);

  const save = async ({ values }: EntitySubmission) => {
    // What the change sends beyond the form's fields (its parent, a create's id made on the device,
    // an id the call takes in its body) goes again as it was.
    const hidden = Object.fromEntries(Object.entries(record.values).filter(([key]) => !fields.includes(key)));
    const op = record.route.operation;
    const idInBody = op.kind !== 'update' || op.id === 'body';
    const sent = { ...hidden, ...values, ...(idInBody && record.recordId ? { id: record.recordId } : {}) };
    // The photos the change was saved with go with it: the form edits its values, and the queue
    // holds the only copy of those photos (taken off it once this save is written).
    const queued = await queuedBody(change.key);
    const files = queued instanceof FormData ? filesOfForm(entity, queued) : {};
    return (
      await callRoute(record.route, {
        params: record.params,
        query: record.query,
        body: { values: sent, ...files, previous: current.data ?? null },
      })
    ).data;
  };

  const reason = change.refusal;
  const said = (detail: NonNullable<typeof reason>['details'][number]) => {
    const field = entity.fields[detail.path];
    const text = detailText(detail, t);
    return field ? `${fieldLabel(t, entity.name, detail.path, field)}: ${text}` : text;
  };

  return (
    <Stack gap="md">
      <Alert
        color={p.conflict ? 'orange' : 'red'}
        icon={<IconAlertCircle aria-hidden />}
        title={t('offline.serverReason')}
        role="region"
        aria-label={t('offline.serverReason')}
      >
        <Text size="sm">{p.conflict ? t('offline.conflict') : reason?.message}</Text>
        {!p.conflict && reason && reason.details.length > 0 && (
          <List size="sm" mt={4}>
            {reason.details.map((detail) => (
              <List.Item key={`${detail.path}:${detail.message}`}>{said(detail)}</List.Item>
            ))}
          </List>
        )}
        <Text size="sm" mt="xs">
          {t(p.conflict ? 'offline.conflictText' : 'offline.refusedText')}
        </Text>
      </Alert>
      <QueuedPhotos change={change} entity={entity} />
      {updating && current.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : updating && (current.isError || !current.data) ? (
        <Alert color="red" role="alert">
          {t('offline.currentFailed', {
            reason: current.isError ? errorText(current.error, t) : t('engine.conflict.gone'),
          })}
        </Alert>
      ) : (
        <EntityForm
          key={change.key}
          entity={entity}
          fields={fields}
          record={updating ? current.data : null}
          images={[]}
          imageLists={[]}
          pending={{ values: record.values, base: updating ? change.base : null }}
          onSubmit={save}
          onSaved={async () => {
            await p.settle(change.key);
            // The screens read the record again: it holds what was decided, at its new version.
            void queryClient.invalidateQueries();
            notifications.show({ color: 'teal', message: t('offline.resolvedSaved') });
            p.onClose();
          }}
          onCancel={p.onClose}
        />
      )}
    </Stack>
  );
}

/** A queued form's photos with their labels: each image slot's, then each list's in order. */
function photosOfForm(
  t: TFunction,
  entity: EntityDefinition,
  form: FormData,
): { label: string; file: File }[] {
  const { images, imageLists } = filesOfForm(entity, form);
  const isPhoto = (file: unknown): file is File => file instanceof Blob && file.type.startsWith('image/');
  const photos = Object.entries(images ?? {}).flatMap(([slot, file]) =>
    isPhoto(file) ? [{ label: imageLabel(t, entity, slot), file }] : [],
  );
  for (const [list, items] of Object.entries(imageLists ?? {})) {
    const files = (items ?? []).map((item) => item.file).filter(isPhoto);
    photos.push(...files.map((file, i) => ({ label: `${imageListLabel(t, entity, list)} ${i + 1}`, file })));
  }
  return photos;
}

/**
 * The photos the change was saved with, shown before it is saved again: they go with the save, and
 * the queue holds their only copy (read from the queue, drawn from object URLs revoked on close).
 */
function QueuedPhotos({ change, entity }: { change: QueuedChange; entity: EntityDefinition }) {
  const { t } = useTranslation();
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [index, setIndex] = useState<number | null>(null);
  useEffect(() => {
    let cancelled = false;
    let made: string[] = [];
    void queuedBody(change.key).then((body) => {
      if (cancelled || !(body instanceof FormData)) return;
      const found = photosOfForm(t, entity, body).map(({ label, file }) => ({
        label,
        name: file.name,
        src: URL.createObjectURL(file),
      }));
      made = found.map((photo) => photo.src);
      setPhotos(found);
    });
    return () => {
      cancelled = true;
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [change.key, entity, t]);
  if (photos.length === 0) return null;
  return (
    <section>
      <Title order={3} fz="md" mb="xs">
        {t('offline.queuedPhotos', { count: photos.length })}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {photos.map((photo, i) => (
          <PhotoThumbnail key={`${photo.label}:${i}`} photo={photo} onOpen={() => setIndex(i)} />
        ))}
      </SimpleGrid>
      <PhotoViewer photos={photos} index={index} onIndexChange={setIndex} />
    </section>
  );
}
