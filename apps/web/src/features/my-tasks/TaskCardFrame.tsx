import { Badge, Group, Stack, Text } from '@mantine/core';
import type { MyTask } from '@inspectra/contract';
import type { Icon } from '@tabler/icons-react';
import type { LinkOptions, RegisteredRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardLink } from '../../ui/links.tsx';
import { OverdueBadge, TaskStateBadge } from './TaskStateBadge.tsx';

/** What every task card shows of its task, an inspector's or the team's. */
type FramedTask = Pick<
  MyTask,
  'woNumber' | 'inspectionMethodName' | 'woTitle' | 'overdue' | 'state' | 'isEmergency'
>;

type TaskCardFrameProps<TTo extends string | undefined> = {
  task: FramedTask;
  /** Where the card leads, checked as a link's `to` and `params` are (one of several screens may be). */
  link: LinkOptions<RegisteredRouter, string, TTo>;
  /** The task's facts (`TaskFact`s), in a row that wraps; an emergency is said after them. */
  facts: ReactNode;
  /** What the card adds below its facts. */
  children?: ReactNode;
};

/**
 * A task as a card: the whole card is the target (a gloved finger on a tablet), named by its work
 * order and method, with the work order's title, whether it is late and its state, then its facts.
 */
export function TaskCardFrame<const TTo extends string | undefined>(
  props: TaskCardFrameProps<TTo>,
): ReactNode;
export function TaskCardFrame({ task, link, facts, children }: TaskCardFrameProps<string>) {
  const { t } = useTranslation();
  return (
    <CardLink
      {...link}
      withBorder
      radius="md"
      padding="md"
      style={{ color: 'inherit', textDecoration: 'none' }}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" lh={1.3}>
              {task.woNumber} · {task.inspectionMethodName}
            </Text>
            <Text c="dimmed" size="sm" lineClamp={2}>
              {task.woTitle}
            </Text>
          </div>
          <Group gap={6} justify="flex-end">
            {task.overdue && <OverdueBadge />}
            <TaskStateBadge state={task.state} />
          </Group>
        </Group>
        <Group gap="lg" wrap="wrap">
          {facts}
          {task.isEmergency && (
            <Badge color="red" variant="outline" styles={{ label: { textTransform: 'none' } }}>
              {t('myTasks.emergency')}
            </Badge>
          )}
        </Group>
        {children}
      </Stack>
    </CardLink>
  );
}

/** One fact of a task card: its icon, what it is (where the value alone does not say) and the value. */
export function TaskFact({
  icon: FactIcon,
  label,
  children,
}: {
  icon: Icon;
  label?: string;
  children: ReactNode;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <FactIcon size={16} aria-hidden />
      <Text size="sm">
        {label && (
          <Text span c="dimmed" size="sm">
            {label}:{' '}
          </Text>
        )}
        {children}
      </Text>
    </Group>
  );
}
