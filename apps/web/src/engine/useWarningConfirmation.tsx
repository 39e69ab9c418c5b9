import { modals } from '@mantine/modals';
import { unconfirmedWarnings } from '@inspectra/contract';
import type { EntityDefinition, RuleViolation } from '@inspectra/contract';
import { useTranslation } from 'react-i18next';
import { recordedWarnings } from './RecordedWarnings.tsx';
import { WarningsDialog } from './WarningsDialog.tsx';

/** What a confirmed save adds to its body: the rule ids the user saw and confirmed. */
export type WarningAcknowledgement = { acknowledgedWarnings?: string[] };

/**
 * Before a save: asks the user to confirm the warnings the values raise (those the record does not
 * already hold as confirmed for the same values). Resolves to what to add to the body, or null when
 * the user goes back to correct; then focus moves to the first field named by the first warning.
 */
export function useWarningConfirmation(entity: EntityDefinition, elementIdOf: (fieldKey: string) => string) {
  const { t } = useTranslation();
  return (
    warnings: RuleViolation[],
    record: Record<string, unknown> | null | undefined,
  ): Promise<WarningAcknowledgement | null> => {
    const pending = unconfirmedWarnings(warnings, recordedWarnings(record));
    if (pending.length === 0) return Promise.resolve({});
    return new Promise((resolve) => {
      let answered = false;
      const answer = (confirmed: boolean) => {
        if (answered) return;
        answered = true;
        resolve(confirmed ? { acknowledgedWarnings: pending.map((w) => w.rule) } : null);
        if (!confirmed) {
          // After the dialog has gone, so its own focus handling does not take it back.
          const field = pending[0]!.fields[0]!;
          setTimeout(() => document.getElementById(elementIdOf(field))?.focus(), 0);
        }
      };
      modals.openConfirmModal({
        title: t('engine.warnings.title', { count: pending.length }),
        children: <WarningsDialog entity={entity} warnings={pending} />,
        labels: { confirm: t('engine.warnings.saveAnyway'), cancel: t('engine.warnings.goBack') },
        // Going back to correct is the safe default (and Escape).
        cancelProps: { 'data-autofocus': true } as Record<string, unknown>,
        returnFocus: false,
        closeButtonProps: { 'aria-label': t('common.close') },
        centered: true,
        onConfirm: () => answer(true),
        onCancel: () => answer(false),
        onClose: () => answer(false),
      });
    });
  };
}
