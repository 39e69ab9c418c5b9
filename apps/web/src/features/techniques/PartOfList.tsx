import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatNumber } from '../../engine/locale.ts';
import type { WholeList } from './technique-queries.ts';

/**
 * Says that a chart or gallery shows only part of its rows (the whole-list read stopped at its
 * bound): how many of how many, and where the rest are. Nothing when it shows them all.
 */
export function PartOfList({ list, besideTable }: { list: WholeList | undefined; besideTable: boolean }) {
  const { t, i18n } = useTranslation();
  if (!list || list.complete) return null;
  const words = {
    shown: formatNumber(list.records.length, i18n.language),
    total: formatCount(list, i18n.language),
  };
  return (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} p="xs">
      {t(besideTable ? 'workspace.partOfListTable' : 'workspace.partOfList', words)}
    </Alert>
  );
}
