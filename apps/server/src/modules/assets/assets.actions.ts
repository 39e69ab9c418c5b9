import {
  categoryParams,
  equipment,
  equipmentCategory,
  inspectionPoint,
  inspectionPointFilterQuery,
  objectType,
} from '@inspectra/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { tableOf } from '../../db/schema/index.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { recordView } from '../../engine/records.ts';
import type { StoredRecord } from '../../engine/records.ts';
import { AppError } from '../../errors.ts';
import { plantWide } from '../../engine/record-scope.ts';
import type { RecordScopes } from '../../engine/record-scope.ts';

const categories = tableOf(equipmentCategory);
const objectTypes = tableOf(objectType);
const equipmentTable = tableOf(equipment);
const points = tableOf(inspectionPoint);

/**
 * Most rows a vocabulary call returns. Categories and object types are the plant's own short lists
 * (7 and 24 seeded); the bound keeps a call that is never paged from growing without limit.
 */
export const vocabularyBound = 1000;
/** Most inspection points one filter call returns (a drop-down's worth). */
export const inspectionPointBound = 200;

const views = (entity: typeof equipmentCategory | typeof objectType, rows: unknown[]) =>
  rows.map((row) => recordView(entity, row as StoredRecord));

/** The asset master's lookups: categories, their object types, and inspection points to filter by. */
export const assetActions: Record<string, ActionHandler> = {
  'asset.equipmentCategories': async ({ deps }) => {
    const rows = await deps.db.select().from(categories).orderBy(asc(categories.code)).limit(vocabularyBound);
    return { data: views(equipmentCategory, rows) };
  },

  /** Each category with its object types, both by code: two statements, grouped here. */
  'asset.categoryObjectTypes': async ({ deps }) => {
    const [found, types] = await Promise.all([
      deps.db
        .select({ code: categories.code, name: categories.name })
        .from(categories)
        .orderBy(asc(categories.code))
        .limit(vocabularyBound),
      deps.db
        .select({ code: objectTypes.code, name: objectTypes.name, categoryCode: objectTypes.categoryCode })
        .from(objectTypes)
        .orderBy(asc(objectTypes.categoryCode), asc(objectTypes.code))
        .limit(vocabularyBound),
    ]);
    return {
      data: found.map((category) => ({
        code: category.code,
        name: category.name,
        objectTypes: types
          .filter((t) => t.categoryCode === category.code)
          .map(({ code, name }) => ({ code, name })),
      })),
    };
  },

  /** The object types of one category, read off the (category, code) index; an unknown category is a 404. */
  'asset.objectTypesOfCategory': typedAction({ params: categoryParams }, async ({ params, deps }) => {
    const [category] = await deps.db
      .select({ code: categories.code })
      .from(categories)
      .where(eq(categories.code, params.category))
      .limit(1);
    if (!category) throw new AppError('NOT_FOUND', `No equipment category has the code ${params.category}`);
    const rows = await deps.db
      .select()
      .from(objectTypes)
      .where(eq(objectTypes.categoryCode, category.code as string))
      .orderBy(asc(objectTypes.code))
      .limit(vocabularyBound);
    return { data: views(objectType, rows) };
  }),

  /**
   * Inspection points with their equipment, to filter readings by: of one equipment number
   * (`sapNumber`, exact) and/or of one object type, in equipment then point order, bounded.
   */
  'asset.inspectionPointsForFilter': typedAction(
    { query: inspectionPointFilterQuery },
    async ({ query, deps }) => {
      const conditions: SQL[] = [];
      if (query.sapNumber) conditions.push(eq(equipmentTable.equipmentNo, query.sapNumber));
      if (query.objectType) conditions.push(eq(equipmentTable.objectTypeCode, query.objectType));
      const rows = await deps.db
        .select({
          id: points.id,
          pointCode: points.pointCode,
          description: points.description,
          equipmentNo: equipmentTable.equipmentNo,
          tagNumber: equipmentTable.tagNumber,
          objectTypeCode: equipmentTable.objectTypeCode,
        })
        .from(equipmentTable)
        .innerJoin(points, eq(points.equipmentId, equipmentTable.id))
        .where(and(...conditions))
        .orderBy(asc(equipmentTable.equipmentNo), asc(points.pointCode), asc(points.id))
        .limit(inspectionPointBound);
      return { data: rows };
    },
  ),
};

/**
 * The asset master names the plant's equipment and locations for every company's work orders and
 * reports (docs/company-scoping.md): read by all, kept by the owner's staff. Inspection points
 * follow their equipment.
 */
export const assetScopes: RecordScopes = Object.fromEntries(
  ['equipmentCategory', 'objectType', 'plannerGroup', 'functionalLocation', 'equipment'].map((name) => [
    name,
    plantWide('the asset master: the plant names its equipment and locations once, for every company'),
  ]),
);
