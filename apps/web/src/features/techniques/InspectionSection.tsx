import { Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Envelope, PermissionModule } from '@inspectra/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { wasQueued } from '../../api/calls.ts';
import { errorText } from '../../ui/error-text.ts';
import { EntityForm } from '../../engine/EntityForm.tsx';
import { blankNumbers } from '../../engine/form-values.ts';
import { formatDate } from '../../engine/locale.ts';
import { usePermission } from '../auth/useProfile.ts';
import { extensionOf } from './extensions.ts';
import { InspectionForm } from './InspectionForm.tsx';
import { shownFields } from './row-columns.ts';
import { RowsPanel } from './RowsPanel.tsx';
import { callTechnique } from './technique-client.ts';
import { inspectionOf, rowKinds, techniqueKey, techniqueQueries } from './technique-queries.ts';
import type { TechniqueRecord, WorkspaceScope } from './technique-queries.ts';
import { findRoute, findWrite, idArguments, writeArguments } from './technique-routes.ts';
import { techniqueIcons } from './technique-icons.ts';
import { entityLabel, inspectionWords } from './entity-words.ts';
import { useWorkspaceWords } from './useWorkspaceWords.ts';
import { openDeleteConfirm } from '../../engine/confirm-delete.tsx';

/**
 * A new inspection made offline goes into the device's queue with an id made on the device (the rows
 * recorded under it are sent after it), and shows as the report's inspection until it is synced.
 */
const queuedInspection = (t: TFunction, scope: WorkspaceScope) => ({
  queueOffline: entityLabel(t, inspectionOf(scope.technique)),
  queuedIn: [
    techniqueQueries.single(scope).queryKey,
    techniqueQueries.several(scope).queryKey,
  ] as unknown[][],
});

/** Today on the device's calendar: an inspector in WIB at 06:00 inspected today, not yesterday UTC. */
export const today = () => dayjs().format('YYYY-MM-DD');

/** A technique with one inspection per report (VCI, thermal): read it, or start it when none exists yet. */
export function SingleInspection({ scope }: { scope: WorkspaceScope }) {
  const { data: inspection } = useSuspenseQuery(techniqueQueries.single(scope));
  return inspection ? (
    <InspectionContent scope={scope} inspection={inspection} />
  ) : (
    <NotStarted scope={scope} />
  );
}

