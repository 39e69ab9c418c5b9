import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { taskStates } from '@inspectra/contract';
import type { TaskState } from '@inspectra/contract';
import { IconAlertTriangle, IconCalendarWeek, IconListCheck, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoreNotShown } from '../../engine/MoreNotShown.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StatFigure } from '../../ui/StatFigure.tsx';
import { dateDisplayFormat, dayjsLocale, formatNumber, parseTypedDate } from '../../engine/locale.ts';
import { usePermission } from '../auth/useProfile.ts';
import {
  equipmentCategoriesQuery,
  plannerQuery,
  statisticsQuery,
  taskListQuery,
  workOrderNumbersQuery,
} from './my-task-queries.ts';
import { validateMyTasksSearch } from './my-tasks-search.ts';
import type { MyTasksSearch } from './my-tasks-search.ts';
import { PlannerCalendar } from './PlannerCalendar.tsx';
import { TaskCard } from './TaskCard.tsx';
import { taskStateLooks } from './TaskStateBadge.tsx';

/**
 * The inspector's home: how many tasks stand where (statistics), the tasks of a state (tabs) narrowed
 * by the filters, and the planner as a month. What is chosen lives in the address.
 */
export function MyTasksPage() {
  const { t } = useTranslation();
  // Validated again here (the route does it too), so the page also renders under another router.
  const search = validateMyTasksSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  /**
   * Changes what is chosen; any change but the page's goes back to page 1. Applied to the address as
   * it is when the change lands, not as this render saw it: a search sent after a pause in typing
   * must not undo a filter chosen meanwhile.
   */
  const choose = (change: Partial<MyTasksSearch>) =>
    void navigate({
      to: '/my-tasks',
      search: (previous) =>
        validateMyTasksSearch({
          ...validateMyTasksSearch(previous),
          ...('page' in change ? {} : { page: undefined }),
          ...change,
        }),
      replace: true,
    });
  const calendar = search.view === 'calendar';
  return (
    <>
      <PageHeader
        title={t('myTasks.title')}
        subtitle={t('myTasks.subtitle')}
        actions={
          <SegmentedControl
            aria-label={t('myTasks.view')}
            value={calendar ? 'calendar' : 'list'}
            onChange={(v) => choose({ view: v === 'calendar' ? 'calendar' : undefined, page: search.page })}
            data={[
              { value: 'list', label: t('myTasks.list') },
              { value: 'calendar', label: t('myTasks.calendar') },
            ]}
          />
        }
      />
      <Stack gap="lg">
        <Statistics onState={(tab) => choose({ tab, view: undefined })} />
        {calendar ? (
          <Paper withBorder radius="md" p="md">
            <PlannerCalendar period={plannerQuery} renderTask={(task) => <TaskCard task={task} />} />
          </Paper>
        ) : (
          <TaskList search={search} choose={choose} />
        )}
      </Stack>
    </>
  );
}

