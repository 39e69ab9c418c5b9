import type { reportVersions } from '../../db/schema/index.ts';
import type { Content } from './report-pdf-types.ts';
import type { PdfWords } from './report-pdf-words.ts';
import { reportKeyring } from './report-signing.ts';

/**
 * A version's signature as its PDF prints it (docs/report-signing.md): every fact the signed
 * statement binds, the key's id, its public key and the signature, so a printed report can be
 * checked offline without the server.
 */
export type PrintedSignature = {
  reportHeaderId: string;
  reportNumber: string;
  version: number;
  sha256: string;
  previousSha256: string | null;
  keyId: string | null;
  signature: string | null;
  /** From the keys the server holds outside the database; null for a key it does not hold. */
  publicKey: string | null;
};

/** Which version a print is: the version it is (or the report's, once approved) and the one it replaces. */
export type PrintedVersion = {
  version: { number: number; sha256: string; signed?: PrintedSignature } | null;
  replaces: { number: number; sha256: string; reportNumber: string } | null;
};

export function printedSignature(row: typeof reportVersions.$inferSelect): PrintedSignature {
  return {
    reportHeaderId: row.reportHeaderId,
    reportNumber: row.reportNumber,
    version: row.number,
    sha256: row.sha256,
    previousSha256: row.previousSha256,
    keyId: row.signingKeyId,
    signature: row.signature,
    publicKey: row.signingKeyId ? (reportKeyring().trusted.get(row.signingKeyId)?.publicKey ?? null) : null,
  };
}

/** The signature block after the approval record: one unbreakable table of label and value. */
export function signatureContent(words: PdfWords, signed: PrintedSignature | null | undefined): Content[] {
  if (!signed) return [];
  const w = words.signing;
  const line = (label: string, value: string) => [
    { text: label, bold: true, fontSize: 7 },
    { text: value, fontSize: 7, font: 'Roboto' },
  ];
  const rows = [
    line(w.reportId, signed.reportHeaderId),
    line(words.cover.reportNumber, signed.reportNumber),
    line(w.version, String(signed.version)),
    line(words.footer.fingerprint, signed.sha256),
    line(w.previous, signed.previousSha256 ?? w.none),
    ...(signed.signature && signed.keyId
      ? [
          line(w.keyId, signed.keyId),
          line(w.publicKey, signed.publicKey ?? '—'),
          line(w.signature, signed.signature),
        ]
      : []),
  ];
  return [
    {
      unbreakable: true,
      margin: [0, 16, 0, 0],
      stack: [
        { text: w.title, style: 'listTitle' },
        { text: signed.signature ? w.intro : w.unsigned, style: 'note' },
        { table: { widths: [110, '*'], body: rows }, layout: 'lightHorizontalLines' },
      ],
    },
  ];
}
