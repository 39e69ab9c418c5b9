import { reportHeader, reportIdParams, reportPdfQuery, reportVersionParams } from '@inspectra/contract';
import type { ReportTreeJson } from '@inspectra/contract';
import { and, eq } from 'drizzle-orm';
import { reportVersions } from '../../db/schema/index.ts';
import { typedAction } from '../../engine/action-handler.ts';
import { JsonBlocks, JsonText } from '../../engine/json-text.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import type { EngineDeps } from '../../engine/engine-deps.ts';
import {
  CanonicalReportWriter,
  canonicalRecordMembers,
  canonicalRecordText,
  fingerprinted,
  reportWorkflowFields,
} from '../../engine/report-canonical.ts';
import { callerScope } from '../../engine/record-scope.ts';
import { replayReport } from '../../engine/report-replay.ts';
import { walkReport } from '../../engine/report-tree.ts';
import type { TreeRecord } from '../../engine/report-tree.ts';
import type { ReportChunk } from '../../engine/report-canonical.ts';
import type { AuthenticatedUser } from '../../engine/access.ts';
import { AppError } from '../../errors.ts';
import { printReport } from './report-pdf.actions.ts';
import { pdfLanguage, pdfWords } from './report-pdf-words.ts';
import { printedSignature } from './report-pdf-signature.ts';
import { reportKeyring } from './report-signing.ts';
import { chainOf, chainVersions, verifyChain, versionView } from './report-versions.ts';

const repository = (deps: EngineDeps) => deps.repositories.get(reportHeader.name)!;

/** The report the caller asked about, in their scope (another company's is not found). */
const visibleReport = (deps: EngineDeps, user: AuthenticatedUser, id: string) =>
  repository(deps).get(deps.db, id, callerScope(user));

/** A version of the report's chain by its number; 404 naming it when the chain has no such version. */
async function versionOf(deps: EngineDeps, user: AuthenticatedUser, id: string, number: number) {
  const report = await visibleReport(deps, user, id);
  const [row] = await deps.db
    .select()
    .from(reportVersions)
    .where(and(eq(reportVersions.chainId, await chainOf(deps.db, report)), eq(reportVersions.number, number)))
    .limit(1);
  if (!row)
    throw new AppError(
      'NOT_FOUND',
      `Report ${String(report.reportNumber)} has no version ${number}: a version is written when the report or a revision of it is approved`,
    );
  return row;
}

/**
 * A tree record as the content call answers it, opened up to its `lists`: its canonical members
 * (the bytes its fingerprint hashed; the header's with its workflow fields too) and the names of
 * the records its fields name.
 */
function contentRecordOpening(record: TreeRecord, header: boolean, write: (chunk: ReportChunk) => void) {
  write(header ? canonicalRecordText(record).slice(0, -1) : canonicalRecordMembers(record));
  let names = '';
  for (const key in record.named) {
    const named = record.named[key];
    if (named) names += `${names ? ',' : ''}${JSON.stringify(key)}:${JSON.stringify(named.name)}`;
  }
  write(`,"names":{${names}},"lists":[`);
}

export const reportVersionActions: Record<string, ActionHandler> = {
  /** The whole report as one tree, as the whole-report page draws it, and its fingerprint now. */
  'reportHeader.content': typedAction({ params: reportIdParams }, async ({ params, deps, user }) => {
    // One walk: each record's canonical text is written once, hashed, and written into the answer
    // with the names beside it; the answer is sent as that text (no tree of objects to serialise).
    const hashed = fingerprinted(walkReport(deps, params.id, callerScope(user!)));
    const content = new JsonBlocks();
    const answer = new CanonicalReportWriter((chunk) => content.write(chunk), contentRecordOpening);
    for await (const entry of hashed.entries) answer.add(entry);
    answer.finish();
    const fingerprint = JSON.stringify(hashed.fingerprint());
    const opening = Buffer.from(`{"fingerprint":${fingerprint},"content":`);
    return { data: new JsonText([opening, ...content.done(), Buffer.from('}')]) };
  }),

  /** The chain of approved versions the report belongs to, oldest first. */
  'reportHeader.versions': typedAction({ params: reportIdParams }, async ({ params, deps, user }) => {
    const report = await visibleReport(deps, user!, params.id);
    return { data: (await chainVersions(deps.db, await chainOf(deps.db, report))).map(versionView) };
  }),

  /** One version with its snapshot, parsed: the canonical JSON as it was approved. */
  'reportHeader.version': typedAction({ params: reportVersionParams }, async ({ params, deps, user }) => {
    const row = await versionOf(deps, user!, params.id, params.number);
    return { data: { ...versionView(row), content: JSON.parse(row.content) as Record<string, unknown> } };
  }),

  /**
   * One version as a PDF, printed from its snapshot: the same layout as the report's, the snapshot's
   * own fingerprint in the footer, and the approved report's approval record.
   */
  'reportHeader.versionPdf': typedAction(
    { params: reportVersionParams, query: reportPdfQuery },
    async ({ params, query, deps, user, request }) => {
      const row = await versionOf(deps, user!, params.id, params.number);
      // The version's report holds its approval record: its workflow fields are not in the snapshot.
      const approved = await repository(deps).get(deps.db, row.reportHeaderId, callerScope(user!));
      const workflow = Object.fromEntries(reportWorkflowFields.map((key) => [key, approved[key]]));
      const [replaced] = row.previousSha256
        ? await deps.db
            .select()
            .from(reportVersions)
            .where(and(eq(reportVersions.chainId, row.chainId), eq(reportVersions.number, row.number - 1)))
            .limit(1)
        : [];
      return printReport(
        deps,
        user!,
        pdfWords[pdfLanguage(query.lang, request.headers['accept-language'])],
        replayReport(deps, JSON.parse(row.content) as ReportTreeJson, callerScope(user!), workflow),
        () =>
          Promise.resolve({
            version: { number: row.number, sha256: row.sha256, signed: printedSignature(row) },
            replaces: replaced
              ? { number: replaced.number, sha256: replaced.sha256, reportNumber: replaced.reportNumber }
              : null,
          }),
        { asVersion: true },
      );
    },
  ),

  /** The public keys versions are signed with: the current one first, then the older ones still trusted. */
  'reportHeader.signingKeys': typedAction({}, () => {
    const keys = [...reportKeyring().trusted.entries()].map(([keyId, k]) => ({
      keyId,
      publicKey: k.publicKey,
      pem: k.key.export({ format: 'pem', type: 'spki' }) as string,
      current: k.current,
    }));
    return Promise.resolve({ data: keys.sort((a, b) => Number(b.current) - Number(a.current)) });
  }),

  /** Every version of the chain checked against the rows and files as they are now. */
  'reportHeader.verify': typedAction({ params: reportIdParams }, async ({ params, deps, user }) => {
    const report = await visibleReport(deps, user!, params.id);
    return { data: await verifyChain(deps, report) };
  }),
};
