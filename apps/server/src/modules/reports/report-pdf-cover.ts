import { reportHeader } from '@inspectra/contract';
import type { reportApprovalSteps } from '../../db/schema/index.ts';
import type { TreeRecord } from '../../engine/report-tree.ts';
import type { PendingImage } from './report-pdf-layout.ts';
import { ValueWords } from './report-pdf-layout.ts';
import type { Content } from './report-pdf-types.ts';
import type { PdfWords } from './report-pdf-words.ts';
import { letterhead, overallResult } from './report-pdf-plant.ts';
import type { FiledCover } from './report-pdf-plant.ts';
import type { PrintedVersion } from './report-pdf-signature.ts';

/**
 * The approver's signature beside an approval, as it was when given (an image read with the
 * others), or nothing: a return is not signed, and an approver may have drawn none.
 */
function signatureCell(step: ApprovalStep | undefined, images: PendingImage[]): Content {
  if (step?.action !== 'approved' || !step.signatureKey || !step.signatureMediaType) return '';
  if (step.signatureMediaType !== 'image/png' && step.signatureMediaType !== 'image/jpeg') return '';
  const node: Record<string, unknown> = { text: '' };
  images.push({
    attachment: {
      id: `signature-${step.id}`,
      mediaType: step.signatureMediaType,
      storageKey: step.signatureKey,
      size: 0,
    },
    node,
    placeholder: { text: '' },
    box: signatureBox,
  });
  return node;
}

/**
 * The report-wide parts of a report's PDF (docs/report-of-record.md "Layout"): the cover, the
 * approval record with its history, and the footer on every page. The sections between them are
 * laid out from the declarations (report-pdf-layout.ts).
 */

export type ApprovalStep = Pick<
  typeof reportApprovalSteps.$inferSelect,
  | 'id'
  | 'level'
  | 'position'
  | 'actorFullName'
  | 'action'
  | 'comment'
  | 'at'
  | 'fromStatus'
  | 'toStatus'
  | 'signatureKey'
  | 'signatureMediaType'
>;

/** Where a signature is printed: small, as on a paper form. */
const signatureBox: [number, number] = [90, 34];

/** Who made the report and for which company, with the company's logo when one is stored. */
export type ReportAuthorship = {
  authorName: string | null;
  company: { name: string; logo: PendingImage | null } | null;
};

const named = (record: TreeRecord, key: string) => record.named[key]?.name ?? record.values[key];
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** A report's status in words, as its declaration's values read in the PDF's language. */
export function statusWord(words: PdfWords, status: unknown): string {
  return status ? words.labels.value(reportHeader, 'status', String(status)) : '';
}

