import { Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { thermalSeverityLevels } from '@inspectra/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, formatQuantity } from '../../engine/locale.ts';
import { notOnDevice } from '../../engine/useOnline.ts';
import { SeverityBadge } from './SeverityBadge.tsx';
import { thermalQueries } from './thermal-queries.ts';
import type { ThermalMeasurement } from './thermal-queries.ts';
import type { InspectionPartProps } from '../techniques/technique-extension.ts';

/** The verdict first (worst severity and what it means), then the figures behind it. */
export function ThermalOverview({ scope, inspection }: InspectionPartProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const summary = useQuery(thermalQueries.summary(scope.reportId, inspection.id));
  const result = useQuery(thermalQueries.result(scope.reportId, inspection.id));
  // Offline with no copy of them (an analysis started on the device): said, not loading without end.
  if (notOnDevice(summary) || notOnDevice(result))
    return (
      <Paper withBorder radius="md" p="lg">
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {t('thermal.overallSeverity')}
        </Text>
        <Text mt={4} c="dimmed">
          {t('offline.notOnDevice')}
        </Text>
      </Paper>
    );
  if (summary.isPending || result.isPending) return <Skeleton h={150} radius="md" />;
  if (!summary.data || !result.data) return null;
  const s = summary.data;
  const r = result.data;
  // The summary's `hottest` is a measurement record; the schema types it only as an object.
  const hottest = s.hottest as ThermalMeasurement | null;

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="md">
          <div>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t('thermal.overallSeverity')}
            </Text>
            {r.overallSeverity ? (
              <Stack gap={4} mt={4}>
                <SeverityBadge level={r.overallSeverity} size="lg" />
                <Text size="sm">{t(`thermal.severity.${r.overallSeverity}.meaning`)}</Text>
              </Stack>
            ) : (
              <Text mt={4}>{t('thermal.noMeasurementsYet')}</Text>
            )}
          </div>
          {r.actionRequired.length > 0 && (
            <Text size="sm" fw={600} c="red">
              {t('thermal.actionRequired', { count: r.actionRequired.length + r.actionNotShown })}
            </Text>
          )}
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <Figure label={t('thermal.figures.measurements')} value={formatNumber(s.measurementCount, lang)} />
          <Figure
            label={t('thermal.figures.period')}
            value={
              s.firstMeasurementDate
                ? s.firstMeasurementDate === s.lastMeasurementDate
                  ? formatDate(s.firstMeasurementDate, lang)
                  : `${formatDate(s.firstMeasurementDate, lang)} – ${formatDate(s.lastMeasurementDate ?? s.firstMeasurementDate, lang)}`
                : t('common.none')
            }
          />
          <Figure
            label={t('thermal.figures.maxDeltaT')}
            value={s.maxDeltaTC === null ? t('common.none') : formatQuantity(s.maxDeltaTC, '°C', lang)}
          />
          <Figure
            label={t('thermal.figures.hottest')}
            value={
              hottest
                ? `${formatQuantity(hottest.maxTemperatureC, '°C', lang)} · ${hottest.tagNumber ?? hottest.equipmentName ?? ''}`
                : t('common.none')
            }
          />
        </SimpleGrid>
        <Group gap="xs" aria-label={t('thermal.figures.bySeverity')}>
          {thermalSeverityLevels.map((level) => (
            <Group key={level} gap={6} wrap="nowrap">
              <SeverityBadge level={level} size="sm" />
              <Text size="sm" fw={600}>
                {formatNumber(s.severityCounts[level], lang)}
              </Text>
            </Group>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz="lg" fw={650}>
        {value}
      </Text>
    </div>
  );
}
