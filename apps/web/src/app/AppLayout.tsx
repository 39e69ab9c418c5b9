import { AppShell, Badge, Burger, Group, ScrollArea, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useReducedMotion } from '@mantine/hooks';
import type { PermissionAction, PermissionModule } from '@inspectra/contract';
import {
  IconBuildingFactory,
  IconBuildingFactory2,
  IconHeartbeat,
  IconBuildingSkyscraper,
  IconCalendarUser,
  IconAlertTriangle,
  IconChartLine,
  IconChecklist,
  IconClipboardList,
  IconFileDescription,
  IconLayoutDashboard,
  IconListCheck,
  IconRosetteDiscountCheck,
  IconRuler2,
  IconShieldLock,
  IconSitemap,
  IconUserCheck,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { NavLinkLink } from '../ui/links.tsx';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { can, useProfile } from '../features/auth/useProfile.ts';
import { approvalQueueCountQuery } from '../features/approvals/approval-queries.ts';
import { landingPath } from '../features/my-tasks/landing.ts';
import { formatNumber } from '../engine/locale.ts';
import { restoreLanguage } from '../i18n/language.ts';
import { BrandMark } from '../ui/BrandMark.tsx';
import { ColorSchemeToggle } from '../ui/ColorSchemeToggle.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { OfflineIndicator } from './OfflineIndicator.tsx';
import { UserMenu } from './UserMenu.tsx';
import { CompanyBadge } from '../features/administration/CompanyBadge.tsx';

type NavItem = {
  to:
    | '/'
    | '/my-tasks'
    | '/plan'
    | '/work-orders'
    | '/reports'
    | '/ndt'
    | '/thickness'
    | '/recommendations'
    | '/assets'
    | '/equipment'
    | '/inspection-methods'
    | '/admin/companies'
    | '/admin/plant-owner'
    | '/approvals'
    | '/admin/approval-settings'
    | '/admin/reviewers'
    | '/admin/users'
    | '/admin/roles';
  label: string;
  icon: typeof IconLayoutDashboard;
  module?: PermissionModule;
  /** The permission that shows the entry, when not the module's view. */
  action?: PermissionAction;
  /** The navigation group the entry sits in (`administration`), below the work entries. */
  group?: 'administration';
  /** What waits there for the user, shown as a badge (`waiting`: its words, with `{{count}}`). */
  count?: { query: typeof approvalQueueCountQuery; waiting: string };
};

/**
 * Navigation follows the work: dashboard → my tasks → work orders → reports, then the administration
 * group under its heading. An entry shows only when the role may view its module; modules without
 * screens yet are not listed rather than leading to empty pages.
 */
const navItems: NavItem[] = [
  { to: '/', label: 'nav.dashboard', icon: IconLayoutDashboard },
  // The planner's view of the team: shown to who may change assignments (docs/team-plan.md).
  {
    to: '/plan',
    label: 'teamPlan.nav',
    icon: IconCalendarUser,
    module: 'taskAssignment',
    action: 'update',
  },
  { to: '/my-tasks', label: 'myTasks.title', icon: IconChecklist, module: 'myTask' },
  { to: '/work-orders', label: 'nav.workOrders', icon: IconClipboardList, module: 'workOrder' },
  { to: '/reports', label: 'nav.reports', icon: IconFileDescription, module: 'reportHeader' },
  { to: '/ndt', label: 'ndt.title', icon: IconRuler2, module: 'ndt' },
  { to: '/equipment', label: 'equipmentHealth.nav', icon: IconHeartbeat, module: 'asset' },
  { to: '/thickness', label: 'thickness.title', icon: IconChartLine, module: 'thickness' },
  {
    to: '/recommendations',
    label: 'recommendations.nav',
    icon: IconAlertTriangle,
    module: 'reportHeader',
  },
  { to: '/assets', label: 'assets.title', icon: IconBuildingFactory2, module: 'asset' },
  {
    to: '/inspection-methods',
    label: 'inspectionMethods.title',
    icon: IconListCheck,
    module: 'inspectionMethod',
  },
  { to: '/admin/users', label: 'users.nav', icon: IconUsers, module: 'user', group: 'administration' },
  { to: '/admin/roles', label: 'roles.nav', icon: IconShieldLock, module: 'role', group: 'administration' },
  {
    to: '/admin/companies',
    label: 'nav.companies',
    icon: IconBuildingSkyscraper,
    module: 'contractorCompany',
    group: 'administration',
  },
  {
    to: '/admin/plant-owner',
    label: 'administration.plantOwner.nav',
    icon: IconBuildingFactory,
    module: 'plantOwner',
    group: 'administration',
  },
  // The reviewer's queue: shown to those who may approve reports.
  {
    to: '/approvals',
    label: 'approvals.nav',
    icon: IconRosetteDiscountCheck,
    module: 'reportHeader',
    action: 'approve',
    count: { query: approvalQueueCountQuery, waiting: 'approvals.navWaiting' },
  },
  {
    to: '/admin/approval-settings',
    label: 'approvals.settings.title',
    icon: IconSitemap,
    module: 'approval',
    group: 'administration',
  },
  {
    to: '/admin/reviewers',
    label: 'approvals.reviewers.title',
    icon: IconUserCheck,
    module: 'approval',
    group: 'administration',
  },
];

export function AppLayout() {
  const { t } = useTranslation();
  const profile = useProfile();
  const [opened, { toggle, close }] = useDisclosure();
  // The shell's own slide (the navigation in and out, the page's margin after it) is a CSS
  // transition the theme's respectReducedMotion does not reach. Crossing the navigation's breakpoint
  // (a tablet turned, a window widened) started it before the shell marked itself resizing, so for
  // 200 ms the navigation stood cut and the page shifted left (the offline journey's photographs).
  const reduceMotion = useReducedMotion();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => restoreLanguage(profile.id), [profile.id]);
  useEffect(close, [pathname, close]);

  // For whom another page is home (landingPath), the dashboard entry would only lead there again.
  const home = landingPath(profile);
  const items = navItems.filter((item) =>
    item.module ? can(profile, item.module, item.action ?? 'view') : item.to !== '/' || home === '/',
  );
  const work = items.filter((item) => !item.group);
  const administration = items.filter((item) => item.group === 'administration');
  return (
    <AppShell
      header={{ height: 60 }}
      // Below 992 px (a 10-inch tablet held upright) the navigation folds away behind the menu button.
      navbar={{ width: 240, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
      transitionDuration={reduceMotion ? 0 : 200}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={t(opened ? 'nav.closeMenu' : 'nav.openMenu')}
            />
            <Link
              to="/"
              aria-label={t('nav.home')}
              className="touch-target"
              style={{ color: 'inherit', textDecoration: 'none' }}
            >
              <BrandMark />
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {profile.company && (
              <Group visibleFrom="sm">
                <CompanyBadge company={profile.company} />
              </Group>
            )}
            <OfflineIndicator userId={profile.id} />
            <LanguageMenu userId={profile.id} />
            <ColorSchemeToggle />
            <UserMenu profile={profile} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('nav.main')}>
        <ScrollArea>
          {work.map((item) => (
            <NavEntry key={item.to} item={item} pathname={pathname} onPick={close} />
          ))}
          {administration.length > 0 && (
            <nav aria-label={t('nav.administration')}>
              <Text size="xs" fw={600} c="dimmed" tt="uppercase" mt="md" mb={4} px="sm">
                {t('nav.administration')}
              </Text>
              {administration.map((item) => (
                <NavEntry key={item.to} item={item} pathname={pathname} onPick={close} />
              ))}
            </nav>
          )}
        </ScrollArea>
        <Text size="xs" c="dimmed" mt="auto" pt="md">
          {profile.role.name}
        </Text>
      </AppShell.Navbar>
      {/* Room below the page's end: its last actions (Save at the foot of a long form) can be
          scrolled above the notices, which sit at the bottom of the screen (Notices.tsx). */}
      <AppShell.Main pb="8rem">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

/**
 * One entry of the navigation, marked when the address is its page or under it; with what waits
 * there as a badge whose text is part of its name ("Approvals 3 waiting").
 */
function NavEntry({ item, pathname, onPick }: { item: NavItem; pathname: string; onPick: () => void }) {
  const { t, i18n } = useTranslation();
  const active = item.to === '/' ? pathname === '/' : pathname.startsWith(item.to);
  const counted = useQuery({ ...approvalQueueCountQuery, ...item.count?.query, enabled: !!item.count });
  const waiting = item.count && counted.data ? counted.data : 0;
  return (
    <NavLinkLink
      to={item.to}
      // On a tablet the menu closes on a pick, the page already shown included.
      onClick={onPick}
      label={t(item.label)}
      rightSection={
        waiting > 0 ? (
          // Its name is its visible text: "Approvals 3 waiting", the last word for readers only.
          <Badge size="sm" variant="filled" circle={waiting < 10}>
            {formatNumber(waiting, i18n.language)}
            <VisuallyHidden> {t(item.count!.waiting)}</VisuallyHidden>
          </Badge>
        ) : undefined
      }
      leftSection={<item.icon size={20} stroke={1.6} aria-hidden />}
      active={active}
      aria-current={active ? 'page' : undefined}
      variant="light"
      py="sm"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
}
