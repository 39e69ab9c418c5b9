import { deflateSync } from 'node:zlib';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/* A photo a journey takes (PNG bytes made here, no file on disk), and how a form is given photos. */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG of one colour shaded per pixel (`shade(x, y)`: 1 the colour, less darker), so each picture
 * a journey sends is told apart. A file for Playwright's `setFiles` (its `buffer` the bytes a journey
 * can compare with what the server kept).
 */
export function shadedPng(
  name: string,
  rgb: [number, number, number],
  shade: (x: number, y: number) => number,
  size: { width: number; height: number } = { width: 96, height: 72 },
) {
  const { width, height } = size;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const factor = shade(x, y);
      row[1 + x * 3] = Math.round(rgb[0] * factor);
      row[2 + x * 3] = Math.round(rgb[1] * factor);
      row[3 + x * 3] = Math.round(rgb[2] * factor);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

/** A small photo-like PNG: a colour with a diagonal band, so each thumbnail is told apart. */
export const photo = (name: string, rgb: [number, number, number]) =>
  shadedPng(name, rgb, (x, y) => (Math.abs(x - y - 12) < 8 ? 0.45 : 1));

/** Picks an option of a select by its label. */
export async function choose(page: Page, label: string, option: RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Adds photos through the gallery's picker and gives each its type, in order. */
export async function addPhotos(page: Page, files: ReturnType<typeof photo>[], types: RegExp[]) {
  const before = await page.getByRole('listitem', { name: /^Photo \d+ of \d+/ }).count();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose photos for Photos' }).click();
  await (await chooser).setFiles(files);
  const total = before + files.length;
  await expect(page.getByRole('listitem', { name: new RegExp(`^Photo \\d+ of ${total}`) })).toHaveCount(
    total,
  );
  for (const [i, type] of types.entries()) {
    const card = page.getByRole('listitem', { name: new RegExp(`^Photo ${before + i + 1} of ${total}`) });
    await card.getByRole('combobox', { name: 'Photo type' }).click();
    await page.getByRole('option', { name: type }).click();
  }
}
