import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect } from 'vitest';
import type { TestApp } from './helpers.ts';

/**
 * Every page's text, white space as single spaces. With PDF_DUMP_DIR set, each PDF read is also
 * written there, named by the test that printed it, so its pages can be turned into pictures and
 * looked at (`pdftoppm -png`).
 */
export async function pdfText(bytes: Buffer): Promise<{ pages: string[]; all: string }> {
  const dump = process.env.PDF_DUMP_DIR;
  if (dump) {
    const name = (expect.getState().currentTestName ?? 'pdf').replace(/[^\w-]+/g, '-').slice(0, 80);
    mkdirSync(dump, { recursive: true });
    writeFileSync(path.join(dump, `${name}-${randomUUID().slice(0, 6)}.pdf`), bytes);
  }
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    // pdfmake writes a line word by word, each with its trailing space: joined as they are, the
    // words of a line read as written ("RPT-7" broken after its hyphen included).
    const text = content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : ''))
      .join('');
    pages.push(text.replace(/\s+/g, ' ').trim());
  }
  await document.destroy();
  return { pages, all: pages.join('\n') };
}

/** A report's PDF as the administrator prints it, as text (`pdfText`), in the language given. */
export async function reportPdfText(
  t: Pick<TestApp, 'inject' | 'adminTokens'>,
  reportId: string,
  language = 'en',
): Promise<{ pages: string[]; all: string }> {
  const printed = await t.inject({
    method: 'GET',
    url: `/api/report-headers/${reportId}/pdf?lang=${language}`,
    headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
  });
  expect(printed.statusCode).toBe(200);
  return pdfText(printed.rawPayload);
}
