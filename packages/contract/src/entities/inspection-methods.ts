import { z } from 'zod';
import { defineEntity } from '../entity.ts';
import { f } from '../fields.ts';
import { op, resourceRoutes, route, searchSchema } from '../routes.ts';
import { assetCode } from './assets.ts';

/**
 * The inspection methods of the product (SPEC 1), by code: what every installation starts with. The
 * server inserts any of them missing at start and never changes one that exists, so an
 * administrator's name, description, categories or deactivation stay. A technique names the code its
 * reports are made by (`defineTechnique({ method })`, type-checked against this list); methods no
 * technique serves yet are here too, as planned work (a report of one has no screens of its own).
 * `name` is the English name; a technique serving the method takes it as its label. `shortCode` is
 * what a generated report number carries (`RPT-<work order>-MM-1`, not `…-MOTIONMAGNIFICATION-1`).
 */
export const inspectionMethodCatalogue = [
  {
    code: 'thermal',
    shortCode: 'TH',
    name: 'Thermal analysis',
    description:
      'Infrared thermography of electrical and mechanical equipment; severity by temperature rise (NETA MTS).',
    equipmentCategories: ['electrical', 'rotating-equipment', 'pressure-vessel', 'pipe'],
  },
  {
    code: 'vibration',
    shortCode: 'VIB',
    name: 'Vibration',
    description:
      'Vibration analysis of rotating machines, with flow-rate performance and Bently Nevada style reports.',
    equipmentCategories: ['rotating-equipment', 'pipe', 'structure'],
  },
  {
    code: 'ultrasound',
    shortCode: 'UT',
    name: 'Ultrasound',
    description: 'Airborne ultrasound for bearings, leaks and electrical discharge.',
    equipmentCategories: ['rotating-equipment', 'electrical', 'pipe'],
  },
  {
    code: 'vci',
    shortCode: 'VCI',
    name: 'Visual crack inspection',
    description: 'Visual inspection for cracks and defects along piping and pipelines.',
    equipmentCategories: ['pipe', 'pipeline'],
  },
  {
    code: 'flowrate',
    shortCode: 'FR',
    name: 'Flowrate',
    description: 'Flowrate inspection of lines and pumps.',
    equipmentCategories: ['pipe', 'rotating-equipment'],
  },
  {
    code: 'motionMagnification',
    shortCode: 'MM',
    name: 'Motion magnification',
    description: 'Video motion magnification of structural and piping deflection.',
    equipmentCategories: ['pipe', 'storage-tank', 'pressure-vessel'],
  },
  {
    code: 'srut',
    shortCode: 'SRUT',
    name: 'SRUT',
    description: 'Short-range ultrasonic testing of tank and vessel shells and annular plates.',
    equipmentCategories: ['storage-tank', 'pressure-vessel'],
  },
  {
    code: 'walkthrough',
    shortCode: 'WT',
    name: 'Walkthrough inspection',
    description: 'Walkthrough inspection of piping and pipelines with findings and photos.',
    equipmentCategories: ['pipe', 'pipeline'],
  },
  {
    code: 'ufd',
    shortCode: 'UFD',
    name: 'Ultrasonic flaw detection (UFD)',
    description: 'Ultrasonic flaw detection of welds and base metal.',
    equipmentCategories: ['pipe', 'pipeline', 'pressure-vessel'],
  },
  {
    code: 'sacp',
    shortCode: 'SACP',
    name: 'SACP (cathodic protection)',
    description: 'Cathodic protection potential surveys.',
    equipmentCategories: ['pipe', 'pipeline', 'structure'],
  },
  {
    code: 'paut',
    shortCode: 'PAUT',
    name: 'PAUT',
    description: 'Phased-array ultrasonic testing of welds and corrosion.',
    equipmentCategories: ['pipe', 'pipeline'],
  },
  {
    code: 'mcsa',
    shortCode: 'MCSA',
    name: 'MCSA',
    description: 'Motor current signature analysis of electric motors and their driven machines.',
    equipmentCategories: ['rotating-equipment', 'electrical'],
  },
  {
    code: 'lubeOil',
    shortCode: 'LO',
    name: 'Lube oil',
    description: 'Lube oil condition analysis.',
    equipmentCategories: ['rotating-equipment'],
  },
] as const satisfies readonly {
  code: string;
  shortCode: string;
  name: string;
  description: string;
  equipmentCategories: readonly string[];
}[];

