import { vi } from 'vitest';

/**
 * A window `width` CSS pixels wide, as `matchMedia` answers it: `(min-width: 62em)` and
 * `(min-width: 992px)` queries match when the width reaches them (1em = 16px), and nothing else does.
 * jsdom has no layout, so the screens' breakpoints (Mantine's `useMediaQuery`) read this.
 */
export function windowOfWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const min = /min-width:\s*([\d.]+)(em|px)/.exec(query);
    const minPx = min ? Number(min[1]) * (min[2] === 'em' ? 16 : 1) : undefined;
    return {
      matches: query === '' || (minPx !== undefined && width >= minPx),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    } as MediaQueryList;
  });
}
