import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Every page's text, white space as single spaces. */
export async function pdfText(bytes: Buffer): Promise<{ pages: string[]; all: string }> {
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
