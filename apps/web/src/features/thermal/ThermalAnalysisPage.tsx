import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { thermal, thermalAnalysis, thermalMeasurement } from '@inspectra/contract';
import type { ThermalSeverity } from '@inspectra/contract';
import { IconPencil, IconPhoto, IconPlus, IconTemperaturePlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { errorText } from '../../app/error-text.ts';
import { ButtonLink } from '../../app/links.tsx';
import { PageHeader } from '../../app/PageHeader.tsx';
import { pagedList } from '../../app/paged.ts';
import { EntityForm } from '../../engine/EntityForm.tsx';
import { EntityTable } from '../../engine/EntityTable.tsx';
import { fieldLabel, techniqueLabel } from '../../engine/entity-labels.ts';
import { FieldDisplay } from '../../engine/FieldDisplay.tsx';
import { WarningsMark } from '../../engine/RecordedWarnings.tsx';
import { RowAction } from '../../engine/RowAction.tsx';
import { usePermission } from '../auth/useProfile.ts';
import { useReport } from '../reports/useReport.ts';
import { ReportLockedNotice } from '../reports/ReportLock.tsx';
import { useReportCrumbs } from '../reports/useReportCrumbs.ts';
import { SeverityBadge } from './SeverityBadge.tsx';
import { ThermalOverview } from './ThermalOverview.tsx';
import { thermalKey, thermalQueries } from './thermal-queries.ts';
import type { ThermalAnalysis, ThermalMeasurement } from './thermal-queries.ts';
import { openDeleteConfirm } from '../../engine/confirm-delete.tsx';

/** The thermal inspection of one report: the verdict, the written analysis and the measurements. */
export function ThermalAnalysisPage() {
  const { t } = useTranslation();
  const { reportId } = useParams({ from: '/app/reports/$reportId/thermal' });
  const report = useReport(reportId);
  const crumbs = useReportCrumbs(report, { label: techniqueLabel(t, thermal) });
  const { data: analysis } = useSuspenseQuery(thermalQueries.analysis(reportId));

  return (
    <>
      <PageHeader
        title={techniqueLabel(t, thermal)}
        subtitle={`${report.reportNumber} · ${report.title}`}
        crumbs={crumbs}
      />
      <ReportLockedNotice report={report} />
      {analysis ? (
        <AnalysisContent reportId={reportId} analysis={analysis} />
      ) : (
        <NotStarted reportId={reportId} />
      )}
    </>
  );
}

function NotStarted({ reportId }: { reportId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayCreate = usePermission('thermal', 'create');
  const start = useMutation({
    mutationFn: () => callApi('POST /thermal-analysis', { body: { values: { reportHeaderId: reportId } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: thermalKey(reportId) }),
    onError: (e) => notifications.show({ color: 'red', message: errorText(e, t) }),
  });
  return (
    <Paper withBorder radius="md" p="xl" ta="center">
      <Stack align="center" gap="sm">
        <IconTemperaturePlus size={40} stroke={1.4} aria-hidden />
        <Title order={2} fz="lg">
          {t('thermal.notStarted')}
        </Title>
        <Text c="dimmed" maw={460}>
          {t('thermal.notStartedHelp')}
        </Text>
        {mayCreate && (
          <Button onClick={() => start.mutate()} loading={start.isPending}>
            {t('thermal.start')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function AnalysisContent({ reportId, analysis }: { reportId: string; analysis: ThermalAnalysis }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mayUpdateAnalysis = usePermission('thermal', 'update');
  const mayCreate = usePermission('thermal', 'create');
  const mayDelete = usePermission('thermal', 'delete');

  const remove = useMutation({
    mutationFn: (m: ThermalMeasurement) => callApi('DELETE /thermal-measurements', { query: { id: m.id } }),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('thermal.measurementDeleted') });
      await queryClient.invalidateQueries({ queryKey: thermalKey(reportId) });
    },
    onError: (e) =>
      notifications.show({ color: 'red', title: t('errors.deleteFailed'), message: errorText(e, t) }),
  });

  function confirmDelete(m: ThermalMeasurement) {
    openDeleteConfirm(t, {
      title: t('thermal.deleteTitle'),
      text: t('thermal.deleteText', { tag: m.tagNumber ?? m.equipmentName ?? m.date }),
      onConfirm: () => remove.mutate(m),
    });
  }

  const edit = (m: ThermalMeasurement) =>
    void navigate({
      to: '/reports/$reportId/thermal/measurements/$measurementId',
      params: { reportId, measurementId: m.id },
    });

  return (
    <Stack gap="lg">
      <ThermalOverview reportId={reportId} analysis={analysis} />

      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="lg">
            {t('thermal.measurements')}
          </Title>
          {mayCreate && (
            <ButtonLink
              to="/reports/$reportId/thermal/measurements/new"
              params={{ reportId }}
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              {t('thermal.addMeasurement')}
            </ButtonLink>
          )}
        </Group>
        <EntityTable
          entity={thermalMeasurement}
          columns={[
            // The tag and its verdict always show; on a narrow screen the figures behind it give way
            // first, and a row opens every field.
            { key: 'tagNumber', priority: 1 },
            { key: 'severity', priority: 1 },
            { key: 'deltaTC', priority: 2 },
            { key: 'date', priority: 2 },
            { key: 'component', priority: 3 },
            { key: 'maxTemperatureC', priority: 3 },
            { key: 'referenceTemperatureC', priority: 3 },
            { key: 'thermalImage', priority: 2 },
          ]}
          queryKey={[...thermalKey(reportId), 'measurements']}
          fetchPage={pagedList('GET /thermal-measurements/by-thermal-analysis', {
            thermalAnalysisId: analysis.id,
          })}
          renderCell={{
            // A reading saved over a warning (confirmed or not) is marked beside its verdict.
            severity: (m) => (
              <Group gap={6} wrap="nowrap">
                <SeverityBadge severity={m.severity as ThermalSeverity} size="sm" />
                <WarningsMark entity={thermalMeasurement} record={m} />
              </Group>
            ),
            thermalImage: (m) => <ImageMarks measurement={m as ThermalMeasurement} />,
          }}
          details={{
            title: (m) => t('thermal.measurementDetails', { tag: m.tagNumber ?? m.equipmentName ?? m.date }),
            actions: (m, close) => (
              <>
                <Button
                  leftSection={<IconPencil size={18} aria-hidden />}
                  onClick={() => edit(m as ThermalMeasurement)}
                >
                  {t('common.edit')}
                </Button>
                {mayDelete && (
                  <Button
                    variant="default"
                    color="red"
                    leftSection={<IconTrash size={18} aria-hidden />}
                    onClick={() => {
                      close();
                      confirmDelete(m as ThermalMeasurement);
                    }}
                  >
                    {t('common.delete')}
                  </Button>
                )}
              </>
            ),
          }}
          rowActions={(m) => (
            <Group gap={4} wrap="nowrap" justify="flex-end">
              <RowAction
                label={t('thermal.editMeasurement', { tag: m.tagNumber ?? m.date })}
                tooltip={t('common.edit')}
                icon={<IconPencil size={18} aria-hidden />}
                onClick={() => edit(m as ThermalMeasurement)}
              />
              {mayDelete && (
                <RowAction
                  label={t('thermal.deleteMeasurement', { tag: m.tagNumber ?? m.date })}
                  tooltip={t('common.delete')}
                  color="red"
                  icon={<IconTrash size={18} aria-hidden />}
                  onClick={() => confirmDelete(m as ThermalMeasurement)}
                />
              )}
            </Group>
          )}
          emptyText={t('thermal.noMeasurements')}
        />
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" mb="sm">
          {t('thermal.analysisText')}
        </Title>
        {mayUpdateAnalysis ? (
          <EntityForm
            entity={thermalAnalysis}
            fields={['summary', 'result']}
            record={analysis}
            submitLabel={t('thermal.saveAnalysis')}
            onSubmit={async ({ values }) => {
              await callApi('PUT /thermal-analysis', {
                body: { values: { ...values, id: analysis.id }, previous: analysis },
              });
              notifications.show({ color: 'teal', message: t('thermal.analysisSaved') });
              await queryClient.invalidateQueries({ queryKey: thermalKey(reportId) });
            }}
          />
        ) : (
          // Read-only for roles that may not update: the same two texts, labelled.
          <Stack gap="md">
            {(['summary', 'result'] as const).map((key) => (
              <div key={key}>
                <Text size="sm" fw={600}>
                  {fieldLabel(t, thermalAnalysis.name, key, thermalAnalysis.fields[key])}
                </Text>
                <FieldDisplay entity={thermalAnalysis} fieldKey={key} value={analysis[key]} />
              </div>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

/** Which photos a measurement has, as icons with words for screen readers. */
function ImageMarks({ measurement }: { measurement: ThermalMeasurement }) {
  const { t } = useTranslation();
  const count = [measurement.thermalImage, measurement.visualImage].filter(Boolean).length;
  if (count === 0) return <Text c="dimmed">{t('common.none')}</Text>;
  return (
    <Group gap={4} wrap="nowrap" aria-label={t('thermal.imageCount', { count })}>
      <IconPhoto size={18} aria-hidden />
      <Text size="sm">{count}</Text>
    </Group>
  );
}
