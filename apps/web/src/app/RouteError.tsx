import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle, IconHome, IconRefresh } from '@tabler/icons-react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors.ts';
import { ErrorScreen } from './ErrorScreen.tsx';
import { errorText } from '../ui/error-text.ts';
import { ForbiddenError } from './forbidden.ts';
import { ForbiddenScreen } from './ForbiddenScreen.tsx';
import { ButtonLink } from '../ui/links.tsx';

/**
 * A screen whose data could not be loaded: what went wrong in words, and a way on. A record that does
 * not exist (404), or an address naming no valid record (400: a mistyped or truncated id), is "not
 * found" with a way back, never the server's raw message; a screen the role may not open says so
 * (ForbiddenScreen); anything else may pass, so it offers to try again.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  // A screen the role may not open: said before it loads (ForbiddenError), or by the server (403).
  if (error instanceof ForbiddenError) return <ForbiddenScreen need={error.need} />;
  if (error instanceof ApiError && error.status === 403) return <ForbiddenScreen />;
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <ErrorScreen
      title={t(notFound ? 'errors.notFoundTitle' : 'errors.loadFailed')}
      alert={
        <Alert color={notFound ? 'gray' : 'red'} icon={<IconAlertTriangle aria-hidden />} role="alert">
          {notFound ? t('errors.recordNotFound') : errorText(error, t)}
        </Alert>
      }
    >
      <ButtonLink to="/" variant="default" leftSection={<IconHome size={16} aria-hidden />}>
        {t('errors.goHome')}
      </ButtonLink>
      {!notFound && (
        <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={reset}>
          {t('common.retry')}
        </Button>
      )}
    </ErrorScreen>
  );
}