/** The cover: number and title, then the facts a reader looks for first, and the company's logo. */
export function coverContent(
  words: PdfWords,
  header: TreeRecord,
  authorship: ReportAuthorship,
  printedAt: Date,
  printed: PrintedVersion,
  filed?: FiledCover,
): Content[] {
  const values = new ValueWords(words);
  const v = header.values;
  const equipment = header.named.equipmentNo?.record;
  const w = words.cover;
  const date = (value: unknown) => (value ? values.day(String(value)) : '');
  const facts: [string, string][] = [
    [w.reportNumber, text(v.reportNumber)],
    [w.reportTitle, text(v.title)],
    [w.workOrder, text(named(header, 'workOrderSPKId'))],
    [w.equipmentTag, text(equipment?.tagNumber ?? v.equipmentNo)],
    [w.equipmentDescription, text(equipment?.description)],
    // The location by its name (docs/report-pdf.md), its code only where the master has none.
    [w.location, text(filed?.locationName ?? v.location ?? equipment?.locationCode)],
    [w.inspectionMethod, text(named(header, 'inspectionMethod'))],
    [w.inspector, text(authorship.authorName)],
    [w.contractor, authorship.company?.name ?? w.ownersStaff],
    [w.actualStart, date(v.actualStartDate)],
    [w.actualCompleted, date(v.actualCompletedDate)],
    [w.status, statusWord(words, v.status)],
    ...(Number(v.revision) > 0
      ? ([
          [
            w.revision,
            `${text(v.revision)}${header.named.revisionOf ? ` · ${header.named.revisionOf.name}` : ''}`,
          ],
          ...(v.revisionReason ? [[w.revisionReason, text(v.revisionReason)]] : []),
          // A revision names the version it replaces, by number and fingerprint.
          ...(printed.replaces
            ? [
                [
                  w.replacesVersion,
                  w.replaces(printed.replaces.number, printed.replaces.reportNumber, printed.replaces.sha256),
                ],
              ]
            : []),
        ] as [string, string][])
      : []),
    [w.printedAt, values.moment(printedAt)],
  ];
  const shown = facts.filter(([, value]) => value.trim() !== '');
  const empty = facts.length - shown.length;
  return [
    // The plant owner's and the contractor's names and logos at the top (report-pdf-plant.ts).
    ...(filed ? [letterhead(words, filed, authorship.company)] : []),
    // A report an approved revision replaced says so under the letterhead, apart from its facts.
    ...supersededNotice(words, header),
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: words.documentTitle, style: 'kicker' },
            { text: text(v.reportNumber), style: 'title' },
            { text: text(v.title), style: 'subtitle' },
          ],
        },
        { width: 140, stack: authorship.company?.logo && !filed ? [authorship.company.logo.node] : [] },
      ],
      margin: [0, 0, 0, 16],
    },
    {
      table: {
        // No header row: lightHorizontalLines would draw a heavy rule under the first fact.
        headerRows: 0,
        widths: [150, '*'],
        body: shown.map(([label, value]) => [{ text: label, style: 'label' }, { text: value }]),
      },
      layout: 'lightHorizontalLines',
    },
    // As in every block of the report, a fact left empty is not printed and a line says so.
    ...(empty > 0 ? [{ text: words.filed.emptyFields(empty), style: 'emptyNote' }] : []),
    ...(filed ? overallResult(words, filed.results) : []),
  ];
}

/**
 * The approval record: each level of the report's path with the position, who decided, what, when
 * and why, in the current round (since the last submission); then every step of the history.
 */
