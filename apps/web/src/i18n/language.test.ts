import { afterEach, describe, expect, it } from 'vitest';
import { en } from './en/index.ts';
import { id } from './id/index.ts';
import { i18n } from './index.ts';
import { chooseLanguage, restoreLanguage } from './language.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

afterEach(() => {
  localStorage.clear();
  restoreLanguage();
});

describe('languages', () => {
  it('Bahasa Indonesia has every English key and no other, none left empty', () => {
    expect(keys(id).sort()).toEqual(keys(en).sort());
    expect(keys(id).filter((k) => !i18n.getResource('id', 'translation', k))).toEqual([]);
  });

  it('remembers the language per user on the device', () => {
    chooseLanguage('id', 'user-a');
    expect(i18n.language).toBe('id');
    expect(document.documentElement.lang).toBe('id');

    chooseLanguage('en', 'user-b');
    restoreLanguage('user-a');
    expect(i18n.language).toBe('id');
    restoreLanguage('user-b');
    expect(i18n.language).toBe('en');
  });

  it('opens the sign-in page in the language last used on the device', () => {
    chooseLanguage('id', 'user-a');
    restoreLanguage();
    expect(i18n.language).toBe('id');
    expect(i18n.t('auth.signIn')).toBe('Masuk');
  });
});