function Statistics({ onState }: { onState: (state: TaskState) => void }) {
  const { t, i18n } = useTranslation();
  const stats = useQuery(statisticsQuery);
  const count = (n: number | undefined) => (n === undefined ? undefined : formatNumber(n, i18n.language));
  return (
    <section aria-label={t('myTasks.statistics')}>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 4, lg: 7 }} spacing="sm">
        {taskStates.map((state) => {
          const Icon = taskStateLooks[state].icon;
          return (
            <StatCard
              key={state}
              label={t(`myTasks.states.${state}`)}
              hint={t(`myTasks.stateHints.${state}`)}
              value={count(stats.data?.byState[state])}
              icon={<Icon aria-hidden />}
              color={taskStateLooks[state].color}
              onClick={() => onState(state)}
            />
          );
        })}
        <StatCard
          label={t('myTasks.overdue')}
          hint={t('myTasks.overdueHint')}
          value={count(stats.data?.overdue)}
          icon={<IconAlertTriangle aria-hidden />}
          color="red"
        />
        <StatCard
          label={t('myTasks.thisWeek')}
          hint={t('myTasks.thisWeekHint')}
          value={count(stats.data?.thisWeek)}
          icon={<IconCalendarWeek aria-hidden />}
          color="cyan"
        />
      </SimpleGrid>
      {stats.data && stats.data.byMethod.length > 0 && (
        <Group gap="xs" mt="sm" aria-label={t('myTasks.byMethod')} role="group">
          <Text size="sm" c="dimmed">
            {t('myTasks.byMethod')}:
          </Text>
          {stats.data.byMethod.map((m) => (
            <Badge key={m.code} variant="outline" color="gray" styles={{ label: { textTransform: 'none' } }}>
              {m.name} · {formatNumber(m.count, i18n.language)}
            </Badge>
          ))}
        </Group>
      )}
      {stats.isError && (
        <Alert color="red" role="alert" mt="sm">
          {stats.error.message}
        </Alert>
      )}
    </section>
  );
}

function StatCard(p: {
  label: string;
  hint: string;
  value: string | undefined;
  icon: ReactNode;
  color: string;
  onClick?: () => void;
}) {
  const body = <StatFigure label={p.label} value={p.value} icon={p.icon} color={p.color} compact />;
  return p.onClick ? (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component="button"
      type="button"
      onClick={p.onClick}
      title={p.hint}
      style={{ textAlign: 'left', cursor: 'pointer' }}
    >
      {body}
    </Card>
  ) : (
    <Card withBorder radius="md" padding="sm" title={p.hint}>
      {body}
    </Card>
  );
}

