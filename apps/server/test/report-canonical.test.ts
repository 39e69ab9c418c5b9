import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../src/engine/report-canonical.ts';

/**
 * The canonical JSON is a report's fingerprint: it must write every value exactly as JSON.stringify
 * does over the same value with its keys sorted, or a version approved before a change to the
 * writer would no longer verify. The reference below is that definition, written the slow way.
 */
function reference(value: unknown): string {
  const sorted = (v: unknown): unknown => {
    if (v instanceof Date) return v.toISOString();
    if (typeof v === 'bigint') return v.toString();
    if (Array.isArray(v)) return v.map(sorted);
    if (v !== null && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((key) => [key, sorted((v as Record<string, unknown>)[key])]),
      );
    return v;
  };
  return JSON.stringify(sorted(value));
}

/** Characters a measurement's remark or a file's name may hold, the ones JSON escapes among them. */
const pool = [
  'a',
  'Z',
  '7',
  ' ',
  '"',
  '\\',
  '/',
  '\n',
  '\t',
  '\u0000',
  '\u001f',
  '\u007f',
  'é',
  'ß',
  '°',
  '\u2028',
  '\ud83d\ude00',
  '\ud83d',
  '\ude00',
  '\ufffd',
];

/** A small deterministic generator, so a failure names the same strings on every run. */
function strings(count: number, seed = 20261204): string[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(next() * 12) }, () => pool[Math.floor(next() * pool.length)]).join(''),
  );
}

describe('canonical JSON', () => {
  it('writes every kind of value as JSON.stringify writes it, keys sorted', () => {
    const values: unknown[] = [
      '',
      'plain text',
      'a "quoted" \\ path',
      -0,
      0,
      1e21,
      1e-7,
      0.1 + 0.2,
      -12.5,
      Number.MAX_SAFE_INTEGER,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      true,
      false,
      null,
      new Date('2026-12-04T23:59:59.123Z'),
      [1, undefined, 'x', null, [new Date(0)]],
      { b: 1, a: undefined, c: { z: [], y: {} }, A: 'upper before lower', ä: 'after z' },
      {
        approvalPath: [
          { position: 'Reviewer', level: 1 },
          { level: 2, position: null },
        ],
      },
    ];
    for (const value of values) expect(canonicalJson(value), String(value)).toBe(reference(value));
    expect(canonicalJson(12345678901234567890n)).toBe('"12345678901234567890"');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('escapes what JSON escapes and nothing else, over strings of every awkward character', () => {
    for (const text of strings(2_000)) {
      expect(canonicalJson(text)).toBe(JSON.stringify(text));
      expect(canonicalJson({ [text]: text, k: [text] })).toBe(reference({ [text]: text, k: [text] }));
    }
  });
});
