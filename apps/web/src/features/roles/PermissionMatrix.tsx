import { permissionActions, permissionModuleGroups } from '@inspectra/contract';
import type { PermissionAction, RoleManagement, RoleWithPermissions } from '@inspectra/contract';
import { Alert, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmissionFailure, useSubmission } from '../users/useSubmission.tsx';

type Grants = Record<string, PermissionAction[]>;

/**
 * One role's permissions: modules as rows (grouped work, administration, techniques), actions as
 * columns. The administrator role is shown read-only: it always holds everything (no lock-out).
 */
export function PermissionMatrix(p: {
  modules: RoleManagement['modules'];
  role: RoleWithPermissions;
  /** May the signed-in user change roles at all. */
  editable: boolean;
  onSave: (grants: Grants) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [grants, setGrants] = useState<Grants>(p.role.permissions);
  const submission = useSubmission();
  const readOnly = p.role.isAdministrator || !p.editable;
  const moduleLabel = (m: RoleManagement['modules'][number]) =>
    t(`roles.modules.${m.module}`, {
      defaultValue: t(`techniques.${m.module}.label`, { defaultValue: m.label }),
    });

  const toggle = (module: string, action: PermissionAction, on: boolean) =>
    setGrants((g) => {
      const current = new Set(g[module] ?? []);
      if (on) current.add(action);
      else current.delete(action);
      return { ...g, [module]: permissionActions.filter((a) => current.has(a)) };
    });

  const save = () => void submission.run(() => p.onSave(grants));

  return (
    <Stack>
      {p.role.isAdministrator && (
        <Alert color="blue">
          <Text size="sm">{t('roles.administratorNote')}</Text>
        </Alert>
      )}
      <Table.ScrollContainer minWidth={600}>
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('roles.module')}</Table.Th>
              {permissionActions.map((a) => (
                <Table.Th key={a} ta="center">
                  {t(`roles.actions.${a}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          {permissionModuleGroups.map((group) => (
            <Table.Tbody key={group}>
              <Table.Tr>
                <Table.Th colSpan={permissionActions.length + 1} bg="var(--mantine-color-default-hover)">
                  {t(`roles.groups.${group}`)}
                </Table.Th>
              </Table.Tr>
              {p.modules
                .filter((m) => m.group === group)
                .map((m) => (
                  <Table.Tr key={m.module}>
                    <Table.Td>{moduleLabel(m)}</Table.Td>
                    {permissionActions.map((action) => (
                      <Table.Td key={action} ta="center">
                        <Checkbox
                          display="inline-block"
                          aria-label={t('roles.grant', {
                            action: t(`roles.actions.${action}`),
                            module: moduleLabel(m),
                          })}
                          checked={grants[m.module]?.includes(action) ?? false}
                          disabled={readOnly}
                          onChange={(e) => toggle(m.module, action, e.currentTarget.checked)}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
            </Table.Tbody>
          ))}
        </Table>
      </Table.ScrollContainer>
      <SubmissionFailure error={submission.error} />
      {!readOnly && (
        <Group justify="flex-end">
          <Button onClick={save} loading={submission.saving}>
            {t('roles.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The body of `POST /roles/role-module` for these grants: every module held, with its actions. */
export const roleModulesOf = (grants: Grants) =>
  Object.entries(grants)
    .filter(([, actions]) => actions.length > 0)
    .map(([module, actions]) => ({ module, actions }));
