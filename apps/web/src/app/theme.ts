import { createTheme, DEFAULT_THEME } from '@mantine/core';
import type { MantineColorsTuple } from '@mantine/core';
import { i18n } from '../i18n/index.ts';

/*
 * Colours that pass WCAG AA (4.5:1 for text) in both schemes. Mantine's own palettes are kept for the
 * light shades; the two darkest shades of each colour used for text and filled controls are darkened:
 * shade 8 (filled buttons and badges, links, coloured text) carries white text at 4.7:1 or more, shade 9
 * (text of light-variant badges and buttons) reads at 4.6:1 on shades 1 and 2 behind it. Yellow keeps
 * its bright filled shade, and gets black text from `autoContrast`.
 */
/**
 * A close button's name in the current language. Mantine copies default props when it renders, so the
 * getter is read then: the name follows a change of language without rebuilding the theme.
 */
const namedClose = {
  get 'aria-label'() {
    return i18n.t('common.close');
  },
};

const palette = (name: string, changes: Record<number, string>) =>
  (DEFAULT_THEME.colors[name] ?? []).map((shade, i) => changes[i] ?? shade) as unknown as MantineColorsTuple;

/**
 * Calm, high-contrast palette for use outdoors on a tablet: teal for the brand and primary actions,
 * larger default sizes so controls are easy to hit with a gloved finger.
 */
export const theme = createTheme({
  colors: {
    teal: palette('teal', { 8: '#08835e', 9: '#077050' }),
    green: palette('green', { 8: '#278338', 9: '#237133' }),
    red: palette('red', { 8: '#d93030', 9: '#af2525' }),
    orange: palette('orange', { 8: '#c54c0a', 9: '#ab390c' }),
    yellow: palette('yellow', { 8: '#f08c00', 9: '#a35400' }),
    blue: palette('blue', { 8: '#1971c2', 9: '#165b9c' }),
    cyan: palette('cyan', { 8: '#0b7e91', 9: '#0a697a' }),
    // Dimmed text: light scheme gray 6, 5.5:1 on the lightest gray; dark scheme dark 2, 4.6:1 on cards.
    gray: palette('gray', { 6: '#5f666d' }),
    dark: palette('dark', { 2: '#a6a6a6' }),
  },
  primaryColor: 'teal',
  // One shade in both schemes: white on it is 4.7:1; links in the dark scheme use the light shade 4.
  primaryShade: { light: 8, dark: 8 },
  // Black or white text on a coloured badge or button, whichever contrasts more (the crossover of the
  // two is at relative luminance 0.18, not Mantine's default 0.3).
  autoContrast: true,
  luminanceThreshold: 0.18,
  defaultRadius: 'md',
  fontFamily:
    'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
  headings: { fontWeight: '650' },
  focusRing: 'auto',
  cursorType: 'pointer',
  // A device set to reduce motion (vestibular disorders, WCAG 2.3.3) gets no transitions: drawers,
  // menus and dialogs appear at once.
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { size: 'sm' } },
    TextInput: { defaultProps: { size: 'sm' } },
    // Close buttons are icons: without a name a screen reader announces only "button".
    Notification: { defaultProps: { closeButtonProps: namedClose } },
    // A dialog's title bar is a <header>, which would be a second page banner to screen readers.
    Modal: { defaultProps: { closeButtonProps: namedClose, attributes: { header: { role: 'none' } } } },
    Drawer: { defaultProps: { closeButtonProps: namedClose, attributes: { header: { role: 'none' } } } },
  },
});
