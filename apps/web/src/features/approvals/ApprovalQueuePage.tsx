import { Group, Pagination, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { gradedEntity, techniqueOfMethod, techniques } from '@inspectra/contract';
import type { ApprovalQueueItem, PageMeta } from '@inspectra/contract';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { AnchorLink } from '../../ui/links.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { enumLabel, techniqueLabel } from '../../engine/entity-labels.ts';
import { formatDateTime, formatElapsed, formatNumber } from '../../engine/locale.ts';
import { StackedTable } from '../../engine/StackedTable.tsx';
import type { RowProps, StackedColumn } from '../../engine/StackedTable.tsx';
import { DownloadReportPdf } from '../reports/DownloadReportPdf.tsx';
import { FindingBadge } from '../techniques/FindingBadge.tsx';
import { gradeStep, worstGradeStep } from '../techniques/LevelBadge.tsx';
import { OverrideCount } from '../verdicts/VerdictOverrides.tsx';
import { approvalQueueKey, approvalQueueSummaryQuery } from './approval-queries.ts';
import type { ApprovalQueueFilters } from './approval-queries.ts';

const pageSize = 20;
/** The server's words for "no graded finding" and "the plant owner's staff" in the queue's filters. */
const noFinding = 'none';
const ownStaff = 'none';

/**
 * The severity filter's choices, most severe first: the levels of every grading technique put on one
 * four-step scale (as their badges colour them), each choice naming its levels in the technique's
 * words ("Repair immediately / Critical") and sending their codes; then "No graded finding".
 */
export function severityChoices(t: TFunction): { value: string; label: string }[] {
  const steps = Array.from({ length: worstGradeStep + 1 }, () => ({
    levels: [] as string[],
    labels: [] as string[],
  }));
  for (const technique of techniques) {
    const grade = technique.findingGrade;
    const graded = gradedEntity(technique);
    if (!technique.method || !grade || !graded) continue;
    grade.levels.forEach((level, i) => {
      const step = steps[gradeStep(i, grade.levels.length)]!;
      if (step.levels.includes(level)) return;
      step.levels.push(level);
      const label = enumLabel(t, graded.name, grade.field, level);
      if (!step.labels.includes(label)) step.labels.push(label);
    });
  }
  return [
    ...steps
      .reverse()
      .filter((s) => s.levels.length > 0)
      .map((s) => ({ value: s.levels.join(','), label: s.labels.join(' / ') })),
    { value: noFinding, label: t('approvals.queue.noFinding') },
  ];
}

/** Whether a report's worst finding is on the most severe step of its technique's scale. */
export function isSevere(item: Pick<ApprovalQueueItem, 'inspectionMethod' | 'worstFinding'>): boolean {
  const grade = techniqueOfMethod(item.inspectionMethod)?.findingGrade;
  if (!grade || !item.worstFinding) return false;
  const index = grade.levels.indexOf(item.worstFinding);
  return index >= 0 && gradeStep(index, grade.levels.length) === worstGradeStep;
}

/** A method's name in the user's language: its technique's, else the method catalogue's, else its code. */
function methodName(t: TFunction, code: string, catalogueName: string | null | undefined): string {
  const technique = techniqueOfMethod(code);
  return technique ? techniqueLabel(t, technique) : (catalogueName ?? code);
}

/**
 * The reviewer's queue: reports waiting at a level where the user is an active reviewer, oldest first,
 * each with its worst finding (a severe one marked by colour, icon and words), equipment, method,
 * company and how long it has waited; filtered by method, severity and company, searched by report or
 * equipment (docs/approvals.md, "The queue").
 */
export function ApprovalQueuePage() {
  const { t, i18n } = useTranslation();
  const [pageNumber, setPageNumber] = useState(1);
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), 300);
  const [filters, setFilters] = useState<Omit<ApprovalQueueFilters, 'search'>>({});
  const query: ApprovalQueueFilters = { ...filters, ...(search ? { search } : {}) };
  const choose = (key: keyof typeof filters) => (value: string | null) => {
    setFilters((f) => ({ ...f, [key]: value ?? undefined }));
    setPageNumber(1);
  };

  const queue = useQuery({
    queryKey: [...approvalQueueKey, 'page', query, pageNumber],
    queryFn: async () => {
      const answer = await callApi('GET /report-approval-paths/queue', {
        query: { ...query, pageNumber, pageSize },
      });
      return { rows: answer.data, meta: answer.meta as PageMeta };
    },
    placeholderData: keepPreviousData,
  });
  // The choices: what waits in all, so a choice never hides the others.
  const summary = useQuery(approvalQueueSummaryQuery({}));
  const now = Date.now();
  const rows = queue.data?.rows ?? [];
  const filtered = Object.values(query).some(Boolean);

  const methodChoices = (summary.data?.byMethod ?? []).map((m) => ({
    value: m.inspectionMethod,
    label: `${methodName(t, m.inspectionMethod, m.name)} (${formatNumber(m.count, i18n.language)})`,
  }));
  const companyChoices = (summary.data?.byCompany ?? []).map((c) => ({
    value: c.contractorCompanyId ?? ownStaff,
    label: `${c.contractorName ?? t('users.ownerStaff')} (${formatNumber(c.count, i18n.language)})`,
  }));

  return (
    <>
      <PageHeader title={t('approvals.queue.title')} subtitle={t('approvals.queue.subtitle')} />
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" mb="md" align="flex-end" role="search" aria-label={t('approvals.queue.filters')}>
          <TextInput
            label={t('approvals.queue.search')}
            placeholder={t('approvals.queue.searchHint')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={typed}
            onChange={(e) => {
              setTyped(e.currentTarget.value);
              setPageNumber(1);
            }}
            style={{ flex: '1 1 16rem' }}
          />
          <Select
            label={t('approvals.queue.method')}
            placeholder={t('approvals.queue.allMethods')}
            data={methodChoices}
            value={filters.inspectionMethod ?? null}
            onChange={choose('inspectionMethod')}
            clearable
            style={{ flex: '0 1 14rem' }}
          />
          <Select
            label={t('approvals.queue.severity')}
            placeholder={t('approvals.queue.anySeverity')}
            data={severityChoices(t)}
            value={filters.severity ?? null}
            onChange={choose('severity')}
            clearable
            style={{ flex: '0 1 16rem' }}
          />
          <Select
            label={t('approvals.queue.company')}
            placeholder={t('approvals.queue.allCompanies')}
            data={companyChoices}
            value={filters.contractorCompanyId ?? null}
            onChange={choose('contractorCompanyId')}
            clearable
            style={{ flex: '0 1 14rem' }}
          />
        </Group>
        {rows.length === 0 && !queue.isPending ? (
          <Text c="dimmed">{t(filtered ? 'approvals.queue.noMatch' : 'approvals.queue.empty')}</Text>
        ) : (
          <StackedTable
            label={t('approvals.queue.title')}
            columns={queueColumns(t, i18n.language, now)}
            rows={rows}
            rowKey={(row) => row.id}
            rowProps={severeMark}
            minWidth={900}
            striped
          />
        )}
        {(queue.data?.meta.totalPages ?? 0) > 1 && (
          <Group justify="flex-end" mt="md">
            <Pagination
              total={queue.data!.meta.totalPages}
              value={pageNumber}
              onChange={setPageNumber}
              getItemProps={(n) => ({ 'aria-label': t('engine.table.page', { page: n }) })}
            />
          </Group>
        )}
      </Paper>
    </>
  );
}

