import type { Content } from './report-pdf-types.ts';

/**
 * Headings kept with what follows them (docs/report-pdf.md "Headings stay with what follows"): a
 * heading and the start of its content are one unbreakable stack, so no "Photos" title is left at
 * the foot of a page with its photos on the next. Plain data, as the document crosses to the print's
 * worker thread (no pdfmake callback).
 */

/** The rows of a table kept on the heading's page with it; the rest follows as a table of its own. */
const keptRows = 3;
/** A text longer than this is not held whole with its heading (a page might not hold it). */
const keptTextLength = 1200;

type Node = Record<string, unknown>;

/** A heading: kept with the block after it by `keepHeadingsWithNext`. */
export const heading = (node: Node): Node => ({ ...node, keepWithNext: true });

const isHeading = (block: Content): block is Node =>
  typeof block === 'object' && !Array.isArray(block) && block.keepWithNext === true;

const textLength = (block: Content): number => {
  if (typeof block === 'string') return block.length;
  if (Array.isArray(block)) return block.reduce((n: number, b) => n + textLength(b), 0);
  const text = block.text;
  return typeof text === 'string' ? text.length : Array.isArray(text) ? textLength(text as Content[]) : 0;
};

/**
 * A block as its first part (held with a heading) and the rest, or undefined when it is not held:
 * a table whose columns have fixed or shared widths is split after its first rows (tables sized to
 * their content would not line up once split, so they are held whole when short); a text is held
 * whole when short.
 */
function split(block: Content): [Content, Content | undefined] | undefined {
  if (typeof block !== 'object' || Array.isArray(block))
    return textLength(block) <= keptTextLength ? [block, undefined] : undefined;
  const table = block.table as { body: Content[][]; widths?: unknown[]; headerRows?: number } | undefined;
  if (!table) {
    if (Array.isArray(block.stack) || block.image || block.svg || block.columns) return [block, undefined];
    return textLength(block) <= keptTextLength ? [block, undefined] : undefined;
  }
  const header = table.headerRows ?? 0;
  if (table.body.length <= header + keptRows * 2) return [block, undefined];
  const fitted = (table.widths ?? []).some((w) => w === 'auto');
  if (fitted || header > 0) return table.body.length <= 12 ? [block, undefined] : undefined;
  return [
    { ...block, table: { ...table, body: table.body.slice(0, keptRows) }, margin: [0, 0, 0, 0] },
    { ...block, table: { ...table, body: table.body.slice(keptRows) } },
  ];
}

/** The blocks with each run of headings held with the start of the block that follows them. */
export function keepHeadingsWithNext(blocks: Content[]): Content[] {
  const out: Content[] = [];
  let headings: Node[] = [];
  for (const block of blocks) {
    if (isHeading(block)) {
      const { keepWithNext: _kept, ...node } = block;
      headings.push(node);
      continue;
    }
    if (headings.length === 0) {
      out.push(block);
      continue;
    }
    const parts = split(block);
    if (parts) {
      out.push({ stack: [...headings, parts[0]], unbreakable: true });
      if (parts[1]) out.push(parts[1]);
    } else out.push(...headings, block);
    headings = [];
  }
  out.push(...headings);
  return out;
}
