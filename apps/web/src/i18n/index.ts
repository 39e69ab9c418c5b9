import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import * as enApp from './en/app.ts';
import { common as enCommon } from './en/common.ts';
import * as idApp from './id/app.ts';
import { common as idCommon } from './id/common.ts';

export const languages = [
  { code: 'en', label: 'English' },
  { code: 'id', label: 'Bahasa Indonesia' },
] as const;
export type Language = (typeof languages)[number]['code'];

/**
 * Strings are grouped by area (common, auth, engine, thermal, …); both languages have every key.
 * Here only what the sign-in page, the shell and error screens say; the strings of forms, tables,
 * inspections and entity labels arrive with the signed-in shell (`workspace-strings.ts`).
 */
void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: { ...enApp, common: enCommon } },
    id: { translation: { ...idApp, common: idCommon } },
  },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: languages.map((l) => l.code),
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18n };
