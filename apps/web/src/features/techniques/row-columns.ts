import { fieldsRead, readingKeys } from '@inspectra/contract';
import type { EntityDefinition, TechniqueDefinition } from '@inspectra/contract';
import type { EntityColumn } from '../../engine/column-fit.ts';
import { fieldOf, leadField, shownFields } from '../../engine/entity-labels.ts';
import { workedOutKeys } from '../../engine/WorkedOut.tsx';

// Where a row is named and what its form edits are the engine's (a queued change's name reads them too).
export { leadField, shownFields };

/**
 * What a record's details and table show for a variant: its fields as `shownFields`, each
 * coordinate read as one value (in decimal degrees) rather than its parts.
 */
export function readFields(entity: EntityDefinition, variant: string | undefined): string[] {
  return readingKeys(shownFields(entity, variant), entity.fields);
}

/**
 * The rows table's columns: the naming field and the grade first (always shown), the values worked
 * out from the row's (`workedOutKeys`), then the rest in
 * declared order. On a narrow screen the others give way in this order: long texts and the row's
 * date where its inspection has the same (a new row starts on the inspection's date, so under it
 * the column mostly repeats one day) first (the main required text last among them), then
 * optional values, then required ones; choices (a feature, a condition), the values the
 * technique's profile draws and those the worked-out values read stay longest, since they are what
 * a reader scans a list for.
 */
export function rowColumns(
  technique: TechniqueDefinition,
  variant: string | undefined,
  rows = technique.workspace!.rows!,
): EntityColumn[] {
  const main = rows === technique.workspace!.rows;
  const lead = leadField(rows, variant);
  // The grade and the profile are the main rows' (another list's rows have neither).
  const grade = main ? technique.findingGrade?.field : undefined;
  // A list of items (spots) is read in a row's details, not in a column.
  const rest = readFields(rows, variant).filter(
    (k) => k !== lead && k !== grade && rows.fields[k]?.kind !== 'json',
  );
  const mainText = rest.find((k) => rows.fields[k]?.kind === 'longText' && rows.fields[k]?.required);
  // What the technique's profile draws (SACP: the kilometre post and the potentials) is what a
  // reader scans the rows for, as much as a choice is.
  const profile = main ? technique.workspace!.profile : undefined;
  const drawn = new Set(profile ? [profile.x, ...profile.series] : []);
  const inspection = technique.workspace!.inspection;
  // What the rows' values come to (the result the acceptance code gives, a joint's rejected
  // indications) is read beside the grade, as a choice is; and what it is worked out from (a
  // finding's echo height and length) stays as long, since a reader checks the one against the other.
  const workedOut = workedOutKeys(rows).filter((k) => k !== grade);
  // The standard's verdict beside a recorded grade (a verdict pair) gives way before the values it is
  // judged from: the grade's cell already says it where none is recorded or where they differ.
  const standard = grade ? rows.verdict?.standard : undefined;
  // So does what a derived grade is worked out from (a summary's velocity beside its screening).
  const gradeExpr = grade ? rows.derived[grade]?.expr : undefined;
  const read = new Set(
    [...workedOut, ...(gradeExpr ? [grade!] : [])].flatMap((k) => {
      const { numbers, words, dates } = fieldsRead(rows.derived[k]!.expr!);
      return [...numbers, ...words, ...dates];
    }),
  );
  const priority = (key: string) => {
    const field = fieldOf(rows, key)!;
    if (field.kind === 'enum' || drawn.has(key) || read.has(key)) return 2;
    if (field.kind === 'longText') return key === mainText ? 3 : 5;
    if (field.kind === 'date' && inspection.fields[key]?.kind === 'date') return 5;
    return field.required ? 3 : 4;
  };
  return [
    { key: lead, priority: 1 },
    ...(grade ? [{ key: grade, priority: 1 }] : []),
    ...workedOut.map((key) => ({ key, priority: key === standard ? 3 : 2 })),
    ...rest.map((key) => ({ key, priority: priority(key) })),
  ];
}
