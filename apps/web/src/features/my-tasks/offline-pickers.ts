import type { QueryClient } from '@tanstack/react-query';
import { fetchPickerReads, pickerReads } from '../../engine/picker-options.ts';
import type { PickerRead } from '../../engine/picker-options.ts';
import { shownFields } from '../techniques/row-columns.ts';
import { inspectionOf, rowKinds, techniqueQueries } from '../techniques/technique-queries.ts';
import type { TechniqueRecord, WorkspaceScope } from '../techniques/technique-queries.ts';

/**
 * The reads of the pickers of a technique's forms on a report (its inspection's and each kind of
 * row's, for the scope's class, from the declarations), over the records taken along: what an
 * inspector can pick offline (`engine/picker-options.ts`). The rows are those already read into the
 * cache for the task; an inspection with none yet still gets each list's first page (a new row).
 */
export function techniquePickerReads(
  queryClient: QueryClient,
  scope: WorkspaceScope,
  inspections: readonly TechniqueRecord[],
): PickerRead[] {
  const { technique, variant } = scope;
  const inspection = inspectionOf(technique);
  return [
    ...pickerReads(inspection, shownFields(inspection, variant), inspections),
    ...rowKinds(technique, variant).flatMap(({ entity }) =>
      pickerReads(
        entity,
        shownFields(entity, variant),
        inspections.flatMap(
          ({ id }) =>
            queryClient.getQueryData(techniqueQueries.rows(scope, id, entity).queryKey)?.records ?? [],
        ),
      ),
    ),
  ];
}

/** Takes the lists a technique's forms pick from along with a task (after its records are read). */
export async function takePickersAlong(
  queryClient: QueryClient,
  scope: WorkspaceScope,
  inspections: readonly TechniqueRecord[],
): Promise<void> {
  await fetchPickerReads(queryClient, techniquePickerReads(queryClient, scope, inspections));
}
