import { Badge, Button, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Attachment, EntityDefinition, PermissionModule, WorkspaceList } from '@inspectra/contract';
import { IconMovie, IconPencil, IconPhoto, IconPhotoOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../ui/error-text.ts';
import { OverrideMark } from '../verdicts/VerdictOverrides.tsx';
import { ButtonLink } from '../../ui/links.tsx';
import { EntityTable } from '../../engine/EntityTable.tsx';
import { formatFieldValue } from '../../engine/FieldDisplay.tsx';
import { WarningsMark } from '../../engine/RecordedWarnings.tsx';
import { RowAction } from '../../engine/RowAction.tsx';
import { useStoredFileUrl } from '../../engine/useStoredFileUrl.ts';
import { usePermission } from '../auth/useProfile.ts';
import { extensionOf } from './extensions.ts';
import { FindingBadge } from './FindingBadge.tsx';
import { GradeCounts } from './GradeCounts.tsx';
import { leadField, rowColumns } from './row-columns.ts';
import { callTechnique } from './technique-client.ts';
import { isMainRows, rowPages, rowsKey, techniqueKey } from './technique-queries.ts';
import { RowsGallery } from './RowsGallery.tsx';
import type { TechniqueRecord, WorkspaceScope } from './technique-queries.ts';
import { findRoute, findWrite, idArguments } from './technique-routes.ts';
import { useWorkspaceWords } from './useWorkspaceWords.ts';
import { openDeleteConfirm } from '../../engine/confirm-delete.tsx';

type Row = Record<string, unknown>;

/** The charting library loads with the first profile drawn, never with the rest of the workspace. */
const RowsProfile = lazy(() => import('./RowsProfile.tsx'));
/** The trend of the rows' series (docs/series.md), with the same library, loaded when drawn. */
const RowsTrend = lazy(() => import('./RowsTrend.tsx'));

/** The photos of a row, from its first image list, in their order. */
export function rowPhotos(entity: EntityDefinition, row: Row): Attachment[] {
  const list = Object.keys(entity.imageLists)[0];
  const value = list ? row[list] : undefined;
  return Array.isArray(value) ? (value as Attachment[]) : [];
}

/**
 * The rows recorded under an inspection (findings, summaries, measurements): a table with the naming
 * field (with its first photo and photo count when the rows keep a photo list), the grade as a
 * coloured badge marked when saved over a warning; a row opens its form, or its details when the
 * technique's extension says so. The extension may choose the columns and draw some cells.
 */
export function RowsPanel({
  scope,
  inspection,
  kind = { entity: scope.technique.workspace!.rows! },
}: {
  scope: WorkspaceScope;
  inspection: TechniqueRecord;
  /** The kind of row shown: the main rows unless another of the workspace's lists is named. */
  kind?: WorkspaceList;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { technique } = scope;
  const rows = kind.entity;
  const main = isMainRows(technique, rows);
  const say = useWorkspaceWords(technique, rows);
  // The technique's extension speaks of its main rows only.
  const own = main ? (extensionOf(technique).rows ?? {}) : {};
  const module = technique.module as PermissionModule;
  // A row's create or update, or its keyed write (a lube-oil component by its analysis and name).
  const createRoute = findWrite(technique, 'create', rows, scope.variant);
  const mayCreate =
    usePermission(module, createRoute?.operation.kind === 'upsert' ? 'update' : 'create') &&
    Boolean(createRoute);
  const deleteRoute = findRoute(technique, 'delete', rows, scope.variant);
  const mayDelete = usePermission(module, 'delete') && Boolean(deleteRoute);
  // A row that may not change (a locked report, a role that only reads) opens its details, never a form.
  const mayUpdate =
    usePermission(module, 'update') && Boolean(findWrite(technique, 'update', rows, scope.variant));
  const opensDetails = own.opensDetails || !mayUpdate;
  const lead = leadField(rows, scope.variant);
  const withPhotoList = Object.keys(rows.imageLists).length > 0;
  const grade = main ? technique.findingGrade?.field : undefined;
  const pair = main ? rows.verdict : undefined;
  const profile = main ? technique.workspace!.profile : undefined;
  // The equipment's readings over its reports, where the rows declare a series and a trend call.
  const trend = main ? findRoute(technique, 'trend', rows, scope.variant) : undefined;
  const search = { variant: scope.variant, inspection: inspection.id, ...(main ? {} : { list: rows.name }) };
  const nameOf = (row: Row) =>
    formatFieldValue(rows.fields[lead]!, row[lead], t, i18n.language, { entityName: rows.name, key: lead });

  const remove = useMutation({
    mutationFn: (row: Row) =>
      callTechnique(technique, deleteRoute!, idArguments(deleteRoute!, String(row.id))),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: say('rowDeleted') });
      await queryClient.invalidateQueries({ queryKey: techniqueKey(technique, scope.reportId) });
    },
    onError: (e) =>
      notifications.show({ color: 'red', title: t('errors.deleteFailed'), message: errorText(e, t) }),
  });

  const confirmDelete = (row: Row) =>
    openDeleteConfirm(t, {
      title: say('deleteRowTitle'),
      text: say('deleteRowText', { name: nameOf(row) }),
      onConfirm: () => remove.mutate(row),
    });

  const edit = (row: Row) =>
    void navigate({
      to: '/reports/$reportId/$slug/rows/$rowId',
      params: { reportId: scope.reportId, slug: technique.slug, rowId: String(row.id) },
      search,
    });

  const actionsOf =
    !mayUpdate && !mayDelete
      ? undefined
      : (row: Row) => (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            {mayUpdate && (
              <RowAction
                label={say('editRow', { name: nameOf(row) })}
                tooltip={t('common.edit')}
                icon={<IconPencil size={18} aria-hidden />}
                onClick={() => edit(row)}
              />
            )}
            {mayDelete && (
              <RowAction
                label={say('deleteRow', { name: nameOf(row) })}
                tooltip={t('common.delete')}
                color="red"
                icon={<IconTrash size={18} aria-hidden />}
                onClick={() => confirmDelete(row)}
              />
            )}
          </Group>
        );

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {say('rows')}
        </Title>
        {mayCreate && (
          <ButtonLink
            to="/reports/$reportId/$slug/rows/new"
            params={{ reportId: scope.reportId, slug: technique.slug }}
            search={search}
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            {say('addRow')}
          </ButtonLink>
        )}
      </Group>
      {kind.gallery ? (
        <RowsGallery
          scope={scope}
          inspection={inspection}
          entity={rows}
          gallery={kind.gallery}
          actions={(row) => actionsOf?.(row)}
          emptyText={say('noRows')}
        />
      ) : (
        <EntityTable
          entity={rows}
          columns={own.columns ?? rowColumns(technique, scope.variant, rows)}
          queryKey={[...rowsKey(scope, inspection.id, rows), 'page']}
          fetchPage={rowPages(scope, inspection.id, rows)}
          renderCell={{
            ...(withPhotoList
              ? { [lead]: (row) => <RowLead entity={rows} row={row} name={nameOf(row)} /> }
              : {}),
            ...(grade
              ? {
                  // A row saved over a warning (confirmed or not) is marked beside its grade.
                  [grade]: (row) => (
                    <Group gap={6} wrap="nowrap">
                      {typeof row[grade] === 'string' ? (
                        <FindingBadge technique={technique} level={row[grade]} size="sm" />
                      ) : pair && typeof row[pair.standard] === 'string' ? (
                        // Nothing recorded: the standard's verdict is the one counted, and says so.
                        <>
                          <FindingBadge technique={technique} level={String(row[pair.standard])} size="sm" />
                          <Text size="xs" c="dimmed">
                            {t('engine.verdict.byStandard')}
                          </Text>
                        </>
                      ) : (
                        t('common.none')
                      )}
                      <WarningsMark entity={rows} record={row} />
                      <OverrideMark entity={rows} row={row} />
                    </Group>
                  ),
                }
              : {}),
            ...own.cells,
          }}
          onRowClick={opensDetails ? undefined : edit}
          details={
            opensDetails
              ? {
                  title: (row) => say('rowDetails', { name: nameOf(row) }),
                  actions: (row, close) => (
                    <>
                      {mayUpdate && (
                        <Button leftSection={<IconPencil size={18} aria-hidden />} onClick={() => edit(row)}>
                          {t('common.edit')}
                        </Button>
                      )}
                      {mayDelete && (
                        <Button
                          variant="default"
                          color="red"
                          leftSection={<IconTrash size={18} aria-hidden />}
                          onClick={() => {
                            close();
                            confirmDelete(row);
                          }}
                        >
                          {t('common.delete')}
                        </Button>
                      )}
                    </>
                  ),
                }
              : undefined
          }
          rowActions={actionsOf}
          emptyText={say('noRows')}
        />
      )}
      {main && <GradeCounts scope={scope} inspectionId={String(inspection.id)} />}
      {profile && (!profile.variants || profile.variants.includes(scope.variant ?? '')) && (
        <Suspense fallback={<Loader size="sm" mt="md" />}>
          <Stack mt="md">
            <RowsProfile scope={scope} inspection={inspection} profile={profile} />
          </Stack>
        </Suspense>
      )}
      {trend && (
        <Suspense fallback={<Loader size="sm" mt="md" />}>
          <Stack mt="md">
            <RowsTrend scope={scope} route={trend} />
          </Stack>
        </Suspense>
      )}
    </Paper>
  );
}

