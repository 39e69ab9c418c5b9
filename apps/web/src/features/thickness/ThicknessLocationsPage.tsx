import { Button, Modal, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { thicknessLocation } from '@inspectra/contract';
import type { Field, ThicknessLocationView, ThicknessStatus } from '@inspectra/contract';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../engine/PagedTable.tsx';
import { callApi } from '../../api/calls.ts';
import { EntityForm } from '../../engine/EntityForm.tsx';
import { fieldLabel } from '../../engine/entity-labels.ts';
import { formatDate, formatNumber } from '../../engine/locale.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { usePermission } from '../auth/useProfile.ts';
import { ThicknessStatusBadge } from './ThicknessStatusBadge.tsx';
import { thicknessKey, thicknessQueries } from './thickness-queries.ts';

const pageSize = 25;
const typingDelayMs = 300;

/** The status filter's choices: every state, and the plant's list of locations needing attention. */
const statusChoices: Record<string, ThicknessStatus[]> = {
  attention: ['belowRequired', 'approaching'],
  belowRequired: ['belowRequired'],
  approaching: ['approaching'],
  ok: ['ok'],
};

/**
 * The plant's thickness monitoring locations (docs/thickness-monitoring.md): each with its latest
 * reading, corrosion rates, remaining life, next inspection and status, filtered by equipment (the
 * asset master links here with `?equipmentNo=`) and by status; a row opens the location.
 */
export function ThicknessLocationsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mayCreate = usePermission('thickness', 'create');
  const search = useSearch({ from: '/app/thickness' });
  const label = (key: string) =>
    fieldLabel(t, thicknessLocation.name, key, (thicknessLocation.fields as Record<string, Field>)[key]!);

  const [equipmentNo, setEquipmentNo] = useState(search.equipmentNo ?? '');
  const [debounced] = useDebouncedValue(equipmentNo.trim(), typingDelayMs);
  const [status, setStatus] = useState<string | null>(null);
  const filters = { equipmentNo: debounced, status: status ? statusChoices[status] : undefined };
  const filterKey = JSON.stringify(filters);
  const [page, setPage] = useState({ number: 1, filterKey });
  const pageNumber = page.filterKey === filterKey ? page.number : 1;
  const list = useQuery({
    ...thicknessQueries.list(filters, pageNumber, pageSize),
    placeholderData: keepPreviousData,
  });
  const records = list.data?.data ?? [];
  const [adding, setAdding] = useState(false);

  const number = (v: number | null, key: 'ratePerYear' | 'years') =>
    v === null ? '—' : t(`thickness.${key}`, { value: formatNumber(v, language) });
  const open = (l: ThicknessLocationView) =>
    void navigate({ to: '/thickness/$locationId', params: { locationId: l.id } });

  const columns: DataTableColumn<ThicknessLocationView>[] = [
    { accessor: 'equipmentNo', title: label('equipmentNo') },
    {
      accessor: 'name',
      title: label('name'),
      render: (l) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {l.name}
          </Text>
          {l.component && (
            <Text size="xs" c="dimmed">
              {l.component}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'latestReading',
      title: t('thickness.latest'),
      render: (l) =>
        l.latestReading
          ? `${formatNumber(l.latestReading.thicknessMm, language)} mm · ${formatDate(l.latestReading.date, language)}`
          : '—',
    },
    {
      accessor: 'corrosionRateLongTermMmPerYear',
      title: t('thickness.longTermRate'),
      textAlign: 'right',
      visibleMediaQuery: '(min-width: 900px)',
      render: (l) => number(l.corrosionRateLongTermMmPerYear, 'ratePerYear'),
    },
    {
      accessor: 'corrosionRateShortTermMmPerYear',
      title: t('thickness.shortTermRate'),
      textAlign: 'right',
      visibleMediaQuery: '(min-width: 1100px)',
      render: (l) => number(l.corrosionRateShortTermMmPerYear, 'ratePerYear'),
    },
    {
      accessor: 'remainingLifeYears',
      title: t('thickness.remainingLife'),
      textAlign: 'right',
      render: (l) => number(l.remainingLifeYears, 'years'),
    },
    {
      accessor: 'nextInspectionDate',
      title: t('thickness.nextInspection'),
      render: (l) => (l.nextInspectionDate ? formatDate(l.nextInspectionDate, language) : '—'),
    },
    {
      accessor: 'status',
      title: t('thickness.status'),
      render: (l) => <ThicknessStatusBadge status={l.status} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('thickness.title')}
        subtitle={t('thickness.subtitle')}
        actions={
          mayCreate && (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
              {t('thickness.addLocation')}
            </Button>
          )
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} role="search" aria-label={t('thickness.filters')}>
            <TextInput
              label={label('equipmentNo')}
              value={equipmentNo}
              onChange={(e) => setEquipmentNo(e.currentTarget.value)}
            />
            <Select
              label={t('thickness.status')}
              placeholder={t('thickness.anyStatus')}
              data={[
                { value: 'attention', label: t('thickness.attention') },
                { value: 'belowRequired', label: t('thickness.statuses.belowRequired') },
                { value: 'approaching', label: t('thickness.statuses.approaching') },
                { value: 'ok', label: t('thickness.statuses.ok') },
              ]}
              value={status}
              onChange={setStatus}
              clearable
            />
          </SimpleGrid>
          <PagedTable<ThicknessLocationView>
            records={records}
            columns={columns}
            query={list}
            emptyText={t('thickness.empty')}
            open={open}
            openLabel={(record) => t('thickness.openLocation', { name: record.name })}
            page={pageNumber}
            onPageChange={(n) => setPage({ number: n, filterKey })}
            pageSize={pageSize}
            meta={list.data?.meta}
          />
        </Stack>
      </Paper>
      <Modal
        opened={adding}
        onClose={() => setAdding(false)}
        title={t('thickness.addLocation')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {adding && (
          <EntityForm
            entity={thicknessLocation}
            defaults={debounced ? { equipmentNo: debounced } : undefined}
            submitLabel={t('thickness.addLocation')}
            onCancel={() => setAdding(false)}
            onSubmit={async ({ values }) =>
              (await callApi('POST /thickness-locations', { body: { values } })).data
            }
            onSaved={async (saved) => {
              notifications.show({ color: 'teal', message: t('thickness.locationAdded') });
              setAdding(false);
              await queryClient.invalidateQueries({ queryKey: thicknessKey });
              const id = (saved as { id?: string } | undefined)?.id;
              if (id) await navigate({ to: '/thickness/$locationId', params: { locationId: id } });
            }}
          />
        )}
      </Modal>
    </>
  );
}
