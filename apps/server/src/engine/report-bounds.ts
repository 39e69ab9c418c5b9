import { reportHeader } from '@inspectra/contract';
import type { EntityDefinition, TechniqueDefinition } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { tableOf } from '../db/schema/index.ts';
import { childrenOf, reportTechniques } from './report-tree.ts';
import { unpagedLimit } from './records/unpaged.ts';

type Table = PgTable & Record<string, AnyPgColumn>;

/** A list of the report longer than the walk reads whole: its entity, technique and how many it holds. */
export type OversizedList = {
  technique: TechniqueDefinition;
  entity: EntityDefinition;
  /** The longest such list's rows, counted up to one past the limit. */
  found: number;
  limit: number;
};

/**
 * The lists of a report longer than the report of record can write as a version or print: the
 * walk (report-tree.ts) reads each list whole, at most `unpagedLimit` records, and refuses a longer
 * one, so such a report could be submitted and approved at every level but the last, never
 * written as its version. Judged at submission instead (docs/revisions-and-supersession.md). The
 * same lists as the walk, from the declarations: each entity hung off the report, then each entity
 * under those, per parent record. Each count stops one past the limit.
 */
export async function oversizedLists(db: DbOrTx, reportId: string): Promise<OversizedList[]> {
  const found: OversizedList[] = [];
  const over = unpagedLimit + 1;
  for (const technique of reportTechniques) {
    // Each list's entity with the SQL of its parents' ids (null: the report itself).
    const queue: [EntityDefinition, SQL | null][] = childrenOf(technique, reportHeader).map((e) => [e, null]);
    for (let i = 0; i < queue.length; i++) {
      const [entity, parentIds] = queue[i]!;
      const t = tableOf(entity) as unknown as Table;
      const key = t[entity.parent!]!;
      const parents =
        parentIds === null
          ? sql`select ${reportId}::uuid as parent`
          : sql`select p.id as parent from (${parentIds}) p(id)`;
      // The longest list of this entity under one parent record, counted up to one past the limit.
      const rows = await db.execute<{ n: number | null }>(
        sql`select max(c.n)::int as n from (${parents}) parents cross join lateral
          (select count(*)::int as n from (select 1 from ${t} where ${key} = parents.parent limit ${over}) l) c`,
      );
      const longest = Number(rows.rows[0]?.n ?? 0);
      if (longest > unpagedLimit) found.push({ technique, entity, found: longest, limit: unpagedLimit });
      // Nothing of it on the report: nothing under it either.
      if (longest === 0) continue;
      const ids =
        parentIds === null
          ? sql`select ${t.id!} from ${t} where ${key} = ${reportId}`
          : sql`select ${t.id!} from ${t} where ${key} in (${parentIds})`;
      for (const child of childrenOf(technique, entity)) queue.push([child, ids]);
    }
  }
  return found;
}
