import { execFileSync } from 'node:child_process';
import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { demoReportPath, openNavigation, readPdf, signInByApi, snap } from './fixtures.ts';

test.use({ actionTimeout: 15_000 });

/** A small two-colour PNG (the plant owner's new logo), made here rather than read from a file. */
function logoPng(size = 64): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, no interlace
  const rows = Array.from({ length: size }, (_, y) =>
    Buffer.concat([
      Buffer.from([0]),
      Buffer.from(
        Array.from({ length: size }, (_, x) => (x + y < size ? [11, 79, 108] : [240, 162, 2])).flat(),
      ),
    ]),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('the administrator sets the plant owner and its logo, and the report PDF’s cover names them', async ({
  page,
}, info) => {
  const session = await signInByApi(page);
  await openNavigation(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Plant owner' })
    .click();
  await expect(page.getByRole('heading', { name: 'Plant owner', level: 1 })).toBeVisible();

  // The demo's owner is set; the administrator gives its office's address and a new logo. The
  // name, city and region stay as they are (other journeys may read them).
  const ownerName = page.getByRole('textbox', { name: /Owner name/ });
  await expect(ownerName).toHaveValue('PT Kilang Nusantara Energi');
  const address = `Menara Energi lantai ${info.project.name.length + 10}, Jl. M.H. Thamrin No. 1`;
  const addressBox = page.getByRole('textbox', { name: /Address/ });
  await addressBox.fill(address);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^(Replace|Choose image for) Logo$/ }).click();
  await (await chooser).setFiles({ name: 'kilang-logo.png', mimeType: 'image/png', buffer: logoPng() });
  await expect(page.getByRole('img', { name: /Logo/ })).toBeVisible();
  await snap(page, `${info.project.name}-plant-owner`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Plant owner saved').first()).toBeVisible();

  // The demo report's PDF: its cover names the owner with the new address and carries both logos'
  // places; the location is by name.
  await page.goto(await demoReportPath(page, session));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF', exact: true }).click();
  const saved = await download;
  const pdf = await readPdf(saved, `${info.project.name}-plant-owner-cover`);
  const cover = pdf.slice(0, pdf.indexOf('Page 1 of'));
  for (const words of [
    'Plant owner',
    'PT Kilang Nusantara Energi',
    address,
    'Jakarta, DKI Jakarta',
    'Overall result',
  ])
    expect(cover).toContain(words);
  // The owner's logo is an image on the cover.
  const file = `${info.outputDir}/cover.pdf`;
  await saved.saveAs(file);
  const images = execFileSync('pdfimages', ['-list', '-f', '1', '-l', '1', file], { encoding: 'utf8' });
  expect(images.trim().split('\n').length).toBeGreaterThan(2);
});
