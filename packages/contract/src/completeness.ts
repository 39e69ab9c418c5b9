import { rowTemplates, techniqueOfMethod } from './catalogue.ts';
import type { EntityDefinition } from './entity.ts';
import { blankNumbers } from './row-templates.ts';
import type { RowTemplate } from './row-templates.ts';
import { labelInSentence } from './messages.ts';
import { catalogueMethod } from './entities/inspection-methods.ts';
import type { ReportMissing } from './entities/report-headers.ts';
import { entities } from './catalogue.ts';
import { reportSupportingDocument } from './entities/supporting-documents.ts';
import type { TechniqueDefinition } from './technique.ts';

/**
 * What a report of a method no technique serves (an administrator's own method, or one planned)
 * must hold before it is submitted: at least one supporting document. Such a report has no
 * inspection form, so its findings can only be in a document; an empty one never reaches a reviewer.
 */
export const undeclaredMethodCompleteness = { documents: { min: 1 } } as const;

/** What a report of this method needs: its technique's rows, or (no technique) documents. */
export type MethodRequirements = {
  technique: TechniqueDefinition | undefined;
  rows?: { min: number };
  inspections?: { min: number };
  documents?: { min: number };
};

/** The requirements of a method, from its technique's declaration (`complete`) or the default above. */
export function requirementsOfMethod(method: string): MethodRequirements {
  const technique = techniqueOfMethod(method);
  if (!technique) return { technique, ...undeclaredMethodCompleteness };
  return { technique, ...technique.complete };
}

/**
 * The fields whose value makes a row of `rows` *recorded*, counted toward `complete.rows.min`
 * (docs/report-status.md "Recorded rows"): those the technique declares (`complete.rows.recordedBy`);
 * else, for rows a template starts (`templates` of these rows), the measured values a template leaves
 * blank (`blankNumbers`, less the fields any template fills), so a lube-oil sample's components
 * started blank do not make a report complete by existing. Undefined where every row counts (rows
 * only a user creates, with their required values).
 */
export function recordedFields(
  technique: Pick<TechniqueDefinition, 'complete'>,
  rows: EntityDefinition,
  templates: readonly RowTemplate[] = rowTemplates,
): readonly string[] | undefined {
  const declared = technique.complete?.rows?.recordedBy?.filter((key) => rows.fields[key]);
  if (declared?.length) return declared;
  const starting = templates.filter((t) => t.rows === rows);
  if (starting.length === 0) return undefined;
  const given = new Set(
    starting.flatMap((t) => [...Object.keys(t.fromParent ?? {}), ...t.items.flatMap((i) => Object.keys(i))]),
  );
  const measured = Object.keys(blankNumbers(rows, undefined)).filter((key) => !given.has(key));
  // A template that fills every measured value starts rows as recorded as a user's.
  return measured.length > 0 ? measured : undefined;
}

/** What a report holds of what its method may require. */
export type ReportContent = {
  /**
   * Recorded rows (`recordedFields`) under the inspections of the method's technique (every
   * equipment class), each inspection's of the kind its variant holds (`rowEntitiesOf`).
   */
  rows: number;
  /**
   * The entities those rows are of, by name, when the report's inspections name them (a flowrate
   * pipe report: its pipe measurements); the technique's main rows when absent.
   */
  rowEntities?: readonly string[];
  /** The technique's inspections on the report, counted where the method asks for some. */
  inspections?: number;
  /** Supporting documents attached to the report. */
  documents: number;
};

/**
 * What a report of `method` holding `content` still lacks before it may be submitted, in declared
 * order; empty when it is complete. The server judges it on submission and answers it to the
 * screens (`GET /report-headers/{id}/readiness`), so both read this one rule.
 */
export function missingForSubmission(method: string, content: ReportContent): ReportMissing[] {
  const needs = requirementsOfMethod(method);
  const missing: ReportMissing[] = [];
  const { technique } = needs;
  const named = content.rowEntities?.map((name) => entities[name]).filter((e) => e !== undefined);
  const rowsEntities = named?.length ? named : technique?.workspace?.rows ? [technique.workspace.rows] : [];
  const rowsEntity = rowsEntities[0];
  if (technique && needs.rows && rowsEntity && content.rows < needs.rows.min)
    missing.push({
      requirement: 'rows',
      technique: technique.module,
      entity: rowsEntity.name,
      min: needs.rows.min,
      found: content.rows,
      message: `${technique.label}: record at least ${needs.rows.min === 1 ? 'one' : needs.rows.min} ${rowsEntities.map((e) => e.label.toLowerCase()).join(' or ')}${needs.rows.min === 1 ? '' : ' rows'}`,
    });
  const inspection = technique?.workspace?.inspection;
  if (technique && needs.inspections && inspection && (content.inspections ?? 0) < needs.inspections.min)
    missing.push({
      requirement: 'inspections',
      technique: technique.module,
      entity: inspection.name,
      min: needs.inspections.min,
      found: content.inspections ?? 0,
      message: `${technique.label}: record at least ${needs.inspections.min === 1 ? 'one' : needs.inspections.min} ${labelInSentence(inspection.label)}${needs.inspections.min === 1 ? '' : ' records'}`,
    });
  if (needs.documents && content.documents < needs.documents.min) {
    const name = catalogueMethod(method)?.name ?? method;
    missing.push({
      requirement: 'documents',
      technique: null,
      entity: reportSupportingDocument.name,
      min: needs.documents.min,
      found: content.documents,
      message: `Attach at least ${needs.documents.min === 1 ? 'one supporting document' : `${needs.documents.min} supporting documents`}: ${name} has no inspection form of its own yet`,
    });
  }
  return missing;
}
