import { z } from 'zod';
import { fieldMessage } from '../messages.ts';
import { defineEntity } from '../entity.ts';
import { f, fieldValueSchema } from '../fields.ts';
import {
  defaultPageSize,
  equalityFilters,
  op,
  pageNumberSchema,
  pageSizeSchema,
  route,
  searchSchema,
} from '../routes.ts';
import { defineTechnique } from '../technique.ts';
import { ndtId } from './ndt.id.ts';

/**
 * A stored drawing's name: letters, digits, spaces and `._()+-`, starting with a letter or digit,
 * never `..`. What a download names in its path is checked against this before anything is looked
 * up, so no path, separator, encoded slash or NUL ever reaches a lookup (docs/techniques.md).
 */
export const safeFileName = {
  regex: /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9 ._()+-]{0,199}$/,
  message: fieldMessage('fileNameCharacters'),
};

/**
 * A piece of equipment inspected by NDT, by its equipment number (SAP number): one of the asset
 * master's, picked from it (the form fills its tag, description and object type from the master),
 * never a number the master does not know. The database keeps it so with a foreign key added NOT
 * VALID (migration 0031): rows written before the register named the master stay as they are.
 */
export const ndtEquipment = defineEntity('ndtEquipment', {
  label: 'NDT equipment',
  module: 'ndt',
  fields: {
    equipmentNo: f.text({
      label: 'Equipment number',
      required: true,
      maxLength: 100,
      pattern: safeFileName,
      references: 'equipment',
      referenceFills: { tagNumber: 'tagNumber', description: 'description', objectType: 'objectTypeCode' },
    }),
    tagNumber: f.text({ maxLength: 100 }),
    description: f.text(),
    objectType: f.text({ maxLength: 100 }),
    location: f.text(),
  },
  naturalKey: ['equipmentNo'],
  represent: ['equipmentNo', 'description'],
  search: ['equipmentNo', 'tagNumber', 'description'],
  sort: { field: 'equipmentNo', direction: 'asc' },
});

/** An isometric (or other engineering) drawing of a piece of equipment, downloaded by its file name. */
export const ndtIsometric = defineEntity('ndtIsometric', {
  label: 'Isometric drawing',
  module: 'ndt',
  fields: {
    ndtEquipmentId: f.ref('ndtEquipment', { label: 'Equipment', required: true }),
    fileName: f.text({ required: true, maxLength: 200, pattern: safeFileName }),
    drawingNumber: f.text({ maxLength: 100 }),
    revision: f.text({ maxLength: 20 }),
  },
  parent: 'ndtEquipmentId',
  unique: ['fileName'],
  sort: { field: 'fileName', direction: 'asc' },
  images: { drawing: f.file({ label: 'Drawing', accepts: 'drawing', required: true }) },
});

/** The last inspection of a piece of equipment by one method, from its reports. */
export const ndtHistoryEntrySchema = z.object({
  inspectionMethod: z.string(),
  reportHeaderId: z.uuid(),
  reportNumber: z.string(),
  status: z.string(),
  /** When the inspection was done (completed, else started, else reported). */
  date: z.string().nullable(),
  reportCount: z.number().int(),
  /** The worst finding of that report where its technique grades findings, else null. */
  worstFinding: z.string().nullable(),
});

export type NdtHistoryEntry = z.infer<typeof ndtHistoryEntrySchema>;

/** One row of the NDT equipment list: the equipment, its drawings count and its NDT history. */
export const ndtEquipmentListItemSchema = ndtEquipment.schemas.response
  .extend({ isometricCount: z.number().int(), history: z.array(ndtHistoryEntrySchema) })
  .meta({ id: 'ndtEquipmentListItem' });
export type NdtEquipmentListItem = z.infer<typeof ndtEquipmentListItemSchema>;

export const ndtListQuery = z.object({
  pageNumber: pageNumberSchema,
  pageSize: pageSizeSchema,
  search: searchSchema,
  /** The technique (inspection method) the equipment was inspected by. */
  inspectionMethodId: z.string().trim().max(100).optional(),
  equipmentNo: z.string().trim().max(100).optional(),
  objectType: z.string().trim().max(100).optional(),
  /** Only equipment changed (or newly inspected) on or after this date. */
  dateUpdate: z.iso.date({ error: 'dateUpdate must be a date (YYYY-MM-DD)' }).optional(),
});

