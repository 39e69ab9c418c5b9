import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';

/**
 * The one way the app asks before deleting: a title naming what goes, a sentence saying what follows,
 * a red Delete and Cancel. `onConfirm` deletes (a mutation that tells its own success or failure).
 */
export function openDeleteConfirm(
  t: TFunction,
  o: { title: string; text: string; onConfirm: () => void },
): void {
  modals.openConfirmModal({
    title: o.title,
    children: <Text size="sm">{o.text}</Text>,
    labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
    confirmProps: { color: 'red' },
    onConfirm: o.onConfirm,
  });
}
