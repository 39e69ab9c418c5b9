import { expect, test } from '@playwright/test';
import {
  apiLogin,
  demoReportPath,
  expectAccessible,
  openNavigation,
  openSignedIn,
  snap,
} from './fixtures.ts';

/** A small, real PDF: the server and the browser judge files by their first bytes. */
const pdfBytes = (title: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n% ${title}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  );

test('an inspector attaches a supporting PDF to a report, sees it listed and downloads it', async ({
  page,
}, info) => {
  const shot = async (name: string) => {
    await expectAccessible(page, info, name);
    await snap(page, `${info.project.name}-${name}`);
  };
  const fileName = `Procedure PRC-TH-07 ${info.project.name}.pdf`;
  // The report's documents have their own screen under the report.
  const session = await apiLogin(page);
  await openSignedIn(page, session, `${await demoReportPath(page, session)}/documents`);
  await expect(page.getByRole('heading', { name: 'Supporting documents', level: 1 })).toBeVisible();
  await shot('documents-empty');

  // A text file named .pdf is refused in the browser, before any upload.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (
    await chooser
  ).setFiles([
    { name: fileName, mimeType: 'application/pdf', buffer: pdfBytes('procedure') },
    { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Site notes, not a PDF.') },
  ]);
  const refused = page.getByRole('listitem').filter({ hasText: 'notes.pdf' });
  await expect(refused).toContainText('notes.pdf is not a PDF, Word, Excel, PNG, JPEG, TIFF or DWG file.');
  await expect(page.getByRole('listitem').filter({ hasText: fileName })).toContainText('Ready');

  await page.getByRole('combobox', { name: /Document type/ }).click();
  await page.getByRole('option', { name: 'Procedure' }).click();
  await page.getByLabel('Description').fill('Thermography procedure used on site');
  await shot('documents-upload');
  await page.getByRole('button', { name: 'Upload 1 file' }).click();

  const row = page.getByRole('row', { name: new RegExp(fileName) });
  await expect(row).toContainText('Procedure');
  await expect(row).toContainText('Thermography procedure used on site');
  await expect(row).toContainText(`by `);
  await page.getByRole('button', { name: 'Remove notes.pdf from the list' }).click();
  await shot('documents-listed');

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${fileName}` }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(fileName);
  const bytes = await saved.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});

test('an inspector finds equipment on the NDT list and downloads its isometric', async ({ page }, info) => {
  const shot = async (name: string) => {
    await expectAccessible(page, info, name);
    await snap(page, `${info.project.name}-${name}`);
  };
  // One equipment per project: the projects share a server.
  const equipmentNo = `E2E-NDT-${info.project.name}`;
  const drawingName = `ISO ${equipmentNo} rev B.pdf`;
  const session = await apiLogin(page);
  const headers = { Authorization: `Bearer ${session.accessToken}` };
  // The register names the asset master's equipment (issue 22): the master has it first.
  const inMaster = await page.request.post('/api/asset', {
    headers,
    data: {
      equipmentNo,
      tagNumber: equipmentNo,
      description: 'Crude transfer pump discharge line',
      categoryCode: 'pipe',
      objectTypeCode: 'PIPE-PROC',
    },
  });
  expect(inMaster.status(), await inMaster.text()).toBe(201);
  const created = await page.request.post('/api/ndt-equipment-list', {
    headers,
    data: {
      equipmentNo,
      tagNumber: 'P-101A',
      description: 'Crude transfer pump discharge line',
      objectType: 'PIPE',
      location: 'Tank farm 2',
    },
  });
  expect(created.status()).toBe(201);
  const equipmentId = ((await created.json()) as { data: { id: string } }).data.id;
  const uploaded = await page.request.post('/api/ndt-equipment-list/isometrics', {
    headers,
    multipart: {
      ndtEquipmentId: equipmentId,
      fileName: drawingName,
      drawingNumber: 'ISO-2210',
      revision: 'B',
      drawing: { name: 'iso.pdf', mimeType: 'application/pdf', buffer: pdfBytes('isometric') },
    },
  });
  expect(uploaded.status()).toBe(201);

  await openSignedIn(page, session);
  await expect(page.getByRole('heading', { name: /Good to see you/ })).toBeVisible();
  await openNavigation(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'NDT equipment' })
    .click();
  await expect(page.getByRole('heading', { name: 'NDT equipment', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(equipmentNo);
  const row = page.getByRole('row', { name: `Open equipment ${equipmentNo}` });
  await expect(row).toContainText('1 drawing');
  await expect(page.getByRole('row')).toHaveCount(2);
  await shot('ndt-list');

  await row.getByRole('cell', { name: new RegExp(equipmentNo) }).click();
  const drawer = page.getByRole('dialog', { name: `Equipment ${equipmentNo}` });
  await expect(drawer.getByText(drawingName)).toBeVisible();
  await expect(drawer).toContainText('Drawing ISO-2210 · rev. B');
  await shot('ndt-equipment');

  const download = page.waitForEvent('download');
  await drawer.getByRole('button', { name: `Download ${drawingName}` }).click();
  expect((await download).suggestedFilename()).toBe(drawingName);

  // A second sheet from the tablet: its name is made safe for downloading by default.
  const chooser = page.waitForEvent('filechooser');
  await drawer.getByRole('button', { name: /Drawing/ }).click();
  await (
    await chooser
  ).setFiles({
    name: `Iso sheet#2 ${info.project.name}.pdf`,
    mimeType: 'application/pdf',
    buffer: pdfBytes('sheet 2'),
  });
  // File names are unique across the list: one per project.
  const sheetName = `Iso sheet_2 ${info.project.name}.pdf`;
  await expect(drawer.getByLabel(/File name/)).toHaveValue(sheetName);
  await drawer.getByLabel('Revision').fill('B');
  await drawer.getByRole('button', { name: 'Upload drawing' }).click();
  await expect(drawer.getByText(sheetName)).toBeVisible();
  await expect(row).toContainText('2 drawings');
});
