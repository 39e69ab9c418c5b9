import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { recommendationSeverities } from '@inspectra/contract';
import type { RecommendationSeverity, RecommendationStatus, RecommendationView } from '@inspectra/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../engine/PagedTable.tsx';
import { formatDate } from '../../engine/locale.ts';
import { NeedsServer } from '../../engine/NeedsServer.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useProfile } from '../auth/useProfile.ts';
import { SeverityBadge } from './SeverityBadge.tsx';
import { findingSource, findingText, recommendationQueries, saveRegister } from './recommendation-queries.ts';

const pageSize = 25;
const typingDelayMs = 300;
const notClosed: RecommendationStatus[] = ['open', 'inProgress'];

/**
 * The register of findings to close (docs/recommendations.md): soonest due first, overdue ones
 * marked, filtered by area, severity, state, owner and overdue; a row opens the finding.
 */
export function RecommendationsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const navigate = useNavigate();
  const profile = useProfile();
  // The health card opens the register for one equipment (`?equipmentNo=`).
  const search = useSearch({ from: '/app/recommendations' });
  const [equipmentNo, setEquipmentNo] = useState(search.equipmentNo ?? '');
  const [debouncedEquipment] = useDebouncedValue(equipmentNo.trim(), typingDelayMs);
  const [area, setArea] = useState('');
  const [debouncedArea] = useDebouncedValue(area.trim(), typingDelayMs);
  const [severity, setSeverity] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>('notClosed');
  const [overdue, setOverdue] = useState(false);
  const [mine, setMine] = useState(false);
  const filters = {
    equipmentNo: debouncedEquipment,
    area: debouncedArea,
    severity: severity ? [severity as RecommendationSeverity] : undefined,
    status: status === 'notClosed' ? notClosed : status ? [status as RecommendationStatus] : undefined,
    overdue,
    ownerId: mine ? profile.id : undefined,
  };
  const filterKey = JSON.stringify(filters);
  const [page, setPage] = useState({ number: 1, filterKey });
  const pageNumber = page.filterKey === filterKey ? page.number : 1;
  const list = useQuery({
    ...recommendationQueries.list(filters, pageNumber, pageSize),
    placeholderData: keepPreviousData,
  });

  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  async function exportRegister() {
    setExportError(null);
    setExporting(true);
    try {
      await saveRegister(
        filters,
        `${t('recommendations.fileName')}-${new Date().toISOString().slice(0, 10)}.xlsx`,
      );
    } catch (error) {
      setExportError(
        t('recommendations.exportFailed', { reason: error instanceof Error ? error.message : '' }),
      );
    } finally {
      setExporting(false);
    }
  }

  const columns: DataTableColumn<RecommendationView>[] = [
    {
      accessor: 'dueDate',
      title: t('recommendations.due'),
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{formatDate(r.dueDate, language)}</Text>
          {r.overdue && (
            <Badge color="red" variant="filled" styles={{ label: { textTransform: 'none' } }}>
              {t('recommendations.overdue')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      accessor: 'severity',
      title: t('recommendations.severity'),
      render: (r) => <SeverityBadge severity={r.severity} />,
    },
    {
      accessor: 'finding',
      title: t('recommendations.finding'),
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {findingText(t, r, language)}
          </Text>
          <Text size="xs" c="dimmed">
            {findingSource(t, r)}
            {r.reportNumber ? ` · ${r.reportNumber}` : ''}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'equipmentNo', title: t('recommendations.equipment') },
    {
      accessor: 'area',
      title: t('recommendations.area'),
      visibleMediaQuery: '(min-width: 1100px)',
      render: (r) => r.area ?? '—',
    },
    {
      accessor: 'ownerName',
      title: t('recommendations.owner'),
      visibleMediaQuery: '(min-width: 900px)',
      render: (r) => r.ownerName ?? t('recommendations.noOwner'),
    },
    {
      accessor: 'status',
      title: t('recommendations.status'),
      render: (r) => t(`recommendations.statuses.${r.status}`),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('recommendations.title')}
        subtitle={t('recommendations.subtitle')}
        actions={
          <NeedsServer>
            <Button variant="default" loading={exporting} onClick={() => void exportRegister()}>
              {t('recommendations.export')}
            </Button>
          </NeedsServer>
        }
      />
      {exportError && (
        <Alert color="red" mb="md" role="alert">
          {exportError}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <SimpleGrid
            cols={{ base: 1, xs: 2, lg: 5 }}
            role="search"
            aria-label={t('recommendations.filters')}
          >
            <TextInput
              label={t('recommendations.equipment')}
              value={equipmentNo}
              onChange={(e) => setEquipmentNo(e.currentTarget.value)}
            />
            <TextInput
              label={t('recommendations.area')}
              value={area}
              onChange={(e) => setArea(e.currentTarget.value)}
            />
            <Select
              label={t('recommendations.severity')}
              placeholder={t('recommendations.anySeverity')}
              data={[...recommendationSeverities].reverse().map((s) => ({
                value: s,
                label: t(`recommendations.severities.${s}`),
              }))}
              value={severity}
              onChange={setSeverity}
              clearable
            />
            <Select
              label={t('recommendations.status')}
              placeholder={t('recommendations.anyStatus')}
              data={[
                { value: 'notClosed', label: t('recommendations.notClosed') },
                { value: 'open', label: t('recommendations.statuses.open') },
                { value: 'inProgress', label: t('recommendations.statuses.inProgress') },
                { value: 'closed', label: t('recommendations.statuses.closed') },
              ]}
              value={status}
              onChange={setStatus}
              clearable
            />
            <Stack gap={6} justify="flex-end">
              <Switch
                label={t('recommendations.overdueOnly')}
                checked={overdue}
                onChange={(e) => setOverdue(e.currentTarget.checked)}
              />
              <Switch
                label={t('recommendations.mineOnly')}
                checked={mine}
                onChange={(e) => setMine(e.currentTarget.checked)}
              />
            </Stack>
          </SimpleGrid>
          <PagedTable<RecommendationView>
            records={list.data?.data ?? []}
            columns={columns}
            query={list}
            emptyText={t('recommendations.empty')}
            open={(r) =>
              void navigate({ to: '/recommendations/$recommendationId', params: { recommendationId: r.id } })
            }
            openLabel={(r) => t('recommendations.open', { name: findingText(t, r, language) })}
            page={pageNumber}
            onPageChange={(n) => setPage({ number: n, filterKey })}
            pageSize={pageSize}
            meta={list.data?.meta}
          />
        </Stack>
      </Paper>
    </>
  );
}
