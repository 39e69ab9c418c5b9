import { declareVerdictPair } from './entity.ts';
import type { EntityDefinition } from './entity.ts';
import { catalogueMethod } from './entities/inspection-methods.ts';
import type { InspectionMethodCode } from './entities/inspection-methods.ts';
import type { RouteDefinition } from './routes.ts';
import { checkRowTemplate } from './row-templates.ts';
import type { RowTemplate } from './row-templates.ts';
import { seriesChain, seriesTimeField } from './series.ts';
import type { OpenedFinding } from './finding-severity.ts';

/** Icons a technique's card may show; the web maps each to a drawing, so a new one is a type error there. */
export const techniqueIcons = [
  'temperature',
  'crack',
  'walk',
  'document',
  'drawing',
  'ultrasound',
  'potential',
  'motion',
  'vibration',
  'motor',
  'oil',
] as const;
export type TechniqueIcon = (typeof techniqueIcons)[number];

/**
 * What a report of the technique's method must hold before it may be submitted for approval
 * (docs/report-status.md "Completeness"): checked by the server when the report is submitted and
 * shown to the inspector before. A technique serving a method declares it; a method no technique
 * serves yet needs what `undeclaredMethodCompleteness` says.
 */
export type TechniqueCompleteness = {
  /**
   * At least this many *recorded* rows under the technique's inspections on the report (a
   * measurement, a finding). A row is recorded when it holds a value in one of `recordedBy` (fields
   * of the rows); without it, a row a template starts counts once a measured value the template left
   * blank is filled, and any other row counts by existing (completeness.ts `recordedFields`).
   */
  rows?: { min: number; recordedBy?: readonly string[] };
  /**
   * At least this many of the technique's inspections on the report: for a technique whose
   * inspections hold no rows (an MCSA test is the record itself).
   */
  inspections?: { min: number };
};

/**
 * How the web builds a technique's workspace under a report: the inspection record (one per report
 * and variant, or several) and the rows recorded under it.
 */
export type TechniqueWorkspace = {
  inspection: EntityDefinition;
  /** The inspection's main rows: the ones graded (`findingGrade`), counted and required (`complete`). */
  rows?: EntityDefinition;
  /**
   * The variants whose inspections hold the main rows, all when absent (flowrate: the rotating
   * equipment's attempts; a pipe's inspection holds its measurements in a list instead). An
   * inspection of another variant is judged complete by the lists limited to its variant.
   */
  rowsVariants?: readonly string[];
  /** The rows drawn as a profile under their table (SACP's potentials along the line). */
  profile?: RowsProfile;
  /**
   * Other kinds of row under the same inspection, each shown after the main rows in its own panel
   * (SRUT's general views beside its indications), in this order.
   */
  lists?: readonly WorkspaceList[];
};

/** Another kind of row under an inspection: its entity, and how the workspace shows it. */
export type WorkspaceList = {
  /** An entity of the technique whose parent is the workspace's inspection. */
  entity: EntityDefinition;
  /** The variants whose inspections hold it (all when absent). */
  variants?: readonly string[];
  /**
   * Shown as a gallery of its image (a slot of the entity), grouped under the values of an
   * enumerated field (`groupBy`), each picture captioned by a text field (`caption`); a table
   * when absent.
   */
  gallery?: WorkspaceGallery;
};

/** A list shown as its pictures: an image slot, grouped by an enumerated field, captioned by a field. */
export type WorkspaceGallery = { image: string; groupBy: string; caption: string };

/**
 * A gallery's rows grouped as every screen and the PDF show them: under each value of the grouping
 * field in its declared order, then those without one (or with an undeclared one) under ''; groups
 * without rows left out.
 */
export function galleryGroups<R>(
  entity: EntityDefinition,
  gallery: WorkspaceGallery,
  rows: readonly R[],
  valueOf: (row: R, key: string) => unknown,
): { value: string; rows: R[] }[] {
  const field = entity.fields[gallery.groupBy];
  const values: string[] = field?.kind === 'enum' ? [...field.values] : [];
  const groupOf = (row: R) => {
    const value = String(valueOf(row, gallery.groupBy) ?? '');
    return values.includes(value) ? value : '';
  };
  return [...values, ''].flatMap((value) => {
    const held = rows.filter((row) => groupOf(row) === value);
    return held.length > 0 ? [{ value, rows: held }] : [];
  });
}

/**
 * An inspection's rows as a chart: number fields (`series`) along another (`x`, a distance), with
 * the limits of the evaluation drawn across, so a reader sees where along the line a value leaves
 * its band. The workspace draws it; a table of the same values is the rows table above it.
 */
