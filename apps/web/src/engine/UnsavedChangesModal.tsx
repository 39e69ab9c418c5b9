import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnsavedChangesGuard } from './useUnsavedChangesGuard.ts';

/** Asks whether to leave a page with unsaved changes; Stay is the safe default (and Escape). */
export function UnsavedChangesModal({
  guard,
  onDiscard,
}: {
  guard: UnsavedChangesGuard;
  /** Called before leaving when the user discards, e.g. to forget a kept draft. */
  onDiscard?: () => void;
}) {
  const { t } = useTranslation();
  const stay = () => guard.reset?.();
  return (
    <Modal opened={guard.status === 'blocked'} onClose={stay} title={t('engine.unsaved.title')} centered>
      <Text size="sm">{t('engine.unsaved.body')}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={stay} data-autofocus>
          {t('engine.unsaved.stay')}
        </Button>
        <Button
          color="red"
          onClick={() => {
            onDiscard?.();
            guard.proceed?.();
          }}
        >
          {t('engine.unsaved.discard')}
        </Button>
      </Group>
    </Modal>
  );
}
