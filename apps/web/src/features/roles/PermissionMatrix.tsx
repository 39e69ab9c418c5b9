import { permissionActions, permissionModuleGroups } from '@inspectra/contract';
import type { PermissionAction, RoleManagement, RoleWithPermissions } from '@inspectra/contract';
import { Alert, Badge, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SubmissionFailure, useSubmission } from '../../engine/useSubmission.tsx';
import { permissionModuleLabel } from './module-label.ts';
import { NeedsServer } from '../../engine/NeedsServer.tsx';

export type Grants = Record<string, PermissionAction[]>;

/** Whether two sets of grants hold the same actions (a module with none counts as absent). */
export function sameGrants(a: Grants, b: Grants): boolean {
  const held = (g: Grants) =>
    Object.entries(g)
      .flatMap(([module, actions]) => actions.map((action) => `${module}.${action}`))
      .sort()
      .join(',');
  return held(a) === held(b);
}

/**
 * One role's permissions: modules as rows (grouped work, administration, techniques), actions as
 * columns. The ticks are the page's (`grants`, `onChange`), so it can ask before they are lost. The
 * administrator role is shown read-only: it always holds everything (no lock-out). An inspection
 * method with no screens yet is listed and grantable, marked as not yet available.
 */
export function PermissionMatrix(p: {
  modules: RoleManagement['modules'];
  role: RoleWithPermissions;
  /** The ticks shown: the role's saved permissions, or the changes made to them. */
  grants: Grants;
  onChange: (grants: Grants) => void;
  /** Whether `grants` differ from what is saved. */
  dirty?: boolean;
  /** May the signed-in user change roles at all. */
  editable: boolean;
  onSave: (grants: Grants) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const grants = p.grants;
  const submission = useSubmission();
  const readOnly = p.role.isAdministrator || !p.editable;
  const moduleLabel = (m: RoleManagement['modules'][number]) => permissionModuleLabel(t, m.module);

  const toggle = (module: string, action: PermissionAction, on: boolean) => {
    const current = new Set(grants[module] ?? []);
    if (on) current.add(action);
    else current.delete(action);
    p.onChange({ ...grants, [module]: permissionActions.filter((a) => current.has(a)) });
  };

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
                  {group === 'techniques' && p.modules.some((m) => m.planned) && (
                    <Text size="xs" fw={400} c="dimmed">
                      {t('roles.plannedNote')}
                    </Text>
                  )}
                </Table.Th>
              </Table.Tr>
              {p.modules
                .filter((m) => m.group === group)
                .map((m) => (
                  <Table.Tr key={m.module}>
                    <Table.Td>
                      {moduleLabel(m)}
                      {m.planned && (
                        <Badge ml="xs" size="sm" variant="light" color="gray">
                          {t('roles.planned')}
                        </Badge>
                      )}
                    </Table.Td>
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
      {/* No field of the matrix is an input of its own: every refusal (a grant beyond the caller's
          role, the administrator's grants) is said in full, in the user's words. */}
      <SubmissionFailure error={submission.error} shownFields={[]} />
      {!readOnly && (
        <Group justify="flex-end">
          {p.dirty && (
            <Text size="sm" c="dimmed" role="status">
              {t('roles.unsaved')}
            </Text>
          )}
          <NeedsServer>
            <Button onClick={save} loading={submission.saving}>
              {t('roles.save')}
            </Button>
          </NeedsServer>
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
