import { contractorCompany, reportHeader, reportIdParams, reportPdfQuery } from '@inspectra/contract';
import type { TechniqueDefinition } from '@inspectra/contract';
import { asc, eq } from 'drizzle-orm';
import { reportApprovalSteps, tableOf, users } from '../../db/schema/index.ts';
import { dbWork } from '../../db/scheduler.ts';
import type { DbOrTx } from '../../db/client.ts';
import { can } from '../../engine/access.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler, ActionResult } from '../../engine/action-handler.ts';
import type { AuthenticatedUser } from '../../engine/access.ts';
import type { EngineDeps } from '../../engine/engine-deps.ts';
import { fingerprinted } from '../../engine/report-canonical.ts';
import { callerScope } from '../../engine/record-scope.ts';
import { walkReport } from '../../engine/report-tree.ts';
import type { ReportTreeEntry, TreeRecord } from '../../engine/report-tree.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { contentDisposition } from '../files/files.actions.ts';
import { PdfRefused, takePdfPrinter } from './pdf-printer.ts';
import type { PdfPrinter } from './pdf-printer.ts';
import { approvalContent, coverContent, footer, pdfStyles } from './report-pdf-cover.ts';
import { printedSignature, signatureContent } from './report-pdf-signature.ts';
import type { PrintedVersion } from './report-pdf-signature.ts';
import type { ReportAuthorship } from './report-pdf-cover.ts';
import { acceptancesOf } from './report-pdf-grades.ts';
import { placeImage, ReportPdfLayout } from './report-pdf-layout.ts';
import type { PendingImage } from './report-pdf-layout.ts';
import { filedCover, printableLogo } from './report-pdf-plant.ts';
import { pdfLanguage, pdfWords } from './report-pdf-words.ts';
import type { PdfWords } from './report-pdf-words.ts';
import { versionOfReport } from './report-versions.ts';

/** Largest image read into a print: a photo past this is printed as missing rather than held. */
const maxImageBytes = 25 * 1024 * 1024;

/** The author of a report and their company, with the company's logo as an image to print. */
async function authorshipOf(db: DbOrTx, header: TreeRecord): Promise<ReportAuthorship> {
  const createdBy = header.values.createdBy;
  if (typeof createdBy !== 'string') return { authorName: null, company: null };
  const [author] = await db
    .select({ fullName: users.fullName, companyId: users.contractorCompanyId })
    .from(users)
    .where(eq(users.id, createdBy))
    .limit(1);
  if (!author?.companyId) return { authorName: author?.fullName ?? null, company: null };
  // The company's own record and logo: every reader of the report sees them, as on its page.
  const companies = tableOf(contractorCompany);
  const [company] = await db
    .select({ name: companies.contractorName })
    .from(companies)
    .where(eq(companies.id, author.companyId))
    .limit(1);
  const logoImage = await printableLogo(
    db,
    contractorCompany.name,
    author.companyId,
    'companyLogo',
    [140, 60],
  );
  return {
    authorName: author.fullName,
    company: company ? { name: String(company.name), logo: logoImage } : null,
  };
}

/** A stored file's bytes, or undefined when the store no longer has it (or it is too large to print). */
async function readImage(files: FileStore, pending: PendingImage): Promise<Buffer | undefined> {
  if (pending.attachment.size > maxImageBytes) return undefined;
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await files.get(pending.attachment.storageKey)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch {
    return undefined;
  }
}

/**
 * Lays out and prints a report's tree (a live walk or a version's replay) in the reader's language:
 * the cover, every section the reader's role may view, the approval record and history, and the
 * fingerprint of what was walked on every page. Answers the PDF as an attachment.
 */
