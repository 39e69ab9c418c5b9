import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languages } from '../i18n/index.ts';
import type { Language } from '../i18n/index.ts';
import { chooseLanguage } from '../i18n/language.ts';

/**
 * The sign-in page's language switch: the device's own picker (large on a tablet, nothing to load),
 * where the signed-in header has a menu. What is chosen here becomes the device's language.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('nav.language')}
      leftSection={<IconLanguage size={18} aria-hidden />}
      value={i18n.language}
      onChange={(event) => chooseLanguage(event.currentTarget.value as Language)}
      data={languages.map((l) => ({ value: l.code, label: l.label }))}
    />
  );
}