function NotStarted({ scope }: { scope: WorkspaceScope }) {
  const { t } = useTranslation();
  const say = useWorkspaceWords(scope.technique);
  const Icon = techniqueIcons[scope.technique.icon];
  const queryClient = useQueryClient();
  const entity = inspectionOf(scope.technique);
  // Made by its create, or by its first keyed write where reading never makes one (vibration).
  const create = findWrite(scope.technique, 'create', entity, scope.variant);
  const mayCreate = usePermission(
    scope.technique.module as PermissionModule,
    // A keyed write is an update in the permission matrix, whether it creates or changes.
    create?.operation.kind === 'upsert' ? 'update' : 'create',
  );
  // An inspection that needs values to exist (a sample's date) starts from its form, not empty.
  const needsValues = Object.entries(entity.fieldsOf(scope.variant)).some(
    ([key, field]) => field.required && key !== entity.parent && !field.serverOwned,
  );
  const [filling, setFilling] = useState(false);
  const started = () =>
    queryClient.invalidateQueries({ queryKey: techniqueKey(scope.technique, scope.reportId) });
  const start = useMutation({
    mutationFn: () =>
      callTechnique(scope.technique, create!, {
        ...writeArguments(create!, {
          parent: { key: entity.parent!, id: scope.reportId },
          // Nothing entered yet: its numbers blank, never SPEC's 0.
          values: blankNumbers(entity, scope.variant),
        }),
        ...queuedInspection(t, scope),
      }),
    // Offline the write is queued on the device (`queueOffline`): the mutation must not wait for a
    // network as TanStack's default does (the button would spin until one came back).
    networkMode: 'always',
    onSuccess: (result) => {
      if (wasQueued(result)) notifications.show({ color: 'teal', message: t('offline.savedOnDevice') });
      return started();
    },
    onError: (e) => notifications.show({ color: 'red', message: errorText(e, t) }),
  });
  if (filling && create)
    return (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="lg" mb="sm">
          {say('details')}
        </Title>
        <EntityForm
          entity={entity}
          variant={scope.variant}
          fields={shownFields(entity, scope.variant)}
          defaults={datesToday(entity)}
          parentId={scope.reportId}
          submitLabel={say('start')}
          onCancel={() => setFilling(false)}
          onSubmit={({ values, images, imageLists }) =>
            callTechnique<TechniqueRecord>(scope.technique, create, {
              body: { values: { ...values, [entity.parent!]: scope.reportId }, images, imageLists },
              ...queuedInspection(t, scope),
            })
          }
          onSaved={started}
        />
      </Paper>
    );
  return (
    <Paper withBorder radius="md" p="xl" ta="center">
      <Stack align="center" gap="sm">
        <Icon size={40} stroke={1.4} aria-hidden />
        <Title order={2} fz="lg">
          {say('notStarted')}
        </Title>
        <Text c="dimmed" maw={460}>
          {say('notStartedHelp')}
        </Text>
        {create && mayCreate && (
          <Button onClick={() => (needsValues ? setFilling(true) : start.mutate())} loading={start.isPending}>
            {say('start')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** A new inspection's required dates start at today (the device's calendar). */
const datesToday = (entity: ReturnType<typeof inspectionOf>) => {
  const dates = Object.entries(entity.fields).filter(([, f]) => f.kind === 'date' && f.required);
  return dates.length > 0 ? Object.fromEntries(dates.map(([key]) => [key, today()])) : undefined;
};

/**
 * A technique with several inspections per report (walkthrough): one tab each, the open one kept in
 * the address, and a form to add another.
 */
export function SeveralInspections({ scope, selected }: { scope: WorkspaceScope; selected?: string }) {
  const { t, i18n } = useTranslation();
  // "New test" where the technique calls its inspections tests (MCSA).
  const words = inspectionWords(t, scope.technique);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: inspections } = useSuspenseQuery(techniqueQueries.several(scope));
  const entity = inspectionOf(scope.technique);
  const create = findRoute(scope.technique, 'create', entity, scope.variant);
  const mayCreate = usePermission(scope.technique.module as PermissionModule, 'create') && Boolean(create);
  const [creating, setCreating] = useState(false);
  const current = inspections.find((i) => i.id === selected) ?? inspections[0];

  const open = (id: string | undefined) =>
    navigate({
      to: '/reports/$reportId/$slug',
      params: { reportId: scope.reportId, slug: scope.technique.slug },
      search: (s: Record<string, unknown>) => ({ ...s, inspection: id }),
      replace: true,
    });

  // A tab is named by its date (the declared order's first date field), numbered when dates repeat.
  const dateKey = Object.keys(entity.fields).find((k) => entity.fields[k]?.kind === 'date');
  const name = (inspection: TechniqueRecord, index: number) => {
    const date = dateKey ? inspection[dateKey] : undefined;
    const n = inspections.length - index;
    return typeof date === 'string'
      ? t('workspace.inspectionOn', { date: formatDate(date, i18n.language), n })
      : t('workspace.inspectionN', { n, ...words });
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="lg">
            {t('workspace.inspections', words)}
          </Title>
          {mayCreate && !creating && (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
              {t('workspace.newInspection', words)}
            </Button>
          )}
        </Group>
        {creating ? (
          <EntityForm
            entity={entity}
            variant={scope.variant}
            fields={shownFields(entity, scope.variant)}
            defaults={dateKey ? { [dateKey]: today() } : undefined}
            parentId={scope.reportId}
            submitLabel={t('workspace.createInspection', words)}
            onCancel={() => setCreating(false)}
            onSubmit={({ values, images, imageLists }) =>
              callTechnique<TechniqueRecord>(scope.technique, create!, {
                body: { values: { ...values, [entity.parent!]: scope.reportId }, images, imageLists },
                ...queuedInspection(t, scope),
              })
            }
            onSaved={async (result) => {
              // Made offline, the form has said it is kept on the device: "created" would claim the server has it.
              if (!wasQueued(result))
                notifications.show({ color: 'teal', message: t('workspace.inspectionCreated', words) });
              setCreating(false);
              await queryClient.invalidateQueries({
                queryKey: techniqueKey(scope.technique, scope.reportId),
              });
              await open((result as Envelope<TechniqueRecord>).data.id);
            }}
          />
        ) : inspections.length === 0 ? (
          <Text c="dimmed">{t('workspace.noInspections', words)}</Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('workspace.inspectionCount', { count: inspections.length, ...words })}
          </Text>
        )}
      </Paper>
      {current && !creating && (
        <Tabs
          value={current.id}
          onChange={(id) => void open(id ?? undefined)}
          variant="outline"
          keepMounted={false}
          styles={{ tab: { minHeight: 44 } }}
        >
          <Tabs.List aria-label={t('workspace.inspections', words)}>
            {inspections.map((inspection, index) => (
              <Tabs.Tab key={inspection.id} value={inspection.id}>
                {name(inspection, index)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {inspections.map((inspection) => (
            <Tabs.Panel key={inspection.id} value={inspection.id} pt="md">
              {inspection.id === current.id && (
                <InspectionContent
                  scope={scope}
                  inspection={inspection}
                  onDeleted={() => void open(undefined)}
                />
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}

/**
 * One inspection: what its extension says above (a verdict), its rows, what its extension adds
 * under them, its header form, and (when several) delete.
 */
function InspectionContent(p: {
  scope: WorkspaceScope;
  inspection: TechniqueRecord;
  onDeleted?: () => void;
}) {
  const { scope, inspection } = p;
  const { Overview, WorkspacePanel: Panel } = extensionOf(scope.technique);
  return (
    <Stack gap="lg">
      {Overview && <Overview scope={scope} inspection={inspection} />}
      {rowKinds(scope.technique, scope.variant).map((kind) => (
        <RowsPanel key={kind.entity.name} scope={scope} inspection={inspection} kind={kind} />
      ))}
      {Panel && <Panel scope={scope} inspection={inspection} />}
      <InspectionForm scope={scope} inspection={inspection} />
      {p.onDeleted && <DeleteInspection scope={scope} inspection={inspection} onDeleted={p.onDeleted} />}
    </Stack>
  );
}

function DeleteInspection(p: { scope: WorkspaceScope; inspection: TechniqueRecord; onDeleted: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { technique } = p.scope;
  const words = inspectionWords(t, technique);
  const route = findRoute(technique, 'delete', inspectionOf(technique), p.scope.variant);
  const mayDelete = usePermission(technique.module as PermissionModule, 'delete');
  const remove = useMutation({
    mutationFn: () => callTechnique(technique, route!, idArguments(route!, p.inspection.id)),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('workspace.inspectionDeleted', words) });
      p.onDeleted();
      await queryClient.invalidateQueries({ queryKey: techniqueKey(technique, p.scope.reportId) });
    },
    onError: (e) =>
      notifications.show({ color: 'red', title: t('errors.deleteFailed'), message: errorText(e, t) }),
  });
  if (!route || !mayDelete) return null;
  return (
    <Group justify="flex-end">
      <Button
        variant="default"
        color="red"
        leftSection={<IconTrash size={18} aria-hidden />}
        loading={remove.isPending}
        onClick={() =>
          openDeleteConfirm(t, {
            title: t('workspace.deleteInspectionTitle', words),
            text: t('workspace.deleteInspectionText', words),
            onConfirm: () => remove.mutate(),
          })
        }
      >
        {t('workspace.deleteInspection', words)}
      </Button>
    </Group>
  );
}