/**
 * The row's name with its first photo, how many it has and whether it keeps a video: what an
 * inspector recognises a row by.
 */
function RowLead({ entity, row, name }: { entity: EntityDefinition; row: Row; name: string }) {
  const { t } = useTranslation();
  const photos = rowPhotos(entity, row);
  const thumb = useStoredFileUrl(photos[0]?.url);
  // A recording kept with the row (a magnified video) is what a reviewer looks for first.
  const withVideo = Object.entries(entity.images).some(
    ([slot, image]) => image.accepts === 'video' && row[slot],
  );
  return (
    // Wide enough for a short name and its photo count, else the table gives up other columns first.
    <Group gap="sm" wrap="nowrap" miw={160}>
      <Paper
        withBorder
        w={44}
        h={44}
        radius="sm"
        style={{ overflow: 'hidden', flexShrink: 0, display: 'grid', placeItems: 'center' }}
        aria-hidden
      >
        {thumb.src ? (
          <Image src={thumb.src} alt="" w={44} h={44} fit="cover" />
        ) : thumb.notOnDevice ? (
          <IconPhotoOff size={18} stroke={1.4} color="var(--mantine-color-dimmed)" />
        ) : (
          <IconPhoto size={18} stroke={1.4} color="var(--mantine-color-dimmed)" />
        )}
      </Paper>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} lineClamp={2}>
          {name}
        </Text>
        <Group gap={4} wrap="wrap">
          <Badge variant="default" size="sm" styles={{ label: { textTransform: 'none' } }}>
            {t('workspace.photoCount', { count: photos.length })}
          </Badge>
          {withVideo && (
            <Badge
              variant="default"
              size="sm"
              leftSection={<IconMovie size={12} aria-hidden />}
              styles={{ label: { textTransform: 'none' } }}
            >
              {t('workspace.video')}
            </Badge>
          )}
        </Group>
      </Stack>
    </Group>
  );
}