export async function printReport(
  deps: EngineDeps,
  user: AuthenticatedUser,
  language: PdfWords,
  walk: AsyncIterable<ReportTreeEntry>,
  which: (header: TreeRecord) => Promise<PrintedVersion>,
  o: { asVersion?: boolean } = {},
): Promise<ActionResult> {
  const words = language;
  const mayView = (technique: TechniqueDefinition) => can(user, { module: technique.module, action: 'view' });
  const layout = new ReportPdfLayout(words, mayView);
  const hashed = fingerprinted(walk);
  let header: TreeRecord | undefined;
  let taking: Promise<PdfPrinter> | undefined;
  try {
    for await (const entry of hashed.entries) {
      if (entry.kind === 'header') {
        header = entry.record;
        // The report is found and the reader may see it: the print waits for its turn here, in
        // the queue, holding nothing of the report but its header (the walk goes on once the turn
        // came, while a new worker loads pdfmake). A client gone while waiting leaves the queue.
        taking ??= takePdfPrinter({ owner: user.id, signal: dbWork.getStore()?.signal });
        await taking;
        // Which overrides a reviewer accepted: their rows count the recorded verdict.
        layout.acceptances = await acceptancesOf(deps.db, String(entry.record.values.id));
      }
      layout.add(entry);
    }
    const fingerprint = hashed.fingerprint();
    const report = header!;
    const printed = await which(report);
    const authorship = await authorshipOf(deps.db, report);
    const filed = await filedCover(deps, report, layout.results);
    const steps = await deps.db
      .select()
      .from(reportApprovalSteps)
      .where(eq(reportApprovalSteps.reportHeaderId, String(report.values.id)))
      .orderBy(asc(reportApprovalSteps.at), asc(reportApprovalSteps.id));

    // Each rows list's trend over the equipment's reports, read by the report under the reader's scope.
    const reports = deps.repositories.get(reportHeader.name)!;
    for (const trend of layout.trends)
      await trend.fill(
        deps.db,
        { id: String(report.values.id), equipmentNo: String(report.values.equipmentNo) },
        reports.scopeWhere(callerScope(user)),
      );

    const signatures: PendingImage[] = [];
    const approval = approvalContent(words, report, steps, signatures);
    const pending = [
      ...(authorship.company?.logo ? [authorship.company.logo] : []),
      ...(filed.owner?.logo ? [filed.owner.logo] : []),
      ...layout.images,
      ...signatures,
    ];
    const images = new Map<string, Buffer>();
    for (const image of pending) {
      const bytes = await readImage(deps.files, image);
      const name = `a-${image.attachment.id}`;
      if (bytes) images.set(name, bytes);
      placeImage(image, bytes ? name : undefined);
    }
    // A version's print is named as the version; the report's as the report.
    const fileName = `${String(report.values.reportNumber)}${o.asVersion && printed.version ? ` v${printed.version.number}` : ''}.pdf`;
    const definition = {
      pageSize: 'A4',
      pageMargins: [40, 40, 40, 56],
      info: {
        title: `${String(report.values.reportNumber)} · ${String(report.values.title)}`,
        subject: words.documentTitle,
        creator: 'Inspectra',
        producer: 'Inspectra',
      },
      defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
      styles: pdfStyles,
      content: [
        ...coverContent(words, report, authorship, new Date(), printed, filed),
        ...(layout.hasSections
          ? layout.content
          : [{ text: words.noTechniques, style: 'note', margin: [0, 16, 0, 0] }]),
        ...approval,
        ...signatureContent(words, printed.version?.signed),
      ],
    };
    const pageFooter = footer(words, report, fingerprint, printed);
    const printer = await taking!;
    let body;
    try {
      body = await printer.print(definition, pageFooter, images);
    } catch (error) {
      if (!(error instanceof PdfRefused)) throw error;
      // An image pdfkit cannot read (a damaged PNG) stops the whole print: print without images,
      // each shown as missing, rather than not at all.
      for (const image of pending) placeImage(image, undefined);
      body = await printer.print(definition, pageFooter, new Map());
    }
    return {
      raw: {
        body,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': contentDisposition('application/pdf', fileName),
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, no-store',
          'content-security-policy': "default-src 'none'; sandbox",
          // The fingerprint printed in the footer, for a client that records what it was given.
          'x-report-fingerprint': fingerprint,
        },
      },
    };
  } finally {
    // The worker is given back once its PDF is written (or it failed): kept warm for the next
    // print a while, or ended, and all it grew with it.
    taking?.then(
      (printer) => printer.close(),
      () => {},
    );
  }
}

/** The version an approved report's approval wrote and the one its revision replaces, for its print. */
async function liveVersions(db: DbOrTx, header: TreeRecord): Promise<PrintedVersion> {
  const own = await versionOfReport(db, String(header.values.id));
  const revisionOf = header.values.revisionOf;
  const replaced = typeof revisionOf === 'string' ? await versionOfReport(db, revisionOf) : undefined;
  return {
    version: own ? { number: own.number, sha256: own.sha256, signed: printedSignature(own) } : null,
    replaces: replaced
      ? { number: replaced.number, sha256: replaced.sha256, reportNumber: replaced.reportNumber }
      : null,
  };
}

export const reportPdfActions: Record<string, ActionHandler> = {
  /**
   * The report as a PDF (docs/report-of-record.md): one walk of its tree, laid out and hashed as
   * it is read; its images read one after another; printed in the reader's language.
   */
  'reportHeader.pdf': typedAction(
    { params: reportIdParams, query: reportPdfQuery },
    async ({ params, query, deps, user, request }) =>
      printReport(
        deps,
        user!,
        pdfWords[pdfLanguage(query.lang, request.headers['accept-language'])],
        // Outside the caller's company scope the report is not found: the walk's first step says so.
        walkReport(deps, params.id, callerScope(user!)),
        (header) => liveVersions(deps.db, header),
      ),
  ),
};
