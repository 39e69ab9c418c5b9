import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from './locale.ts';

/**
 * "N more not shown" under a capped list (`meta.notShown`, docs/api-conventions.md "Capped lists"),
 * nothing when the list shows every row it matched.
 */
export function MoreNotShown({ count }: { count: number | undefined }) {
  const { t, i18n } = useTranslation();
  if (!count) return null;
  return (
    <Text size="sm" c="dimmed">
      {t('common.moreNotShown', { count, formatted: formatNumber(count, i18n.language) })}
    </Text>
  );
}
