import { Badge, Group, Skeleton, Text } from '@mantine/core';
import type { TechniqueDefinition } from '@inspectra/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Report } from '../reports/useReport.ts';
import { techniqueQueries } from '../techniques/technique-queries.ts';
import { SeverityBadge } from './SeverityBadge.tsx';
import { thermalQueries } from './thermal-queries.ts';

/** Thermal's figures on its report card: how many measurements, and the ΔT verdict over them. */
export function ThermalFigures({ technique, report }: { technique: TechniqueDefinition; report: Report }) {
  const { t } = useTranslation();
  const reportId = report.id;
  const analysis = useQuery(techniqueQueries.single({ technique, reportId, variant: undefined }));
  const id = analysis.data?.id;
  const summary = useQuery({ ...thermalQueries.summary(reportId, id ?? ''), enabled: Boolean(id) });
  const result = useQuery({ ...thermalQueries.result(reportId, id ?? ''), enabled: Boolean(id) });
  // Until the figures arrive, a placeholder: "0 measurements" would be a wrong answer, not a wait.
  if (analysis.isPending || (analysis.data && summary.isPending))
    return <Skeleton h={24} mb="md" aria-label={t('common.loading')} role="status" />;
  if (!analysis.data)
    return (
      <Text size="sm" c="dimmed" mb="md">
        {t('thermal.notStarted')}
      </Text>
    );
  return (
    <Group gap="xs" mb="md">
      <Badge variant="default" styles={{ label: { textTransform: 'none' } }}>
        {t('thermal.measurementCount', { count: summary.data?.measurementCount ?? 0 })}
      </Badge>
      {result.data?.overallSeverity && <SeverityBadge level={result.data.overallSeverity} size="md" />}
    </Group>
  );
}
