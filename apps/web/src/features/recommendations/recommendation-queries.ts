import type { RecommendationSeverity, RecommendationStatus, RecommendationView } from '@inspectra/contract';
import type { TFunction } from 'i18next';
import { callApi } from '../../api/calls.ts';
import { formatNumber } from '../../engine/locale.ts';

/** The filters of the register, as its call takes them. */
export type RecommendationFilters = {
  equipmentNo?: string;
  area?: string;
  severity?: RecommendationSeverity[];
  status?: RecommendationStatus[];
  overdue?: boolean;
  ownerId?: string;
};

/** The filters as the register's calls take them (the list and its export alike). */
export const registerQuery = (filters: RecommendationFilters): Record<string, string> => ({
  ...(filters.equipmentNo ? { equipmentNo: filters.equipmentNo } : {}),
  ...(filters.area ? { area: filters.area } : {}),
  ...(filters.severity?.length ? { severity: filters.severity.join(',') } : {}),
  ...(filters.status?.length ? { status: filters.status.join(',') } : {}),
  ...(filters.overdue ? { overdue: 'true' } : {}),
  ...(filters.ownerId ? { ownerId: filters.ownerId } : {}),
});

/** The register as the filters narrow it, saved as an .xlsx (`GET /recommendations/export`). */
export async function saveRegister(filters: RecommendationFilters, fileName: string) {
  const { saveDownload } = await import('../../api/save-file.ts');
  await saveDownload(
    `/recommendations/export?${new URLSearchParams(registerQuery(filters)).toString()}`,
    fileName,
  );
}

/** Every register query starts with this: a change to a finding refreshes them all. */
export const recommendationsKey = ['recommendations'] as const;

export const recommendationQueries = {
  list: (filters: RecommendationFilters, pageNumber: number, pageSize: number) => ({
    queryKey: [...recommendationsKey, 'list', filters, pageNumber, pageSize],
    queryFn: () =>
      callApi<RecommendationView[]>('GET /recommendations', {
        query: { ...registerQuery(filters), pageNumber, pageSize },
      }),
  }),
  one: (id: string) => ({
    queryKey: [...recommendationsKey, 'one', id],
    queryFn: async (): Promise<RecommendationView> =>
      (await callApi<RecommendationView>('GET /recommendations/:id', { params: { id } })).data,
  }),
};

/** Where a finding came from, in words: its report's technique, or thickness monitoring for a location's. */
export const findingSource = (
  t: (key: string, o?: { defaultValue: string }) => string,
  r: Pick<RecommendationView, 'inspectionMethod'>,
) =>
  r.inspectionMethod
    ? t(`techniques.${r.inspectionMethod}.label`, { defaultValue: r.inspectionMethod })
    : t('recommendations.thicknessMonitoring');

/**
 * A finding as the reader's language words it: a thickness location's figures (kept as numbers,
 * docs/recommendations.md) after its name; a report's finding, or an older thickness finding whose
 * figure is in its stored text, as kept.
 */
export function findingText(
  t: TFunction,
  r: Pick<RecommendationView, 'finding' | 'thicknessMm' | 'requiredThicknessMm' | 'remainingLifeYears'>,
  language: string,
): string {
  if (r.thicknessMm != null && r.requiredThicknessMm != null)
    return t('recommendations.thicknessFinding.belowRequired', {
      where: r.finding,
      thickness: formatNumber(r.thicknessMm, language),
      required: formatNumber(r.requiredThicknessMm, language),
    });
  if (r.remainingLifeYears != null)
    return t('recommendations.thicknessFinding.underTwoYears', {
      where: r.finding,
      years: formatNumber(r.remainingLifeYears, language),
    });
  return r.finding;
}
