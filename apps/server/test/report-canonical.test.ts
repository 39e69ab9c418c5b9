import { describe, expect, it } from 'vitest';
import { canonicalJson, canonicalReport } from '../src/engine/report-canonical.ts';
import type { ReportTreeEntry, TreeRecord } from '../src/engine/report-tree.ts';

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

  it('gives a fixed report the fingerprint the writer gave it before its text was gathered as parts', async () => {
    // Written by the writer of 4 Dec 2026 (string appends): a change to the bytes would leave every
    // version approved before it unverifiable, so this fingerprint never changes.
    const { sha256 } = await canonicalReport(
      (async function* () {
        yield* fixedWalk();
      })(),
    );
    expect(sha256).toBe('8db517f221c9f1bef9dfd1d52a7cae3ccf9bac66fb45c3aa17f43e5dc52508df');
  });
});

/** A small report as the walk yields it, with every kind of value a record's fields hold. */
/** A small report as the walk yields it, with every kind of value a record's fields hold. */
function fixedWalk(): ReportTreeEntry[] {
  const entity = (name: string) => ({ name }) as unknown as TreeRecord['entity'];
  const header: TreeRecord = {
    entity: entity('reportHeader'),
    variant: null,
    values: {
      id: '0b3f6c1e-6a43-4c1e-9d53-1f0c2a7e9b10',
      reportNumber: 'TH/2026/0042',
      status: 'approved',
      approvalPath: [{ level: 1, position: 'Reviewer' }],
      remarks: 'Line 1\nLine 2 "quoted" \\ back',
      createdAt: '2026-12-04T08:15:30.123Z',
      version: 7,
    },
    derived: {},
    attachments: [],
    named: {},
  };
  const row = (n: number): TreeRecord => ({
    entity: entity('thermalMeasurement'),
    variant: null,
    values: {
      id: `5c1d2e3f-0000-4000-8000-00000000000${n}`,
      component: n === 1 ? 'HV bushing Phase R' : 'Neutral link \u2028 ✓ 😀',
      maxTemperatureC: n === 1 ? 87.25 : -0,
      referenceTemperatureC: n === 1 ? 31 : null,
      emissivity: 0.95,
      checked: n === 1,
      date: '2026-11-30',
    },
    derived: { severity: n === 1 ? 'repairImmediately' : null, deltaTC: n === 1 ? 56.3 : null },
    attachments:
      n === 1
        ? [
            {
              id: 'a1b2c3d4-0000-4000-8000-000000000001',
              slot: 'thermalImage',
              imageType: null,
              category: null,
              position: 0,
              displayName: 'IR_0042.jpg',
              mediaType: 'image/jpeg',
              size: 204800,
              sha256: 'f'.repeat(64),
              storageKey: 'files/ab/cd',
              createdAt: '2026-12-04T08:16:00.000Z',
            },
          ]
        : [],
    named: {},
    // The walk gives its records their keys sorted; a record read back from a version has none.
    ...(n === 1
      ? {
          fieldKeys: [
            'checked',
            'component',
            'date',
            'emissivity',
            'id',
            'maxTemperatureC',
            'referenceTemperatureC',
          ],
          derivedKeys: ['deltaTC', 'severity'],
        }
      : {}),
  });
  const technique = { module: 'thermal' } as unknown as Extract<
    ReportTreeEntry,
    { kind: 'section' }
  >['technique'];
  const analysis: TreeRecord = {
    entity: entity('thermalAnalysis'),
    variant: null,
    values: { id: '9e8d7c6b-0000-4000-8000-000000000009', summary: 'Two hot spots', ambientC: 28.5 },
    derived: {},
    attachments: [],
    named: {},
  };
  return [
    { kind: 'header', record: header },
    { kind: 'section', technique },
    { kind: 'list', entity: analysis.entity, depth: 1, parent: header },
    { kind: 'records', entity: analysis.entity, depth: 1, records: [analysis] },
    { kind: 'list', entity: entity('thermalMeasurement'), depth: 2, parent: analysis },
    { kind: 'records', entity: entity('thermalMeasurement'), depth: 2, records: [row(1), row(2)] },
    { kind: 'endList', entity: entity('thermalMeasurement'), depth: 2 },
    { kind: 'endList', entity: analysis.entity, depth: 1 },
    { kind: 'endSection', technique },
  ];
}
