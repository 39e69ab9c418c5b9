import { Button, Group, Modal, Paper, Stack, Collapse } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { routeTable } from '@inspectra/contract';
import type { EntityDefinition, Operation, PermissionModule, RouteDefinition } from '@inspectra/contract';
import { IconFileSpreadsheet, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute, routeOf } from '../../api/calls.ts';
import { errorText } from '../../ui/error-text.ts';
import type { PagedList } from '../../engine/paged.ts';
import { EntityForm } from '../../engine/EntityForm.tsx';
import { EntityTable } from '../../engine/EntityTable.tsx';
import type { EntityColumn } from '../../engine/column-fit.ts';
import { recordName } from '../../engine/entity-labels.ts';
import { usePermission } from '../auth/useProfile.ts';
import { SheetImport } from '../../engine/SheetImport.tsx';
import { sheetRoutesOf } from '../../engine/sheet-routes.ts';
import { openDeleteConfirm } from '../../engine/confirm-delete.tsx';

type Row = Record<string, unknown>;

/** The route of an entity that does `kind` (its first), found by what it does, never by its path. */
export function entityRoute(entity: EntityDefinition, kind: Operation['kind']): RouteDefinition | undefined {
  return (routeTable as RouteDefinition[]).find(
    (r) => r.operation.kind === kind && 'entity' in r.operation && r.operation.entity.name === entity.name,
  );
}

/** A page fetcher over a list route with the page's own query (a parent's id), for EntityTable. */
function listOf(route: RouteDefinition, fixed: Record<string, string>): PagedList {
  const fetchPage: PagedList = async ({ filters, ...p }) => {
    const envelope = await callRoute<Row[]>(route, { query: { ...filters, ...fixed, ...p } });
    return { records: envelope.data, meta: envelope.meta! };
  };
  return Object.assign(fetchPage, { route, fixedParams: Object.keys(fixed) });
}

export type MasterListPanelProps = {
  entity: EntityDefinition;
  columns: EntityColumn[];
  /** The list call: `GET /asset` for equipment (default: the entity's first paged list). */
  listKey?: Parameters<typeof routeOf>[0];
  /** Query the page fixes (`equipmentId` of an equipment's points); new records get it too. */
  fixed?: Record<string, string>;
  /** More buttons in a record's drawer (an equipment's inspection points). */
  extraActions?: (record: Row, close: () => void) => ReactNode;
  /** Own rendering of some columns' cells (the company's name beside its logo). */
  renderCell?: Record<string, (record: Row) => ReactNode>;
  addLabel: string;
  emptyText: string;
};

/**
 * One list of the asset master (or any keyed vocabulary) for the people who keep it: the engine's
 * table with its search, sort and declared filters; a row opens its details with edit and delete;
 * add and edit in the engine's form. Calls are the entity's own create, update and delete rows.
 */
export function MasterListPanel(p: MasterListPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { entity } = p;
  const module = entity.module as PermissionModule;
  const mayCreate = usePermission(module, 'create');
  const mayUpdate = usePermission(module, 'update');
  const mayDelete = usePermission(module, 'delete');
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const mayImport = mayCreate && sheetRoutesOf(entity).importRoute !== undefined;
  const list = p.listKey
    ? routeOf(p.listKey)
    : (entityRoute(entity, 'list') ?? entityRoute(entity, 'listByParent')!);
  const create = entityRoute(entity, 'create');
  const update = entityRoute(entity, 'update');
  const remove = entityRoute(entity, 'delete');
  const queryKey = ['master', entity.name, p.fixed ?? {}];
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['master', entity.name] });

  const confirmDelete = (record: Row, close: () => void) =>
    openDeleteConfirm(t, {
      title: t('assets.deleteTitle', { name: recordName(entity, record) }),
      text: t('assets.deleteText'),
      onConfirm: () =>
        void callRoute(remove!, { params: { id: String(record.id) } })
          .then(async () => {
            notifications.show({ color: 'teal', message: t('assets.deleted') });
            close();
            await refresh();
          })
          .catch((e: unknown) =>
            notifications.show({ color: 'red', title: t('errors.deleteFailed'), message: errorText(e, t) }),
          ),
    });

  return (
    <Stack gap="sm">
      {mayCreate && create && (
        <Group justify="flex-end">
          {mayImport && (
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              onClick={() => setImportOpen((open) => !open)}
              aria-expanded={importOpen}
            >
              {t('engine.sheetImport.open')}
            </Button>
          )}
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {p.addLabel}
          </Button>
        </Group>
      )}
      {mayImport && (
        <Collapse expanded={importOpen}>
          <Paper withBorder radius="md" p="md">
            <SheetImport entity={entity} onImported={() => void refresh()} />
          </Paper>
        </Collapse>
      )}
      <Paper withBorder radius="md" p="md">
        <EntityTable
          entity={entity}
          columns={p.columns}
          renderCell={p.renderCell}
          queryKey={queryKey}
          fetchPage={listOf(list, p.fixed ?? {})}
          searchable={entity.search.length > 0}
          details={{
            title: (record) => recordName(entity, record),
            actions: (record, close) => (
              <Group gap="sm">
                {p.extraActions?.(record, close)}
                {mayUpdate && update && (
                  <Button variant="default" onClick={() => setEditing(record)}>
                    {t('common.edit')}
                  </Button>
                )}
                {mayDelete && remove && (
                  <Button color="red" variant="light" onClick={() => confirmDelete(record, close)}>
                    {t('common.delete')}
                  </Button>
                )}
              </Group>
            ),
          }}
          emptyText={p.emptyText}
        />
      </Paper>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? p.addLabel : t('common.edit')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {editing !== null && (
          <EntityForm
            key={editing === 'new' ? 'new' : String(editing.id)}
            entity={entity}
            record={editing === 'new' ? null : editing}
            defaults={p.fixed}
            parentId={entity.parent ? p.fixed?.[entity.parent] : undefined}
            submitLabel={editing === 'new' ? p.addLabel : t('common.save')}
            onCancel={() => setEditing(null)}
            onSubmit={async ({ values, images }) =>
              editing === 'new'
                ? (await callRoute(create!, { body: { values: { ...p.fixed, ...values }, images } })).data
                : (
                    await callRoute(update!, {
                      params: { id: String(editing.id) },
                      body: { values, images, previous: editing },
                    })
                  ).data
            }
            onSaved={async () => {
              notifications.show({ color: 'teal', message: t('assets.saved') });
              setEditing(null);
              await refresh();
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
