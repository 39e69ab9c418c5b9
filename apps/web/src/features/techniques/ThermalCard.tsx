import { Badge, Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { TechniqueDefinition } from '@inspectra/contract';
import { IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../app/links.tsx';
import type { Report } from '../reports/useReport.ts';
import { SeverityBadge } from '../thermal/SeverityBadge.tsx';
import { thermalQueries } from '../thermal/thermal-queries.ts';
import { techniqueIcons } from './technique-icons.ts';
import { techniqueDescription, techniqueLabel } from '../../engine/entity-labels.ts';

/** Thermal's own card: its measurement count and ΔT verdict, leading to its own pages. */
export function ThermalCard({ technique, report }: { technique: TechniqueDefinition; report: Report }) {
  const { t } = useTranslation();
  const reportId = report.id;
  const analysis = useQuery(thermalQueries.analysis(reportId));
  const id = analysis.data?.id;
  const summary = useQuery({ ...thermalQueries.summary(reportId, id ?? ''), enabled: Boolean(id) });
  const result = useQuery({ ...thermalQueries.result(reportId, id ?? ''), enabled: Boolean(id) });
  const Icon = techniqueIcons[technique.icon];
  return (
    <Card withBorder radius="md" padding="lg">
      <Group wrap="nowrap" align="flex-start" mb="md">
        <ThemeIcon size={44} radius="md" variant="light" color={technique.color}>
          <Icon aria-hidden />
        </ThemeIcon>
        <div>
          <Text fw={700}>{techniqueLabel(t, technique)}</Text>
          <Text size="sm" c="dimmed">
            {techniqueDescription(t, technique)}
          </Text>
        </div>
      </Group>
      {/* Until the figures arrive, a placeholder: "0 measurements" would be a wrong answer, not a wait. */}
      {analysis.isPending || (analysis.data && summary.isPending) ? (
        <Skeleton h={24} mb="md" aria-label={t('common.loading')} role="status" />
      ) : analysis.data ? (
        <Group gap="xs" mb="md">
          <Badge variant="default" styles={{ label: { textTransform: 'none' } }}>
            {t('thermal.measurementCount', { count: summary.data?.measurementCount ?? 0 })}
          </Badge>
          {result.data?.overallSeverity && <SeverityBadge severity={result.data.overallSeverity} size="md" />}
        </Group>
      ) : (
        <Text size="sm" c="dimmed" mb="md">
          {t('thermal.notStarted')}
        </Text>
      )}
      <ButtonLink
        to="/reports/$reportId/thermal"
        params={{ reportId }}
        variant="light"
        rightSection={<IconChevronRight size={16} aria-hidden />}
        mt="auto"
      >
        {t('thermal.open')}
      </ButtonLink>
    </Card>
  );
}
