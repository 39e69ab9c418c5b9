import { Group, Text } from '@mantine/core';
import { thermalMeasurement } from '@inspectra/contract';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TechniqueExtension } from '../techniques/technique-extension.ts';
import { SeverityBadge } from './SeverityBadge.tsx';
import { thermalQueries } from './thermal-queries.ts';
import { ThermalOverview } from './ThermalOverview.tsx';

/**
 * Thermal in the generated workspace: the analysis is its inspection and the measurements its rows;
 * it adds its ΔT verdict above them, its NETA severity badge, the columns an inspector scans a
 * survey by, and its own words ("Add measurement").
 */
export const thermalExtension: TechniqueExtension = {
  words: {
    notStarted: 'thermal.notStarted',
    notStartedHelp: 'thermal.notStartedHelp',
    start: 'thermal.start',
    details: 'thermal.analysisText',
    saveDetails: 'thermal.saveAnalysis',
    detailsSaved: 'thermal.analysisSaved',
    rows: 'thermal.measurements',
    addRow: 'thermal.addMeasurement',
    editRowTitle: 'thermal.editMeasurementTitle',
    editRow: 'thermal.editMeasurement',
    rowDetails: 'thermal.measurementDetails',
    deleteRow: 'thermal.deleteMeasurement',
    deleteRowTitle: 'thermal.deleteTitle',
    deleteRowText: 'thermal.deleteText',
    rowAdded: 'thermal.measurementAdded',
    rowSaved: 'thermal.measurementUpdated',
    rowDeleted: 'thermal.measurementDeleted',
    noRows: 'thermal.noMeasurements',
    rowCount: 'thermal.measurementCount',
    open: 'thermal.open',
  },
  Overview: ThermalOverview,
  takeAlong: (scope, inspectionId) => [
    thermalQueries.summary(scope.reportId, inspectionId),
    thermalQueries.result(scope.reportId, inspectionId),
  ],
  GradeBadge: SeverityBadge,
  rows: {
    // The tag and its verdict always show; on a narrow screen the figures behind it give way first,
    // and a row opens every field.
    columns: [
      { key: 'tagNumber', priority: 1 },
      { key: 'severity', priority: 1 },
      { key: 'deltaTC', priority: 2 },
      { key: 'date', priority: 2 },
      { key: 'component', priority: 3 },
      { key: 'maxTemperatureC', priority: 3 },
      { key: 'referenceTemperatureC', priority: 3 },
      { key: 'thermalImage', priority: 2 },
    ],
    cells: { thermalImage: (m) => <ImageMarks measurement={m} /> },
    opensDetails: true,
  },
};

/** Which images a measurement has, as an icon and a count with words for screen readers. */
function ImageMarks({ measurement }: { measurement: Record<string, unknown> }) {
  const { t } = useTranslation();
  const count = Object.keys(thermalMeasurement.images).filter((slot) => Boolean(measurement[slot])).length;
  if (count === 0) return <Text c="dimmed">{t('common.none')}</Text>;
  return (
    <Group gap={4} wrap="nowrap" aria-label={t('thermal.imageCount', { count })}>
      <IconPhoto size={18} aria-hidden />
      <Text size="sm">{count}</Text>
    </Group>
  );
}
