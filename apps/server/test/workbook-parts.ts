/**
 * What a test reads of a workbook the server wrote, without exceljs's in-memory reader where it is
 * slow: it expands each list validation to every one of Excel's million rows.
 */
import JSZip from 'jszip';

/**
 * What a template holds, read from its XML: exceljs's reader would expand each validation into a
 * million cells and take seconds. Labels in order, the number of rows (the header's included), notes
 * and validations by label, the hidden lists.
 */
export async function templateParts(bytes: Buffer) {
  const zip = await JSZip.loadAsync(bytes);
  const text = (name: string) => zip.file(name)!.async('string');
  const decode = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const sheet = await text('xl/worksheets/sheet1.xml');
  const headerRow = /<row r="1"[^>]*>([\s\S]*?)<\/row>/.exec(sheet)![1]!;
  const byColumn = new Map(
    [...headerRow.matchAll(/<c r="([A-Z]+)1"[^>]*>[\s\S]*?<[tv]>([^<]*)<\/[tv]>/g)].map((m) => [
      m[1]!,
      decode(m[2]!),
    ]),
  );
  const labels = [...byColumn.values()];
  const rows = [...sheet.matchAll(/<row /g)].length;
  const notes = new Map<string, string>();
  const comments = (await zip.file('xl/comments1.xml')?.async('string')) ?? '';
  for (const m of comments.matchAll(/<comment ref="([A-Z]+)1"[^>]*>([\s\S]*?)<\/comment>/g)) {
    const words = [...m[2]!.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((t) => decode(t[1]!)).join('');
    notes.set(byColumn.get(m[1]!)!, words);
  }
  const validations = new Map<string, { formula: string; errorStyle: string }>();
  for (const m of sheet.matchAll(/<dataValidation ([^>]*)>[\s\S]*?<formula1>([^<]*)<\/formula1>/g)) {
    const sqref = /sqref="([A-Z]+)2:[A-Z]+1048576"/.exec(m[1]!)![1]!;
    const errorStyle = /errorStyle="(\w+)"/.exec(m[1]!)?.[1] ?? 'stop';
    validations.set(byColumn.get(sqref)!, { formula: decode(m[2]!), errorStyle });
  }
  const book = await text('xl/workbook.xml');
  const state = /<sheet [^>]*name="Lists"[^>]*state="(\w+)"/.exec(book)?.[1];
  const listXml = (await zip.file('xl/worksheets/sheet2.xml')?.async('string')) ?? '';
  const columns: string[][] = [];
  for (const m of listXml.matchAll(/<c r="([A-Z]+)\d+"[^>]*>[\s\S]*?<[tv]>([^<]*)<\/[tv]>/g)) {
    const index = m[1]!.charCodeAt(0) - 65;
    (columns[index] ??= []).push(decode(m[2]!));
  }
  return { labels, rows, notes, validations, lists: { state, columns } };
}

/**
 * The workbook without its validations: exceljs's in-memory reader expands each to every one of
 * Excel's million rows, which takes seconds per list. Tests that look at cells read this copy.
 */
export async function withoutValidations(file: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(file);
  for (const name of Object.keys(zip.files).filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))) {
    const xml = await zip.file(name)!.async('string');
    zip.file(name, xml.replace(/<dataValidations[\s\S]*?<\/dataValidations>/, ''));
  }
  return zip.generateAsync({ type: 'nodebuffer' });
}