export const ndtEquipmentParams = z.object({
  equipmentNo: fieldValueSchema(ndtEquipment.fields.equipmentNo) as z.ZodType<string>,
});
export const ndtDownloadQuery = z.object({ equipmentNo: ndtEquipmentParams.shape.equipmentNo.optional() });
export const ndtFileParams = z.object({
  fileName: fieldValueSchema(ndtIsometric.fields.fileName) as z.ZodType<string>,
});
const tag = 'NDT equipment';
const view = { module: 'ndt', action: 'view' } as const;

/** `GET /equipment-isometric`: drawings of one equipment number, or of all, a page at a time. */
export const equipmentIsometricQuery = z.object({
  pageNumber: pageNumberSchema,
  pageSize: pageSizeSchema,
  equipmentNo: ndtEquipmentParams.shape.equipmentNo.optional(),
});
/** A drawing with the equipment number it belongs to. */
export const equipmentIsometricSchema = ndtIsometric.schemas.response
  .extend({ equipmentNo: z.string() })
  .meta({ id: 'equipmentIsometric' });

export const ndtRoutes = [
  route(
    'GET',
    '/ndt-equipment-list',
    op.action('ndt.list', {
      query: ndtListQuery,
      response: z.array(ndtEquipmentListItemSchema),
      paged: true,
    }),
    {
      summary: `NDT equipment with its last inspection per method (paged, ${defaultPageSize} by default)`,
      tag,
      access: view,
    },
  ),
  route('POST', '/ndt-equipment-list', op.create(ndtEquipment), {
    summary: 'Add equipment to the NDT list',
    tag,
  }),
  route(
    'GET',
    '/ndt-equipment-list/export',
    op.exportSheet(ndtEquipment, { filters: equalityFilters('objectType') }),
    {
      summary: 'The NDT equipment list as an .xlsx',
      tag,
    },
  ),
  route('GET', '/ndt-equipment-list/export/template', op.exportSheet(ndtEquipment, { template: true }), {
    summary: 'An empty NDT equipment sheet to fill in (.xlsx)',
    tag,
  }),
  route('POST', '/ndt-equipment-list/import', op.importSheet(ndtEquipment), {
    summary: 'Load equipment from an .xlsx (multipart file): all rows or none, matched by equipment number',
    tag,
  }),
  route('POST', '/ndt-equipment-list/upsert', op.upsert(ndtEquipment), {
    summary: 'Add equipment, or change the one with the same equipment number',
    tag,
  }),
  route('PUT', '/ndt-equipment-list/:id', op.update(ndtEquipment, 'path'), {
    summary: 'Change NDT equipment',
    tag,
  }),
  route('DELETE', '/ndt-equipment-list/:id', op.delete(ndtEquipment, 'path'), {
    summary: 'Remove equipment without drawings from the NDT list',
    tag,
  }),
  route(
    'GET',
    '/ndt-equipment-list/isometrics/:equipmentNo',
    op.action('ndt.isometrics', {
      params: ndtEquipmentParams,
      response: z.array(ndtIsometric.schemas.response),
    }),
    { summary: 'The isometric drawings of a piece of equipment', tag, access: view },
  ),
  route(
    'GET',
    '/ndt-equipment-list/isometrics/download/:fileName',
    op.action('ndt.downloadIsometric', {
      params: ndtFileParams,
      query: ndtDownloadQuery,
      response: z.unknown(),
    }),
    {
      summary: 'Download an isometric by file name (?equipmentNo= limits it to that equipment)',
      tag,
      access: view,
    },
  ),
  route(
    'GET',
    '/equipment-isometric',
    op.action('ndt.equipmentIsometrics', {
      query: equipmentIsometricQuery,
      response: z.array(equipmentIsometricSchema),
      paged: true,
    }),
    {
      summary: 'Isometric drawings with their equipment number (?equipmentNo= for one equipment; paged)',
      tag,
      access: view,
    },
  ),
  route('POST', '/ndt-equipment-list/isometrics', op.create(ndtIsometric, 'multipart'), {
    summary: 'Upload an isometric drawing of a piece of equipment (multipart)',
    tag,
  }),
  route('DELETE', '/ndt-equipment-list/isometrics', op.delete(ndtIsometric, 'query'), {
    summary: 'Remove an isometric drawing (?id=)',
    tag,
  }),
];

/** The NDT equipment register and its drawings: a list of its own, not a card on a report. */
export const ndt = defineTechnique({
  module: 'ndt',
  labelsId: ndtId,
  label: 'NDT equipment',
  description: 'Equipment inspected by NDT, its last inspection per method and its isometric drawings.',
  slug: 'ndt',
  icon: 'drawing',
  color: 'blue',
  entities: [ndtEquipment, ndtIsometric],
  routes: ndtRoutes,
  reportCard: false,
});
