import { createHash } from 'node:crypto';
import { entities, isReportFinal, reportHeader } from '@inspectra/contract';
import type {
  ReportDifference,
  ReportTreeJson,
  ReportTreeRecordJson,
  ReportVerification,
  ReportVersion,
} from '@inspectra/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reportApprovalSteps, reportVersions, tableOf, users } from '../../db/schema/index.ts';
import { canonicalJson, canonicalReport } from '../../engine/report-canonical.ts';
import { unscoped } from '../../engine/record-scope.ts';
import { recordName, walkReport } from '../../engine/report-tree.ts';
import type { ReportTreeDeps } from '../../engine/report-tree.ts';
import type { StoredRecord } from '../../engine/records.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { checkSignature, signVersion } from './report-signing.ts';
import type { SignatureCheck, SignedFacts } from './report-signing.ts';

/**
 * A report's versions (docs/report-of-record.md "Versions"): written when a report or a revision of
 * it is approved at its last level, one chain per original report, each the canonical JSON of the
 * whole report as approved, its SHA-256 and the hash of the version before it; and `verify`, which
 * recomputes them from the rows and files as they are now and names what differs.
 */

const reports = tableOf(reportHeader);
type VersionRow = typeof reportVersions.$inferSelect;

/** A version's walk reads the whole report: its content is the report's, whoever approved it. */
const wholeReport = unscoped('a version and its check hold the whole report, whoever approved or reads it');

/** The original report of a report's line of revisions: its id names the chain. */
export async function chainOf(db: DbOrTx, report: StoredRecord): Promise<string> {
  let id = String(report.id);
  let revisionOf = (report.revisionOf as string | null) ?? null;
  // One line of revisions, each naming the one it revises; bounded against a damaged loop.
  for (let hops = 0; revisionOf && hops < 10_000; hops++) {
    id = revisionOf;
    const [row] = await db
      .select({ revisionOf: reports.revisionOf })
      .from(reports)
      .where(eq(reports.id, revisionOf))
      .limit(1);
    revisionOf = (row?.revisionOf as string | null | undefined) ?? null;
  }
  return id;
}

/** The versions of a chain, oldest first. */
export function chainVersions(db: DbOrTx, chainId: string): Promise<VersionRow[]> {
  return db
    .select()
    .from(reportVersions)
    .where(eq(reportVersions.chainId, chainId))
    .orderBy(asc(reportVersions.number));
}

/** The version a report's approval wrote, if any. */
export async function versionOfReport(db: DbOrTx, reportId: string): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(reportVersions)
    .where(eq(reportVersions.reportHeaderId, reportId))
    .limit(1);
  return row;
}

export type Approver = { id: string | null; fullName: string | null; at?: Date };

/** Who approved a report at its last level, and when, from its approval history. */
export async function lastApproval(db: DbOrTx, reportId: string): Promise<Approver> {
  const [step] = await db
    .select({
      id: reportApprovalSteps.actorId,
      fullName: reportApprovalSteps.actorFullName,
      at: reportApprovalSteps.at,
    })
    .from(reportApprovalSteps)
    .where(
      and(eq(reportApprovalSteps.reportHeaderId, reportId), eq(reportApprovalSteps.toStatus, 'approved')),
    )
    .orderBy(desc(reportApprovalSteps.at))
    .limit(1);
  return step ?? { id: null, fullName: null };
}

/**
 * Writes the version of an approved report, in the caller's transaction: its canonical JSON read
 * now (the report is final, so nothing changes it after), numbered after the chain's last version
 * and naming its hash. A report it revises that has no version yet (approved before versions were
 * kept) gets its own first, so the chain has no gap. Idempotent: a report's one version is returned
 * when it exists.
 */
export async function writeVersion(
  deps: ReportTreeDeps,
  report: StoredRecord,
  approver: Approver,
): Promise<VersionRow> {
  const db = deps.db;
  const existing = await versionOfReport(db, String(report.id));
  if (existing) return existing;
  if (typeof report.revisionOf === 'string') {
    const [revised] = await db.select().from(reports).where(eq(reports.id, report.revisionOf)).limit(1);
    if (revised && isReportFinal(revised.status as string))
      await writeVersion(deps, revised as StoredRecord, await lastApproval(db, String(revised.id)));
  }
  const chainId = await chainOf(db, report);
  const [last] = await db
    .select({ number: reportVersions.number, sha256: reportVersions.sha256 })
    .from(reportVersions)
    .where(eq(reportVersions.chainId, chainId))
    .orderBy(desc(reportVersions.number))
    .limit(1);
  const { json, sha256 } = await canonicalReport(walkReport(deps, String(report.id), wholeReport));
  const revisedBy =
    typeof report.revisionOf === 'string' && typeof report.createdBy === 'string'
      ? await fullNameOf(db, report.createdBy)
      : null;
  const facts: SignedFacts = {
    reportHeaderId: String(report.id),
    reportNumber: String(report.reportNumber),
    version: (last?.number ?? 0) + 1,
    sha256,
    previousSha256: last?.sha256 ?? null,
  };
  // Signed with a key the database does not hold (docs/report-signing.md).
  const { signature, keyId } = signVersion(facts);
  const [row] = await db
    .insert(reportVersions)
    .values({
      chainId,
      number: facts.version,
      reportHeaderId: facts.reportHeaderId,
      reportNumber: facts.reportNumber,
      revision: Number(report.revision ?? 0),
      content: json,
      sha256,
      previousSha256: facts.previousSha256,
      signature,
      signingKeyId: keyId,
      reason:
        typeof report.revisionOf === 'string' ? ((report.revisionReason as string | null) ?? null) : null,
      revisedBy,
      revisedAt: typeof report.revisionOf === 'string' ? (report.createdAt as Date) : null,
      approvedById: approver.id,
      approvedBy: approver.fullName,
      ...(approver.at ? { approvedAt: approver.at } : {}),
    })
    .returning();
  return row!;
}

