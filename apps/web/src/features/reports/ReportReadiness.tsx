import { Alert, List } from '@mantine/core';
import { entities, reportStatusTransitions, techniques } from '@inspectra/contract';
import type { ReportMissing, ReportStatus, TechniqueDefinition } from '@inspectra/contract';
import { IconListCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { techniqueLabel } from '../../engine/entity-labels.ts';
import { formatNumber } from '../../engine/locale.ts';
import { can, useProfile } from '../auth/useProfile.ts';
import { entityLabel, lowerFirst } from '../techniques/entity-words.ts';
import type { Report } from './useReport.ts';

/** The id of the list of what is missing, which the disabled Submit button is described by. */
export const missingListId = 'report-missing';

/**
 * What the report still lacks before it may be submitted, as the server judges it
 * (`GET /report-headers/{id}/readiness`), asked only where the user could submit it: a report that
 * may move to submitted, by a role that may update reports. Read afresh each time the page shows.
 */
export function useReportReadiness(report: Report) {
  const profile = useProfile();
  const submittable =
    'submitted' in reportStatusTransitions[(report.status ?? 'draft') as ReportStatus] &&
    can(profile, 'reportHeader', 'update');
  return useQuery({
    queryKey: ['reports', report.id, 'readiness'],
    queryFn: async () =>
      (await callApi('GET /report-headers/:id/readiness', { params: { id: report.id } })).data,
    enabled: submittable,
    staleTime: 0,
  });
}

/** One missing requirement in the user's words, built from its fields (never the server's English). */
export function missingText(t: TFunction, missing: ReportMissing, language = 'en'): string {
  if (missing.requirement === 'documents') return t('reports.missing.documents', { count: missing.min });
  const technique = (techniques as readonly TechniqueDefinition[]).find(
    (x) => x.module === missing.technique,
  );
  const entity = entities[missing.entity];
  if (!technique || !entity) return missing.message;
  if (missing.requirement === 'rowsAtMost')
    return t('supersession.tooManyRows', {
      technique: techniqueLabel(t, technique),
      label: lowerFirst(entityLabel(t, entity)),
      max: formatNumber(missing.max ?? 0, language),
    });
  return t('reports.missing.rows', {
    count: missing.min,
    technique: techniqueLabel(t, technique),
    label: lowerFirst(entityLabel(t, entity)),
  });
}

/**
 * "Before this report can be submitted": what its method still requires, listed where the inspector
 * looks before pressing Submit (which stays disabled meanwhile). Nothing when it is complete.
 */
export function ReportMissingNotice({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const readiness = useReportReadiness(report);
  if (!readiness.data || readiness.data.ready) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconListCheck aria-hidden />}
      title={t('reports.missing.title')}
    >
      <List size="sm" id={missingListId}>
        {readiness.data.missing.map((missing) => (
          <List.Item key={`${missing.requirement}:${missing.entity}`}>
            {missingText(t, missing, i18n.language)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
