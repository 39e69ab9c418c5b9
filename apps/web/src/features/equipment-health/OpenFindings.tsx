import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import { recommendationSeverities } from '@inspectra/contract';
import type { EquipmentHealthRecommendations } from '@inspectra/contract';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../ui/links.tsx';
import { SeverityBadge } from '../recommendations/SeverityBadge.tsx';

/**
 * The equipment's findings to close not yet closed (docs/recommendations.md): how many of each
 * severity, the overdue ones in words, and the register opened for this equipment. Not shown to a
 * caller who may not read reports (the server answers null).
 */
export function OpenFindings({
  equipmentNo,
  open,
}: {
  equipmentNo: string;
  open: EquipmentHealthRecommendations | null;
}) {
  const { t } = useTranslation();
  if (!open) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="health-findings">
      <Group justify="space-between" wrap="wrap" mb="xs">
        <Title order={2} fz="lg" id="health-findings">
          {t('equipmentHealth.openFindings')}
        </Title>
        <AnchorLink to="/recommendations" search={{ equipmentNo }} size="sm" className="touch-target">
          {t('equipmentHealth.openFindingsLink')}
        </AnchorLink>
      </Group>
      {open.total === 0 ? (
        <Text c="dimmed" size="sm">
          {t('equipmentHealth.noOpenFindings')}
        </Text>
      ) : (
        <Group gap="xs" wrap="wrap">
          {[...recommendationSeverities].reverse().map((severity) =>
            open.bySeverity[severity] > 0 ? (
              <Group key={severity} gap={4} wrap="nowrap">
                <SeverityBadge severity={severity} />
                <Text size="sm" fw={600}>
                  {open.bySeverity[severity]}
                </Text>
              </Group>
            ) : null,
          )}
          {open.overdue > 0 && (
            <Badge color="red" variant="filled" styles={{ label: { textTransform: 'none' } }}>
              {t('equipmentHealth.findingsOverdue', { count: open.overdue })}
            </Badge>
          )}
        </Group>
      )}
    </Paper>
  );
}
