import { evaluate, fieldsRead, isUuid, readThrough } from '@inspectra/contract';
import type { Attachment, EntityDefinition, Envelope, RouteDefinition } from '@inspectra/contract';
import { fillPath, queryEntries, routeBody } from '../../api/payload.ts';
import { readerName } from '../entity-labels.ts';
import type { ImageListItem, PayloadInput } from '../../api/payload.ts';
import { queuedFileOf } from '../device-photos.ts';
import { newChangeKey } from './change-queue.ts';
import { queuedFilesShown } from './queued-files.ts';
import { creatorsOf, lastChangeOf, queueChange, queuedFile, versionAfter } from './sync-runner.ts';

/** What a queued write answers the screen in place of the server's envelope. */
export type QueuedEnvelope<T> = Envelope<T> & { queued: true };

/**
 * A record's create or update made without the server (docs/offline-capture.md, part 4): put into
 * the signed-in user's queue as the same request `callRoute` would send (JSON, or the multipart form
 * with its photos), to be sent when the server answers. A create gets its id here, made on the device
 * (part 2), so what is recorded under it later points at it; an update carries the version it was
 * made from, as online. A change naming a record still waiting to be created is sent after it.
 * Answers the record as the device knows it (the values, the id, the version), marked `queued`.
 */
export async function queueWrite<T>(
  route: RouteDefinition,
  o: {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: PayloadInput | Record<string, unknown>;
    label?: string;
    /** A create: the query-key prefixes of the lists that show it until it is synced. */
    lists?: unknown[][];
    /** The `Idempotency-Key` a try online already went out under (no answer came back). */
    key?: string;
  },
): Promise<QueuedEnvelope<T>> {
  const given = o.body ?? {};
  const input: PayloadInput = await withQueuedImagesAsFiles(
    typeof given.values === 'object' && given.values !== null
      ? (given as PayloadInput)
      : { values: given as Record<string, unknown> },
  );
  const created = route.operation.kind === 'create';
  const id = created ? (isUuid(input.values.id) ? input.values.id : newChangeKey()) : undefined;
  const recordId = id ?? [input.previous?.id, o.params?.id, o.query?.id, input.values.id].find(isUuid);
  // A record already changed in the queue (or made there): this update goes out after that change,
  // with the version that change will have moved it to, not the version the screen read (which the
  // screens keep until the sync: docs/offline-capture.md), else the sync meets its own conflict.
  const earlier = !created && recordId ? await lastChangeOf(recordId) : undefined;
  const chained = route.operation.kind === 'update' ? versionAfter(earlier) : undefined;
  const sent: PayloadInput = created
    ? { ...input, values: { ...input.values, id } }
    : chained !== undefined
      ? { ...input, values: { ...input.values, version: chained } }
      : input;
  const body = routeBody(route, sent);
  const search = new URLSearchParams(queryEntries(o.query)).toString();
  const path = fillPath(route.path, o.params) + (search ? `?${search}` : '');
  const named = [
    ...Object.values(sent.values),
    ...Object.values(o.params ?? {}),
    ...Object.values(o.query ?? {}),
  ].filter((value): value is string => isUuid(value) && value !== id);
  // The values the screens show until the sync: as sent (a form's text as the form gave it), its
  // photos as references to their queued bytes, the version as read (the record keeps the one its
  // change goes out with).
  const asSent = body instanceof FormData ? input.values : (body as Record<string, unknown>);
  const { version: _, ...sentValues } = Object.fromEntries(
    Object.entries(asSent).filter(([, value]) => !(value instanceof Blob)),
  );
  // Made here rather than by the queue: the photos shown until the sync name the change's bytes.
  const key = o.key ?? newChangeKey();
  const entity = (route.operation as { entity?: EntityDefinition }).entity;
  // Its name as the record reads with the change (a tag typed offline, or kept from the read).
  const name = entity ? readerName(entity, { ...(input.previous ?? {}), ...sentValues }) : undefined;
  const values = {
    ...sentValues,
    ...(entity ? derivedOnDevice(entity, { ...(input.previous ?? {}), ...sentValues }) : {}),
    ...(entity ? queuedFilesShown(entity, key, body, input, new Date().toISOString()) : {}),
  };
  const dependsOn = await creatorsOf(named);
  if (earlier && !dependsOn.includes(earlier.key)) dependsOn.push(earlier.key);
  await queueChange({
    method: route.method as 'POST' | 'PUT',
    path,
    body,
    dependsOn,
    label: o.label,
    ...(name ? { name } : {}),
    key,
    ...(o.key ? { tried: true } : {}),
    // The record as read: the base of the comparison should the server hold a newer version by
    // the time the change is sent (`QueuedChange.base`).
    ...(!created && input.previous ? { base: input.previous } : {}),
    ...(recordId
      ? { shows: { id: recordId, values, ...(created && o.lists ? { lists: o.lists } : {}) } }
      : {}),
  });
  const record = { ...(input.previous ?? {}), ...asSent, ...(id ? { id } : {}) };
  return { data: record as T, statusCode: created ? 201 : 200, message: '', queued: true };
}

/**
 * An image list edited again offline before the sync keeps images an earlier queued change sends
 * (a record made offline with its photos): their ids name bytes in the queue (`queued-file:…`),
 * not images the server stores, and the server would refuse the list. They go again as files of
 * this change, with their type and caption, so the server gets the list as the user left it (the
 * store keeps identical bytes once). An image whose change has left the queue meanwhile is left as
 * it was (the screen then held the server's ids).
 */
async function withQueuedImagesAsFiles(input: PayloadInput): Promise<PayloadInput> {
  if (!input.imageLists) return input;
  const imageLists: NonNullable<PayloadInput['imageLists']> = {};
  for (const [list, items] of Object.entries(input.imageLists)) {
    const before = Array.isArray(input.previous?.[list]) ? (input.previous[list] as Attachment[]) : [];
    imageLists[list] =
      items &&
      (await Promise.all(
        items.map(async (item): Promise<ImageListItem> => {
          const ref = item.id && !item.file ? queuedFileOf(item.id) : undefined;
          const blob = ref && (await queuedFile(ref.key, ref.file));
          if (!blob) return item;
          const { id: _, ...described } = item;
          const name = before.find((image) => image.id === item.id)?.displayName ?? `${list}.jpg`;
          return { ...described, file: new File([blob], name, { type: blob.type }) };
        }),
      ));
  }
  return { ...input, imageLists };
}

/**
 * The derived values a change makes certain, worked out on the device as the server will (a row's
 * ΔT and its verdict), so the screens show them until the sync rather than as last read (or none,
 * for a record made offline). Only those computed from the record's own fields by a declared
 * expression: one that reads through a reference, or the series' other readings, needs the server,
 * and stays as read.
 */
function derivedOnDevice(entity: EntityDefinition, record: Record<string, unknown>): Record<string, unknown> {
  const worked: Record<string, unknown> = {};
  for (const [key, derived] of Object.entries(entity.derived)) {
    if (!derived.expr) continue;
    const read = fieldsRead(derived.expr);
    const keys = [...read.numbers, ...read.words, ...read.dates, ...read.lists.map((l) => l.key)];
    if (read.series.length > 0 || keys.some((k) => readThrough(k) || !(k in entity.fields))) continue;
    try {
      worked[key] = evaluate(derived.expr, record);
    } catch {
      // A value the expression cannot read (a form's text where a number goes): left as read.
    }
  }
  return worked;
}