export type RowsProfile = {
  /** A number field of the rows along the horizontal axis, ascending (a kilometre post). */
  x: string;
  /** Number fields of the rows, one line each. */
  series: readonly [string, ...string[]];
  /**
   * Limits drawn across, by the value of an enumerated field of the rows (the reference electrode):
   * drawn when every row drawn has the same value. Each names the grade beyond it (`level`, one of
   * the technique's finding grades) and which side that is.
   */
  limits?: {
    by: string;
    cases: Readonly<Record<string, readonly { value: number; level: string; beyond: 'above' | 'below' }[]>>;
  };
  /** The variants whose rows have the fields (all when absent). */
  variants?: readonly string[];
};

/** Which value of a technique's records is a wall thickness in mm (`thicknessSource`). */
export type ThicknessSource = { entity: EntityDefinition; field: string };

type TechniqueBase<M extends string, R extends readonly RouteDefinition[]> = {
  /** Permission module of every route of the technique. */
  module: M;
  /** One sentence on the report page's card. */
  description: string;
  /** Path segment of its screens under a report: `/reports/{id}/{slug}`. */
  slug: string;
  icon: TechniqueIcon;
  /** Mantine colour of its card. */
  color: string;
  /** Parents first or not: the catalogue orders them. */
  entities: EntityDefinition[];
  routes: R;
  /** The generated screens (a technique's own parts plug into them on the web); absent for a list elsewhere. */
  workspace?: TechniqueWorkspace;
  /** Shown on the report page as a card (inspection techniques); false for report-wide lists. */
  reportCard?: boolean;
  /**
   * How the technique grades its findings: a field of its graded records (`gradedEntity`: its rows,
   * or its inspection when that holds no rows, an MCSA test), stored or derived (thermal's
   * severity, from ΔT), and its levels, least severe first. The worst finding of a report (NDT
   * history, report card, approvals queue, PDF) is read from it.
   */
  findingGrade?: {
    field: string;
    levels: readonly string[];
    /**
     * The verdict a standard gives over the same levels, beside the recorded one (`field`): a
     * derived value (or field) of the graded records (UFD's result by the code). Naming it makes a difference
     * between the two an override: saved with a reason, counted at the stricter until a reviewer
     * accepts it (STYLE 17, docs/verdict-pairs.md).
     */
    standard?: string;
    /**
     * The levels that open a finding to close (the register, docs/recommendations.md), each with its
     * severity on the register's one scale and the days until due (`opensFinding`). A level opens one
     * when its graded record counts it (the stricter verdict of a pair) in a finally approved report;
     * every level above an opening level opens too. None: the technique's findings open nothing.
     */
    opens?: Readonly<Record<string, OpenedFinding>>;
  };
  /**
   * Where its records measure a wall's thickness, in mm (docs/thickness-monitoring.md): a number
   * field or derived number (`field`) of its inspection or its rows (`entity`). A thickness location
   * takes such values from the approved current reports of its equipment as readings, the method
   * being the technique's. None: its records measure no wall.
   */
  thicknessSource?: ThicknessSource;
  /**
   * What its users call one of its inspections, and several, in English, where that is not
   * "inspection" (an MCSA test): the workspace's sentences about its inspections ("New test",
   * "2 tests on this report") and the report card's count take it. Its Indonesian is beside its
   * other words (`labelsId`: `technique.inspectionWord`).
   */
  inspectionWord?: { one: string; other: string };
  /** What a report of its method must hold to be submitted; required of a technique serving a method. */
  complete?: TechniqueCompleteness;
  /** The web reaches this technique by plain fetch (SPEC 4: walkthrough), not the main client. */
  transport?: 'fetch';
  /**
   * The rows a new record of one of its entities starts with (a pump's operating parameters, an
   * oil sample's components), created in the record's create transaction (row-templates.ts).
   */
  templates?: readonly RowTemplate[];
  /**
   * Its words in Bahasa Indonesia, kept beside the declaration (`entities/<technique>.id.ts`, typed
   * there as `TechniqueWords`): its name and card sentence, and its entities' strings. The
   * language's table (labels/id.ts) gathers them from the catalogue, so a technique added touches
   * its own files only. Unknown here: its type reads every declaration's, this one's too, so its
   * keys are checked where the words are written and labels/id.ts reads it as `TechniqueWords`.
   */
  labelsId?: unknown;
};

/**
 * An inspection technique names the inspection method its reports are made by (a code of
 * `inspectionMethodCatalogue`) and is called by that method's name; a report-wide list (supporting
 * documents, the NDT register) serves no method and names itself.
 */
