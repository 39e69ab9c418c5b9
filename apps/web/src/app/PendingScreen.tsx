import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown when a screen takes more than a moment to load (a slow link on site). */
export function PendingScreen() {
  const { t } = useTranslation();
  return (
    <Center py={80} role="status" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  );
}
