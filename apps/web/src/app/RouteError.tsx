import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors.ts';
import { errorText } from './error-text.ts';

/** A screen whose data could not be loaded: what went wrong, and a way to try again. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Alert
      color={notFound ? 'gray' : 'red'}
      icon={<IconAlertTriangle aria-hidden />}
      title={t(notFound ? 'errors.notFoundTitle' : 'errors.loadFailed')}
      role="alert"
      maw={720}
    >
      {errorText(error, t)}
      <Group mt="md">
        <Button variant="default" size="xs" onClick={reset}>
          {t('common.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
