import { imageMediaTypes, reportHeader } from '@inspectra/contract';
import type { EntityDefinition } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { attachments, tableOf } from '../db/schema/index.ts';
import { hasFiles } from './records/listed-images.ts';
import { childrenOf, reportTechniques } from './report-tree.ts';

type Table = PgTable & Record<string, AnyPgColumn>;

/** An image of a record under a report, as `reportImagesSql` selects it (snake_case columns). */
export type ReportImageRow = {
  id: string;
  display_name: string;
  media_type: string;
  slot: string;
  image_type: string | null;
  report_header_id: string;
  created_at: string;
};

/**
 * The images of one entity's records under the reports: the attachment joined to its record, the
 * record up its parents to the one that names the report.
 */
function imagesAlong(path: EntityDefinition[], reports: SQL): SQL {
  const tables = path.map((entity) => tableOf(entity) as unknown as Table);
  const parentKey = (k: number) => tables[k]![path[k]!.parent!]!;
  const up = path
    .slice(1)
    .map((_, k) => sql` join ${tables[k + 1]!} on ${tables[k + 1]!.id!} = ${parentKey(k)}`);
  const report = parentKey(path.length - 1);
  return sql`select ${attachments.id} as id, ${attachments.displayName} as display_name,
      ${attachments.mediaType} as media_type, ${attachments.slot} as slot, ${attachments.imageType} as image_type,
      ${report} as report_header_id, ${attachments.createdAt}::text as created_at
    from ${attachments} join ${tables[0]!} on ${attachments.ownerEntity} = ${path[0]!.name}
      and ${attachments.ownerId} = ${tables[0]!.id!}${sql.join(up)}
    where ${report} in (${reports})
      and ${attachments.mediaType} in (${sql.join(
        imageMediaTypes.map((type) => sql`${type}`),
        sql`, `,
      )})`;
}

/**
 * Each entity of a technique hung off the report that declares image slots or lists, with its
 * parents up to the one under the report ([entity, parent, …]), walked from the declarations as the
 * report tree walks them; once, on first use.
 */
let imagePaths: EntityDefinition[][] | undefined;
function reportImagePaths(): EntityDefinition[][] {
  if (imagePaths) return imagePaths;
  const paths: EntityDefinition[][] = [];
  const seen = new Set<string>();
  for (const technique of reportTechniques) {
    const queue: EntityDefinition[][] = childrenOf(technique, reportHeader).map((entity) => [entity]);
    for (let i = 0; i < queue.length; i++) {
      const path = queue[i]!;
      const entity = path[0]!;
      for (const child of childrenOf(technique, entity)) queue.push([child, ...path]);
      if (seen.has(entity.name) || !hasFiles(entity)) continue;
      seen.add(entity.name);
      paths.push(path);
    }
  }
  return (imagePaths = paths);
}

/**
 * The entities whose images `reportImagesSql` reads for a caller `mayView` describes, by name: what
 * its statement depends on besides the reports (a prepared statement's shape).
 */
export const reportImageEntities = (mayView: (entity: EntityDefinition) => boolean): string[] =>
  reportImagePaths().flatMap(([entity]) => (mayView(entity!) ? [entity!.name] : []));

/**
 * The images (JPEG, PNG, WebP, GIF; no documents or videos) of every record under some reports
 * (`reports`: a subquery of report ids), as one `union all` subquery of `ReportImageRow`s: each
 * entity of a technique hung off the report that declares image slots or lists, walked from the
 * declarations as the report tree walks them, joined up its parents to its report. Only entities
 * `mayView` lets through: downloading a file needs view permission on its record's module, so an
 * image the caller could not open is never offered. Undefined when no entity is left.
 *
 * Planned on indexes: each entity under the report by its parent's index, its children by theirs,
 * their files by `attachment (owner_entity, owner_id)`. Nothing here names a technique: a new one's
 * images join by its declaration.
 */
export function reportImagesSql(
  reports: SQL,
  mayView: (entity: EntityDefinition) => boolean,
): SQL | undefined {
  const branches = reportImagePaths()
    .filter(([entity]) => mayView(entity!))
    .map((path) => sql`(${imagesAlong(path, reports)})`);
  return branches.length > 0 ? sql.join(branches, sql` union all `) : undefined;
}
