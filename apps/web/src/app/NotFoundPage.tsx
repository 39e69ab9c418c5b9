import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" py={80} gap="sm">
      <Title order={1}>{t('errors.notFoundTitle')}</Title>
      <Text c="dimmed">{t('errors.notFoundText')}</Text>
      <Button component={Link} to="/">
        {t('nav.dashboard')}
      </Button>
    </Stack>
  );
}
