import { Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A screen that cannot be shown, in the shell: its title, why (`alert`), and the ways on: back, where
 * there is a page to go back to, then `children`.
 */
export function ErrorScreen({
  title,
  alert,
  children,
}: {
  title: string;
  alert: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} fz={{ base: 22, sm: 28 }}>
        {title}
      </Title>
      {alert}
      <Group gap="sm">
        {window.history.length > 1 && (
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={() => window.history.back()}
          >
            {t('common.back')}
          </Button>
        )}
        {children}
      </Group>
    </Stack>
  );
}
