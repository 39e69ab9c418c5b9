import {
  Alert,
  Button,
  Card,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { TeamStatistics, TeamTask } from '@inspectra/contract';
import { IconAlertTriangle, IconCalendarWeek, IconChecklist, IconUserQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../ui/links.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StatFigure } from '../../ui/StatFigure.tsx';
import { formatDate, formatNumber } from '../../engine/locale.ts';
import { useProfile } from '../auth/useProfile.ts';
import { taskName } from '../my-tasks/my-task-queries.ts';
import { PlannerCalendar } from '../my-tasks/PlannerCalendar.tsx';
import { TaskStateBadge } from '../my-tasks/TaskStateBadge.tsx';
import { teamPlannerQuery, teamStatisticsQuery } from './team-plan-queries.ts';
import { TeamTaskCard, inspectorNames } from './TeamTaskCard.tsx';

/** The calendar's choice of every inspector (an inspector's choice is their id). */
const everyone = 'everyone';

/**
 * The planner's view of the team (docs/team-plan.md): the live work counted, the workload of each
 * inspector, the overdue tasks, and the team's calendar (everyone's, or one inspector's).
 */
export function TeamPlanPage() {
  const { t } = useTranslation();
  const stats = useQuery(teamStatisticsQuery);
  const [inspectorId, setInspectorId] = useState<string | null>(null);
  const calendar = useRef<HTMLDivElement>(null);
  const showInCalendar = (id: string) => {
    setInspectorId(id);
    calendar.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };
  return (
    <>
      <PageHeader title={t('teamPlan.title')} subtitle={<TeamDescription stats={stats.data} />} />
      <Stack gap="lg">
        {stats.isError && (
          <Alert color="red" role="alert">
            {stats.error.message}
          </Alert>
        )}
        <Summary stats={stats.data} />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Workload stats={stats.data} onShow={showInCalendar} />
          <OverdueTasks stats={stats.data} />
        </SimpleGrid>
        <Paper withBorder radius="md" p="md" ref={calendar}>
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end">
              <Title order={2} fz="h3">
                {t('teamPlan.calendar')}
              </Title>
              <Select
                label={t('teamPlan.calendarOf')}
                value={inspectorId ?? everyone}
                onChange={(v) => setInspectorId(v && v !== everyone ? v : null)}
                allowDeselect={false}
                data={[
                  { value: everyone, label: t('teamPlan.everyone') },
                  ...(stats.data?.byInspector ?? []).map((p) => ({ value: p.id, label: p.fullName })),
                ]}
                w={260}
              />
            </Group>
            <PlannerCalendar
              period={(from, to) => teamPlannerQuery(from, to, inspectorId ?? undefined)}
              renderTask={(task: TeamTask) => <TeamTaskCard task={task} />}
              chipLabel={(task: TeamTask) =>
                task.inspectors.length > 0 ? `${taskName(task)} · ${inspectorNames(task)}` : taskName(task)
              }
              caption={t('teamPlan.calendar')}
            />
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}

/** Who the team is: the planner groups' names, the whole plant, or the contractor company's people. */
function TeamDescription({ stats }: { stats: TeamStatistics | undefined }) {
  const { t } = useTranslation();
  const profile = useProfile();
  if (!stats) return t('teamPlan.subtitle');
  const groups = stats.plannerGroups.map((g) => g.name).join(', ');
  const team = profile.company
    ? t('teamPlan.teamOfCompany', { company: profile.company.contractorName })
    : groups
      ? t('teamPlan.teamOfGroups', { groups })
      : t('teamPlan.teamOfPlant');
  return `${t('teamPlan.subtitle')} ${team}`;
}

function Summary({ stats }: { stats: TeamStatistics | undefined }) {
  const { t, i18n } = useTranslation();
  const count = (n: number | undefined) => (n === undefined ? undefined : formatNumber(n, i18n.language));
  const open = stats && stats.total - stats.byState.done;
  const card = (label: string, hint: string, value: number | undefined, icon: ReactNode, color: string) => (
    <Card withBorder radius="md" padding="sm" title={hint}>
      <StatFigure label={label} value={count(value)} icon={icon} color={color} compact />
    </Card>
  );
  return (
    <section aria-label={t('teamPlan.summary')}>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        {card(t('teamPlan.open'), t('teamPlan.openHint'), open, <IconChecklist aria-hidden />, 'blue')}
        {card(
          t('teamPlan.overdue'),
          t('teamPlan.overdueHint'),
          stats?.overdue,
          <IconAlertTriangle aria-hidden />,
          'red',
        )}
        {card(
          t('teamPlan.thisWeek'),
          t('teamPlan.thisWeekHint'),
          stats?.thisWeek,
          <IconCalendarWeek aria-hidden />,
          'cyan',
        )}
        {card(
          t('teamPlan.unassigned'),
          t('teamPlan.unassignedHint'),
          stats?.unassigned,
          <IconUserQuestion aria-hidden />,
          'gray',
        )}
      </SimpleGrid>
    </section>
  );
}

/** Each inspector's open, overdue and this week's tasks, most loaded first. */
function Workload({ stats, onShow }: { stats: TeamStatistics | undefined; onShow: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  const people = stats?.byInspector ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="h3" mb="sm" id="team-workload">
        {t('teamPlan.workload')}
      </Title>
      {stats && people.length === 0 && stats.unassigned === 0 ? (
        <Text c="dimmed">{t('teamPlan.noWorkload')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table aria-labelledby="team-workload" striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('teamPlan.inspector')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('teamPlan.open')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('teamPlan.overdue')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('teamPlan.thisWeek')}
                </Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('teamPlan.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {people.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Th scope="row" fw={500}>
                    {p.fullName}
                  </Table.Th>
                  <Table.Td ta="right">{n(p.open)}</Table.Td>
                  <Table.Td
                    ta="right"
                    c={p.overdue > 0 ? 'red' : undefined}
                    fw={p.overdue > 0 ? 700 : undefined}
                  >
                    {n(p.overdue)}
                  </Table.Td>
                  <Table.Td ta="right">{n(p.thisWeek)}</Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      onClick={() => onShow(p.id)}
                      aria-label={t('teamPlan.showCalendar', { name: p.fullName })}
                    >
                      {t('teamPlan.showCalendarShort')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
              {stats && stats.unassigned > 0 && (
                <Table.Tr>
                  <Table.Th scope="row" fw={500} c="dimmed">
                    {t('teamPlan.nobodyNamed')}
                  </Table.Th>
                  <Table.Td ta="right">{n(stats.unassigned)}</Table.Td>
                  <Table.Td />
                  <Table.Td />
                  <Table.Td />
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** The most overdue tasks first, each opening its work order. */
function OverdueTasks({ stats }: { stats: TeamStatistics | undefined }) {
  const { t, i18n } = useTranslation();
  const tasks = stats?.overdueTasks ?? [];
  const today = dayjs().startOf('day');
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="h3" mb="sm" id="team-overdue">
        {t('teamPlan.overdueTasks')}
      </Title>
      {stats && tasks.length === 0 ? (
        <Text c="dimmed">{t('teamPlan.noOverdue')}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={520}>
            <Table aria-labelledby="team-overdue" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('teamPlan.task')}</Table.Th>
                  <Table.Th scope="col">{t('teamPlan.inspectors')}</Table.Th>
                  <Table.Th scope="col">{t('teamPlan.plannedFinish')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('teamPlan.late')}
                  </Table.Th>
                  <Table.Th scope="col">{t('teamPlan.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tasks.map((task) => (
                  <Table.Tr key={task.id}>
                    <Table.Td>
                      <AnchorLink
                        to="/work-orders/$workOrderId"
                        params={{ workOrderId: task.workOrderSPKId }}
                        fw={600}
                        className="touch-target"
                      >
                        {taskName(task)}
                      </AnchorLink>
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {task.woTitle}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {task.inspectors.length > 0 ? (
                        inspectorNames(task)
                      ) : (
                        <Text span c="dimmed" size="sm">
                          {t('teamPlan.nobodyNamed')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{task.dateEnd && formatDate(task.dateEnd, i18n.language)}</Table.Td>
                    <Table.Td ta="right" c="red" fw={700}>
                      {task.dateEnd &&
                        t('teamPlan.daysLate', { count: today.diff(dayjs(task.dateEnd), 'day') })}
                    </Table.Td>
                    <Table.Td>
                      <TaskStateBadge state={task.state} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {stats && stats.overdue > tasks.length && (
            <Text size="sm" c="dimmed" mt="xs">
              {t('teamPlan.overdueShown', {
                shown: formatNumber(tasks.length, i18n.language),
                count: formatNumber(stats.overdue, i18n.language),
              })}
            </Text>
          )}
        </>
      )}
    </Paper>
  );
}
