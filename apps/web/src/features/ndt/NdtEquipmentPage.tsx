import { Badge, Button, Modal, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { ndtEquipment } from '@inspectra/contract';
import type { Field } from '@inspectra/contract';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../engine/PagedTable.tsx';
import { callApi } from '../../api/calls.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { EntityForm } from '../../engine/EntityForm.tsx';
import { fieldLabel } from '../../engine/entity-labels.ts';
import { useDateInputProps } from '../../engine/date-input.ts';
import { usePermission } from '../auth/useProfile.ts';
import { NdtEquipmentDrawer } from './NdtEquipmentDrawer.tsx';
import { NdtHistory } from './NdtHistory.tsx';
import { inspectionMethodLabel, inspectionMethods, ndtKey, ndtQueries } from './ndt-queries.ts';
import type { NdtEquipmentListItem, NdtListFilters } from './ndt-queries.ts';

const pageSize = 25;
const typingDelayMs = 300;
/**
 * The NDT equipment list: find a piece of equipment by number, tag, type or how it was inspected,
 * see its last inspection per method and its drawings, and open it to download an isometric
 * before going to site.
 */
export function NdtEquipmentPage() {
  const { t } = useTranslation();
  const dateInput = useDateInputProps();
  const queryClient = useQueryClient();
  const mayCreate = usePermission('ndt', 'create');
  const label = (key: string) =>
    fieldLabel(t, ndtEquipment.name, key, (ndtEquipment.fields as Record<string, Field>)[key]!);

  const [typed, setTyped] = useState({ search: '', equipmentNo: '', objectType: '' });
  const [debounced] = useDebouncedValue(typed, typingDelayMs);
  const [inspectionMethodId, setInspectionMethodId] = useState<string | null>(null);
  const [dateUpdate, setDateUpdate] = useState<string | null>(null);
  const filters: NdtListFilters = {
    search: debounced.search.trim(),
    equipmentNo: debounced.equipmentNo.trim(),
    objectType: debounced.objectType.trim(),
    inspectionMethodId,
    dateUpdate,
  };
  const filterKey = JSON.stringify(filters);
  const [page, setPage] = useState({ number: 1, filterKey });
  // Other filters start at page 1 in the same render, so page N of the new list is never fetched.
  const pageNumber = page.filterKey === filterKey ? page.number : 1;

  const list = useQuery({
    ...ndtQueries.list(filters, pageNumber, pageSize),
    placeholderData: keepPreviousData,
  });
  const records = list.data?.data ?? [];

  const [openId, setOpenId] = useState<string | null>(null);
  const [opened, setOpened] = useState<NdtEquipmentListItem | null>(null);
  // The open equipment as the list now has it (its drawing count changes with uploads).
  const current = opened ? (records.find((r) => r.id === openId) ?? opened) : null;
  const open = (e: NdtEquipmentListItem) => {
    setOpenId(e.id);
    setOpened(e);
  };

  const [editing, setEditing] = useState<NdtEquipmentListItem | 'new' | null>(null);

  const columns: DataTableColumn<NdtEquipmentListItem>[] = [
    {
      accessor: 'equipmentNo',
      title: label('equipmentNo'),
      render: (e) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {e.equipmentNo}
          </Text>
          {e.tagNumber && (
            <Text size="xs" c="dimmed">
              {e.tagNumber}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'description', title: label('description'), visibleMediaQuery: '(min-width: 1100px)' },
    { accessor: 'objectType', title: label('objectType'), render: (e) => e.objectType ?? t('common.none') },
    {
      accessor: 'history',
      title: t('ndt.lastInspections'),
      render: (e) => <NdtHistory history={e.history} />,
    },
    {
      accessor: 'isometricCount',
      title: t('ndt.drawings'),
      textAlign: 'right',
      render: (e) => (
        <Badge variant={e.isometricCount ? 'light' : 'default'} styles={{ label: { textTransform: 'none' } }}>
          {t('ndt.drawingCount', { count: e.isometricCount })}
        </Badge>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('ndt.title')}
        subtitle={t('ndt.subtitle')}
        actions={
          mayCreate && (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
              {t('ndt.addEquipment')}
            </Button>
          )
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} role="search" aria-label={t('ndt.filters')}>
            <TextInput
              label={t('common.search')}
              placeholder={t('ndt.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={typed.search}
              onChange={(e) => setTyped({ ...typed, search: e.currentTarget.value })}
            />
            <Select
              label={t('ndt.inspectionMethod')}
              placeholder={t('ndt.anyMethod')}
              data={inspectionMethods.map((m) => ({
                value: m.code,
                label: inspectionMethodLabel(t, m.code),
              }))}
              value={inspectionMethodId}
              onChange={setInspectionMethodId}
              clearable
            />
            <TextInput
              label={label('equipmentNo')}
              value={typed.equipmentNo}
              onChange={(e) => setTyped({ ...typed, equipmentNo: e.currentTarget.value })}
            />
            <TextInput
              label={label('objectType')}
              value={typed.objectType}
              onChange={(e) => setTyped({ ...typed, objectType: e.currentTarget.value })}
            />
            <DateInput
              label={t('ndt.updatedSince')}
              value={dateUpdate}
              onChange={setDateUpdate}
              clearable
              {...dateInput}
            />
          </SimpleGrid>
          <PagedTable<NdtEquipmentListItem>
            records={records}
            columns={columns}
            query={list}
            emptyText={t('ndt.empty')}
            open={open}
            openLabel={(record) => t('ndt.openEquipment', { number: record.equipmentNo })}
            page={pageNumber}
            onPageChange={(n) => setPage({ number: n, filterKey })}
            pageSize={pageSize}
            meta={list.data?.meta}
          />
        </Stack>
      </Paper>
      <NdtEquipmentDrawer
        equipment={current}
        onClose={() => {
          setOpenId(null);
          setOpened(null);
        }}
        onEdit={setEditing}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing === 'new' ? 'ndt.addEquipment' : 'ndt.editEquipment')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {editing !== null && (
          <EntityForm
            key={editing === 'new' ? 'new' : editing.id}
            entity={ndtEquipment}
            record={editing === 'new' ? null : editing}
            submitLabel={t(editing === 'new' ? 'ndt.addEquipment' : 'common.save')}
            onCancel={() => setEditing(null)}
            onSubmit={async ({ values }) =>
              editing === 'new'
                ? (await callApi<NdtEquipmentListItem>('POST /ndt-equipment-list', { body: { values } })).data
                : (
                    await callApi<NdtEquipmentListItem>('PUT /ndt-equipment-list/:id', {
                      params: { id: editing.id },
                      body: { values, previous: editing },
                    })
                  ).data
            }
            onSaved={async () => {
              notifications.show({
                color: 'teal',
                message: t(editing === 'new' ? 'ndt.equipmentAdded' : 'ndt.equipmentSaved'),
              });
              setEditing(null);
              await queryClient.invalidateQueries({ queryKey: ndtKey });
            }}
          />
        )}
      </Modal>
    </>
  );
}
