import type { EntityDefinition } from '@inspectra/contract';
import { getTableColumns, is, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { attachments } from '../../db/schema/index.ts';
import { derivedLaterals, derivedSql } from '../derived-sql.ts';
import { parentRefOf } from './list-query.ts';
import type { RecordTable } from './record-table.ts';

/**
 * A time as the API answers it (`Date.toISOString()`'s form, milliseconds cut as parsing cuts them):
 * `2026-11-26T21:07:00.825Z`.
 */
const isoText = (value: SQL) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One attachment as `attachmentView` answers it (views.ts), over `attachment` rows named `a`. */
const attachmentJson = sql`(select row_to_json(x) from (select ${sql.join(
  [
    sql`a.id as "id"`,
    sql`a.slot as "slot"`,
    sql`a.image_type as "imageType"`,
    sql`a.category as "category"`,
    sql`a.position as "position"`,
    sql`a.display_name as "displayName"`,
    sql`a.media_type as "mediaType"`,
    sql`a.size as "size"`,
    sql`'/api/files/' || a.id as "url"`,
    sql`${isoText(sql`a.created_at`)} as "createdAt"`,
  ],
  sql`, `,
)}) x)`;

const cache = new WeakMap<RecordTable, Map<string, SQL | null>>();

/**
 * A list's own values in a record's view, as the database builds them (a declared list's
 * `viewSql`): named by the list (`name`, which keeps its built view apart), each value in place of
 * the field of its key, or after the record's values where no field has it.
 */
export type OwnViewValues = {
  name: string;
  values: (row: Record<string, AnyPgColumn>) => Record<string, SQL>;
};

/**
 * A record's view (`recordView`, views.ts) built by the database, as JSON text: its columns (a
 * variant's own only), times as ISO text, derived values by their compiled SQL (derived-sql.ts, the
 * same the API computes per record, checked equal by the conformance walk), images by slot and
 * list, the id alias. A page read this way is neither parsed into objects nor stringified by the
 * server (docs/engine-performance.md, "The page built by the database"). Undefined where the view
 * needs JavaScript: a derived value computed by a function, a list of text carried as JSON text, a
 * read over every variant of an entity (each row shows its own variant's fields).
 *
 * For a list by parent (`byParent`), every row's parent is the one asked for: what the derived
 * values read through the parent (a UFD finding's inspection) is read by the parent's id, bound as
 * the list binds it, so the database reads the parent once for the page, not once per row.
 */
export function viewJsonSql(
  repo: RecordTable,
  variant: string | undefined,
  o: { byParent?: boolean; own?: OwnViewValues } = {},
): SQL | undefined {
  let byVariant = cache.get(repo);
  if (!byVariant) cache.set(repo, (byVariant = new Map()));
  const byParent = !!o.byParent && !!repo.entity.parent;
  const key = `${variant ?? ''}${byParent ? ':byParent' : ''}${o.own ? `:own:${o.own.name}` : ''}`;
  let built = byVariant.get(key);
  if (built === undefined) {
    built = buildViewJson(repo, variant, byParent, o.own) ?? null;
    byVariant.set(key, built);
  }
  return built ?? undefined;
}

function buildViewJson(
  repo: RecordTable,
  variant: string | undefined,
  byParent: boolean,
  own: OwnViewValues | undefined,
): SQL | undefined {
  const entity: EntityDefinition = repo.entity;
  if (entity.variants && !variant) return undefined;
  if (Object.values(entity.derived).some((d) => !d.expr)) return undefined;
  if (Object.values(entity.fields).some((f) => f.kind === 'json' && f.text)) return undefined;
  const shown = entity.fieldsOf(variant);
  const hidden = new Set(Object.keys(entity.fields).filter((k) => !(k in shown)));
  const named = (value: SQL, key: string) => sql`${value} as ${sql.identifier(key)}`;
  // The record's values by key, in the view's order: a list's own value takes its field's place.
  const byKey = new Map<string, SQL>();
  for (const [key, column] of Object.entries(getTableColumns(repo.table))) {
    if (hidden.has(key)) continue;
    const timed = is(column, PgTimestamp) && column.withTimezone;
    byKey.set(key, timed ? isoText(sql`${column}`) : sql`${column}`);
  }
  // Derived values that read through a reference (a UFD finding's result by its inspection's code
  // and thickness) are worked out over values read once per row (`derivedLaterals`): compiled in
  // place, each use read the referenced record again, two to four lookups a row. Read through the
  // parent's id rather than the row's column, the read names nothing of the row: PostgreSQL reads
  // it once for the statement (an InitPlan), as a hand-written page reads the parent once.
  const derivedKeys = Object.keys(entity.derived);
  const once =
    derivedKeys.length > 0 && entity.readsThrough.length > 0
      ? derivedLaterals(entity, derivedKeys, repo.table, {
          prefix: 'view_derived',
          refOf: parentRefOf(entity, byParent),
        })
      : undefined;
  for (const key of derivedKeys)
    byKey.set(key, once ? once.columns[key]! : derivedSql(entity, key, repo.table));
  const slots = Object.keys(entity.imagesOf(variant));
  const lists = Object.keys(entity.imageListsOf(variant));
  if (entity.idAlias) byKey.set(entity.idAlias, sql`${repo.column('id')}`);
  for (const [key, value] of Object.entries(own?.values(repo.columns) ?? {})) byKey.set(key, value);
  const values = [...byKey].map(([key, value]) => named(value, key));
  const record = sql`select ${sql.join(values, sql`, `)}${
    once && once.laterals.length > 0
      ? sql` from ${sql.join(once.laterals, sql` cross join lateral `)}`
      : sql``
  }`;
  if (slots.length === 0 && lists.length === 0) return sql`(select row_to_json(v)::text from (${record}) v)`;
  // Each row's attachments read once (the owner index), then picked by slot; their object's keys
  // spliced into the record's (both objects have keys, so the texts join at one comma).
  const order = sql`order by a.position, a.created_at`;
  const picked = [
    ...slots.map((slot) =>
      named(sql`(array_agg(${attachmentJson} ${order}) filter (where a.slot = ${slot}))[1]`, slot),
    ),
    ...lists.map((list) =>
      named(
        sql`coalesce(json_agg(${attachmentJson} ${order}) filter (where a.slot = ${list}), '[]'::json)`,
        list,
      ),
    ),
  ];
  return sql`(select left(row_to_json(v)::text, -1) || ',' || substr(row_to_json(f)::text, 2)
    from (${record}) v, (select ${sql.join(picked, sql`, `)} from ${attachments} a
      where a.owner_entity = ${entity.name} and a.owner_id = ${sql.identifier(entity.table)}.id) f)`;
}