export type TechniqueConfig<
  M extends string,
  R extends readonly RouteDefinition[] = RouteDefinition[],
> = TechniqueBase<M, R> &
  (
    | {
        /** The inspection method whose reports this technique records: one technique per method. */
        method: InspectionMethodCode;
        label?: never;
      }
    | {
        method?: never;
        /** The name users read (English; translations are keyed from the module). */
        label: string;
      }
  );

export type TechniqueDefinition<
  M extends string = string,
  R extends readonly RouteDefinition[] = RouteDefinition[],
> = TechniqueBase<M, R> & {
  /** The inspection method its reports are made by; none for a report-wide list. */
  method?: InspectionMethodCode;
  /** The technique's name as users read it (English; translations are keyed from the module). */
  label: string;
  /** Equipment classes the technique exists for (from its inspection entity), empty when none. */
  variants: readonly string[];
};

/**
 * Declares a technique: one place that yields its entities (tables, validation), routes, permission
 * module, web route and report card. Every route must serve the technique's own entities under its
 * module, so a route copied from another technique without changing it stops the build.
 */
export function defineTechnique<const M extends string, const R extends readonly RouteDefinition[]>(
  config: TechniqueConfig<M, R>,
): TechniqueDefinition<M, R> {
  const method = config.method === undefined ? undefined : catalogueMethod(config.method);
  if (config.method !== undefined && !method)
    throw new Error(`${config.module}: method ${config.method} is not an inspection method of the catalogue`);
  // A card on a report is the report's technique when the report's method is this one's.
  if (config.reportCard !== false && !method)
    throw new Error(`${config.module}: a technique with a report card names the inspection method it serves`);
  const names = new Set(config.entities.map((e) => e.name));
  for (const entity of config.entities) {
    if (entity.module !== config.module)
      throw new Error(`${config.module}: entity ${entity.name} is under module ${entity.module}`);
    // A series reaches its equipment up the parent chain, through the technique's own entities.
    // Its time is the row's date or its parent's, a required date of one of them.
    if (entity.series) {
      const own = (name: string) => config.entities.find((e) => e.name === name);
      seriesChain(entity, own);
      seriesTimeField(entity, own);
    }
  }
  // A trend naming its report by a record of the chain names one of the chain's references.
  for (const r of config.routes) {
    const o = r.operation;
    if (o.kind !== 'trend' || o.by === undefined) continue;
    const chain = seriesChain(o.entity, (name) => config.entities.find((e) => e.name === name));
    if (!chain.slice(0, -1).some((hop) => hop.parent === o.by))
      throw new Error(
        `${config.module}: ${r.method} ${r.path} names its report by ${o.by}, not a reference of ${o.entity.name}'s chain below the report`,
      );
  }
  const rows = config.workspace?.rows;
  const gradedRecords = gradedEntity(config);
  const graded = config.findingGrade?.field;
  // A derived grade must be an expression, so the server can grade in SQL what the API shows.
  if (graded !== undefined && !gradedRecords?.fields[graded] && !gradedRecords?.derived[graded]?.expr)
    throw new Error(
      `${config.module}: findingGrade names ${graded}, neither a field nor a derived expression of its ${rows ? 'rows' : 'inspection'}`,
    );
  // Graded records hang off the report, directly or through their inspection: the worst finding
  // of a report is read down that chain.
  if (gradedRecords && !rows && !config.workspace?.inspection.parent)
    throw new Error(`${config.module}: an inspection graded as its own record hangs off the report`);
  const standard = config.findingGrade?.standard;
  if (standard !== undefined && gradedRecords && graded !== undefined) {
    // Both verdicts take the grade's levels; the recorded one is stored, so the inspector sets it.
    const levels = config.findingGrade!.levels;
    const given = gradedRecords.fields[standard] ?? gradedRecords.derived[standard]?.field;
    const recorded = gradedRecords.fields[graded];
    const sameLevels = (values: readonly string[] | undefined) =>
      values !== undefined && values.length === levels.length && values.every((v) => levels.includes(v));
    if (
      standard === graded ||
      recorded?.kind !== 'enum' ||
      given?.kind !== 'enum' ||
      !sameLevels(recorded.values) ||
      !sameLevels(given.values) ||
      (!gradedRecords.fields[standard] && !gradedRecords.derived[standard]?.expr)
    )
      throw new Error(
        `${config.module}: findingGrade.standard names a choice of the grade's levels beside the recorded ${graded}, a stored choice`,
      );
    declareVerdictPair(gradedRecords, { recorded: graded, standard, levels });
  } else if (standard !== undefined)
    throw new Error(`${config.module}: findingGrade.standard needs a workspace and a graded field`);
  const opens = config.findingGrade?.opens;
  if (opens) {
    // The levels that open a finding are the grade's worst ones: none above an opening level is skipped.
    const levels = config.findingGrade!.levels;
    const first = levels.findIndex((level) => opens[level]);
    const unknown = Object.keys(opens).filter((level) => !levels.includes(level));
    const skipped = first < 0 ? [] : levels.slice(first).filter((level) => !opens[level]);
    const badDays = Object.entries(opens).filter(([, o]) => !Number.isInteger(o.dueDays) || o.dueDays < 0);
    if (unknown.length > 0 || skipped.length > 0 || badDays.length > 0 || first < 0)
      throw new Error(
        `${config.module}: findingGrade.opens names the grade's worst levels, each above the first one opened, with whole days until due (${[...unknown, ...skipped, ...badDays.map(([l]) => l)].join(', ')})`,
      );
  }
  const source = config.thicknessSource;
  if (source) {
    const { entity, field } = source;
    const declared = entity.fields[field] ?? entity.derived[field]?.field;
    const held = entity === config.workspace?.inspection || entity === rows;
    if (
      !held ||
      declared?.kind !== 'number' ||
      declared.unit !== 'mm' ||
      (!entity.fields[field] && !entity.derived[field]?.expr)
    )
      throw new Error(
        `${config.module}: thicknessSource names a number in mm (a field or derived expression) of its inspection or rows (${entity.name}.${field})`,
      );
    if (!method)
      throw new Error(
        `${config.module}: thicknessSource needs the inspection method its readings are taken by`,
      );
  }
  const profile = config.workspace?.profile;
  if (profile) {
    const numbers = [profile.x, ...profile.series].filter((k) => {
      const kind = rows?.fields[k]?.kind;
      return kind !== 'number' && kind !== 'integer';
    });
    const by = profile.limits ? rows?.fields[profile.limits.by] : undefined;
    const levels = Object.values(profile.limits?.cases ?? {}).flatMap((c) => c.map((l) => l.level));
    if (
      numbers.length > 0 ||
      (profile.limits && by?.kind !== 'enum') ||
      levels.some((l) => !config.findingGrade?.levels.includes(l))
    )
      throw new Error(
        `${config.module}: the profile draws number fields of its rows, its limits chosen by an enumerated field and naming finding grades`,
      );
  }
  const inspection = config.workspace?.inspection;
  for (const list of config.workspace?.lists ?? []) {
    const { entity, gallery } = list;
    const parent = entity.parent ? entity.fields[entity.parent] : undefined;
    if (
      !names.has(entity.name) ||
      parent?.kind !== 'ref' ||
      parent.entity !== inspection?.name ||
      entity === rows
    )
      throw new Error(
        `${config.module}: a workspace list is another entity of the technique under its inspection (${entity.name})`,
      );
    if (
      gallery &&
      (!entity.images[gallery.image] ||
        entity.fields[gallery.groupBy]?.kind !== 'enum' ||
        !entity.fields[gallery.caption])
    )
      throw new Error(
        `${config.module}: ${entity.name}'s gallery shows an image slot, grouped by an enumerated field, captioned by a field`,
      );
  }
  const variants: readonly string[] = inspection?.variants ?? [];
  const rowsVariants = config.workspace?.rowsVariants;
  if (rowsVariants && (!rows || rowsVariants.some((v) => !variants.includes(v))))
    throw new Error(`${config.module}: rowsVariants names variants of its inspection, and needs rows`);
  // Every method technique decides what its reports need before approval: none forgets to.
  if (method && !config.complete)
    throw new Error(
      `${config.module}: a technique serving a method declares what its reports need (complete)`,
    );
  if (config.complete?.rows && !rows)
    throw new Error(`${config.module}: complete.rows needs rows in its workspace`);
  const unknownRecorded = (config.complete?.rows?.recordedBy ?? []).filter(
    (key) => !rows?.fields[key] || key === rows.parent,
  );
  if (unknownRecorded.length > 0)
    throw new Error(
      `${config.module}: complete.rows.recordedBy names ${unknownRecorded.join(', ')}, not a field of its rows`,
    );
  if (config.complete?.inspections && !inspection?.parent)
    throw new Error(`${config.module}: complete.inspections needs an inspection under the report`);
  for (const template of config.templates ?? []) {
    if (!names.has(template.parent.name) || !names.has(template.rows.name))
      throw new Error(
        `${config.module}: a row template is of entities declared here (${template.rows.name})`,
      );
    checkRowTemplate(template);
  }
  for (const r of config.routes) {
    const op = r.operation;
    if (op.kind !== 'action' && !names.has(op.entity.name))
      throw new Error(`${config.module}: ${r.method} ${r.path} serves ${op.entity.name}, not declared here`);
    if (r.access !== 'public' && r.access !== 'authenticated' && r.access.module !== config.module)
      throw new Error(`${config.module}: ${r.method} ${r.path} is guarded by module ${r.access.module}`);
    // A call over every variant says so (`everyVariant`); otherwise it serves one.
    if (op.kind !== 'action' && op.entity.variants && !op.variant && !op.everyVariant)
      throw new Error(`${config.module}: ${r.method} ${r.path} must name a variant of ${op.entity.name}`);
  }
  return {
    reportCard: true,
    ...config,
    label: method?.name ?? config.label!,
    variants: config.workspace?.inspection.variants ?? [],
  };
}