/** A severe report's row (or card) has a red edge beside its red badge, whose words say why. */
function severeMark(row: ApprovalQueueItem): RowProps {
  const severe = isSevere(row);
  return {
    'data-severe': severe || undefined,
    style: severe ? { boxShadow: 'inset 4px 0 0 var(--mantine-color-red-filled)' } : undefined,
  };
}

/**
 * The queue's columns. Below the md breakpoint each report is a card (`StackedTable`): its number and
 * title first, then the worst finding, equipment, method, company, level and time waited.
 */
function queueColumns(t: TFunction, language: string, now: number): StackedColumn<ApprovalQueueItem>[] {
  return [
    {
      key: 'severity',
      title: t('approvals.queue.severity'),
      cell: (row) => {
        const technique = techniqueOfMethod(row.inspectionMethod);
        return technique && row.worstFinding ? (
          <Stack gap={2} align="flex-start">
            <FindingBadge technique={technique} level={row.worstFinding} size="sm" />
            <OverrideCount overrides={row.overrides} />
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('approvals.queue.noFinding')}
          </Text>
        );
      },
    },
    {
      key: 'report',
      title: t('approvals.queue.reportNumber'),
      names: true,
      cell: (row) => (
        <Stack gap={0}>
          <AnchorLink to="/reports/$reportId" params={{ reportId: row.id }} className="touch-target">
            {row.reportNumber}
          </AnchorLink>
          <Text size="sm">{row.title}</Text>
          <Text size="xs" c="dimmed">
            {t('approvals.queue.by', { name: row.submittedBy })}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'equipment',
      title: t('approvals.queue.equipment'),
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {row.tagNumber ?? row.equipmentNo}
          </Text>
          {row.equipmentDescription && <Text size="sm">{row.equipmentDescription}</Text>}
          {row.tagNumber && (
            <Text size="xs" c="dimmed">
              {row.equipmentNo}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'method',
      title: t('approvals.queue.method'),
      cell: (row) => methodName(t, row.inspectionMethod, row.inspectionMethodName),
    },
    {
      key: 'company',
      title: t('approvals.queue.company'),
      cell: (row) => row.contractorName ?? t('users.ownerStaff'),
    },
    {
      key: 'level',
      title: t('approvals.queue.level'),
      cell: (row) => {
        const level = t('approvals.panel.level', { level: row.approvalLevel });
        return row.approvalPosition ? `${level} · ${row.approvalPosition}` : level;
      },
    },
    {
      key: 'waited',
      title: t('approvals.queue.waited'),
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm">{formatElapsed(row.waitingSince, now, language)}</Text>
          <Text size="xs" c="dimmed">
            {t('approvals.queue.since', { date: formatDateTime(row.waitingSince, language) })}
          </Text>
        </Stack>
      ),
    },
    {
      // The whole report to read before opening it, as the reviewer would print it.
      key: 'pdf',
      title: t('reports.record.pdfColumn'),
      cell: (row) => (
        <DownloadReportPdf
          reportId={row.id}
          reportNumber={row.reportNumber}
          label={t('reports.record.queuePdf', { number: row.reportNumber })}
        />
      ),
    },
  ];
}
