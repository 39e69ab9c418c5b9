import { createHash } from 'node:crypto';
import { JsonBlocks } from './json-text.ts';
import type { ReportTreeEntry, TreeRecord } from './report-tree.ts';

/**
 * The canonical JSON of a report tree and its SHA-256, the report's fingerprint
 * (docs/report-of-record.md): keys sorted at every level, no white space, times as ISO text, and
 * nothing that depends on when or by whom it is read (no read time, no names of other records, no
 * URLs). The same content always gives the same bytes, so a version can store the text and its
 * hash, and `verify` can recompute both from the live rows. Written as the walk goes, a chunk per
 * entry, so a report of 8,000 rows is hashed without its JSON held whole.
 *
 *   {"format":"inspectra.report/1","header":R,"sections":[{"key":"<module>","lists":[L…]}…]}
 *   L = {"entity":"<entity>","records":[R…]}
 *   R = {"attachments":[…],"derived":{…},"entity":"<entity>","fields":{…},"lists":[L…]}
 *
 * Every container's nested list is its last key in sorted order, which is what lets it be written
 * before its children are read.
 */
export const canonicalReportFormat = 'inspectra.report/1';

/** `"key":` and `,"key":` per object key, kept: a report's records repeat the same few hundred names. */
const openings = new Map<string, readonly [first: string, next: string]>();
function openingOf(key: string, first: boolean): string {
  let found = openings.get(key);
  if (found === undefined) {
    const quoted = `${JSON.stringify(key)}:`;
    found = [quoted, `,${quoted}`];
    if (openings.size < 10_000) openings.set(key, found);
  }
  return found[first ? 0 : 1];
}

/** A string needs JSON's escapes when it holds a quote, a backslash, a control or a lone surrogate. */
// eslint-disable-next-line no-control-regex -- the controls are what JSON escapes
const needsEscapes = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * A value as canonical JSON: object keys sorted, undefined members left out, dates as ISO text,
 * with what JSON.stringify writes for each value. A report's thousands of records go through it on
 * every content read and print: written by appends, which V8 keeps as a rope and lays flat once,
 * when the text is encoded (measured against parts gathered in an array and joined: 6 % less of a
 * content read's CPU, docs/engine-performance.md).
 */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      // A plain string is written between quotes as it is, without a quoted copy of it.
      return needsEscapes.test(value) ? JSON.stringify(value) : '"' + value + '"';
    case 'number':
      // As JavaScript writes it (shortest round-trip form, JSON.stringify's); NaN and infinities as null.
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return JSON.stringify(value.toString());
    case 'object':
      break;
    default:
      // undefined, and what JSON has no word for (a function, a symbol).
      return 'null';
  }
  if (value === null) return 'null';
  if (value instanceof Date) return '"' + value.toISOString() + '"';
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) text += (i > 0 ? ',' : '') + canonicalJson(value[i]);
    return text + ']';
  }
  const record = value as Record<string, unknown>;
  return canonicalMembers(record, Object.keys(record).sort());
}

/** An object's members as canonical JSON, `keys` being its keys sorted (or a sorted part of them). */
function canonicalMembers(record: Record<string, unknown>, keys: readonly string[]): string {
  let text = '{';
  let first = true;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const member = record[key];
    if (member === undefined) continue;
    text += openingOf(key, first) + canonicalJson(member);
    first = false;
  }
  return text + '}';
}

/**
 * The header's fields that record where the report is in its flow, not what it says: its status and
 * the comment of its last move, the level and path of its approval, and the row's version and last
 * change, which every move bumps. Left out of the canonical JSON, so a report's fingerprint is the
 * same when submitted, at every level and once approved (docs/report-of-record.md), and a version
 * still matches once a revision supersedes it. The approval record is kept by the approval steps.
 */
export const reportWorkflowFields: readonly string[] = [
  'status',
  'statusComment',
  'approvalLevel',
  'approvalPath',
  'version',
  'updatedAt',
  'updatedBy',
  // Set when an approved revision replaces the report: where it stands, not what it says.
  'supersededBy',
];

/**
 * A record's canonical object, `{"attachments":…,"derived":…,"entity":…,"fields":…}`, as UTF-8
 * without its closing brace, so that a writer adds its `lists` (and the content call its `names`)
 * after it; the header without its workflow fields. Encoded once and kept while the record lives:
 * the fingerprint hashes these bytes and the content call's answer sends them, where each wrote
 * and encoded a text of its own.
 */
const recordMembers = new WeakMap<TreeRecord, Buffer>();
export function canonicalRecordMembers(record: TreeRecord, header = false): Buffer {
  const kept = recordMembers.get(record);
  if (kept !== undefined) return kept;
  const text = canonicalRecordText(record, header ? (key) => !reportWorkflowFields.includes(key) : undefined);
  const bytes = Buffer.from(text.slice(0, -1), 'utf8');
  if (!header) recordMembers.set(record, bytes);
  return bytes;
}

/**
 * `{"attachments":…,"derived":…,"entity":…,"fields":…}`, written member by member (the four keys are
 * in sorted order as written); the fields those `keep` keeps, all when it is not given.
 */
