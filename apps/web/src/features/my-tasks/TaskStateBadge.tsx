import { Badge, Tooltip } from '@mantine/core';
import type { TaskState } from '@inspectra/contract';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconCircleCheck,
  IconCircleDashed,
  IconHourglass,
  IconPencil,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Colour and icon per state: words and an icon as well as a colour, as every badge here. */
export const taskStateLooks: Record<TaskState, { color: string; icon: typeof IconPencil }> = {
  todo: { color: 'gray', icon: IconCircleDashed },
  inProgress: { color: 'blue', icon: IconPencil },
  waitingApproval: { color: 'yellow', icon: IconHourglass },
  returned: { color: 'orange', icon: IconArrowBackUp },
  done: { color: 'green', icon: IconCircleCheck },
};

const badgeStyles = {
  root: { flexShrink: 0, maxWidth: 'none' },
  label: { textTransform: 'none', overflow: 'visible' },
} as const;

export function TaskStateBadge({ state }: { state: TaskState }) {
  const { t } = useTranslation();
  const { color, icon: Icon } = taskStateLooks[state];
  return (
    <Tooltip label={t(`myTasks.stateHints.${state}`)} events={{ hover: true, focus: false, touch: true }}>
      <Badge color={color} variant="light" leftSection={<Icon size={14} aria-hidden />} styles={badgeStyles}>
        {t(`myTasks.states.${state}`)}
      </Badge>
    </Tooltip>
  );
}

/** "Overdue" in words, with an icon and red; `hint` says what is past (a task's planned finish by default). */
export function OverdueBadge({ hint }: { hint?: string } = {}) {
  const { t } = useTranslation();
  return (
    <Tooltip label={hint ?? t('myTasks.overdueHint')} events={{ hover: true, focus: false, touch: true }}>
      <Badge
        color="red"
        variant="filled"
        leftSection={<IconAlertTriangle size={14} aria-hidden />}
        styles={badgeStyles}
      >
        {t('myTasks.overdue')}
      </Badge>
    </Tooltip>
  );
}
