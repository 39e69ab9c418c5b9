import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Modal,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { MyTask } from '@inspectra/contract';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjsLocale, formatDate, formatNumber } from '../../engine/locale.ts';
import { taskName } from './my-task-queries.ts';
import { taskStateLooks } from './TaskStateBadge.tsx';

/** Tasks shown in a day's cell before "+n more". */
const perDay = 3;
const iso = (d: Dayjs) => d.format('YYYY-MM-DD');

/** The weeks (Monday to Sunday) that hold a month, as ISO days. */
export function monthGrid(month: string): string[][] {
  const first = dayjs(month).startOf('month');
  // dayjs counts Sunday as 0; weeks here start on Monday, as the statistics' "this week" does.
  const start = first.subtract((first.day() + 6) % 7, 'day');
  const last = first.endOf('month');
  const weeks: string[][] = [];
  for (let day = start; !day.isAfter(last, 'day');) {
    const week: string[] = [];
    for (let i = 0; i < 7; i++, day = day.add(1, 'day')) week.push(iso(day));
    weeks.push(week);
  }
  return weeks;
}

/** What the calendar shows of a task: an inspector's own (`MyTask`) or one of the team's. */
export type CalendarTask = Pick<
  MyTask,
  'id' | 'woNumber' | 'inspectionMethodName' | 'dateStart' | 'dateEnd' | 'state' | 'overdue'
>;

/** A period's tasks as a planner call answers them, and how many more the period holds (`meta.notShown`). */
export type CalendarPeriod<T extends CalendarTask> = { tasks: T[]; notShown: number };

export type PlannerCalendarProps<T extends CalendarTask, K extends QueryKey> = {
  /** The tasks planned from the first to the last day shown (ISO), one read per month shown. */
  period: (
    dateStart: string,
    dateEnd: string,
  ) => UseQueryOptions<CalendarPeriod<T>, Error, CalendarPeriod<T>, K>;
  /** A task in the list of its day (a card that opens it). */
  renderTask: (task: T) => ReactNode;
  /** A task's words in a day's cell; its work order and method when not given. */
  chipLabel?: (task: T) => string;
  /** What the calendar is, for its caption ("Calendar · March 2026"). */
  caption?: string;
};

/** Whether a task's planned period (or its one planned day) covers the day. */
const covers = (task: CalendarTask, day: string) => {
  const from = task.dateStart ?? task.dateEnd;
  const to = task.dateEnd ?? task.dateStart;
  return from !== null && to !== null && from <= day && day <= to;
};

/**
 * The inspection planner as a month: each day lists the tasks planned to be under way then (their
 * work order's planned start to finish), coloured by state, each opening its task. A month reads
 * the planner once for the weeks shown. Whose tasks, and what a task opens, are the caller's: the
 * inspector's own (my tasks) or the planner's team (the team plan).
 */
