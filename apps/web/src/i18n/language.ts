import { i18n, languages } from './index.ts';
import type { Language } from './index.ts';

/**
 * The language is remembered per user on this device (tablets are often shared by a crew), and the
 * last one used on the device is what the sign-in page opens in.
 */
const deviceKey = 'inspectra.language';
const userKey = (userId: string) => `inspectra.language.${userId}`;

function isLanguage(value: string | null): value is Language {
  return languages.some((l) => l.code === value);
}

type Loader = (language: Language) => Promise<void> | undefined;
const loaders: Loader[] = [];
/** The language asked for last: a switch that waited for its words gives way to a later one. */
let wanted: Language | undefined;

/**
 * Words a part of the app downloads for a language before the app switches to it (the signed-in
 * screens' Indonesian words, workspace-strings.ts). A loader answers undefined when they are here.
 */
export function loadBeforeSwitching(loader: Loader) {
  loaders.push(loader);
}

function apply(language: Language) {
  wanted = language;
  const switchNow = () => {
    if (wanted !== language) return;
    void i18n.changeLanguage(language);
    document.documentElement.lang = language;
  };
  const pending = loaders.map((load) => load(language)).filter((p) => p !== undefined);
  if (pending.length === 0) switchNow();
  // Words that could not be downloaded: the switch happens, their screens fall back to English.
  else void Promise.allSettled(pending).then(switchNow);
}

/** Switches the language and remembers it for this user (and the device). */
export function chooseLanguage(language: Language, userId?: string) {
  localStorage.setItem(deviceKey, language);
  if (userId) localStorage.setItem(userKey(userId), language);
  apply(language);
}

/** Applies the language this user chose last, else the device's, else the browser's, else English. */
export function restoreLanguage(userId?: string) {
  const remembered = (userId && localStorage.getItem(userKey(userId))) || localStorage.getItem(deviceKey);
  const browser = navigator.language.slice(0, 2);
  apply(isLanguage(remembered) ? remembered : isLanguage(browser) ? browser : 'en');
}
