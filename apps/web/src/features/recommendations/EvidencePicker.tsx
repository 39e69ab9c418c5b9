import { Select } from '@mantine/core';
import type { EvidenceCandidate } from '@inspectra/contract';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { cappedOf } from '../../api/capped.ts';
import { formatDate } from '../../engine/locale.ts';
import { findingLabel } from '../ndt/ndt-queries.ts';
import { recommendationsKey } from './recommendation-queries.ts';

/** A candidate as the picker names it: number, technique, inspection date and worst finding. */
const candidateLabel = (t: TFunction, c: EvidenceCandidate, language: string) =>
  [
    c.reportNumber,
    t(`techniques.${c.inspectionMethod}.label`, { defaultValue: c.inspectionMethod }),
    formatDate(c.date, language),
    ...(c.worstFinding
      ? [t('recommendations.worst', { grade: findingLabel(t, c.inspectionMethod, c.worstFinding) })]
      : []),
  ].join(' · ');

/**
 * The later report that closes a finding, picked from the reports the server would accept
 * (`GET /recommendations/{id}/evidence-candidates`, newest approval first), loaded when the form
 * opens and searched as one types; the chosen report stays shown while the list loads.
 */
export function EvidencePicker(p: {
  recommendationId: string;
  value: string | null;
  valueLabel: string | null;
  onChange: (reportId: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const candidates = useQuery({
    queryKey: [...recommendationsKey, 'evidence', p.recommendationId],
    queryFn: async () =>
      cappedOf(
        await callApi('GET /recommendations/:id/evidence-candidates', {
          params: { id: p.recommendationId },
        }),
      ),
  });
  const offered = (candidates.data?.rows ?? []).map((c) => ({
    value: c.id,
    label: candidateLabel(t, c, i18n.language),
  }));
  const data =
    p.value && !offered.some((o) => o.value === p.value)
      ? [{ value: p.value, label: p.valueLabel ?? p.value }, ...offered]
      : offered;
  const notShown = candidates.data?.notShown ?? 0;
  return (
    <Select
      label={t('recommendations.evidenceReport')}
      description={
        notShown > 0
          ? t('recommendations.evidenceReportCapped', { shown: offered.length, count: notShown })
          : t('recommendations.evidenceReportHint')
      }
      placeholder={
        candidates.isPending ? t('recommendations.evidenceLoading') : t('recommendations.evidencePick')
      }
      data={data}
      value={p.value}
      onChange={p.onChange}
      searchable
      clearable
      nothingFoundMessage={
        candidates.isError ? candidates.error.message : t('recommendations.noEvidenceCandidate')
      }
      error={candidates.isError ? candidates.error.message : undefined}
    />
  );
}