export function canonicalRecordText(record: TreeRecord, keep?: (key: string) => boolean): string {
  const keys = record.fieldKeys ?? Object.keys(record.values).sort();
  return (
    '{"attachments":' +
    canonicalJson(record.attachments) +
    ',"derived":' +
    canonicalMembers(record.derived, record.derivedKeys ?? Object.keys(record.derived).sort()) +
    ',"entity":' +
    canonicalJson(record.entity.name) +
    ',"fields":' +
    canonicalMembers(record.values, keep ? keys.filter(keep) : keys) +
    '}'
  );
}

/** A piece of a written report: text, or bytes already encoded (a record's members). */
export type ReportChunk = string | Buffer;

/** A record's canonical object up to, and opening, its `lists`; the header without its workflow fields. */
function recordOpening(record: TreeRecord, header: boolean, write: (chunk: ReportChunk) => void): void {
  write(canonicalRecordMembers(record, header));
  write(',"lists":[');
}

/** How a writer opens a record: its members up to, and opening, its `lists` (`"lists":[`), written to `write`. */
export type RecordOpening = (
  record: TreeRecord,
  header: boolean,
  write: (chunk: ReportChunk) => void,
) => void;

type OpenList = { records: number; recordOpen: boolean; childLists: number };

/**
 * Writes a walk's canonical JSON to `write`, one entry at a time (`add`), then `finish`. The PDF
 * feeds it the same entries it lays out, so one walk gives both.
 */
export class CanonicalReportWriter {
  private readonly lists: OpenList[] = [];
  private sections = 0;
  private sectionLists = 0;
  private started = false;

  /**
   * `opening`: the canonical record (the default); the content call writes its answer, the same tree
   * with more members, by the same walk with its own.
   */
  constructor(
    private readonly write: (chunk: ReportChunk) => void,
    private readonly opening: RecordOpening = recordOpening,
  ) {}

  add(entry: ReportTreeEntry): void {
    switch (entry.kind) {
      case 'header':
        this.started = true;
        this.write(`{"format":${JSON.stringify(canonicalReportFormat)},"header":`);
        this.opening(entry.record, true, this.write);
        this.write(']},"sections":[');
        return;
      case 'section':
        this.write(
          `${this.sections++ > 0 ? ',' : ''}{"key":${JSON.stringify(entry.technique.module)},"lists":[`,
        );
        this.sectionLists = 0;
        return;
      case 'list': {
        const above = entry.depth === 1 ? undefined : this.lists[entry.depth - 2];
        const first = above ? above.childLists++ === 0 : this.sectionLists++ === 0;
        this.write(`${first ? '' : ','}{"entity":${JSON.stringify(entry.entity.name)},"records":[`);
        this.lists[entry.depth - 1] = { records: 0, recordOpen: false, childLists: 0 };
        this.lists.length = entry.depth;
        return;
      }
      case 'records': {
        const list = this.lists[entry.depth - 1]!;
        for (const record of entry.records) {
          if (list.recordOpen) this.write(']}');
          if (list.records++ > 0) this.write(',');
          this.opening(record, false, this.write);
          list.recordOpen = true;
          list.childLists = 0;
        }
        return;
      }
      case 'endList': {
        const list = this.lists[entry.depth - 1]!;
        this.write(list.recordOpen ? ']}]}' : ']}');
        this.lists.length = entry.depth - 1;
        return;
      }
      case 'endSection':
        this.write(']}');
        return;
    }
  }

  finish(): void {
    if (!this.started) throw new Error('A canonical report starts with its header');
    this.write(']}');
  }
}

/** A report's canonical JSON and its SHA-256 (hex), from a walk (`walkReport`). */
export async function canonicalReport(
  walk: AsyncIterable<ReportTreeEntry>,
): Promise<{ json: string; sha256: string }> {
  const blocks = new JsonBlocks();
  const writer = new CanonicalReportWriter((chunk) => blocks.write(chunk));
  for await (const entry of walk) writer.add(entry);
  writer.finish();
  const written = blocks.done();
  const hash = createHash('sha256');
  for (const block of written) hash.update(block);
  return { json: Buffer.concat(written).toString('utf8'), sha256: hash.digest('hex') };
}

/**
 * A walk passed on entry by entry while its fingerprint is computed (the PDF lays out, the content
 * call collects, what they hash): `fingerprint()` once the entries are read to their end.
 */
export function fingerprinted(walk: AsyncIterable<ReportTreeEntry>): {
  entries: AsyncGenerator<ReportTreeEntry>;
  fingerprint: () => string;
} {
  const hash = createHash('sha256');
  // Hashed a block at a time: thousands of pieces, one update per 64 KiB.
  const blocks = new JsonBlocks((block) => hash.update(block));
  const writer = new CanonicalReportWriter((chunk) => blocks.write(chunk));
  let digest: string | undefined;
  async function* entries() {
    for await (const entry of walk) {
      writer.add(entry);
      yield entry;
    }
    writer.finish();
    blocks.done();
    digest = hash.digest('hex');
  }
  return {
    entries: entries(),
    fingerprint: () => {
      if (digest === undefined) throw new Error('The walk was not read to its end');
      return digest;
    },
  };
}
