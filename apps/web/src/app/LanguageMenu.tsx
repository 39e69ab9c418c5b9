import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languages } from '../i18n/index.ts';
import { chooseLanguage } from '../i18n/language.ts';

/** Language switch; remembered for the signed-in user when there is one. */
export function LanguageMenu({ userId }: { userId?: string }) {
  const { t, i18n } = useTranslation();
  const code = i18n.language.toUpperCase();
  const current = languages.find((l) => l.code === i18n.language)?.label ?? code;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconLanguage size={18} aria-hidden />}
          // The name starts with what the button shows ("EN"), so a voice command of what is seen works.
          aria-label={t('nav.languageButton', { code, language: current })}
        >
          {code}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {languages.map((l) => (
          <Menu.Item
            key={l.code}
            onClick={() => chooseLanguage(l.code, userId)}
            aria-current={i18n.language === l.code ? 'true' : undefined}
            fw={i18n.language === l.code ? 700 : undefined}
            lang={l.code}
          >
            {l.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
