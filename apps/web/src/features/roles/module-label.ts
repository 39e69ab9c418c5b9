import { permissionModuleLabels } from '@inspectra/contract';
import type { PermissionAction, PermissionModule } from '@inspectra/contract';
import type { TFunction } from 'i18next';

/**
 * A permission module's name in the user's language: a work or administration module's
 * (`roles.modules`), a built technique's (`techniques.<module>.label`), or an inspection method's not
 * built yet (`roles.methods`); the contract's English when none is translated.
 */
export function permissionModuleLabel(t: TFunction, module: string): string {
  const english = (permissionModuleLabels as Record<string, string>)[module] ?? module;
  return t(`roles.modules.${module}`, {
    defaultValue: t(`techniques.${module}.label`, {
      defaultValue: t(`roles.methods.${module}`, { defaultValue: english }),
    }),
  });
}

/** A permission in words, as the matrix names its tick box: "View: Users". */
export function permissionLabel(t: TFunction, module: PermissionModule, action: PermissionAction): string {
  return t('roles.grant', { action: t(`roles.actions.${action}`), module: permissionModuleLabel(t, module) });
}
