import { useTranslation } from 'react-i18next';
import { dateDisplayFormat, dayjsLocale, parseTypedDate } from './locale.ts';

/**
 * What every date field of the app gives Mantine's `DateInput`: the day first in both languages
 * ("5 Mar 2026"; a browser's own date input follows the device's settings, month first on many),
 * dates typed as day/month/year, ISO or in words, and the clear button's name.
 */
export function useDateInputProps() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return {
    locale: dayjsLocale(language),
    valueFormat: dateDisplayFormat,
    dateParser: (text: string) => parseTypedDate(text, language),
    placeholder: t('engine.input.datePlaceholder'),
    clearButtonProps: { 'aria-label': t('engine.input.clearDate') },
  };
}