/**
 * The entity whose records the technique grades (`findingGrade`): its inspection's main rows, or,
 * for a technique whose inspections hold no rows, the inspection itself (an MCSA test is the record
 * and carries the verdict). Undefined when the technique grades nothing. Every reader of grades
 * (report card, NDT history, approvals queue, PDF, overrides) finds the graded records here.
 */
export function gradedEntity(
  technique: Pick<TechniqueDefinition, 'workspace' | 'findingGrade'>,
): EntityDefinition | undefined {
  if (!technique.findingGrade) return undefined;
  return technique.workspace?.rows ?? technique.workspace?.inspection;
}

/**
 * The entities that hold the rows of an inspection of `variant` (what `complete.rows` counts under
 * it): the main rows where that variant holds them (`rowsVariants`), else the workspace lists
 * limited to that variant (a flowrate pipe's measurements). None for a variant with neither.
 */
export function rowEntitiesOf(
  technique: Pick<TechniqueDefinition, 'workspace'>,
  variant: string | undefined,
): EntityDefinition[] {
  const workspace = technique.workspace;
  if (!workspace?.rows) return [];
  const held = workspace.rowsVariants;
  if (!held || variant === undefined || held.includes(variant)) return [workspace.rows];
  return (workspace.lists ?? [])
    .filter((list) => list.variants?.includes(variant))
    .map((list) => list.entity);
}

