import { Badge } from '@mantine/core';
import type { RecommendationSeverity } from '@inspectra/contract';
import { useTranslation } from 'react-i18next';

const colors: Record<RecommendationSeverity, string> = {
  low: 'gray',
  medium: 'yellow',
  high: 'orange',
  critical: 'red',
};

/** A finding's severity on the register's one scale, in words and colour. */
export function SeverityBadge({ severity }: { severity: RecommendationSeverity }) {
  const { t } = useTranslation();
  return (
    <Badge color={colors[severity]} variant="light" styles={{ label: { textTransform: 'none' } }}>
      {t(`recommendations.severities.${severity}`)}
    </Badge>
  );
}
