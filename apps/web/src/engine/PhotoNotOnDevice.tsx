import { Center, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * In place of a photo the device does not hold offline (not taken along, or left out by the cap):
 * "Photo not on this device — shown when online", never a broken image. `compact` (a table's small
 * thumbnail) draws the sign alone, named for screen readers.
 */
export function PhotoNotOnDevice({ h, compact = false }: { h?: number | string; compact?: boolean }) {
  const { t } = useTranslation();
  const words = t('engine.image.notOnDevice');
  if (compact)
    return (
      <Center h={h} role="img" aria-label={words} title={words}>
        <IconPhotoOff size={18} stroke={1.4} color="var(--mantine-color-dimmed)" aria-hidden />
      </Center>
    );
  return (
    <Center h={h} p="xs" bg="var(--mantine-color-default-hover)">
      <Stack gap={4} align="center">
        <IconPhotoOff size={24} stroke={1.4} aria-hidden />
        <Text size="xs" c="dimmed" ta="center">
          {words}
        </Text>
      </Stack>
    </Center>
  );
}