export function approvalContent(
  words: PdfWords,
  header: TreeRecord,
  steps: readonly ApprovalStep[],
  images: PendingImage[] = [],
): Content[] {
  const a = words.approval;
  const values = new ValueWords(words);
  const out: Content[] = [{ text: a.title, style: 'section', pageBreak: 'before' }];
  const path = Array.isArray(header.values.approvalPath)
    ? (header.values.approvalPath as { level: number; position: string | null }[])
    : [];
  const lastSubmission = steps.findLastIndex((s) => s.action === 'submitted');
  const round = lastSubmission < 0 ? [] : steps.slice(lastSubmission);
  out.push({ text: a.path, style: 'groupTitle' });
  if (path.length === 0) out.push({ text: a.notSubmitted, style: 'note' });
  else
    out.push({
      table: {
        headerRows: 1,
        widths: ['auto', 'auto', 'auto', 'auto', 'auto', '*'],
        body: [
          [a.level, a.position, a.name, a.decision, a.signature, a.comment].map((t) => ({
            text: t,
            style: 'tableHeader',
          })),
          ...path.map((level) => {
            const decided = round.findLast(
              (s) => s.level === level.level && (s.action === 'approved' || s.action === 'returned'),
            );
            return [
              String(level.level),
              text(level.position ?? decided?.position),
              text(decided?.actorFullName),
              // The decision with its time under it: the table keeps room for names and signatures.
              decided
                ? {
                    stack: [
                      a.actions[decided.action] ?? decided.action,
                      { text: values.moment(decided.at), style: 'muted' },
                    ],
                  }
                : a.waiting,
              signatureCell(decided, images),
              text(decided?.comment),
            ];
          }),
        ],
      },
      layout: 'lightHorizontalLines',
    });
  out.push({ text: a.history, style: 'groupTitle' });
  if (steps.length === 0) out.push({ text: a.noHistory, style: 'note' });
  else
    out.push({
      table: {
        headerRows: 1,
        // Fixed widths: sized to their content, the step's words left the comment too narrow for
        // its own header.
        widths: [64, 128, 66, 72, '*'],
        body: [
          [a.date, a.action, a.level, a.by, a.comment].map((t) => ({ text: t, style: 'tableHeader' })),
          ...steps.map((s) => [
            values.moment(s.at),
            // A step that moves nothing (a verdict accepted) is named alone.
            s.fromStatus === s.toStatus
              ? (a.actions[s.action] ?? s.action)
              : `${a.actions[s.action] ?? s.action} (${a.moved(statusWord(words, s.fromStatus), statusWord(words, s.toStatus))})`,
            s.level === null ? '' : `${s.level}${s.position ? ` · ${s.position}` : ''}`,
            s.actorFullName,
            text(s.comment),
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
    });
  return out;
}

/**
 * The footer of every page as data (it crosses to the print's worker thread, where pdf-printer's
 * worker makes pdfmake's footer function of it): the lines on the left, the report, its version
 * (none yet: its status, "not a version") and its fingerprint; and "Page 3 of 12" as a template
 * of `{page}` and `{pages}` on the right.
 */
export type PdfFooter = {
  margin: [number, number, number, number];
  lines: Content[];
  pageOf: { template: string; style: string };
};

/** The footer of every page: the report, its version, its fingerprint, and "Page 3 of 12". */
export function footer(
  words: PdfWords,
  header: TreeRecord,
  fingerprint: string,
  printed: PrintedVersion,
): PdfFooter {
  const version = `${
    printed.version
      ? words.footer.version(printed.version.number)
      : words.footer.notVersioned(statusWord(words, header.values.status))
  }${supersededFooter(words, header)}`;
  return {
    margin: [40, 12, 40, 0],
    lines: [
      { text: `${text(header.values.reportNumber)} · ${version}`, style: 'footer' },
      { text: `${words.footer.fingerprint}: ${fingerprint}`, style: 'footerHash' },
    ],
    pageOf: { template: words.footer.page, style: 'footer' },
  };
}

/** "Superseded by RPT-7-R1": the revision that replaced the report, by its number (else its id). */
function supersededText(words: PdfWords, header: TreeRecord): string | null {
  const by = header.values.supersededBy;
  if (by === null || by === undefined || by === '') return null;
  const revision = header.named.supersededBy?.record;
  return words.supersededBy(text(revision?.reportNumber ?? by));
}

/** The cover's line for a superseded report: a framed line of its own above the title. */
function supersededNotice(words: PdfWords, header: TreeRecord): Content[] {
  const said = supersededText(words, header);
  return said
    ? [
        {
          table: { widths: ['*'], body: [[{ text: said, bold: true, color: '#a61e4d', fontSize: 12 }]] },
          margin: [0, 0, 0, 12],
        },
      ]
    : [];
}

/** The footer's words for a superseded report, after its version: " · Superseded by RPT-7-R1". */
function supersededFooter(words: PdfWords, header: TreeRecord): string {
  const said = supersededText(words, header);
  return said ? ` · ${said}` : '';
}

/** The document's styles: one place for the PDF's typography. */
export const pdfStyles = {
  kicker: { fontSize: 10, color: '#666666' },
  title: { fontSize: 22, bold: true, margin: [0, 2, 0, 2] },
  subtitle: { fontSize: 13, color: '#333333' },
  section: { fontSize: 16, bold: true, margin: [0, 0, 0, 8] },
  listTitle: { fontSize: 12, bold: true, margin: [0, 10, 0, 4] },
  recordTitle: { fontSize: 12, bold: true, margin: [0, 10, 0, 4] },
  groupTitle: { fontSize: 10, bold: true, color: '#1c3d5a', margin: [0, 6, 0, 2] },
  label: { color: '#555555' },
  longText: { margin: [0, 0, 0, 4] },
  tableHeader: { bold: true, color: '#333333' },
  rowsTable: { fontSize: 8, margin: [0, 0, 0, 6] },
  caption: { fontSize: 8, bold: true, margin: [0, 2, 0, 0] },
  muted: { fontSize: 8, color: '#666666' },
  note: { italics: true, color: '#555555', margin: [0, 2, 0, 6] },
  placeholder: { italics: true, color: '#a61e4d', margin: [0, 20, 0, 20] },
  hash: { fontSize: 6 },
  footer: { fontSize: 7, color: '#555555' },
  footerHash: { fontSize: 6, color: '#555555' },
  emptyNote: { fontSize: 7.5, italics: true, color: '#666666', margin: [0, 1, 0, 4] },
  ownerName: { fontSize: 11, bold: true },
  coverSmall: { fontSize: 8, color: '#444444' },
};
