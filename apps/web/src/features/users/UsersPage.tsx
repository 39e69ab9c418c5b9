import type { UserPdm } from '@inspectra/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  Menu,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDots, IconUserCheck, IconUserOff, IconUsers } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { errorText } from '../../ui/error-text.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StatFigure } from '../../ui/StatFigure.tsx';
import { approvalPositionsQuery } from '../approvals/approval-queries.ts';
import { can, useProfile } from '../auth/useProfile.ts';
import { PasswordDialog } from './PasswordDialog.tsx';
import { UserForm } from './UserForm.tsx';
import type { UserFormValues } from './UserForm.tsx';
import {
  plannerGroupsQuery,
  roleManagementQuery,
  rolesKey,
  useContractorCompanies,
  userSummaryQuery,
  usersKey,
  usersQuery,
} from './user-queries.ts';
import type { UserFilters } from './user-queries.ts';

const pageSize = 20;

/** Users: counts, the list with search and filters, and create / edit / password / status / delete. */
export function UsersPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [filters, setFilters] = useState<Omit<UserFilters, 'search' | 'pageSize'>>({ pageNumber: 1 });
  const [editing, setEditing] = useState<UserPdm | 'new' | undefined>();
  const [passwordFor, setPasswordFor] = useState<UserPdm | undefined>();

  const list = useQuery({
    ...usersQuery({ ...filters, search: debounced || undefined, pageSize }),
    placeholderData: keepPreviousData,
  });
  const summary = useQuery(userSummaryQuery);
  const rolesData = useQuery(roleManagementQuery);
  const companies = useContractorCompanies();
  const plannerGroups = useQuery(plannerGroupsQuery);
  // The positions a user may hold; a role that may not read them sees only the position held.
  const positions = useQuery({
    ...approvalPositionsQuery,
    enabled: can(profile, 'approval', 'view'),
    retry: false,
  });

  const roleOptions = (rolesData.data?.roles ?? []).map((r) => ({ value: r.id, label: r.name }));
  const companyOptions = companies.data ?? [];
  const groupOptions = (plannerGroups.data?.rows ?? []).map((g) => ({
    value: g.code,
    label: `${g.code} · ${g.name}`,
  }));
  // A user's role or status changes the roles' user counts too.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: usersKey }),
      queryClient.invalidateQueries({ queryKey: rolesKey }),
    ]);
  const filter = (patch: Partial<typeof filters>) => setFilters((f) => ({ ...f, ...patch, pageNumber: 1 }));

  const save = async (values: UserFormValues) => {
    if (editing === 'new') {
      const created = await callApi('POST /user-pdm', { body: values });
      notifications.show({ color: 'green', message: t('users.created', { name: created.data.fullName }) });
    } else if (editing) {
      const { username: _name, password: _password, ...changes } = values;
      await callApi('PUT /user-pdm/:id', {
        params: { id: editing.id },
        body: { ...changes, updatedAt: editing.updatedAt },
      });
      notifications.show({ color: 'green', message: t('users.saved') });
    }
    setEditing(undefined);
    await refresh();
  };

  /** A confirmed action: its success message, or the server's refusal, as a notification. */
  const confirmed = (send: () => Promise<string>) => async () => {
    try {
      notifications.show({ color: 'green', message: await send() });
      await refresh();
    } catch (err) {
      notifications.show({ color: 'red', message: errorText(err, t) });
    }
  };

  const confirmStatus = (user: UserPdm) => {
    const isActive = !user.isActive;
    const name = user.fullName;
    modals.openConfirmModal({
      title: t(isActive ? 'users.activateTitle' : 'users.deactivateTitle', { name }),
      children: (
        <Text size="sm">{t(isActive ? 'users.activateText' : 'users.deactivateText', { name })}</Text>
      ),
      labels: { confirm: t(isActive ? 'users.activate' : 'users.deactivate'), cancel: t('users.cancel') },
      confirmProps: { color: isActive ? 'green' : 'red' },
      onConfirm: confirmed(async () => {
        await callApi('POST /user-pdm/update-status', { body: { id: user.id, isActive } });
        return t('users.statusChanged', { name });
      }),
    });
  };

  const confirmDelete = (user: UserPdm) =>
    modals.openConfirmModal({
      title: t('users.deleteTitle', { name: user.fullName }),
      children: <Text size="sm">{t('users.deleteText')}</Text>,
      labels: { confirm: t('users.delete'), cancel: t('users.cancel') },
      confirmProps: { color: 'red' },
      // The server's message says whether the user was deleted or, having authored records, deactivated.
      onConfirm: confirmed(
        async () => (await callApi('DELETE /user-pdm/:id', { params: { id: user.id } })).message,
      ),
    });

  const mayCreate = can(profile, 'user', 'create');
  const mayUpdate = can(profile, 'user', 'update');
  const mayDelete = can(profile, 'user', 'delete');
  const counts = summary.data;
  return (
    <>
      <PageHeader
        title={t('users.title')}
        subtitle={t('users.subtitle')}
        actions={mayCreate && <Button onClick={() => setEditing('new')}>{t('users.create')}</Button>}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
        {[
          { label: 'users.total', value: counts?.total, icon: <IconUsers />, color: undefined },
          { label: 'users.active', value: counts?.byStatus.active, icon: <IconUserCheck />, color: 'green' },
          { label: 'users.inactive', value: counts?.byStatus.inactive, icon: <IconUserOff />, color: 'gray' },
        ].map((figure) => (
          <Card withBorder key={figure.label}>
            <StatFigure
              label={t(figure.label)}
              value={figure.value === undefined ? undefined : String(figure.value)}
              icon={figure.icon}
              color={figure.color}
              compact
            />
          </Card>
        ))}
      </SimpleGrid>
      {counts && (
        <Group gap="xs" mb="md" aria-label={t('users.byRole')}>
          {counts.byRole
            .filter((r) => r.count > 0)
            .map((r) => (
              <Badge key={r.roleId} variant="light">
                {r.roleName}: {r.count}
              </Badge>
            ))}
          {counts.byCompany.map((c) => (
            <Badge key={c.contractorCompanyId ?? 'owner'} variant="outline" color="gray">
              {c.contractorName ?? t('users.ownerStaff')}: {c.count}
            </Badge>
          ))}
        </Group>
      )}
      <Group mb="md" align="flex-end">
        <TextInput
          aria-label={t('users.search')}
          placeholder={t('users.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            filter({});
          }}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Select
          aria-label={t('users.role')}
          placeholder={t('users.allRoles')}
          data={roleOptions}
          value={filters.roleId ?? null}
          onChange={(v) => filter({ roleId: v ?? undefined })}
          clearable
        />
        <Select
          aria-label={t('users.company')}
          placeholder={t('users.allCompanies')}
          data={[
            { value: 'none', label: t('users.ownerStaff') },
            ...companyOptions.map((c) => ({ value: c.id, label: c.contractorName })),
          ]}
          value={filters.contractorCompanyId ?? null}
          onChange={(v) => filter({ contractorCompanyId: v ?? undefined })}
          clearable
        />
        <Select
          aria-label={t('users.status')}
          placeholder={t('users.allStatuses')}
          data={[
            { value: 'true', label: t('users.active') },
            { value: 'false', label: t('users.inactive') },
          ]}
          value={filters.isActive ?? null}
          onChange={(v) => filter({ isActive: (v as 'true' | 'false' | null) ?? undefined })}
          clearable
        />
      </Group>
      {list.error && (
        <Alert color="red" mb="md">
          {errorText(list.error, t)}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('users.fullName')}</Table.Th>
              <Table.Th>{t('users.username')}</Table.Th>
              <Table.Th>{t('users.role')}</Table.Th>
              <Table.Th>{t('users.company')}</Table.Th>
              <Table.Th>{t('users.approvalPosition')}</Table.Th>
              <Table.Th>{t('users.status')}</Table.Th>
              <Table.Th aria-label={t('users.actions')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.users.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed">{t('users.empty')}</Text>
                </Table.Td>
              </Table.Tr>
            )}
            {list.data?.users.map((user) => {
              const self = user.id === profile.id;
              return (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    {user.fullName} {self && <Badge size="xs">{t('users.self')}</Badge>}
                  </Table.Td>
                  <Table.Td>{user.username}</Table.Td>
                  <Table.Td>{user.roleName}</Table.Td>
                  <Table.Td>{user.contractorName ?? t('users.ownerStaff')}</Table.Td>
                  <Table.Td>
                    {user.approvalPosition ?? ''}
                    {user.approvalLevel ? ` (${user.approvalLevel})` : ''}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={user.isActive ? 'green' : 'gray'} variant="light">
                      {t(user.isActive ? 'users.active' : 'users.inactive')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {(mayUpdate || mayDelete) && (
                      <Menu position="bottom-end">
                        <Menu.Target>
                          <ActionIcon variant="subtle" aria-label={`${t('users.actions')}: ${user.username}`}>
                            <IconDots size={18} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {mayUpdate && (
                            <Menu.Item onClick={() => setEditing(user)}>{t('users.edit')}</Menu.Item>
                          )}
                          {mayUpdate && (
                            <Menu.Item onClick={() => setPasswordFor(user)}>
                              {t('users.changePassword')}
                            </Menu.Item>
                          )}
                          {mayUpdate && !self && (
                            <Menu.Item onClick={() => confirmStatus(user)}>
                              {t(user.isActive ? 'users.deactivate' : 'users.activate')}
                            </Menu.Item>
                          )}
                          {mayDelete && !self && (
                            <Menu.Item color="red" onClick={() => confirmDelete(user)}>
                              {t('users.delete')}
                            </Menu.Item>
                          )}
                        </Menu.Dropdown>
                      </Menu>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {(list.data?.meta?.totalPages ?? 1) > 1 && (
        <Group justify="flex-end" mt="md">
          <Pagination
            total={list.data!.meta!.totalPages}
            value={filters.pageNumber}
            onChange={(pageNumber) => setFilters((f) => ({ ...f, pageNumber }))}
          />
        </Group>
      )}
      <Drawer
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={t(editing === 'new' ? 'users.create' : 'users.edit')}
        position="right"
        size="lg"
      >
        {editing !== undefined && (
          <Stack>
            {companies.isError && (
              <Alert color="yellow">
                <Text size="sm">{t('users.companiesUnavailable')}</Text>
              </Alert>
            )}
            <UserForm
              key={editing === 'new' ? 'new' : editing.id}
              user={editing === 'new' ? undefined : editing}
              roles={roleOptions}
              companies={companyOptions}
              plannerGroups={groupOptions}
              plannerGroupsNotShown={plannerGroups.data?.notShown}
              positions={(positions.data ?? []).map((position) => String(position.name))}
              onSubmit={save}
              onCancel={() => setEditing(undefined)}
            />
          </Stack>
        )}
      </Drawer>
      <PasswordDialog user={passwordFor} onClose={() => setPasswordFor(undefined)} onChanged={refresh} />
    </>
  );
}
