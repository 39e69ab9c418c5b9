import {
  categoryParams,
  equipment,
  equipmentCategory,
  inspectionPoint,
  inspectionPointCap,
  inspectionPointFilterQuery,
  objectType,
  vocabularyCap,
} from '@inspectra/contract';
import { and, asc, count, eq, getTableColumns } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { tableOf } from '../../db/schema/index.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { cappedRows, matchedRows, notShownMeta } from '../../engine/page-meta.ts';
import { recordView } from '../../engine/records.ts';
import type { StoredRecord } from '../../engine/records.ts';
import { AppError } from '../../errors.ts';
import { plantWide } from '../../engine/record-scope.ts';
import type { RecordScopes } from '../../engine/record-scope.ts';

const categories = tableOf(equipmentCategory);
const objectTypes = tableOf(objectType);
const equipmentTable = tableOf(equipment);
const points = tableOf(inspectionPoint);

const views = (entity: typeof equipmentCategory | typeof objectType, rows: unknown[]) =>
  rows.map((row) => recordView(entity, row as StoredRecord));

/** The asset master's lookups: categories, their object types, and inspection points to filter by. */
export const assetActions: Record<string, ActionHandler> = {
  'asset.equipmentCategories': async ({ deps }) => {
    const [rows, matched] = cappedRows(
      await deps.db
        .select({ ...getTableColumns(categories), matched: matchedRows() })
        .from(categories)
        .orderBy(asc(categories.code))
        .limit(vocabularyCap),
    );
    return { data: views(equipmentCategory, rows), meta: notShownMeta({ data: [rows.length, matched] }) };
  },

  /**
   * Each category with its object types, both by code: two statements, grouped here. Each list is
   * capped on its own: the object types counted are those of every category.
   */
  'asset.categoryObjectTypes': async ({ deps }) => {
    const [[found, categoriesMatched], [types, typesMatched]] = await Promise.all([
      deps.db
        .select({ code: categories.code, name: categories.name, matched: matchedRows() })
        .from(categories)
        .orderBy(asc(categories.code))
        .limit(vocabularyCap)
        .then(cappedRows),
      deps.db
        .select({
          code: objectTypes.code,
          name: objectTypes.name,
          categoryCode: objectTypes.categoryCode,
          matched: matchedRows(),
        })
        .from(objectTypes)
        .orderBy(asc(objectTypes.categoryCode), asc(objectTypes.code))
        .limit(vocabularyCap)
        .then(cappedRows),
    ]);
    const data = found.map((category) => ({
      code: category.code,
      name: category.name,
      objectTypes: types
        .filter((t) => t.categoryCode === category.code)
        .map(({ code, name }) => ({ code, name })),
    }));
    const typesShown = data.reduce((sum, category) => sum + category.objectTypes.length, 0);
    return {
      data,
      meta: notShownMeta({
        data: [found.length, categoriesMatched],
        objectTypes: [typesShown, typesMatched],
      }),
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
    const [rows, matched] = cappedRows(
      await deps.db
        .select({ ...getTableColumns(objectTypes), matched: matchedRows() })
        .from(objectTypes)
        .where(eq(objectTypes.categoryCode, category.code as string))
        .orderBy(asc(objectTypes.code))
        .limit(vocabularyCap),
    );
    return { data: views(objectType, rows), meta: notShownMeta({ data: [rows.length, matched] }) };
  }),

  /**
   * Inspection points with their equipment, to filter readings by: of one equipment number
   * (`sapNumber`, exact) and/or of one object type, in equipment then point order, capped. The
   * plant's points are counted apart, off the points alone when nothing narrows them (every point
   * has its equipment): counting inside the read would join and sort all of them (60,000 points:
   * 320 ms against 15 ms at the bench's scale 1, under a load of 10).
   */
  'asset.inspectionPointsForFilter': typedAction(
    { query: inspectionPointFilterQuery },
    async ({ query, deps }) => {
      const conditions: SQL[] = [];
      if (query.sapNumber) conditions.push(eq(equipmentTable.equipmentNo, query.sapNumber));
      if (query.objectType) conditions.push(eq(equipmentTable.objectTypeCode, query.objectType));
      const counted = deps.db.select({ n: count() }).from(points);
      const [rows, [matched]] = await Promise.all([
        deps.db
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
          .limit(inspectionPointCap),
        conditions.length === 0
          ? counted
          : counted
              .innerJoin(equipmentTable, eq(points.equipmentId, equipmentTable.id))
              .where(and(...conditions)),
      ]);
      return { data: rows, meta: notShownMeta({ data: [rows.length, matched?.n ?? 0] }) };
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