async function fullNameOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [user] = await db
    .select({ fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user?.fullName ?? null;
}

/** A version as the API answers it (no content). */
export function versionView(row: VersionRow): ReportVersion {
  return {
    number: row.number,
    reportHeaderId: row.reportHeaderId,
    reportNumber: row.reportNumber,
    revision: row.revision,
    sha256: row.sha256,
    previousSha256: row.previousSha256,
    revises: row.previousSha256 === null ? null : row.number - 1,
    reason: row.reason,
    revisedBy: row.revisedBy,
    revisedAt: row.revisedAt?.toISOString() ?? null,
    approvedAt: row.approvedAt.toISOString(),
    approvedBy: row.approvedBy,
    size: Buffer.byteLength(row.content, 'utf8'),
    signature: row.signature,
    signingKeyId: row.signingKeyId,
  };
}

/** What a version's signature binds, as its row holds it now. */
export function signedFactsOf(row: VersionRow): SignedFacts {
  return {
    reportHeaderId: row.reportHeaderId,
    reportNumber: row.reportNumber,
    version: row.number,
    sha256: row.sha256,
    previousSha256: row.previousSha256,
  };
}

const signatureWords: Record<Exclude<SignatureCheck, 'valid' | 'unsigned'>, (n: number) => string> = {
  invalid: (n) =>
    `The signature of version ${n} does not match its report, number, fingerprint or the fingerprint before it: the version was rewritten after it was signed`,
  unknownKey: (n) => `Version ${n} is signed by a key this server does not trust`,
  missing: (n) =>
    `Version ${n} has no signature, and it is not one of the versions approved before signing began: its signature was removed`,
};

/** At most this many differences are named per version; the rest are counted. */
const namedDifferences = 200;

type FlatRecord = { entity: string; record: ReportTreeRecordJson };

/** Every record of a tree by entity and id, the header first. */
function flatten(tree: ReportTreeJson): Map<string, FlatRecord> {
  const out = new Map<string, FlatRecord>();
  const add = (record: ReportTreeRecordJson) => {
    out.set(`${record.entity}:${String(record.fields.id)}`, { entity: record.entity, record });
    for (const list of record.lists) for (const child of list.records) add(child);
  };
  add(tree.header);
  for (const section of tree.sections) for (const list of section.lists) for (const r of list.records) add(r);
  return out;
}

/** "Thermal measurement Q1-LUG" — a record as a reader finds it. */
function recordWords(entityName: string, fields: Record<string, unknown>): string {
  const entity = entities[entityName];
  if (!entity) return `${entityName} ${String(fields.id)}`;
  return `${entity.label} ${recordName(entity, fields)}`;
}

const shown = (value: unknown) => (value === null || value === undefined ? 'empty' : canonicalJson(value));

/** What differs between a version's tree and the report's tree now, record by record. */
export function treeDifferences(was: ReportTreeJson, now: ReportTreeJson): ReportDifference[] {
  const before = flatten(was);
  const after = flatten(now);
  const out: ReportDifference[] = [];
  for (const [key, { entity, record }] of before) {
    const id = String(record.fields.id);
    const current = after.get(key);
    if (!current) {
      out.push({
        kind: 'removed',
        entity,
        recordId: id,
        path: null,
        was: null,
        now: null,
        message: `${recordWords(entity, record.fields)} was in the version and is no longer in the report`,
      });
      continue;
    }
    const declared = entities[entity];
    const label = (part: 'fields' | 'derived', field: string) =>
      (part === 'fields' ? declared?.fields[field]?.label : declared?.derived[field]?.field.label) ?? field;
    for (const part of ['fields', 'derived'] as const) {
      const keys = new Set([...Object.keys(record[part]), ...Object.keys(current.record[part])]);
      for (const field of [...keys].sort()) {
        const a = record[part][field];
        const b = current.record[part][field];
        if (canonicalJson(a) === canonicalJson(b)) continue;
        out.push({
          kind: 'changed',
          entity,
          recordId: id,
          path: `${part}.${field}`,
          was: a ?? null,
          now: b ?? null,
          message: `${recordWords(entity, record.fields)}: ${label(part, field)} was ${shown(a)}, now ${shown(b)}`,
        });
      }
    }
    const files = (r: ReportTreeRecordJson) => new Map(r.attachments.map((a) => [String(a.id), a] as const));
    const wasFiles = files(record);
    const nowFiles = files(current.record);
    for (const [fileId, file] of wasFiles) {
      const other = nowFiles.get(fileId);
      if (other && canonicalJson(other) === canonicalJson(file)) continue;
      out.push({
        kind: 'changed',
        entity,
        recordId: id,
        path: `attachments.${fileId}`,
        was: file,
        now: other ?? null,
        message: `${recordWords(entity, record.fields)}: file ${String(file.displayName)} ${other ? 'was changed' : 'was removed'}`,
      });
    }
    for (const [fileId, file] of nowFiles) {
      if (wasFiles.has(fileId)) continue;
      out.push({
        kind: 'changed',
        entity,
        recordId: id,
        path: `attachments.${fileId}`,
        was: null,
        now: file,
        message: `${recordWords(entity, record.fields)}: file ${String(file.displayName)} was added`,
      });
    }
  }
  for (const [key, { entity, record }] of after) {
    if (before.has(key)) continue;
    out.push({
      kind: 'added',
      entity,
      recordId: String(record.fields.id),
      path: null,
      was: null,
      now: null,
      message: `${recordWords(entity, record.fields)} is in the report but was not in the version`,
    });
  }
  return out;
}

/** The SHA-256 of a stored file's bytes, or null when the store no longer has it. */
async function storedHash(files: FileStore, key: string): Promise<string | null> {
  try {
    const hash = createHash('sha256');
    for await (const chunk of await files.get(key)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } catch {
    return null;
  }
}

/** Every file a tree names, with its record. */
function* treeFiles(
  tree: ReportTreeJson,
): Generator<{ entity: string; record: ReportTreeRecordJson; file: Record<string, unknown> }> {
  for (const { entity, record } of flatten(tree).values())
    for (const file of record.attachments) yield { entity, record, file };
}

/**
 * Checks every version of a report's chain against the report as it is now (docs/report-of-record.md
 * "Verify"): the snapshot still has its own hash, it names the hash of the version before it, the
 * report's rows give the same canonical JSON, and every file it names still has the bytes of its
 * recorded hash. The report has been found in the caller's scope before this is called.
 */
export async function verifyChain(
  deps: ReportTreeDeps & { files: FileStore },
  report: StoredRecord,
): Promise<ReportVerification> {
  const versions = await chainVersions(deps.db, await chainOf(deps.db, report));
  const checks: ReportVerification['versions'] = [];
  let previous: VersionRow | undefined;
  for (const version of versions) {
    const differences: ReportDifference[] = [];
    const ownHash = createHash('sha256').update(version.content, 'utf8').digest('hex');
    if (ownHash !== version.sha256)
      differences.push({
        kind: 'snapshot',
        entity: null,
        recordId: null,
        path: null,
        was: version.sha256,
        now: ownHash,
        message: `The stored snapshot of version ${version.number} no longer has the fingerprint it was approved with`,
      });
    const expectedPrevious = previous?.sha256 ?? null;
    if (version.previousSha256 !== expectedPrevious)
      differences.push({
        kind: 'chain',
        entity: null,
        recordId: null,
        path: null,
        was: expectedPrevious,
        now: version.previousSha256,
        message: `Version ${version.number} does not name the fingerprint of version ${version.number - 1} before it`,
      });
    // Against the keys held outside the database, never any key read from it.
    const signature = checkSignature(version, signedFactsOf(version));
    if (signature !== 'valid' && signature !== 'unsigned')
      differences.push({
        kind: 'signature',
        entity: null,
        recordId: null,
        path: signature,
        was: version.signingKeyId,
        now: null,
        message: signatureWords[signature](version.number),
      });
    const live = await canonicalReport(walkReport(deps, version.reportHeaderId, wholeReport));
    const snapshot = JSON.parse(version.content) as ReportTreeJson;
    if (live.sha256 !== version.sha256)
      differences.push(...treeDifferences(snapshot, JSON.parse(live.json) as ReportTreeJson));
    for (const { entity, record, file } of treeFiles(snapshot)) {
      const hash = await storedHash(deps.files, String(file.storageKey));
      if (hash === file.sha256) continue;
      differences.push({
        kind: 'file',
        entity,
        recordId: String(record.fields.id),
        path: `attachments.${String(file.id)}`,
        was: file.sha256,
        now: hash,
        message: `${recordWords(entity, record.fields)}: the stored file ${String(file.displayName)} ${
          hash === null ? 'is missing' : 'no longer has the bytes that were approved'
        }`,
      });
    }
    checks.push({
      number: version.number,
      reportHeaderId: version.reportHeaderId,
      reportNumber: version.reportNumber,
      sha256: version.sha256,
      matches: differences.length === 0,
      liveSha256: live.sha256,
      signature,
      signingKeyId: version.signingKeyId,
      differences: differences.slice(0, namedDifferences),
      moreDifferences: Math.max(0, differences.length - namedDifferences),
    });
    previous = version;
  }
  return {
    intact: checks.every((c) => c.matches),
    checkedAt: new Date().toISOString(),
    versions: checks,
  };
}
