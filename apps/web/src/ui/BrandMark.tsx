import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function BrandMark({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon
        size={size === 'lg' ? 44 : 34}
        radius="md"
        variant="gradient"
        gradient={{ from: 'teal.8', to: 'cyan.6', deg: 135 }}
      >
        <IconScan size={size === 'lg' ? 26 : 20} aria-hidden />
      </ThemeIcon>
      <Text fw={700} fz={size === 'lg' ? 26 : 20} lts={-0.3}>
        {t('common.appName')}
      </Text>
    </Group>
  );
}
