import { safeFileName } from '@inspectra/contract';

const maxLength = 200;

/**
 * A drawing's file name the server will accept (the contract's `safeFileName`), made from the name
 * of the file chosen: accents dropped, other characters outside the allowed set turned into `_`,
 * runs of dots shortened, leading punctuation removed, and the extension kept when the name is cut.
 * Empty when nothing usable is left, so the user types one.
 */
export function safeFileNameFrom(name: string): string {
  let safe = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._()+-]/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[^A-Za-z0-9]+/, '')
    .trim();
  if (safe.length > maxLength) {
    const dot = safe.lastIndexOf('.');
    const extension = dot > 0 && safe.length - dot <= 10 ? safe.slice(dot) : '';
    safe = (safe.slice(0, maxLength - extension.length) + extension).replace(/\.{2,}/g, '.');
  }
  return safeFileName.regex.test(safe) ? safe : '';
}
