import { Group, Pagination, Paper, Table, Text } from '@mantine/core';
import type { PageMeta } from '@inspectra/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { AnchorLink } from '../../app/links.tsx';
import { PageHeader } from '../../app/PageHeader.tsx';
import { enumLabel } from '../../engine/entity-labels.ts';
import { formatDateTime } from '../../engine/locale.ts';

const pageSize = 20;

/** The reviewer's queue: reports waiting at a level where the user is an active reviewer, oldest first. */
export function ApprovalQueuePage() {
  const { t, i18n } = useTranslation();
  const [pageNumber, setPageNumber] = useState(1);
  const queue = useQuery({
    queryKey: ['reports', 'approval-queue', pageNumber],
    queryFn: async () => {
      const answer = await callApi('GET /report-approval-paths/queue', {
        query: { pageNumber, pageSize },
      });
      return { rows: answer.data, meta: answer.meta as PageMeta };
    },
    placeholderData: keepPreviousData,
  });
  const rows = queue.data?.rows ?? [];
  return (
    <>
      <PageHeader title={t('approvals.queue.title')} subtitle={t('approvals.queue.subtitle')} />
      <Paper withBorder radius="md" p="md">
        {rows.length === 0 && !queue.isPending ? (
          <Text c="dimmed">{t('approvals.queue.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped aria-label={t('approvals.queue.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('approvals.queue.reportNumber')}</Table.Th>
                  <Table.Th>{t('approvals.queue.reportTitle')}</Table.Th>
                  <Table.Th>{t('approvals.queue.method')}</Table.Th>
                  <Table.Th>{t('approvals.queue.level')}</Table.Th>
                  <Table.Th>{t('approvals.queue.submittedBy')}</Table.Th>
                  <Table.Th>{t('approvals.queue.waitingSince')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <AnchorLink
                        to="/reports/$reportId"
                        params={{ reportId: row.id }}
                        className="touch-target"
                      >
                        {row.reportNumber}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td>{row.title}</Table.Td>
                    <Table.Td>
                      {enumLabel(t, 'reportHeader', 'inspectionMethod', row.inspectionMethod)}
                    </Table.Td>
                    <Table.Td>
                      {t('approvals.panel.level', { level: row.approvalLevel })}
                      {row.approvalPosition ? ` · ${row.approvalPosition}` : ''}
                    </Table.Td>
                    <Table.Td>{row.submittedBy}</Table.Td>
                    <Table.Td>{formatDateTime(row.waitingSince, i18n.language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
