import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en/index.ts';
import { id } from './id/index.ts';

export const languages = [
  { code: 'en', label: 'English' },
  { code: 'id', label: 'Bahasa Indonesia' },
] as const;
export type Language = (typeof languages)[number]['code'];

/** Strings are grouped by area (common, auth, engine, thermal, …); both languages have every key. */
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, id: { translation: id } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: languages.map((l) => l.code),
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18n };