/**
 * Every entity whose rows count as an inspection's rows (`complete.rows`, the report's figures),
 * each with the variants of the inspections it is counted under (undefined: all of them).
 */
export function countedRowKinds(
  technique: Pick<TechniqueDefinition, 'workspace' | 'variants'>,
): Map<EntityDefinition, string[] | undefined> {
  const kinds = new Map<EntityDefinition, string[] | undefined>();
  const rows = technique.workspace?.rows;
  if (!technique.workspace?.rowsVariants) {
    if (rows) kinds.set(rows, undefined);
    return kinds;
  }
  for (const variant of technique.variants)
    for (const entity of rowEntitiesOf(technique, variant))
      kinds.set(entity, [...(kinds.get(entity) ?? []), variant]);
  return kinds;
}

/** The routes of every variant: `eachVariant(['pipe', 'pipeline'], (v) => [route(…`/x-${v}`…)])`. */
export function eachVariant<const V extends string, R>(
  variants: readonly V[],
  build: (variant: V) => R[],
): R[] {
  return variants.flatMap(build);
}

/**
 * Entities ordered so that every parent (and every entity a reference points at) comes before the
 * entities that point at it: the order tables are created in and foreign keys resolved.
 */
export function orderByReferences(list: EntityDefinition[]): EntityDefinition[] {
  const byName = new Map(list.map((e) => [e.name, e]));
  const ordered: EntityDefinition[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (entity: EntityDefinition) => {
    const seen = state.get(entity.name);
    if (seen === 'done') return;
    if (seen === 'visiting') throw new Error(`Entity references form a cycle at ${entity.name}`);
    state.set(entity.name, 'visiting');
    const parent = entity.parent ? entity.fields[entity.parent] : undefined;
    if (parent?.kind === 'ref') {
      const target = byName.get(parent.entity);
      if (!target) throw new Error(`${entity.name}: parent entity ${parent.entity} is not declared`);
      visit(target);
    }
    for (const [key, field] of Object.entries(entity.fields)) {
      if (field.kind !== 'text' || !field.references) continue;
      const [name] = field.references.split('.');
      const target = byName.get(name!);
      if (!target) throw new Error(`${entity.name}.${key}: references ${name}, which is not declared`);
      if (target !== entity) visit(target);
    }
    state.set(entity.name, 'done');
    ordered.push(entity);
  };
  for (const entity of list) visit(entity);
  return ordered;
}
