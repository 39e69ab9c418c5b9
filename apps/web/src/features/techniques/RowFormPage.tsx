import { Alert, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { EntityDefinition, PermissionModule, TechniqueDefinition } from '@inspectra/contract';
import { IconEye } from '@tabler/icons-react';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wasQueued } from '../../api/calls.ts';
import { ApiError } from '../../api/errors.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { EntityForm } from '../../engine/EntityForm.tsx';
import { techniqueLabel } from '../../engine/entity-labels.ts';
import { RecordDetails } from '../../engine/RecordDetails.tsx';
import { RecordedWarningsNotice } from '../../engine/RecordedWarnings.tsx';
import { usePrefill } from '../../engine/usePrefill.ts';
import { usePermission } from '../auth/useProfile.ts';
import { ReportLockedNotice, useReportLocked } from '../reports/ReportLock.tsx';
import { ReviseOrAsk } from '../reports/ReviseReport.tsx';
import { useReport } from '../reports/useReport.ts';
import { useReportCrumbs } from '../reports/useReportCrumbs.ts';
import { today } from './InspectionSection.tsx';
import { readFields, shownFields } from './row-columns.ts';
import { callTechnique } from './technique-client.ts';
import {
  loadInspection,
  loadRow,
  rowKind,
  rowsKey,
  techniqueKey,
  techniqueQueries,
} from './technique-queries.ts';
import type { TechniqueRecord, WorkspaceScope } from './technique-queries.ts';
import { findWrite, techniqueBySlug, writeArguments } from './technique-routes.ts';
import { useWorkspaceVariant } from './TechniqueWorkspacePage.tsx';
import { entityLabel, inspectionWords } from './entity-words.ts';
import { useWorkspaceWords } from './useWorkspaceWords.ts';

/**
 * Add a row under an inspection (`…/{slug}/rows/new`) or edit one (`…/{slug}/rows/{id}`): its fields
 * and its photo lists, saved as one request (multipart when new photos go with it).
 */
export function RowFormPage() {
  const { t } = useTranslation();
  const params = useParams({ strict: false }) as { reportId: string; slug: string; rowId?: string };
  const search = useSearch({ strict: false }) as { list?: string };
  const technique = techniqueBySlug(params.slug);
  // The kind of row named by the address (`?list=`), the technique's main rows when none.
  const kind = technique && rowKind(technique, search.list);
  if (!technique || !kind) throw new ApiError(t('workspace.unknown'), { status: 404, code: 'NOT_FOUND' });
  return <RowForm technique={technique} rows={kind.entity} reportId={params.reportId} rowId={params.rowId} />;
}

