import { Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { CompanyBadge } from './CompanyBadge.tsx';

/**
 * Who prepared a report, with their company's logo and name, when the author works for a
 * contractor company; nothing for the owner's staff (`GET /report-headers/{id}/author`).
 */
export function ReportAuthorCompany({ reportId }: { reportId: string }) {
  const { t } = useTranslation();
  const author = useQuery({
    queryKey: ['report-author', reportId],
    queryFn: async () => (await callApi('GET /report-headers/:id/author', { params: { id: reportId } })).data,
    staleTime: 5 * 60_000,
  });
  const company = author.data?.company;
  if (!author.data || !company) return null;
  return (
    <Group gap="sm" wrap="nowrap">
      <CompanyBadge company={company} size="md" />
      <Text size="sm" c="dimmed">
        {t('administration.reportAuthor', { name: author.data.fullName })}
      </Text>
    </Group>
  );
}
