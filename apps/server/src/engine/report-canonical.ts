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

/** A value as canonical JSON: object keys sorted, undefined members left out, dates as ISO text. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  if (typeof value === 'object') {
    const members = Object.keys(value as object)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${members.join(',')}}`;
  }
  // Numbers as JavaScript writes them (shortest round-trip form); NaN and infinities as null.
  return JSON.stringify(value) ?? 'null';
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

/** A record's canonical object up to, and opening, its `lists`; the header without its workflow fields. */
function recordOpening(record: TreeRecord, header = false): string {
  const fields = header
    ? Object.fromEntries(Object.entries(record.values).filter(([key]) => !reportWorkflowFields.includes(key)))
    : record.values;
  const own = canonicalJson({
    attachments: record.attachments,
    derived: record.derived,
    entity: record.entity.name,
    fields,
  });
  return `${own.slice(0, -1)},"lists":[`;
}

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

  constructor(private readonly write: (chunk: string) => void) {}

  add(entry: ReportTreeEntry): void {
    switch (entry.kind) {
      case 'header':
        this.started = true;
        this.write(
          `{"format":${JSON.stringify(canonicalReportFormat)},"header":${recordOpening(entry.record, true)}]},"sections":[`,
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
          this.write(`${list.records++ > 0 ? ',' : ''}${recordOpening(record)}`);
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
