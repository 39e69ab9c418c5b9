import { safeFileName } from '@inspectra/contract';
import { describe, expect, it } from 'vitest';
import { safeFileNameFrom } from './safe-file-name.ts';

describe('safeFileNameFrom', () => {
  it('keeps a name that is already safe', () => {
    expect(safeFileNameFrom('ISO-P-101 rev B (sheet 1).pdf')).toBe('ISO-P-101 rev B (sheet 1).pdf');
  });

  it('replaces what the server refuses and drops accents', () => {
    expect(safeFileNameFrom('Isométrique/P-101:réf#2.dwg')).toBe('Isometrique_P-101_ref_2.dwg');
    expect(safeFileNameFrom('../../etc/passwd')).toBe('etc_passwd');
    expect(safeFileNameFrom('.hidden..pdf')).toBe('hidden.pdf');
  });

  it('cuts a long name to 200 characters and keeps its extension', () => {
    const name = safeFileNameFrom(`${'A'.repeat(300)}.tiff`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('.tiff')).toBe(true);
    expect(safeFileName.regex.test(name)).toBe(true);
  });

  it('gives nothing when no usable character is left', () => {
    expect(safeFileNameFrom('...')).toBe('');
    expect(safeFileNameFrom('図面')).toBe('');
  });
});