function TaskList({
  search,
  choose,
}: {
  search: MyTasksSearch;
  choose: (c: Partial<MyTasksSearch>) => void;
}) {
  const { t, i18n } = useTranslation();
  const stats = useQuery(statisticsQuery);
  const filters = {
    search: search.search,
    woNumber: search.woNumber,
    equipmentCategory: search.equipmentCategory,
    dateStart: search.dateStart,
    dateEnd: search.dateEnd,
  };
  const list = useQuery(taskListQuery({ tab: search.tab, filters, pageNumber: search.page ?? 1 }));
  const filtered = Object.values(filters).some(Boolean);
  const tabCount = (n: number | undefined) => (n === undefined ? '' : ` (${formatNumber(n, i18n.language)})`);
  return (
    <Paper withBorder radius="md" p="md">
      <Filters search={search} choose={choose} />
      <Tabs
        value={search.tab ?? 'all'}
        onChange={(v) => choose({ tab: v && v !== 'all' ? (v as TaskState) : undefined })}
        mt="md"
        keepMounted={false}
      >
        <Tabs.List aria-label={t('myTasks.tabs')} style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          <Tabs.Tab value="all">
            {t('myTasks.all')}
            {tabCount(stats.data?.total)}
          </Tabs.Tab>
          {taskStates.map((state) => (
            <Tabs.Tab key={state} value={state} style={{ whiteSpace: 'nowrap' }}>
              {t(`myTasks.states.${state}`)}
              {tabCount(stats.data?.byState[state])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Stack gap="sm" mt="md" opacity={list.isPlaceholderData ? 0.6 : 1} aria-busy={list.isFetching}>
        {list.isPending && <Skeleton h={120} />}
        {list.isError && (
          <Alert color="red" role="alert">
            {list.error.message}
          </Alert>
        )}
        {list.data?.tasks.map((task) => (
          <TaskCard key={task.id} task={task} />
        ))}
        {list.data && list.data.tasks.length === 0 && (
          <Text c="dimmed" py="lg" ta="center">
            {filtered || !search.tab ? t('myTasks.empty') : t('myTasks.emptyState')}
          </Text>
        )}
        {list.data && list.data.meta.totalPages > 1 && (
          <Pagination
            total={list.data.meta.totalPages}
            value={search.page ?? 1}
            onChange={(page) => choose({ page: page > 1 ? page : undefined })}
            mt="sm"
          />
        )}
      </Stack>
    </Paper>
  );
}

function Filters({ search, choose }: { search: MyTasksSearch; choose: (c: Partial<MyTasksSearch>) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const mayAssets = usePermission('asset', 'view');
  // Typing is sent once it pauses; the box shows what is typed meanwhile.
  const [typed, setTyped] = useState(search.search ?? '');
  const [debounced] = useDebouncedValue(typed, 300);
  useEffect(() => {
    if ((debounced || undefined) !== search.search) choose({ search: debounced || undefined });
    // Only a pause in typing sends: a change of the address from elsewhere must not loop back here.
  }, [debounced]);
  const [woSearch, setWoSearch] = useState('');
  const [woSearchDebounced] = useDebouncedValue(woSearch, 250);
  const woNumbers = useQuery(workOrderNumbersQuery(woSearchDebounced));
  const categories = useQuery({ ...equipmentCategoriesQuery, enabled: mayAssets });
  const woOptions = [
    ...new Set([
      ...(search.woNumber ? [search.woNumber] : []),
      ...(woNumbers.data ?? []).map((w) => w.value),
    ]),
  ];
  const filtered = Boolean(
    search.search || search.woNumber || search.equipmentCategory || search.dateStart || search.dateEnd,
  );
  const dateProps = {
    clearable: true,
    locale: dayjsLocale(language),
    valueFormat: dateDisplayFormat,
    dateParser: (s: string) => parseTypedDate(s, language),
    placeholder: t('engine.input.datePlaceholder'),
  };
  return (
    <section aria-label={t('myTasks.filters')}>
      <VisuallyHidden>
        <h2>{t('myTasks.filters')}</h2>
      </VisuallyHidden>
      <SimpleGrid cols={{ base: 1, xs: 2, md: mayAssets ? 5 : 4 }} spacing="sm">
        <TextInput
          label={t('common.search')}
          placeholder={t('myTasks.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
        />
        <Select
          label={t('myTasks.woNumber')}
          placeholder={t('myTasks.anyWorkOrder')}
          data={woOptions}
          value={search.woNumber ?? null}
          onChange={(v) => choose({ woNumber: v === null ? undefined : String(v) })}
          searchable
          onSearchChange={setWoSearch}
          clearable
          nothingFoundMessage={t('myTasks.empty')}
        />
        {mayAssets && (
          <Select
            label={t('myTasks.equipmentCategory')}
            placeholder={t('myTasks.anyCategory')}
            data={(categories.data?.rows ?? []).map((c) => ({
              value: String(c.code),
              label: String(c.name),
            }))}
            description={<MoreNotShown count={categories.data?.notShown} />}
            value={search.equipmentCategory ?? null}
            onChange={(v) => choose({ equipmentCategory: v === null ? undefined : String(v) })}
            searchable
            clearable
          />
        )}
        <DateInput
          {...dateProps}
          label={t('myTasks.from')}
          value={search.dateStart ?? null}
          onChange={(v) => choose({ dateStart: v ?? undefined })}
        />
        <DateInput
          {...dateProps}
          label={t('myTasks.to')}
          value={search.dateEnd ?? null}
          onChange={(v) => choose({ dateEnd: v ?? undefined })}
        />
      </SimpleGrid>
      {filtered && (
        <Button
          variant="subtle"
          leftSection={<IconListCheck size={16} aria-hidden />}
          mt="xs"
          onClick={() => {
            setTyped('');
            choose({
              search: undefined,
              woNumber: undefined,
              equipmentCategory: undefined,
              dateStart: undefined,
              dateEnd: undefined,
            });
          }}
        >
          {t('myTasks.clearFilters')}
        </Button>
      )}
    </section>
  );
}
