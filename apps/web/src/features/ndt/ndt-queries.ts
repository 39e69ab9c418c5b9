import { findingSeverities, gradedEntity, techniqueOfMethod, techniques } from '@inspectra/contract';
import type {
  Attachment,
  ndtEquipment,
  NdtHistoryEntry,
  ndtIsometric,
  TechniqueDefinition,
} from '@inspectra/contract';
import type { TFunction } from 'i18next';
import { callApi } from '../../api/calls.ts';
import type { RecordOf } from '../../api/records.ts';
import { enumLabel, techniqueLabel } from '../../engine/entity-labels.ts';

/** One row of the NDT list: the equipment, how many drawings it has and its last inspection per method. */
export type NdtEquipmentListItem = RecordOf<typeof ndtEquipment> & {
  isometricCount: number;
  history: NdtHistoryEntry[];
};
export type NdtIsometric = RecordOf<typeof ndtIsometric> & { drawing: Attachment | null };

/** The filters of the NDT list, as its call takes them (SPEC 7). */
export type NdtListFilters = {
  search?: string;
  inspectionMethodId?: string | null;
  equipmentNo?: string;
  objectType?: string;
  dateUpdate?: string | null;
};

/** Every NDT query starts with this: a change to equipment or a drawing refreshes the list and drawers. */
export const ndtKey = ['ndt'] as const;

export const ndtQueries = {
  list: (filters: NdtListFilters, pageNumber: number, pageSize: number) => ({
    queryKey: [...ndtKey, 'list', filters, pageNumber, pageSize],
    queryFn: () =>
      callApi<NdtEquipmentListItem[]>('GET /ndt-equipment-list', {
        query: { ...filters, pageNumber, pageSize },
      }),
  }),
  isometrics: (equipmentNo: string) => ({
    queryKey: [...ndtKey, 'isometrics', equipmentNo],
    queryFn: async () =>
      (
        await callApi<NdtIsometric[]>('GET /ndt-equipment-list/isometrics/:equipmentNo', {
          params: { equipmentNo },
        })
      ).data,
  }),
};

/** Where a drawing is downloaded: by its file name, limited to its own equipment. */
export function isometricDownloadUrl(fileName: string, equipmentNo: string): string {
  return `/ndt-equipment-list/isometrics/download/${encodeURIComponent(fileName)}?${new URLSearchParams({ equipmentNo })}`;
}

/** The inspection methods the product has screens for: the code each technique serves, and the technique. */
export const inspectionMethods = (techniques as readonly TechniqueDefinition[]).flatMap((technique) =>
  technique.method ? [{ code: technique.method, technique }] : [],
);

/** An inspection method's name in the user's language (its technique's); a method without one as it is stored. */
export function inspectionMethodLabel(t: TFunction, method: string): string {
  const technique = techniqueOfMethod(method);
  return technique ? techniqueLabel(t, technique) : method;
}

/**
 * A worst finding's words, from the grading technique's own field labels (entity-labels), else the
 * contract's English for the level.
 */
export function findingLabel(t: TFunction, method: string, level: string): string {
  const technique = techniqueOfMethod(method);
  const graded = technique && gradedEntity(technique);
  const grade = technique?.findingGrade;
  const translated = graded && grade ? enumLabel(t, graded.name, grade.field, level) : level;
  if (translated !== level) return translated;
  return findingSeverities.find((s) => s.level === level)?.label ?? level;
}