/** The code of an inspection method of the product: what a technique's `method` may name. */
export type InspectionMethodCode = (typeof inspectionMethodCatalogue)[number]['code'];
export type CatalogueInspectionMethod = (typeof inspectionMethodCatalogue)[number];

/** The product's method with this code; undefined for a method an administrator added. */
export function catalogueMethod(code: string): CatalogueInspectionMethod | undefined {
  return inspectionMethodCatalogue.find((m) => m.code === code);
}

/**
 * The short code of a method in report numbers: the catalogue's, or for a method an administrator
 * added, its code's letters and digits upper-cased, at most 8 (`acousticEmission` → `ACOUSTIC`).
 */
export function methodShortCode(code: string): string {
  return (
    catalogueMethod(code)?.shortCode ??
    (code
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .slice(0, 8) ||
      'RPT')
  );
}

/**
 * An inspection method (thermal, VCI, UFD…), with the equipment categories it applies to. The
 * product's methods come from `inspectionMethodCatalogue`; an administrator may add more. A report
 * names its method by code, and the technique serving that code (`techniqueOfMethod`) gives it its
 * screens.
 */
export const inspectionMethod = defineEntity('inspectionMethod', {
  label: 'Inspection method',
  module: 'inspectionMethod',
  fields: {
    code: f.text({ label: 'Code', required: true, maxLength: 60, pattern: assetCode }),
    name: f.text({ required: true, maxLength: 100 }),
    description: f.longText({ maxLength: 2000 }),
    /** Codes of the equipment categories the method applies to. */
    equipmentCategories: f.json({
      label: 'Equipment categories',
      default: [] as never,
      itemsReference: 'equipmentCategory',
      schema: z
        .array(z.string().trim().min(1).max(60), { error: 'Use a list of category codes' })
        .max(50, 'At most 50 categories'),
    }),
    isActive: f.boolean({ label: 'Active', default: true }),
  },
  naturalKey: ['code'],
  represent: ['name'],
  search: ['code', 'name'],
  sort: { field: 'code', direction: 'asc' },
});

/**
 * Most methods one list of methods holds: the product has 13 techniques; a plant adds a few of its
 * own. Past it, `meta.notShown` says how many more (docs/api-conventions.md "Capped lists").
 */
export const methodListCap = 500;

export const inspectionMethodSummarySchema = z
  .object({
    code: z.string(),
    name: z.string(),
    /** Task assignments of the method on work orders not completed or cancelled. */
    openAssignments: z.number().int(),
    /** Reports of the method, by status (every status present, 0 when none). */
    reportsByStatus: z.record(z.string(), z.number().int()),
  })
  .meta({ id: 'inspectionMethodSummary' });
export type InspectionMethodSummary = z.infer<typeof inspectionMethodSummarySchema>;
export const inspectionMethodSummaryQuery = z.object({ search: searchSchema });

export const byObjectTypeQuery = z.object({
  objectType: z.string().trim().min(1, 'Name an object type').max(60, 'objectType is at most 60 characters'),
});

const access = { module: 'inspectionMethod', action: 'view' } as const;
const tag = 'Inspection methods';

export const inspectionMethodRoutes = [
  route(
    'GET',
    '/master-inspection-method/summary',
    op.action('inspectionMethod.summary', {
      query: inspectionMethodSummaryQuery,
      response: z.array(inspectionMethodSummarySchema),
      capped: { data: methodListCap },
    }),
    { summary: 'Per method: open assignments and reports by status', tag, access },
  ),
  route(
    'GET',
    '/master-inspection-method/get-by-object-type',
    op.action('inspectionMethod.byObjectType', {
      query: byObjectTypeQuery,
      response: z.array(inspectionMethod.schemas.response),
      capped: { data: methodListCap },
    }),
    { summary: "The active methods that apply to an object type's category", tag, access },
  ),
  route(
    'GET',
    '/master-inspection-method/all',
    op.action('inspectionMethod.all', {
      response: z.array(inspectionMethod.schemas.response),
      capped: { data: methodListCap },
    }),
    { summary: `Every inspection method, unpaged, at most ${methodListCap} (for choosing one)`, tag, access },
  ),
  ...resourceRoutes(inspectionMethod, '/master-inspection-method', { tag }),
];
