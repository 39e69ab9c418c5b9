import { formatCoordinate } from '@inspectra/contract';
import type { Axis } from '@inspectra/contract';
import 'dayjs/locale/id';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

// DateInput parses typed dates with dayjs formats, which needs this plugin.
dayjs.extend(customParseFormat);

/*
 * The one place for locale-aware formatting. Every function takes the language rather than reading
 * i18next's current one, so a component passes `i18n.language` from `useTranslation()` (and re-renders
 * when it changes), and exports and tests can format in either language.
 */

/** Intl locale of an app language: day-month-year English, or Indonesian. */
function intlLocale(language: string): string {
  return language === 'id' ? 'id-ID' : 'en-GB';
}

/** dayjs locale of an app language (only 'id' is loaded besides the built-in English). */
export function dayjsLocale(language: string): string {
  return language === 'id' ? 'id' : 'en';
}

/**
 * A number as people read it in the language; three decimals are enough for anything measured in
 * the field (emissivity 0.95, distance 1.25 m), and hide floating-point noise.
 */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 3 }).format(value);
}

/** A position in decimal degrees as it reads in the language: `6° 12′ 30,5″ LS · -6,208472°`. */
export function formatPosition(
  value: number,
  axis: Axis,
  language: string,
  hemisphere?: (letter: string) => string,
): string {
  const number = (n: number, digits: { min: number; max: number }) =>
    new Intl.NumberFormat(intlLocale(language), {
      minimumFractionDigits: digits.min,
      maximumFractionDigits: digits.max,
    }).format(n);
  return formatCoordinate(value, axis, number, hemisphere);
}

/**
 * How many records a list found: "1,000+" when the server stopped counting (`totalCountExact` false,
 * docs/api-conventions.md), so a long list never claims an exact size it did not count.
 */
export function formatCount(meta: { totalCount: number; totalCountExact: boolean }, language: string) {
  const n = formatNumber(meta.totalCount, language);
  return meta.totalCountExact ? n : `${n}+`;
}

/** A number with its unit: "45.2 °C", but "80%" (no space before a percent sign). */
export function formatQuantity(value: number, unit: string | undefined, language: string): string {
  const n = formatNumber(value, language);
  if (!unit) return n;
  return unit === '%' ? `${n}%` : `${n} ${unit}`;
}

/**
 * A file size in the largest unit that keeps it at least 1, in 1024 steps as file managers count:
 * "860 bytes" (the word, which has a plural), "350 kB", "1.2 MB".
 */
export function formatBytes(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i += 1;
  }
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'unit',
    unit: units[i],
    unitDisplay: i === 0 ? 'long' : 'short',
    maximumFractionDigits: value < 10 && i > 0 ? 1 : 0,
  }).format(value);
}

/** The decimal and grouping separators of a language: "1,234.5" in English, "1.234,5" in Bahasa. */
export function numberSeparators(language: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(intlLocale(language)).formatToParts(12345.6);
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A number typed in the language → the number, or null when the text is not one. The language's
 * decimal separator is the only decimal mark; its grouping separator (or a space) is accepted only
 * between groups of three digits, so "1.234,5" in Bahasa is 1234.5 and "1,5" in English is refused
 * rather than read as 15. Exponents ("1e5") are refused in every language: nobody measures in them,
 * and an "e" is far more likely a slip of the finger. A leading minus (- or −) is accepted.
 */
export function parseLocaleNumber(text: string, language: string): number | null {
  const { decimal, group } = numberSeparators(language);
  const s = text.trim().replace(/^[\u2212]/, '-');
  const g = `[${escapeRegExp(group)} \u00a0\u202f]`;
  const pattern = new RegExp(`^([-+]?)(\\d{1,3}(?:${g}\\d{3})+|\\d*)(?:${escapeRegExp(decimal)}(\\d*))?$`);
  const m = pattern.exec(s);
  if (!m) return null;
  const whole = (m[2] ?? '').replace(new RegExp(g, 'g'), '');
  const fraction = m[3] ?? '';
  if (whole === '' && fraction === '') return null;
  const value = Number(`${m[1]}${whole || '0'}.${fraction || '0'}`);
  return Number.isFinite(value) ? value : null;
}

/** A number as text to edit in the language: its decimal mark, no grouping, every digit kept. */
export function formatEditableNumber(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), {
    useGrouping: false,
    maximumFractionDigits: 20,
  }).format(value);
}

/** A 'YYYY-MM-DD' date, read as a calendar day (no time zone shift): "15 Mar 2026". */
export function formatDate(value: string, language: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return value;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Intl.DateTimeFormat(intlLocale(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utc);
}

/** An ISO instant in the device's time zone: "15 Mar 2026, 14:05". */
export function formatDateTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/** What DateInput shows; typed dates may also be day/month/year or ISO (see `parseTypedDate`). */
export const dateDisplayFormat = 'D MMM YYYY';

function isoDay(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31/02 over into March: a real day survives the round trip unchanged.
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

/**
 * A date typed by hand → 'YYYY-MM-DD', or null while it is not (yet) a whole valid date. Accepts
 * day/month/year (both languages write the day first), ISO, and "5 Mar 2026" in the language.
 */
export function parseTypedDate(text: string, language: string): string | null {
  const s = text.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (dmy) return isoDay(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]));
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (ymd) return isoDay(Number(ymd[1]), Number(ymd[2]), Number(ymd[3]));
  const named = dayjs(s, ['D MMM YYYY', 'D MMMM YYYY'], dayjsLocale(language), true);
  return named.isValid() ? named.format('YYYY-MM-DD') : null;
}

/**
 * How long ago a moment was, in its largest sensible unit, whole and in the language's words ("45
 * minutes", "5 hours", "3 days"; "3 hari"): minutes below an hour, hours below two days, then days.
 */
export function formatElapsed(since: string, now: number, language: string): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  const [value, unit] =
    minutes < 60
      ? [minutes, 'minute']
      : minutes < 48 * 60
        ? [Math.floor(minutes / 60), 'hour']
        : [Math.floor(minutes / (24 * 60)), 'day'];
  return new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit, unitDisplay: 'long' }).format(
    value,
  );
}

/**
 * An age in whole days in the largest sensible whole unit and the language's words: days below two
 * months, months below two years, then years ("12 days", "5 months", "3 years"; "3 tahun").
 */
export function formatAge(days: number, language: string): string {
  const [value, unit] =
    days < 60
      ? [days, 'day']
      : days < 730
        ? [Math.floor(days / 30.44), 'month']
        : [Math.floor(days / 365.25), 'year'];
  return new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit, unitDisplay: 'long' }).format(
    value,
  );
}

/**
 * How long ago a moment was, as the language says it briefly: "now" under a minute, then
 * minutes, hours, days ("2 hr ago", "2 jam lalu", "yesterday").
 */
export function formatTimeAgo(iso: string, language: string, now: Date = new Date()): string {
  const seconds = Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto', style: 'narrow' });
  if (seconds < 60) return format.format(0, 'second');
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return format.format(-Math.floor(seconds / 3600), 'hour');
  return format.format(-Math.floor(seconds / 86_400), 'day');
}
