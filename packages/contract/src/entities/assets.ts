import { z } from 'zod';
import { fieldMessage } from '../messages.ts';
import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import { equalityFilters, op, resourceRoutes, route, searchSchema } from '../routes.ts';

/**
 * The asset master: the equipment that is inspected and the vocabularies that place it. Records
 * name each other by the codes people write (`pipe`, `P-101A`), kept true by the database
 * (`references`), so a sheet of equipment reads as the plant's own list.
 */
export const assetCode = {
  regex: /^[A-Za-z0-9][A-Za-z0-9 ._/()+-]{0,59}$/,
  message: fieldMessage('codeCharacters'),
};

/** A plant tag: a code, or a line number with its size in inches (`10"-P-1001-A1A`). */
export const tagPattern = {
  regex: /^[A-Za-z0-9][A-Za-z0-9 ._/()+"-]{0,59}$/,
  message: fieldMessage('tagCharacters'),
};

const code = (label: string) => f.text({ label, required: true, maxLength: 60, pattern: assetCode });

/** Equipment category: the class of equipment a technique's variants follow (pipe, storage tank…). */
export const equipmentCategory = defineEntity('equipmentCategory', {
  label: 'Equipment category',
  module: 'asset',
  fields: {
    code: code('Code'),
    name: f.text({ required: true, maxLength: 100 }),
    description: f.longText({ maxLength: 2000 }),
  },
  naturalKey: ['code'],
  represent: ['name'],
  search: ['code', 'name'],
  sort: { field: 'code', direction: 'asc' },
});

/** Object type: a kind of equipment within a category (centrifugal pump, process line). */
export const objectType = defineEntity('objectType', {
  label: 'Object type',
  module: 'asset',
  fields: {
    code: code('Code'),
    name: f.text({ required: true, maxLength: 100 }),
    categoryCode: f.text({
      label: 'Category',
      required: true,
      maxLength: 60,
      references: 'equipmentCategory',
    }),
  },
  naturalKey: ['code'],
  represent: ['name'],
  search: ['code', 'name'],
  sort: { field: 'code', direction: 'asc' },
});

/** Planner group: the maintenance planning team responsible for the equipment. */
export const plannerGroup = defineEntity('plannerGroup', {
  label: 'Planner group',
  module: 'asset',
  fields: {
    code: code('Code'),
    name: f.text({ required: true, maxLength: 100 }),
    plant: f.text({ maxLength: 60 }),
  },
  naturalKey: ['code'],
  represent: ['name'],
  search: ['code', 'name'],
  sort: { field: 'code', direction: 'asc' },
});

/** Functional location: where equipment is installed (unit, area, system). */
export const functionalLocation = defineEntity('functionalLocation', {
  label: 'Location',
  module: 'asset',
  fields: {
    code: code('Code'),
    name: f.text({ required: true, maxLength: 200 }),
    plant: f.text({ maxLength: 60 }),
  },
  naturalKey: ['code'],
  represent: ['name'],
  search: ['code', 'name'],
  sort: { field: 'code', direction: 'asc' },
});

/** A piece of equipment: its SAP equipment number, plant tag and where it sits in the master. */
export const equipment = defineEntity('equipment', {
  label: 'Equipment',
  module: 'asset',
  fields: {
    equipmentNo: f.text({ label: 'Equipment number', required: true, maxLength: 60, pattern: assetCode }),
    tagNumber: f.text({ label: 'Tag number', required: true, maxLength: 60, pattern: tagPattern }),
    description: f.text({ required: true, maxLength: 200 }),
    categoryCode: f.text({
      label: 'Category',
      required: true,
      maxLength: 60,
      references: 'equipmentCategory',
    }),
    objectTypeCode: f.text({
      label: 'Object type',
      required: true,
      maxLength: 60,
      references: 'objectType',
      // An equipment's object type is one of its category's: kept by the database, not by a check here.
      referenceScope: ['categoryCode'],
    }),
    locationCode: f.text({ label: 'Location', maxLength: 60, references: 'functionalLocation' }),
    plannerGroupCode: f.text({ label: 'Planner group', maxLength: 60, references: 'plannerGroup' }),
    manufacturer: f.text({ maxLength: 100 }),
    yearInstalled: f.year(),
  },
  naturalKey: ['equipmentNo'],
  unique: ['tagNumber'],
  represent: ['tagNumber', 'description'],
  search: ['equipmentNo', 'tagNumber', 'description'],
  sort: { field: 'equipmentNo', direction: 'asc' },
});

/** A point on a piece of equipment where readings are taken (TML, bearing, nozzle). */
export const inspectionPoint = defineEntity('inspectionPoint', {
  label: 'Inspection point',
  module: 'asset',
  fields: {
    equipmentId: f.ref('equipment', { label: 'Equipment', required: true }),
    pointCode: f.text({ label: 'Point', required: true, maxLength: 60, pattern: assetCode }),
    description: f.text({ maxLength: 200 }),
  },
  parent: 'equipmentId',
  naturalKey: ['equipmentId', 'pointCode'],
  represent: ['pointCode', 'description'],
  sort: { field: 'pointCode', direction: 'asc' },
});

/** Maintenance calls over one master list: paged list, create, get/update/delete by id, sheet. */
function masterRoutes<E extends Parameters<typeof resourceRoutes>[0], const P extends string>(
  entity: E,
  path: P,
  filters: Parameters<typeof resourceRoutes>[2]['filters'] = {},
) {
  const tag = 'Asset master';
  const many = `${entity.label.toLowerCase()} records`;
  return [
    ...resourceRoutes(entity, path, { tag, filters }),
    route('GET', `${path}/export`, op.exportSheet(entity, { filters }), {
      summary: `The ${many} as an .xlsx (filters as the list)`,
      tag,
    }),
    route('GET', `${path}/export/template`, op.exportSheet(entity, { template: true }), {
      summary: `An empty .xlsx to fill in with ${many}`,
      tag,
    }),
    route('POST', `${path}/import`, op.importSheet(entity), {
      summary: `Load ${many} from an .xlsx: all rows or none, per-row errors; the same file again updates`,
      tag,
    }),
  ];
}

const equipmentFilters = {
  category: { field: 'categoryCode', op: 'eq' },
  objectType: { field: 'objectTypeCode', op: 'eq' },
  location: { field: 'locationCode', op: 'eq' },
  plannerGroup: { field: 'plannerGroupCode', op: 'eq' },
} as const;

export const equipmentNumberSchema = z
  .object({
    equipmentNo: z.string(),
    tagNumber: z.string(),
    description: z.string(),
    objectTypeCode: z.string(),
  })
  .meta({ id: 'equipmentNumber' });

/**
 * Most rows a vocabulary call lists (categories, object types): the plant's own short lists (7 and
 * 24 seeded), never paged; past it, `meta.notShown` says how many more (docs/api-conventions.md).
 */
export const vocabularyCap = 1000;
/** Most inspection points one filter call lists (a drop-down's worth); `meta.notShown` says the rest. */
export const inspectionPointCap = 200;

export const categoryObjectTypesSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    objectTypes: z.array(z.object({ code: z.string(), name: z.string() })),
  })
  .meta({ id: 'categoryObjectTypes' });

