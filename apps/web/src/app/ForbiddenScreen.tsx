import { Alert } from '@mantine/core';
import { IconHome, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { profileQuery } from '../features/auth/useProfile.ts';
import { permissionLabel } from '../features/roles/module-label.ts';
import { ErrorScreen } from './ErrorScreen.tsx';
import type { ScreenNeed } from './forbidden.ts';
import { ButtonLink } from '../ui/links.tsx';
import { queryClient } from './query-client.ts';

/**
 * A screen the signed-in role may not open, in the shell: what it needs in words (when known), whose
 * role lacks it, and the way home. Never a blank page.
 */
export function ForbiddenScreen({ need }: { need?: Required<ScreenNeed> }) {
  const { t } = useTranslation();
  // Read from the cache, not suspended on: this screen may show where no query provider is (the shell's error).
  const role = queryClient.getQueryData(profileQuery.queryKey)?.role.name ?? '—';
  return (
    <ErrorScreen
      title={t('errors.forbiddenTitle')}
      alert={
        <Alert color="gray" icon={<IconLock aria-hidden />}>
          {need
            ? t('errors.forbiddenText', { permission: permissionLabel(t, need.module, need.action), role })
            : t('errors.forbiddenRefused', { role })}
        </Alert>
      }
    >
      <ButtonLink to="/" leftSection={<IconHome size={16} aria-hidden />}>
        {t('errors.forbiddenHome')}
      </ButtonLink>
    </ErrorScreen>
  );
}
