import { deriveValue, listOfText } from '@inspectra/contract';
import type { Attachment, DerivedField, EntityDefinition } from '@inspectra/contract';
import { getTableColumns, is, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { tableOf } from '../../db/schema/index.ts';
import { attachmentsOf, isoTimestamp, readsThroughOf, readThroughFor } from './listed-images.ts';
import type { ListedAttachment } from './listed-images.ts';
import type { StoredRecord } from './read-shapes.ts';
import type { RecordTable } from './record-table.ts';

export function attachmentView(row: ListedAttachment): Attachment {
  return {
    id: row.id,
    slot: row.slot,
    imageType: row.imageType,
    category: row.category,
    position: row.position,
    displayName: row.displayName,
    mediaType: row.mediaType,
    size: row.size,
    url: `/api/files/${row.id}`,
    createdAt: typeof row.createdAt === 'string' ? row.createdAt : row.createdAt.toISOString(),
  };
}

const viewColumns = new WeakMap<RecordTable, Record<string, AnyPgColumn | SQL>>();

/**
 * A record's columns as a page read for views selects them (`readPage`'s `forView`): in the table's
 * order, each time (`timestamptz`) as ISO text (`isoTimestamp`), so it is neither parsed into a Date
 * by Drizzle nor written back to text by `recordView`.
 */
export function recordForView(repo: RecordTable): Record<string, AnyPgColumn | SQL> {
  let columns = viewColumns.get(repo);
  if (!columns) {
    columns = Object.fromEntries(
      Object.entries(getTableColumns(repo.table)).map(([key, column]) => [
        key,
        is(column, PgTimestamp) && column.withTimezone
          ? sql<string>`${column}`.mapWith(isoTimestamp)
          : column,
      ]),
    );
    viewColumns.set(repo, columns);
  }
  return columns;
}

/** What a record of one variant shows, worked out once per entity and variant. */
type VariantView = {
  /** The keys it does not show (the shared table has the columns of every variant). */
  hidden: ReadonlySet<string>;
  /** Its image slots and lists (a structure has no isometric). */
  slots: string[];
  lists: string[];
};

/** What building a view of an entity's records needs, worked out once per entity. */
type ViewPlan = {
  ofVariant: (variant: unknown) => VariantView;
  derived: [string, DerivedField][];
  /** Lists that travel as JSON text (`spotsJson`): returned as the text of the list. */
  textLists: string[];
  idAlias: string | undefined;
};

const plans = new WeakMap<EntityDefinition, ViewPlan>();

function viewPlan(entity: EntityDefinition): ViewPlan {
  let plan = plans.get(entity);
  if (plan) return plan;
  const byVariant = new Map<string | undefined, VariantView>();
  plan = {
    ofVariant: (value) => {
      const variant = entity.variants && typeof value === 'string' ? value : undefined;
      let view = byVariant.get(variant);
      if (!view) {
        const shown = entity.fieldsOf(variant);
        view = {
          hidden: new Set(Object.keys(entity.fields).filter((key) => !(key in shown))),
          slots: Object.keys(entity.imagesOf(variant)),
          lists: Object.keys(entity.imageListsOf(variant)),
        };
        byVariant.set(variant, view);
      }
      return view;
    },
    derived: Object.entries(entity.derived) as [string, DerivedField][],
    textLists: Object.entries(entity.fields)
      .filter(([, field]) => field.kind === 'json' && field.text)
      .map(([key]) => key),
    idAlias: entity.idAlias,
  };
  plans.set(entity, plan);
  return plan;
}

/**
 * The images of a page by record, grouped once per list of images: `recordView` is called once per
 * row with the whole page's images.
 */
const grouped = new WeakMap<readonly ListedAttachment[], Map<string, ListedAttachment[]>>();
const noImages: ListedAttachment[] = [];

function imagesOfRecord(all: readonly ListedAttachment[], id: string): ListedAttachment[] {
  if (all.length === 0) return noImages;
  let byOwner = grouped.get(all);
  if (!byOwner) {
    byOwner = new Map();
    for (const a of all) {
      const own = byOwner.get(a.ownerId);
      if (own) own.push(a);
      else byOwner.set(a.ownerId, [a]);
    }
    grouped.set(all, byOwner);
  }
  return byOwner.get(id) ?? noImages;
}

/**
 * A stored record as the API returns it: ISO dates, derived values, images by slot, id alias. Its
 * times may already be ISO text (a page read for views, `readPage`'s `forView`).
 */
export function recordView(
  entity: EntityDefinition,
  row: StoredRecord,
  rowAttachments: readonly ListedAttachment[] = noImages,
) {
  const plan = viewPlan(entity);
  const view: Record<string, unknown> = {};
  // A variant's record shows only that variant's fields and files.
  const { hidden, slots, lists } = plan.ofVariant(row.variant);
  for (const key in row) {
    if (hidden.has(key)) continue;
    const value = row[key];
    view[key] = value instanceof Date ? value.toISOString() : value;
  }
  // Derived values may read the record's parent (a finding judged against its inspection's
  // thickness): the row was read with those values, which the view does not show.
  const through = readsThroughOf(row);
  if ((entity.readsThrough.length > 0 || entity.readsSeries.length > 0) && !through)
    throw new Error(
      `${entity.name}: a view of a record needs what its derived values read through references`,
    );
  const input = through ? { ...view, ...through } : view;
  for (const [key, derived] of plan.derived) view[key] = deriveValue(derived, input) ?? null;
  for (const key of plan.textLists) if (key in view) view[key] = JSON.stringify(listOfText(view[key]));
  if (slots.length > 0 || lists.length > 0) {
    const own = imagesOfRecord(rowAttachments, row.id);
    for (const slot of slots) {
      const a = own.find((x) => x.slot === slot);
      view[slot] = a ? attachmentView(a) : null;
    }
    for (const list of lists) {
      view[list] = own
        .filter((x) => x.slot === list)
        .sort((a, b) => a.position - b.position)
        .map(attachmentView);
    }
  }
  if (plan.idAlias) view[plan.idAlias] = row.id;
  return view;
}

/** Views of several records, loading their attachments in one query. */
export async function recordViews(db: DbOrTx, entity: EntityDefinition, rows: StoredRecord[]) {
  const found = await attachmentsOf(
    db,
    entity,
    rows.map((r) => r.id),
  );
  if (entity.readsThrough.length > 0 || entity.readsSeries.length > 0)
    await readThroughFor(db, entity, tableOf(entity), rows);
  return rows.map((row) => recordView(entity, row, found));
}
