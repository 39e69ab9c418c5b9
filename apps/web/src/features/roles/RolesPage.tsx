import {
  Badge,
  Button,
  Grid,
  Group,
  Modal,
  NavLink,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { roleModuleBody } from '@inspectra/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { errorText } from '../../ui/error-text.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { UnsavedChangesModal } from '../../engine/UnsavedChangesModal.tsx';
import { useUnsavedChangesGuard } from '../../engine/useUnsavedChangesGuard.ts';
import { can, useProfile } from '../auth/useProfile.ts';
import { roleManagementQuery, rolesKey, usersKey } from '../users/user-queries.ts';
import { useCheckedForm } from '../../engine/useCheckedForm.ts';
import { SubmissionFailure } from '../../engine/useSubmission.tsx';
import { PermissionMatrix, roleModulesOf, sameGrants } from './PermissionMatrix.tsx';
import type { Grants } from './PermissionMatrix.tsx';
import { NeedsServer } from '../../engine/NeedsServer.tsx';

/**
 * Roles and the permission matrix: pick a role on the left, tick its permissions on the right. Ticks
 * not saved are never lost in silence: opening another role asks "Discard unsaved changes to
 * <role>?" first (Keep editing is the default), and so does leaving the page or closing the tab.
 */
export function RolesPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const queryClient = useQueryClient();
  const management = useQuery(roleManagementQuery);
  const [chosen, setChosen] = useState<string>();
  const [creating, setCreating] = useState(false);
  /** The ticks changed on the role shown, not saved yet. */
  const [draft, setDraft] = useState<{ roleId: string; grants: Grants }>();
  /** The role to open once the user has answered whether to discard the draft. */
  const [switchingTo, setSwitchingTo] = useState<string>();
  const roles = management.data?.roles ?? [];
  const role = roles.find((r) => r.id === chosen) ?? roles[0];
  const grants = role && draft?.roleId === role.id ? draft.grants : role?.permissions;
  const dirty = !!role && !!grants && !sameGrants(grants, role.permissions);
  const guard = useUnsavedChangesGuard(dirty);
  /** Opens a role, asking first when the one shown has unsaved ticks. */
  const open = (id: string) => {
    if (id === role?.id) return;
    if (dirty) setSwitchingTo(id);
    else {
      setDraft(undefined);
      setChosen(id);
    }
  };
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: rolesKey }),
      queryClient.invalidateQueries({ queryKey: usersKey }),
    ]);

  return (
    <>
      <PageHeader
        title={t('roles.title')}
        subtitle={t('roles.subtitle')}
        actions={
          can(profile, 'role', 'create') && (
            <Button onClick={() => setCreating(true)}>{t('roles.create')}</Button>
          )
        }
      />
      {management.error && <Text c="red">{errorText(management.error, t)}</Text>}
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder p="xs">
            {roles.map((r) => (
              <NavLink
                key={r.id}
                component="button"
                aria-current={r.id === role?.id ? 'true' : undefined}
                label={r.name}
                // Body-coloured: the active entry's tint leaves dimmed text too faint to read.
                description={
                  r.description && (
                    <Text size="xs" c="var(--mantine-color-text)">
                      {r.description}
                    </Text>
                  )
                }
                active={r.id === role?.id}
                onClick={() => open(r.id)}
                rightSection={<Badge variant="light">{t('roles.users', { count: r.userCount })}</Badge>}
              />
            ))}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {role && management.data ? (
            <PermissionMatrix
              key={role.id}
              modules={management.data.modules}
              role={role}
              grants={grants ?? {}}
              dirty={dirty}
              onChange={(changed) => setDraft({ roleId: role.id, grants: changed })}
              editable={can(profile, 'role', 'update')}
              onSave={async (saved) => {
                await callApi('POST /roles/role-module', {
                  body: { roleId: role.id, modules: roleModulesOf(saved) },
                });
                notifications.show({ color: 'green', message: t('roles.saved', { name: role.name }) });
                await refresh();
                setDraft(undefined);
              }}
            />
          ) : (
            <Text c="dimmed">{t('roles.choose')}</Text>
          )}
        </Grid.Col>
      </Grid>
      <NewRoleDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={async (id) => {
          setCreating(false);
          await refresh();
          open(id);
        }}
      />
      <DiscardRoleChanges
        role={role?.name}
        opened={switchingTo !== undefined}
        onStay={() => setSwitchingTo(undefined)}
        onDiscard={() => {
          setDraft(undefined);
          setChosen(switchingTo);
          setSwitchingTo(undefined);
        }}
      />
      <UnsavedChangesModal guard={guard} />
    </>
  );
}

/** Asks before the unsaved ticks of `role` are dropped for another role; staying is the default. */
function DiscardRoleChanges(p: {
  role?: string;
  opened: boolean;
  onStay: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={p.opened} onClose={p.onStay} title={t('roles.discardTitle', { name: p.role })} centered>
      <Text size="sm">{t('roles.discardText', { name: p.role })}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={p.onStay} data-autofocus>
          {t('roles.keepEditing')}
        </Button>
        <Button color="red" onClick={p.onDiscard}>
          {t('roles.discard')}
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * A new role by name and description, with no permissions yet: they are ticked in the matrix. The
 * contract's schema judges the name before sending; a name taken shows under it.
 */
function NewRoleDialog(p: { opened: boolean; onClose: () => void; onCreated: (id: string) => unknown }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const body = { name, description, modules: [] };
  const form = useCheckedForm({
    schema: roleModuleBody,
    body,
    labels: { name: t('roles.name'), description: t('roles.description') },
  });
  const close = () => {
    form.reset();
    p.onClose();
  };
  const send = async () => {
    const r = await callApi('POST /roles/role-module', { body });
    notifications.show({ color: 'green', message: t('roles.created', { name: r.data.name }) });
    setName('');
    setDescription('');
    form.reset();
    await p.onCreated(r.data.id);
  };
  return (
    <Modal opened={p.opened} onClose={close} title={t('roles.create')}>
      <form onSubmit={form.onSubmit(send)} noValidate>
        <Stack>
          <TextInput
            label={t('roles.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={form.fieldError('name')}
            data-autofocus
          />
          <Textarea
            label={t('roles.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={form.fieldError('description')}
          />
          <SubmissionFailure error={form.error} shownFields={form.shownFields} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('roles.cancel')}
            </Button>
            <NeedsServer>
              <Button type="submit" loading={form.saving}>
                {t('roles.create')}
              </Button>
            </NeedsServer>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
