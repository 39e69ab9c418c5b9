import { createHash } from 'node:crypto';
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
 * every content read and print: the text is gathered as parts and joined once (`writeCanonical`),
 * rather than by an append per member, each of which left a string behind for the collector.
 */
export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  writeCanonical(parts, value);
  return parts.join('');
}

/** Adds `value`'s canonical JSON to `parts`. */
function writeCanonical(parts: string[], value: unknown): void {
  switch (typeof value) {
    case 'string':
      // A plain string is written between quotes as it is, without a quoted copy of it.
      if (needsEscapes.test(value)) parts.push(JSON.stringify(value));
      else parts.push('"', value, '"');
      return;
    case 'number':
      // As JavaScript writes it (shortest round-trip form, JSON.stringify's); NaN and infinities as null.
      parts.push(Number.isFinite(value) ? String(value) : 'null');
      return;
    case 'boolean':
      parts.push(value ? 'true' : 'false');
      return;
    case 'bigint':
      parts.push(JSON.stringify(value.toString()));
      return;
    case 'object':
      break;
    default:
      // undefined, and what JSON has no word for (a function, a symbol).
      parts.push('null');
      return;
  }
  if (value === null) parts.push('null');
  else if (value instanceof Date) parts.push('"', value.toISOString(), '"');
  else if (Array.isArray(value)) {
    parts.push('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) parts.push(',');
      writeCanonical(parts, value[i]);
    }
    parts.push(']');
  } else {
    const record = value as Record<string, unknown>;
    writeMembers(parts, record, Object.keys(record).sort());
  }
}

/** Adds an object's members as canonical JSON, `keys` being its keys sorted (or a sorted part of them). */
function writeMembers(parts: string[], record: Record<string, unknown>, keys: readonly string[]): void {
  let first = true;
  parts.push('{');
  for (const key of keys) {
    const member = record[key];
    if (member === undefined) continue;
    parts.push(openingOf(key, first));
    first = false;
    writeCanonical(parts, member);
  }
  parts.push('}');
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
 * A record's canonical members, `{"attachments":…,"derived":…,"entity":…,"fields":…}`; the header
 * without its workflow fields. A record's text is kept while the record lives, so a second writer
 * over the same walk (the content call's answer) does not write it again.
 */
const recordTexts = new WeakMap<TreeRecord, string>();
export function canonicalRecord(record: TreeRecord, header = false): string {
  const kept = recordTexts.get(record);
  if (kept !== undefined) return kept;
  const text = canonicalRecordText(record, header ? (key) => !reportWorkflowFields.includes(key) : undefined);
  if (!header) recordTexts.set(record, text);
  return text;
}

/**
 * `{"attachments":…,"derived":…,"entity":…,"fields":…}`, written member by member (the four keys are
 * in sorted order as written); the fields those `keep` keeps, all when it is not given.
 */
export function canonicalRecordText(record: TreeRecord, keep?: (key: string) => boolean): string {
  const keys = record.fieldKeys ?? Object.keys(record.values).sort();
  const parts: string[] = ['{"attachments":'];
  writeCanonical(parts, record.attachments);
  parts.push(',"derived":');
  writeMembers(parts, record.derived, record.derivedKeys ?? Object.keys(record.derived).sort());
  parts.push(',"entity":');
  writeCanonical(parts, record.entity.name);
  parts.push(',"fields":');
  writeMembers(parts, record.values, keep ? keys.filter(keep) : keys);
  parts.push('}');
  return parts.join('');
}

/** A record's canonical object up to, and opening, its `lists`; the header without its workflow fields. */
function recordOpening(record: TreeRecord, header = false): string {
  return `${canonicalRecord(record, header).slice(0, -1)},"lists":[`;
}

/** How a writer opens a record: its members up to, and opening, its `lists` (`"lists":[`). */
export type RecordOpening = (record: TreeRecord, header: boolean) => string;

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
    private readonly write: (chunk: string) => void,
    private readonly opening: RecordOpening = recordOpening,
  ) {}

  add(entry: ReportTreeEntry): void {
    switch (entry.kind) {
      case 'header':
        this.started = true;
        this.write(
          `{"format":${JSON.stringify(canonicalReportFormat)},"header":${this.opening(entry.record, true)}]},"sections":[`,
        );
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
          this.write(`${list.records++ > 0 ? ',' : ''}${this.opening(record, false)}`);
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
  const chunks: string[] = [];
  const hash = createHash('sha256');
  const writer = new CanonicalReportWriter((chunk) => {
    chunks.push(chunk);
    hash.update(chunk, 'utf8');
  });
  for await (const entry of walk) writer.add(entry);
  writer.finish();
  return { json: chunks.join(''), sha256: hash.digest('hex') };
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
  const writer = new CanonicalReportWriter((chunk) => hash.update(chunk, 'utf8'));
  let digest: string | undefined;
  async function* entries() {
    for await (const entry of walk) {
      writer.add(entry);
      yield entry;
    }
    writer.finish();
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