export const categoryParams = z.object({
  category: z.string().trim().min(1, 'Name a category').max(60, 'category is at most 60 characters'),
});

export const inspectionPointFilterQuery = z.object({
  sapNumber: searchSchema,
  objectType: searchSchema,
});
export const inspectionPointOptionSchema = z
  .object({
    id: z.uuid(),
    pointCode: z.string(),
    description: z.string().nullable(),
    equipmentNo: z.string(),
    tagNumber: z.string(),
    objectTypeCode: z.string(),
  })
  .meta({ id: 'inspectionPointOption' });

const assetAccess = { module: 'asset', action: 'view' } as const;

export const assetRoutes = [
  ...masterRoutes(plannerGroup, '/asset/planner-groups'),
  ...masterRoutes(functionalLocation, '/asset/locations'),
  ...masterRoutes(equipmentCategory, '/asset/categories'),
  ...masterRoutes(objectType, '/asset/object-types', equalityFilters('categoryCode')),
  route('GET', '/asset/equipment-numbers', op.list(equipment, { filters: equipmentFilters }), {
    summary: 'Equipment numbers to pick from (search, category, object type; paged)',
    tag: 'Asset master',
  }),
  ...masterRoutes(equipment, '/asset', equipmentFilters),
  route('GET', '/asset/inspection-points', op.listByParent(inspectionPoint, 'equipmentId', { paged: true }), {
    summary: 'Inspection points of one piece of equipment (?equipmentId=)',
    tag: 'Asset master',
  }),
  route('POST', '/asset/inspection-points', op.create(inspectionPoint), {
    summary: 'Add an inspection point to a piece of equipment',
    tag: 'Asset master',
  }),
  route('PUT', '/asset/inspection-points/:id', op.update(inspectionPoint, 'path'), {
    summary: 'Update an inspection point',
    tag: 'Asset master',
  }),
  route('DELETE', '/asset/inspection-points/:id', op.delete(inspectionPoint, 'path'), {
    summary: 'Delete an inspection point',
    tag: 'Asset master',
  }),
  route(
    'GET',
    '/equipment-categories',
    op.action('asset.equipmentCategories', {
      response: z.array(equipmentCategory.schemas.response),
      capped: { data: vocabularyCap },
    }),
    { summary: 'Every equipment category (for choosing one)', tag: 'Asset master', access: assetAccess },
  ),
  route(
    'GET',
    '/category-object-type',
    op.action('asset.categoryObjectTypes', {
      response: z.array(categoryObjectTypesSchema),
      capped: { data: vocabularyCap, objectTypes: vocabularyCap },
    }),
    { summary: 'Each category with its object types', tag: 'Asset master', access: assetAccess },
  ),
  route(
    'GET',
    '/by-equipment-categories/:category',
    op.action('asset.objectTypesOfCategory', {
      params: categoryParams,
      response: z.array(objectType.schemas.response),
      capped: { data: vocabularyCap },
    }),
    { summary: 'The object types of one category (by its code)', tag: 'Asset master', access: assetAccess },
  ),
  route(
    'GET',
    '/inspection-point-equipment/for-filter',
    op.action('asset.inspectionPointsForFilter', {
      query: inspectionPointFilterQuery,
      response: z.array(inspectionPointOptionSchema),
      capped: { data: inspectionPointCap },
    }),
    {
      summary: `Inspection points to filter by (?sapNumber, ?objectType; at most ${inspectionPointCap})`,
      tag: 'Asset master',
      access: assetAccess,
    },
  ),
];
