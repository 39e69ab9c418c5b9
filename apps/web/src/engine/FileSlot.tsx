import { Button, Group, Stack, Text } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * What a form's file slots share, whatever they hold (a photo, a video): the group that names the
 * slot and says why a file was refused, the buttons, and the drop area's words when the slot is
 * empty or its file is to be removed.
 */

/** What a slot's button does; `engine.image.<action>` is its word, `<action>For` its full name. */
export type SlotAction = 'view' | 'choose' | 'replace' | 'takePhoto' | 'remove' | 'undo';

/**
 * A maker of the slot's buttons, each named after the slot ("Replace Thermal image"). `wordsOf`
 * gives the key of an action's words where the slot's kind has its own ("Choose video").
 */
export function useSlotButtons(
  label: string,
  disabled: boolean | undefined,
  wordsOf: (action: SlotAction) => string = (action) => `engine.image.${action}`,
) {
  const { t } = useTranslation();
  return (
    action: SlotAction,
    SlotIcon: Icon,
    onClick: () => void,
    look?: Pick<ButtonProps, 'variant' | 'color'>,
  ) => (
    <Button
      variant="default"
      {...look}
      size="xs"
      leftSection={<SlotIcon size={16} aria-hidden />}
      aria-label={t(`${wordsOf(action)}For`, { label })}
      onClick={onClick}
      disabled={disabled}
    >
      {t(wordsOf(action))}
    </Button>
  );
}

/**
 * The slot as one group, named by its label, invalid with its message (a refused file, the
 * server's error) said under it and read with it; `id` lets a form move focus to it.
 */
export function SlotFrame(p: { id?: string; label: string; message: string | null; children: ReactNode }) {
  const labelId = useId();
  const messageId = useId();
  return (
    <Stack
      id={p.id}
      tabIndex={-1}
      gap="xs"
      role="group"
      aria-labelledby={labelId}
      aria-describedby={p.message ? messageId : undefined}
      aria-invalid={p.message ? true : undefined}
    >
      <Text id={labelId} size="sm" fw={500}>
        {p.label}
      </Text>
      {p.children}
      {p.message && (
        <Text id={messageId} size="sm" c="red" role="alert">
          {p.message}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The drop area's words with nothing to show: where to drop and what is taken, or the stored
 * file's name struck through when it is removed on saving.
 */
export function EmptySlot(p: {
  removedName: string | null;
  KindIcon: Icon;
  dropHere: string;
  rules: string;
}) {
  const { t } = useTranslation();
  const removed = p.removedName !== null;
  return (
    <Group justify="center" gap="sm" mih={96} wrap="nowrap">
      {removed ? (
        <p.KindIcon size={32} stroke={1.5} aria-hidden />
      ) : (
        <IconUpload size={32} stroke={1.5} aria-hidden />
      )}
      <Stack gap={2}>
        {removed ? (
          <Text size="sm" td="line-through" c="dimmed">
            {p.removedName}
          </Text>
        ) : (
          <Text size="sm">{p.dropHere}</Text>
        )}
        <Text size="xs" c="dimmed">
          {removed ? t('engine.image.willBeRemoved') : p.rules}
        </Text>
      </Stack>
    </Group>
  );
}
