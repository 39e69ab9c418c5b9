import { Paper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { thermal, thermalMeasurement } from '@inspectra/contract';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { ApiError } from '../../api/errors.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { EntityForm } from '../../engine/EntityForm.tsx';
import { techniqueLabel } from '../../engine/entity-labels.ts';
import { RecordedWarningsNotice } from '../../engine/RecordedWarnings.tsx';
import { useReport } from '../reports/useReport.ts';
import { useReportCrumbs } from '../reports/useReportCrumbs.ts';
import { thermalKey, thermalQueries } from './thermal-queries.ts';

/** Fields in the order an inspector reads them off the camera and the equipment. */
const formFields = [
  'date',
  'tagNumber',
  'equipmentName',
  'component',
  'location',
  'maxTemperatureC',
  'referenceTemperatureC',
  'ambientTemperatureC',
  'emissivity',
  'loadPercent',
  'distanceM',
  'remarks',
  'recommendation',
];

/** Today on the device's calendar: an inspector in WIB at 06:00 measured today, not yesterday UTC. */
const today = () => dayjs().format('YYYY-MM-DD');

/** Add a measurement (`…/measurements/new`) or edit one (`…/measurements/{id}`). */
export function MeasurementEditPage() {
  const { t } = useTranslation();
  const params = useParams({ strict: false }) as { reportId: string; measurementId?: string };
  const { reportId, measurementId } = params;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const report = useReport(reportId);
  const { data: analysis } = useSuspenseQuery(thermalQueries.analysis(reportId));
  const measurement = useQuery({
    ...thermalQueries.measurement(reportId, measurementId ?? ''),
    enabled: Boolean(measurementId),
  });
  const [progress, setProgress] = useState<number | null>(null);
  const title = t(measurementId ? 'thermal.editMeasurementTitle' : 'thermal.addMeasurement');
  const crumbs = useReportCrumbs(
    report,
    { label: techniqueLabel(t, thermal), to: '/reports/$reportId/thermal', params: { reportId } },
    { label: title },
  );

  if (!analysis) throw new ApiError(t('thermal.notStarted'), { status: 404, code: 'NOT_FOUND' });
  if (measurementId && measurement.isError) throw measurement.error;
  if (measurementId && !measurement.data) return null;
  const record = measurement.data ?? null;
  const backToAnalysis = () => navigate({ to: '/reports/$reportId/thermal', params: { reportId } });

  return (
    <>
      <PageHeader title={title} subtitle={`${report.reportNumber} · ${report.title}`} crumbs={crumbs} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={960}>
        <RecordedWarningsNotice entity={thermalMeasurement} record={record} mb="lg" />
        <EntityForm
          key={record?.id ?? 'new'}
          entity={thermalMeasurement}
          fields={formFields}
          record={record}
          defaults={{ date: today() }}
          submitLabel={t(record ? 'common.save' : 'thermal.addMeasurement')}
          uploadProgress={progress}
          parentId={analysis.id}
          onCancel={() => void backToAnalysis()}
          onSubmit={async ({ values, images }) => {
            const onUploadProgress = (percent: number) => setProgress(percent);
            try {
              if (record) {
                await callApi('PUT /thermal-measurements', {
                  query: { id: record.id },
                  body: { values, images, previous: record },
                  onUploadProgress,
                });
              } else {
                await callApi('POST /thermal-measurements', {
                  body: { values: { ...values, thermalAnalysisId: analysis.id }, images },
                  onUploadProgress,
                });
              }
            } finally {
              setProgress(null);
            }
          }}
          // The form has let go of its changes and its draft: leaving no longer asks.
          onSaved={async () => {
            notifications.show({
              color: 'teal',
              message: t(record ? 'thermal.measurementUpdated' : 'thermal.measurementAdded'),
            });
            await queryClient.invalidateQueries({ queryKey: thermalKey(reportId) });
            await backToAnalysis();
          }}
        />
      </Paper>
    </>
  );
}
