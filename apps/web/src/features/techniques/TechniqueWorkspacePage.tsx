import { Alert, Badge, Group } from '@mantine/core';
import type { PermissionModule, TechniqueDefinition } from '@inspectra/contract';
import { IconLock } from '@tabler/icons-react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { techniqueLabel, variantLabel } from '../../engine/entity-labels.ts';
import { usePermission } from '../auth/useProfile.ts';
import { useReport } from '../reports/useReport.ts';
import { ReportLockedNotice } from '../reports/ReportLock.tsx';
import { ReviseOrAsk } from '../reports/ReviseReport.tsx';
import type { Report } from '../reports/useReport.ts';
import { useReportCrumbs } from '../reports/useReportCrumbs.ts';
import { SeveralInspections, SingleInspection } from './InspectionSection.tsx';
import { inspectionOf } from './technique-queries.ts';
import type { WorkspaceScope } from './technique-queries.ts';
import { techniqueBySlug, variantOfCategory } from './technique-routes.ts';
import { VariantChooser } from './VariantChooser.tsx';
import type { WorkspaceSearch } from './workspace-search.ts';

/**
 * The screens every declared technique gets under a report (`/reports/{id}/{slug}`): its
 * inspection's header form, the rows recorded under it, and what its extension adds. Built from the
 * declaration alone: the routes are found by what they do, the fields and photos by the entities.
 */
export function TechniqueWorkspacePage() {
  const { t } = useTranslation();
  const { reportId, slug } = useParams({ strict: false }) as { reportId: string; slug: string };
  const technique = techniqueBySlug(slug);
  if (!technique) throw new ApiError(t('workspace.unknown'), { status: 404, code: 'NOT_FOUND' });
  return <Workspace technique={technique} reportId={reportId} />;
}

/** The equipment class to work on: the address's, else the one the report's equipment category names. */
export function useWorkspaceVariant(technique: TechniqueDefinition, report: Report) {
  const search = useSearch({ strict: false }) as { variant?: string };
  const fromReport = variantOfCategory(technique, report.equipmentCategory);
  const chosen = search.variant && technique.variants.includes(search.variant) ? search.variant : undefined;
  return { variant: chosen ?? fromReport, inAddress: chosen !== undefined };
}

function Workspace({ technique, reportId }: { technique: TechniqueDefinition; reportId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const report = useReport(reportId);
  const label = techniqueLabel(t, technique);
  const crumbs = useReportCrumbs(report, { label });
  const search = useSearch({ strict: false }) as WorkspaceSearch;
  const mayView = usePermission(technique.module as PermissionModule, 'view');
  const { variant, inAddress } = useWorkspaceVariant(technique, report);
  const needsVariant = technique.variants.length > 0 && !variant;

  // A variant read from the report goes into the address, so the rows' links and a reload keep it.
  useEffect(() => {
    if (variant && !inAddress)
      void navigate({
        to: '/reports/$reportId/$slug',
        params: { reportId, slug: technique.slug },
        search: { ...search, variant },
        replace: true,
      });
  }, [variant, inAddress]);

  const scope: WorkspaceScope = { technique, reportId, variant };
  return (
    <>
      <PageHeader
        title={label}
        subtitle={
          <Group gap="xs" component="span">
            <span>{`${report.reportNumber} · ${report.title}`}</span>
            {variant && (
              <Badge variant="light" color={technique.color} styles={{ label: { textTransform: 'none' } }}>
                {variantLabel(t, technique.workspace?.inspection, variant)}
              </Badge>
            )}
          </Group>
        }
        crumbs={crumbs}
      />
      <ReportLockedNotice report={report} action={<ReviseOrAsk report={report} />} />
      {!mayView ? (
        // Asked anyway, the server would refuse; under the plain-fetch policy that would even sign out.
        <Alert color="gray" icon={<IconLock aria-hidden />} title={t('workspace.noAccessTitle')}>
          {t('workspace.noAccess', { technique: label })}
        </Alert>
      ) : needsVariant ? (
        <VariantChooser technique={technique} reportId={reportId} category={report.equipmentCategory} />
      ) : inspectionOf(technique).uniquePerParent ? (
        <SingleInspection scope={scope} />
      ) : (
        <SeveralInspections scope={scope} selected={search.inspection} />
      )}
    </>
  );
}
