import { Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../ui/links.tsx';

/** An address the app does not know; shown outside the shell, so it is its own main landmark. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack component="main" align="center" py={80} px="md" gap="sm" ta="center">
      <Title order={1}>{t('errors.notFoundTitle')}</Title>
      <Text c="dimmed">{t('errors.notFoundText')}</Text>
      <ButtonLink to="/" leftSection={<IconHome size={16} aria-hidden />}>
        {t('errors.goHome')}
      </ButtonLink>
    </Stack>
  );
}