export function PlannerCalendar<T extends CalendarTask, K extends QueryKey>({
  period,
  renderTask,
  chipLabel = taskName,
  caption,
}: PlannerCalendarProps<T, K>) {
  const { t, i18n } = useTranslation();
  const [month, setMonth] = useState(() => iso(dayjs().startOf('month')));
  const [openDay, setOpenDay] = useState<string | null>(null);
  const weeks = monthGrid(month);
  const planner = useQuery(period(weeks[0]![0]!, weeks.at(-1)![6]!));
  const tasks = planner.data?.tasks ?? [];
  const today = iso(dayjs());
  const locale = dayjsLocale(i18n.language);
  const monthTitle = dayjs(month).locale(locale).format('MMMM YYYY');
  const weekdays = weeks[0]!.map((d) => dayjs(d).locale(locale).format('ddd'));
  const shift = (months: number) => setMonth(iso(dayjs(month).add(months, 'month')));
  const onDay = (day: string) => tasks.filter((task) => covers(task, day));

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} fz="lg" aria-live="polite">
          {monthTitle}
        </Title>
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => shift(-1)}
            aria-label={t('myTasks.previousMonth')}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <Button variant="default" onClick={() => setMonth(iso(dayjs().startOf('month')))}>
            {t('myTasks.thisMonth')}
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => shift(1)}
            aria-label={t('myTasks.nextMonth')}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      {planner.data && planner.data.notShown > 0 && (
        <Alert color="yellow">
          {t('myTasks.plannerTruncated', { count: tasks.length })}{' '}
          {t('common.moreNotShown', {
            count: planner.data.notShown,
            formatted: formatNumber(planner.data.notShown, i18n.language),
          })}
        </Alert>
      )}
      {planner.isError && (
        <Alert color="red" role="alert">
          {planner.error.message}
        </Alert>
      )}
      <Box style={{ overflowX: 'auto' }} opacity={planner.isPlaceholderData ? 0.6 : 1}>
        <table style={{ width: '100%', minWidth: 640, borderCollapse: 'collapse', tableLayout: 'fixed' }}>
          <caption
            style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            {caption ?? t('myTasks.calendar')} · {monthTitle}
          </caption>
          <thead>
            <tr>
              {weekdays.map((name) => (
                <th key={name} scope="col" style={{ padding: 4, textAlign: 'left' }}>
                  <Text size="sm" c="dimmed" fw={600}>
                    {name}
                  </Text>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]}>
                {week.map((day) => {
                  const dayTasks = onDay(day);
                  const inMonth = day.slice(0, 7) === month.slice(0, 7);
                  const dayLabel = t('myTasks.tasksOnDay', {
                    count: dayTasks.length,
                    date: formatDate(day, i18n.language),
                  });
                  return (
                    <td
                      key={day}
                      style={{
                        verticalAlign: 'top',
                        height: 112,
                        padding: 4,
                        border: '1px solid var(--mantine-color-default-border)',
                        background: day === today ? 'var(--mantine-primary-color-light)' : undefined,
                      }}
                    >
                      {dayTasks.length === 0 ? (
                        <DayNumber day={day} today={today} inMonth={inMonth} />
                      ) : (
                        // The whole day is the target (a finger on a tablet): it lists the day's tasks.
                        <UnstyledButton
                          onClick={() => setOpenDay(day)}
                          w="100%"
                          h="100%"
                          style={{ display: 'block' }}
                        >
                          <VisuallyHidden>{dayLabel}</VisuallyHidden>
                          <div aria-hidden>
                            <DayNumber day={day} today={today} inMonth={inMonth} />
                          </div>
                          <Stack gap={2} mt={2} aria-hidden>
                            {dayTasks.slice(0, perDay).map((task) => (
                              <TaskChip key={task.id} task={task} label={chipLabel(task)} />
                            ))}
                            {dayTasks.length > perDay && (
                              <Text size="xs" fw={700}>
                                {t('myTasks.moreTasks', { count: dayTasks.length - perDay })}
                              </Text>
                            )}
                          </Stack>
                        </UnstyledButton>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
      <Modal
        opened={openDay !== null}
        onClose={() => setOpenDay(null)}
        title={
          openDay &&
          t('myTasks.tasksOnDay', { count: onDay(openDay).length, date: formatDate(openDay, i18n.language) })
        }
        closeButtonProps={{ 'aria-label': t('common.close') }}
        size="lg"
      >
        <Stack gap="sm">
          {openDay && onDay(openDay).map((task) => <Box key={task.id}>{renderTask(task)}</Box>)}
        </Stack>
      </Modal>
    </Stack>
  );
}

function DayNumber(p: { day: string; today: string; inMonth: boolean }) {
  return (
    <Text size="sm" fw={p.day === p.today ? 700 : 500} c={p.inMonth ? undefined : 'dimmed'}>
      {Number(p.day.slice(8))}
    </Text>
  );
}

/** A task in a day's cell: its words, edged in its state's colour (late: underlined). */
function TaskChip({ task, label }: { task: CalendarTask; label: string }) {
  const color = taskStateLooks[task.state].color;
  return (
    <Text
      size="xs"
      style={{
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        borderLeft: `3px solid var(--mantine-color-${color}-filled)`,
        paddingLeft: 4,
        background: `var(--mantine-color-${color}-light)`,
        borderRadius: 2,
        textDecoration: task.overdue ? 'underline wavy var(--mantine-color-red-filled)' : undefined,
      }}
    >
      {label}
    </Text>
  );
}