function RowForm({
  technique,
  rows,
  reportId,
  rowId,
}: {
  technique: TechniqueDefinition;
  rows: EntityDefinition;
  reportId: string;
  rowId?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const report = useReport(reportId);
  const { variant } = useWorkspaceVariant(technique, report);
  const search = useSearch({ strict: false }) as { inspection?: string };
  const scope: WorkspaceScope = { technique, reportId, variant };
  const inspection = useInspection(scope, search.inspection);
  const row = useQuery({
    ...techniqueQueries.row(scope, inspection.id, rowId ?? '', rows),
    enabled: Boolean(rowId),
  });
  const [progress, setProgress] = useState<number | null>(null);
  const say = useWorkspaceWords(technique, rows);
  const locked = useReportLocked();
  // What the server would refuse is not offered: a locked report, or a role that only reads, shows
  // the row as text with the reason, whichever way the page was reached (a link, a typed address).
  const module = technique.module as PermissionModule;
  const write = findWrite(technique, rowId ? 'update' : 'create', rows, variant);
  // A keyed write is an update in the permission matrix, whether it creates or changes.
  const mayWrite =
    usePermission(module, !rowId && write?.operation.kind === 'create' ? 'create' : 'update') &&
    Boolean(write);
  const title = mayWrite ? say(rowId ? 'editRowTitle' : 'addRow') : say('rows');
  const back = { variant, inspection: inspection.id };
  const crumbs = useReportCrumbs(
    report,
    {
      label: techniqueLabel(t, technique),
      to: '/reports/$reportId/$slug',
      params: { reportId, slug: technique.slug },
    },
    { label: title },
  );

  // A new row starts on the report's equipment where its fields say so (`prefill`: a tag).
  const prefillStart = rows.parent ? { [rows.parent]: inspection.id } : {};
  const parentEntity = rows.parent ? rows.fields[rows.parent] : undefined;
  const prefill = usePrefill({
    entity: rows,
    fields: shownFields(rows, variant),
    start: prefillStart,
    known: {
      reportHeader: report,
      ...(parentEntity?.kind === 'ref' ? { [parentEntity.entity]: inspection } : {}),
    },
    enabled: !rowId && mayWrite,
  });

  if (rowId && row.isError) throw row.error;
  if (rowId && row.isPending) return null;
  if (!prefill.ready) return null;
  if (rowId && !row.data) throw new ApiError(t('errors.recordNotFound'), { status: 404, code: 'NOT_FOUND' });
  const record = row.data ?? null;
  const backToWorkspace = () =>
    navigate({ to: '/reports/$reportId/$slug', params: { reportId, slug: technique.slug }, search: back });

  // A new row's date fields start at the inspection's own date when it has one of that name, else today.
  const defaults = Object.fromEntries(
    shownFields(rows, variant)
      .filter((k) => rows.fields[k]?.kind === 'date' && rows.fields[k]?.required)
      .map((k) => [k, typeof inspection[k] === 'string' ? inspection[k] : today()]),
  );

  if (!mayWrite)
    return (
      <>
        <PageHeader title={title} subtitle={`${report.reportNumber} · ${report.title}`} crumbs={crumbs} />
        <Stack gap="lg" maw={1100}>
          {locked ? (
            <ReportLockedNotice report={report} action={<ReviseOrAsk report={report} />} />
          ) : (
            <Alert
              color="gray"
              variant="light"
              icon={<IconEye aria-hidden />}
              title={t('workspace.readOnlyTitle')}
            >
              {t(record ? 'workspace.readOnlyRow' : 'workspace.readOnlyNew', {
                technique: techniqueLabel(t, technique),
              })}
            </Alert>
          )}
          {record && (
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <RecordedWarningsNotice entity={rows} record={record} mb="lg" />
              <RecordDetails entity={rows} record={record} fields={readFields(rows, variant)} />
            </Paper>
          )}
        </Stack>
      </>
    );

  return (
    <>
      <PageHeader title={title} subtitle={`${report.reportNumber} · ${report.title}`} crumbs={crumbs} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={1100}>
        {variant === undefined && technique.variants.length > 0 && (
          <Alert color="yellow" mb="md">
            {t('workspace.chooseVariant')}
          </Alert>
        )}
        <RecordedWarningsNotice entity={rows} record={record} mb="lg" />
        <EntityForm
          key={record?.id ?? 'new'}
          entity={rows}
          variant={variant}
          fields={shownFields(rows, variant)}
          record={record}
          defaults={{ ...prefill.values, ...defaults }}
          parentId={inspection.id}
          parent={inspection}
          submitLabel={record ? t('common.save') : say('addRow')}
          uploadProgress={progress}
          loadCurrent={async (r) =>
            (await loadRow(scope, inspection.id, String(r.id), undefined, rows)) ?? undefined
          }
          onCancel={() => void backToWorkspace()}
          onSubmit={async ({ values, images, imageLists }) => {
            const onUploadProgress = (percent: number) => setProgress(percent);
            try {
              // The call found above: the row's update (or keyed write) when it has an id, else its create.
              return await callTechnique(technique, write!, {
                ...writeArguments(write!, {
                  id: record?.id,
                  parent: { key: rows.parent!, id: inspection.id },
                  values,
                  images,
                  imageLists,
                  previous: record,
                }),
                onUploadProgress,
                queueOffline: entityLabel(t, rows),
                // A row added offline shows in its inspection's rows until it is synced.
                queuedIn: [rowsKey(scope, inspection.id, rows)],
              });
            } finally {
              setProgress(null);
            }
          }}
          onSaved={async (result) => {
            // Queued offline, the form has said so: "saved" would claim the server has it.
            if (!wasQueued(result))
              notifications.show({ color: 'teal', message: say(record ? 'rowSaved' : 'rowAdded') });
            await queryClient.invalidateQueries({ queryKey: techniqueKey(technique, reportId) });
            await backToWorkspace();
          }}
        />
      </Paper>
    </>
  );
}

/** The inspection the row belongs to: the one named in the address, or the report's only one. */
function useInspection(scope: WorkspaceScope, id: string | undefined): TechniqueRecord {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The workspace's read of the report's inspections, when the cache holds it (a task taken offline
  // does): the row form then opens without a network, read again when online as its age says.
  const held = (key: QueryKey) => ({
    data: queryClient.getQueryData<unknown>(key),
    state: queryClient.getQueryState(key),
  });
  const single = held(techniqueQueries.single(scope).queryKey);
  const several = held(techniqueQueries.several(scope).queryKey);
  // The one inspection of the report, or the one the address names among several.
  const known = [single.data, ...(id && Array.isArray(several.data) ? several.data : [])].find(
    (r): r is TechniqueRecord => isRecordOf(r, id),
  );
  const { data } = useSuspenseQuery({
    queryKey: [...techniqueKey(scope.technique, scope.reportId), scope.variant ?? '', 'inspection', id ?? ''],
    queryFn: async () => (await loadInspection(scope, id ?? '')) ?? null,
    ...(known
      ? {
          initialData: known,
          initialDataUpdatedAt: (known === single.data ? single : several).state?.dataUpdatedAt,
        }
      : {}),
  });
  if (!data)
    throw new ApiError(t('workspace.noInspection', inspectionWords(t, scope.technique)), {
      status: 404,
      code: 'NOT_FOUND',
    });
  return data;
}

/** Whether a record read elsewhere is the inspection a row form asks for (any one when it names none). */
const isRecordOf = (r: unknown, id: string | undefined): boolean =>
  typeof r === 'object' &&
  r !== null &&
  typeof (r as TechniqueRecord).id === 'string' &&
  (!id || (r as TechniqueRecord).id === id);
