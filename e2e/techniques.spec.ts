import { expect, test } from '@playwright/test';
import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  apiLogin,
  closeNotices,
  demo,
  expectAccessible,
  expectTouchTargets,
  openSignedIn,
  snap,
} from './fixtures.ts';
import type { Session } from './fixtures.ts';
import { addPhotos, choose, photo } from './photo.ts';

/*
 * The screens generated from a technique's declaration, used as an inspector uses them on site: a
 * walkthrough on a pipeline report with typed photos, VCI on a pipe report grouped by feature, and
 * issue 24's three (UFD of a pressure vessel's welds, a SACP survey, PAUT joints), motion
 * magnification and flowrate's blank inspection on an upright tablet, where they are done in the
 * field (@field: run there alone, each screen photographed at the desktop's width too; the
 * generated screens on a desktop are the walkthrough's, VCI's, SRUT's and flowrate's journeys here
 * and thermal's). Each makes its own report, named with its project, so journeys never meet on
 * the shared server.
 */

const palette: [number, number, number][] = [
  [176, 120, 64],
  [90, 130, 170],
  [120, 160, 90],
  [200, 170, 60],
];

/**
 * A report on the demo work order, made through the API with the signed-in user's token (one
 * sign-in per test: the sign-in route is rate-limited), as an office planner would make it: its
 * equipment first in the asset master (category and object type by code), then the report on it.
 */
async function createReport(
  page: Page,
  session: Session,
  report: {
    reportNumber: string;
    title: string;
    equipmentCategory: string;
    objectType: string;
    inspectionMethod: string;
  },
): Promise<string> {
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const orders = await page.request.get('/api/work-order-spks', {
    headers,
    params: { search: demo.woNumber },
  });
  expect(orders.status(), await orders.text()).toBe(200);
  const workOrderSPKId = ((await orders.json()).data as { id: string }[])[0]!.id;
  const equipmentNo = `E2E-${report.reportNumber}`.slice(0, 60);
  const equipment = await page.request.post('/api/asset', {
    headers,
    data: {
      equipmentNo,
      tagNumber: equipmentNo,
      description: report.title,
      categoryCode: report.equipmentCategory,
      objectTypeCode: report.objectType,
    },
  });
  expect(equipment.status(), await equipment.text()).toBe(201);
  const created = await page.request.post('/api/report-headers', {
    headers,
    data: { workOrderSPKId, ...report, equipmentNo },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()).data as { id: string }).id;
}

/**
 * Signed in through the API (one sign-in per test: the sign-in route is rate-limited), a new report on
 * the demo work order made there, and opened in the browser.
 */
async function openNewReport(
  page: Page,
  info: TestInfo,
  report: {
    prefix: string;
    title: string;
    equipmentCategory: string;
    objectType: string;
    inspectionMethod: string;
  },
) {
  const stamp = `${info.project.name}-${Date.now().toString(36)}`;
  const session = await apiLogin(page);
  const { prefix, ...rest } = report;
  const reportNumber = `${prefix}-${stamp}`;
  const reportId = await createReport(page, session, { reportNumber, ...rest });
  await openSignedIn(page, session, `/reports/${reportId}`);
  return { session, reportId, reportNumber };
}

// Long journeys, each screen checked with axe and photographed: more than the default minute.
test.describe.configure({ timeout: 180_000 });

function shooter(page: Page, info: TestInfo) {
  return async (name: string) => {
    await expectAccessible(page, info, `techniques-${name}`);
    if (info.project.use.hasTouch) await expectTouchTargets(page, `techniques-${name}`);
    await snap(page, `${info.project.name}-techniques-${name}`);
  };
}

test('an inspector walks a pipeline: findings with typed photos, one corrected, a photo removed', async ({
  page,
}, info) => {
  const shot = shooter(page, info);
  const { reportNumber } = await openNewReport(page, info, {
    prefix: 'RPT-WT',
    title: 'Walkthrough of crude line PL-07',
    equipmentCategory: 'pipeline',
    objectType: 'PL-CRUDE',
    inspectionMethod: 'walkthrough',
  });
  await expect(page.getByRole('heading', { name: new RegExp(reportNumber) })).toBeVisible();
  await shot('report');

  // The report's equipment is a pipeline: the card opens the pipeline walkthrough directly.
  await page.getByRole('link', { name: 'Open for a pipeline · Walkthrough inspection' }).click();
  await expect(page.getByRole('heading', { name: 'Walkthrough inspection', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/variant=pipeline/);
  await expect(page.getByText('No inspection yet')).toBeVisible();
  await shot('walkthrough-empty');

  await page.getByRole('button', { name: 'New inspection' }).click();
  await page
    .getByRole('textbox', { name: /^Finding/ })
    .fill('Line walked from KP 12 to KP 14; supports and coating checked.');
  await shot('walkthrough-new-inspection');
  await page.getByRole('button', { name: 'Create inspection' }).click();
  await expect(page.getByRole('tab', { name: /^No\. 1 · / })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Walkthrough finding', level: 2 })).toBeVisible();

  const findings = [
    { area: 'KP 12.3 pipe support', condition: /^fair$/i, severity: /^medium$/i, photos: 2 },
    { area: 'KP 13.1 road crossing', condition: /^poor$/i, severity: /^high$/i, photos: 3 },
    { area: 'KP 13.8 flange leak', condition: /^bad$/i, severity: /^critical$/i, photos: 4 },
  ];
  const types = [/^overview$/i, /^close up$/i, /^support$/i, /^leak$/i];
  for (const [n, finding] of findings.entries()) {
    await page.getByRole('link', { name: 'Add walkthrough finding' }).click();
    await expect(page.getByRole('heading', { name: 'Add walkthrough finding', level: 1 })).toBeVisible();
    await page.getByLabel('Inspection area').fill(finding.area);
    await page.getByRole('textbox', { name: /^Finding/ }).fill(`Observed at ${finding.area}.`);
    await choose(page, 'Condition', finding.condition);
    await choose(page, 'Severity', finding.severity);
    const files = palette.slice(0, finding.photos).map((rgb, i) => photo(`F${n + 1}-${i + 1}.png`, rgb));
    await addPhotos(page, files, types.slice(0, finding.photos));
    await expect(page.getByText(`${finding.photos} of 20`)).toBeVisible();
    if (n === 2) {
      // The last photo goes first: the leak itself is what a reviewer should see first.
      await page.getByRole('button', { name: `Move Photo 4 of 4 earlier` }).click();
      await page.getByRole('button', { name: `Move Photo 3 of 4 earlier` }).click();
      await page.getByRole('button', { name: `Move Photo 2 of 4 earlier` }).click();
      await expect(page.getByRole('button', { name: 'Move Photo 1 of 4 later' })).toBeFocused();
      await expect(page.getByRole('listitem', { name: /^Photo 1 of 4: F3-4\.png/ })).toBeVisible();
      await shot('walkthrough-finding-new');
    }
    await page.getByRole('button', { name: 'Add walkthrough finding' }).click();
    await expect(page.getByRole('heading', { name: 'Walkthrough inspection', level: 1 })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(finding.area) });
    await expect(row).toContainText(`${finding.photos} photos`);
  }
  await expect(page.getByRole('row', { name: /KP 13\.8 flange leak/ })).toContainText(/critical/i);
  await shot('walkthrough-findings');

  // Correct the road crossing: its severity was overstated, and one photo is a duplicate.
  await page.getByRole('button', { name: 'Edit KP 13.1 road crossing' }).click();
  await expect(page.getByRole('heading', { name: 'Edit walkthrough finding', level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem', { name: /^Photo \d of 3/ })).toHaveCount(3);
  await expect(page.getByRole('listitem', { name: /^Photo 2 of 3/ }).getByRole('img')).toBeVisible();
  await shot('walkthrough-finding-edit');
  await choose(page, 'Severity', /^medium$/i);
  await page.getByRole('button', { name: 'Remove Photo 2 of 3' }).click();
  await expect(page.getByRole('listitem', { name: /^Photo \d of 2/ })).toHaveCount(2);
  await page
    .getByRole('listitem', { name: /^Photo 2 of 2/ })
    .getByLabel('Caption')
    .fill('Casing vent');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Walkthrough inspection', level: 1 })).toBeVisible();
  const corrected = page.getByRole('row', { name: /KP 13\.1 road crossing/ });
  await expect(corrected).toContainText('2 photos');
  await expect(corrected).toContainText(/medium/i);

  // Reopened, the photos are as saved: two left, the caption kept, in order.
  await page.getByRole('button', { name: 'Edit KP 13.1 road crossing' }).click();
  await expect(page.getByRole('listitem', { name: /^Photo \d of 2/ })).toHaveCount(2);
  await expect(page.getByRole('listitem', { name: /^Photo 2 of 2/ }).getByLabel('Caption')).toHaveValue(
    'Casing vent',
  );
  await page.getByRole('button', { name: 'View Photo 1 of 2 full size' }).click();
  await expect(page.getByRole('dialog').getByRole('img', { name: /overview/i })).toBeVisible();
  await shot('walkthrough-photo');
});

test('an inspector records VCI spots on a pipe and reads them by feature', async ({ page }, info) => {
  const shot = shooter(page, info);
  const { reportId } = await openNewReport(page, info, {
    prefix: 'RPT-VCI',
    title: 'VCI of pump discharge line P-201',
    equipmentCategory: 'pipe',
    objectType: 'PIPE-PROC',
    inspectionMethod: 'vci',
  });
  const card = page.getByRole('link', { name: 'Open for a pipe · Visual crack inspection' });
  await expect(card).toBeVisible();
  await card.click();
  await expect(page.getByRole('heading', { name: 'Visual crack inspection', level: 1 })).toBeVisible();
  await expect(page.getByText('No summaries yet')).toBeVisible();
  await shot('vci-empty');

  const spots = [
    { location: 'Elbow E-3, 6 o’clock', feature: /^crack$/i, severity: /^high$/i, spot: 'S-01', photos: 2 },
    { location: 'Weld W-12 toe', feature: /^crack$/i, severity: /^medium$/i, spot: 'S-02', photos: 0 },
    { location: 'Support shoe SS-4', feature: /^corrosion$/i, severity: /^low$/i, spot: 'S-03', photos: 0 },
  ];
  for (const s of spots) {
    await page.getByRole('link', { name: 'Add VCI summary' }).click();
    await page.getByLabel('Location').fill(s.location);
    await choose(page, 'Feature', s.feature);
    await choose(page, 'Severity', s.severity);
    await page.getByLabel('VCI spot number').fill(s.spot);
    if (s.photos > 0) {
      const files = palette.slice(0, s.photos).map((rgb, i) => photo(`${s.spot}-${i + 1}.png`, rgb));
      await addPhotos(page, files, [/^overview$/i, /^measurement$/i]);
      await shot('vci-summary-new');
    }
    await page.getByRole('button', { name: 'Add VCI summary' }).click();
    await expect(
      page.getByRole('row', { name: new RegExp(s.spot === 'S-01' ? 'Elbow E-3' : s.location) }),
    ).toBeVisible();
  }

  // Per feature: cracks first (2 spots, worst high), then corrosion (1 spot, low).
  const byFeature = page.getByRole('region', { name: 'Findings by feature' });
  const cracks = byFeature.getByRole('article').filter({ hasText: /crack/i });
  await expect(cracks).toContainText('2 spots');
  await expect(cracks).toContainText(/high/i);
  await expect(cracks.getByRole('link')).toHaveText([/S-01/, /S-02/]);
  const corrosion = byFeature.getByRole('article').filter({ hasText: /corrosion/i });
  await expect(corrosion).toContainText('1 spot');

  // The analysis text goes with the spots. The three "added" notices are closed first, as a user
  // does: they sit over the end of the form, and a pointer resting on one keeps it open.
  await page.getByLabel('Recommendation').fill('Grind out and MPI the elbow crack; recoat support shoe.');
  await closeNotices(page);
  await page.getByRole('button', { name: 'Save conclusions' }).click();
  await expect(page.getByText('Conclusions saved')).toBeVisible();
  await shot('vci-workspace');

  // Back on the report, the card counts the spots and shows the worst.
  await page.goto(`/reports/${reportId}`);
  await expect(page.getByText('3 entries')).toBeVisible();
  await shot('vci-report-card');
});

test('an inspector examines the welds of a pressure vessel by UFD: three indications, one rejected, with A-scans @field', async ({
  page,
}, info) => {
  const shot = shooter(page, info);
  const { reportId } = await openNewReport(page, info, {
    prefix: 'RPT-UFD',
    title: 'UFD of separator V-205 shell and nozzle welds',
    equipmentCategory: 'pressure-vessel',
    objectType: 'PV-DRUM',
    inspectionMethod: 'ufd',
  });
  await page
    .getByRole('link', { name: 'Open for a pressure vessel · Ultrasonic flaw detection (UFD)' })
    .click();
  await expect(
    page.getByRole('heading', { name: 'Ultrasonic flaw detection (UFD)', level: 1 }),
  ).toBeVisible();
  await expect(page).toHaveURL(/variant=pressure-vessel/);

  // The examination's set-up, section by section, as the inspector reads it off the procedure sheet.
  await page.getByRole('button', { name: 'New inspection' }).click();
  const procedure = page.getByRole('group', { name: 'Procedure', exact: true });
  await procedure.getByLabel('Procedure', { exact: true }).fill('UT-PRC-021 rev 2');
  await procedure.getByLabel('Acceptance code').fill('ASME VIII Div. 1 Appendix 12');
  await procedure.getByLabel('Scanning technique').fill('Angle beam, both sides of the weld');
  await procedure.getByLabel('Sensitivity level').fill('Reference level + 6 dB');
  const weld = page.getByRole('group', { name: 'Weld and material', exact: true });
  await weld.getByLabel('Job or joint').fill('Long seam L1, circ seam C2, nozzle N3');
  await weld.getByRole('textbox', { name: /^Material thickness/ }).fill('25');
  await weld.getByLabel('Weld preparation').fill('Single V');
  await weld.getByLabel('Welding process').fill('SMAW');
  await weld.getByLabel('Surface condition').fill('As welded, cap dressed');
  const equipment = page.getByRole('group', { name: 'Equipment', exact: true });
  await equipment.getByLabel('Flaw detector', { exact: true }).fill('Olympus EPOCH 650');
  await equipment.getByLabel('Flaw detector serial number').fill('E650-30114');
  await equipment.getByLabel('Calibration block').fill('IIW V1, DAC block 25 mm');
  await equipment.getByLabel('Couplant').fill('Cellulose paste');
  const probe = page.getByRole('group', { name: 'Probe', exact: true });
  await probe.getByLabel('Probe', { exact: true }).fill('4 MHz 60° angle beam');
  await probe.getByLabel('Probe serial number').fill('P60-2231');
  // The weld map goes with the examination, so a reviewer finds each indication on the vessel.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose image for Isometric' }).click();
  await (await chooser).setFiles(photo(`V-205 weld map ${info.project.name}.png`, [210, 210, 200]));
  await expect(page.getByRole('img', { name: /Isometric/ })).toBeVisible();
  await shot('ufd-new-inspection');
  await page.getByRole('button', { name: 'Create inspection' }).click();
  await expect(page.getByRole('heading', { name: 'UFD finding', level: 2 })).toBeVisible();
  await closeNotices(page);
  await shot('ufd-inspection');

  // Three indications through the form: two within the code, and a crack, rejected whatever its length.
  const findings = [
    {
      part: 'Long seam L1 at 350 mm',
      type: /^porosity$/i,
      length: '4',
      depth: '11',
      echo: '60',
      result: 'Accept',
      photos: [/^a-scan$/i],
    },
    {
      part: 'Circ seam C2 at 1200 mm',
      type: /^slag inclusion$/i,
      length: '5',
      depth: '14',
      echo: '90',
      result: 'Accept',
      photos: [],
    },
    {
      part: 'Nozzle N3 root at 9 o’clock',
      type: /^crack$/i,
      length: '12',
      depth: '22',
      echo: '140',
      result: 'Reject',
      photos: [/^a-scan$/i, /^marking$/i],
    },
  ];
  for (const [n, finding] of findings.entries()) {
    await page.getByRole('link', { name: 'Add UFD finding' }).click();
    await expect(page.getByRole('heading', { name: 'Add UFD finding', level: 1 })).toBeVisible();
    await page.getByLabel('Part examined').fill(finding.part);
    await choose(page, 'Result', new RegExp(`^${finding.result}$`, 'i'));
    const indication = page.getByRole('group', { name: 'Indication', exact: true });
    await choose(page, 'Indication type', finding.type);
    await indication.getByRole('textbox', { name: /^Length/ }).fill(finding.length);
    await indication.getByRole('textbox', { name: /^Depth/ }).fill(finding.depth);
    const signal = page.getByRole('group', { name: 'Signal', exact: true });
    await signal.getByRole('textbox', { name: /^Echo height/ }).fill(finding.echo);
    await signal.getByRole('textbox', { name: /^Probe angle/ }).fill('60');
    if (finding.photos.length > 0) {
      const files = palette
        .slice(0, finding.photos.length)
        .map((rgb, i) => photo(`UFD-${n + 1}-${i + 1}.png`, rgb));
      await addPhotos(page, files, finding.photos);
    }
    if (n === 2) {
      // The last finding's "added" notice would hide a field of the form in the photograph.
      await closeNotices(page);
      await shot('ufd-finding-new');
    }
    await page.getByRole('button', { name: 'Add UFD finding' }).click();
    await expect(page.getByRole('heading', { name: 'UFD finding', level: 2 })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(finding.part) });
    await expect(row).toContainText(finding.result);
    const count = finding.photos.length;
    await expect(row).toContainText(count === 1 ? '1 photo' : `${count} photos`);
  }
  // One rejected of three, the crack, by the inspector and by the acceptance code alike (a row
  // shows both results when there is room, and any "Reject" would be counted).
  await expect(page.getByRole('row').filter({ hasText: 'Reject' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Accept' })).toHaveCount(2);
  // Counted by the server under the table: two accepted, one rejected.
  await expect(page.getByLabel('3 entries, by grade:')).toHaveText(/Accept\s*2\s*Reject\s*1/);

  // The conclusions, in the Results section of the inspection's form under the findings.
  const results = page.getByRole('group', { name: 'Results', exact: true });
  await results
    .getByRole('textbox', { name: 'Finding', exact: true })
    .fill('L1 and C2: porosity and slag within Appendix 12. N3: a crack at the root, 12 mm: rejected.');
  await results
    .getByRole('textbox', { name: 'Recommendation', exact: true })
    .fill('Excavate and repair the N3 root; examine it again after the repair.');
  // The "added" notices sit over the end of the form: closed first, as a user does.
  await closeNotices(page);
  await page.getByRole('button', { name: 'Save conclusions' }).click();
  await expect(page.getByText('Conclusions saved')).toBeVisible();
  await closeNotices(page);
  await shot('ufd-findings');

  // Reopened, the rejected indication is as recorded: its echo, its type and its two photos.
  await page.getByRole('row', { name: /Nozzle N3 root/ }).click();
  await expect(page.getByRole('heading', { name: 'Edit UFD finding', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Echo height/ })).toHaveValue('140');
  await expect(page.getByRole('combobox', { name: 'Indication type' })).toHaveValue(/crack/i);
  await expect(page.getByRole('listitem', { name: /^Photo \d of 2/ })).toHaveCount(2);
  await shot('ufd-finding-edit');

  // On the report, the card counts the indications and shows the worst: rejected.
  await page.goto(`/reports/${reportId}`);
  // The count's badge and, beside it, the worst grade's.
  const figures = page.getByText('3 entries').locator('xpath=../..');
  await expect(figures).toContainText('Reject');
  await shot('ufd-report-card');
});

test('an inspector surveys cathodic protection along a pipeline and reads the profile @field', async ({
  page,
}, info) => {
  const shot = shooter(page, info);
  const { session, reportId } = await openNewReport(page, info, {
    prefix: 'RPT-CP',
    title: 'CP survey of crude line PL-07, KM 0–19',
    equipmentCategory: 'pipeline',
    objectType: 'PL-CRUDE',
    inspectionMethod: 'sacp',
  });
  await page.getByRole('link', { name: 'Open for a pipeline · SACP (cathodic protection)' }).click();
  // On the technique's page (the report's own heading names the method too).
  await expect(page).toHaveURL(/variant=pipeline/);
  await expect(
    page.getByRole('heading', { name: 'SACP (cathodic protection)', level: 1, exact: true }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'New inspection' }).click();
  await page.getByLabel('Criteria').fill('NACE SP0169');
  await page.getByLabel('Line or section').fill('PL-07, KM 0–19');
  await page.getByLabel('Reference electrode', { exact: true }).fill('Cu/CuSO₄ half cell');
  await page.getByRole('button', { name: 'Create inspection' }).click();
  await expect(page.getByRole('heading', { name: 'SACP measurement', level: 2 })).toBeVisible();

  // The first test point through the form, where it stands: the tablet gives its own position, and
  // every tap (a click, or focusing a box to type in it) is counted; typing into a box is not.
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ latitude: 1.6034722, longitude: 101.435, accuracy: 8 });
  await page.evaluate(() => {
    const counted = window as typeof window & { taps?: number };
    counted.taps = 0;
    window.addEventListener('pointerdown', () => (counted.taps = (counted.taps ?? 0) + 1), true);
  });
  const touch = info.project.use.hasTouch === true;
  const tap = (target: Locator) => (touch ? target.tap() : target.click());
  const typeInto = async (target: Locator, text: string) => {
    await tap(target);
    await page.keyboard.type(text);
  };
  await tap(page.getByRole('link', { name: 'Add SACP measurement' }));
  await typeInto(page.getByRole('textbox', { name: 'Test point' }), 'TP-00');
  await typeInto(page.getByRole('textbox', { name: /^Kilometre post/ }), '0');
  const position = page.getByRole('group', { name: 'Position' });
  await tap(position.getByRole('button', { name: 'Use this device’s position' }));
  await expect(position.getByRole('textbox', { name: 'Latitude' })).toHaveValue('1° 36′ 12.5″ N');
  await expect(position.getByRole('textbox', { name: 'Latitude' })).toHaveAccessibleDescription(
    '1° 36′ 12.5″ N · 1.603472°',
  );
  await expect(position.getByRole('textbox', { name: 'Longitude' })).toHaveValue('101° 26′ 6″ E');
  await expect(position).toContainText('From this device, ± 8 m');
  await typeInto(page.getByRole('textbox', { name: /^Potential \(ON\)/ }), '-1010');
  await typeInto(page.getByRole('textbox', { name: /^Instant-OFF potential/ }), '-905');
  await shot('sacp-point-form');
  await tap(page.getByRole('button', { name: 'Add SACP measurement' }));
  await expect(page.getByRole('row', { name: /TP-00/ })).toContainText(/protected/i);
  const taps = await page.evaluate(() => (window as typeof window & { taps?: number }).taps);
  info.annotations.push({ type: 'taps to record a test point', description: String(taps) });
  expect(taps, 'taps to record a test point').toBeLessThanOrEqual(8);

  // The other 19 points arrive from the survey sheet, as the field tablet's client sends them.
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const listed = await page.request.get('/api/sacp-inspection-pipeline/by-report', {
    headers,
    params: { reportHeaderId: reportId },
  });
  const inspectionId = ((await listed.json()).data as { id: string }[])[0]!.id;
  // The server holds the device's position in SPEC's keys, and reads it as one decimal value.
  const points = await page.request.get('/api/sacp-measurement-pipeline/by-inspection', {
    headers,
    params: { inspectionId },
  });
  expect((await points.json()).data).toEqual([
    expect.objectContaining({
      testPoint: 'TP-00',
      latitudeDegree: 1,
      latitudeMinutes: 36,
      latitudeSeconds: 12.5,
      latitudeHemisphere: 'N',
      longitudeDegree: 101,
      longitudeMinutes: 26,
      longitudeSeconds: 6,
      longitudeHemisphere: 'E',
      latitude: 1.603472,
      longitude: 101.435,
    }),
  ]);
  for (let km = 1; km < 20; km++) {
    const low = km === 7 || km === 8;
    const response = await page.request.post('/api/sacp-measurement-pipeline', {
      headers,
      multipart: {
        sacpInspectionId: inspectionId,
        measurementDate: new Date().toISOString().slice(0, 10),
        testPoint: `TP-${String(km).padStart(2, '0')}`,
        pkm: String(km),
        potential: String(low ? -880 : -1000 - (km % 4) * 15),
        potentialReading: String(low ? -790 - km : -900 - (km % 3) * 10),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await page.reload();
  const profile = page.getByRole('figure', {
    name: /Potential \(ON\), Instant-OFF potential along the Kilometre post/,
  });
  // Under the table, the points per grade counted by the server; the worst named under the chart.
  await expect(page.getByLabel('20 entries, by grade:')).toContainText(/Underprotected\s*2/);
  await expect(profile).toContainText('Worst: TP-07 (Underprotected)');
  await expect(profile.locator('.recharts-reference-line')).toHaveCount(2);
  await shot('sacp-profile');
});

test('an inspector records PAUT joints with their indications in a table, and confirms an overdue calibration @field', async ({
  page,
}, info) => {
  const shot = shooter(page, info);
  const { session, reportId } = await openNewReport(page, info, {
    prefix: 'RPT-PAUT',
    title: 'PAUT of girth welds, crude line PL-07',
    equipmentCategory: 'pipeline',
    objectType: 'PL-CRUDE',
    inspectionMethod: 'paut',
  });
  await page.getByRole('link', { name: 'Open for a pipeline · PAUT' }).click();
  // On the technique's page (the report's own heading names the method too).
  await expect(page).toHaveURL(/variant=pipeline/);
  await expect(page.getByRole('heading', { name: 'PAUT', level: 1, exact: true })).toBeVisible();

  // The instrument's calibration ran out last month: the inspector is asked before it is saved.
  await page.getByRole('button', { name: 'New inspection' }).click();
  await page.getByLabel('Code or acceptance criteria').fill('API 1104 §9');
  await page.getByRole('textbox', { name: 'Model', exact: true }).fill('OmniScan X3');
  const due = new Date(Date.now() - 30 * 86_400_000);
  const typed = `${due.getUTCDate()}/${due.getUTCMonth() + 1}/${due.getUTCFullYear()}`;
  await page.getByRole('textbox', { name: 'Calibration due' }).fill(typed);
  await page.keyboard.press('Tab');
  // The instrument's calibration certificate goes with the examination, as one of its files.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files for Additional files' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'OmniScan QC-0412 calibration.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  });
  const certificate = page.getByRole('listitem', { name: /^File 1 of 1/ });
  await certificate.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Calibration certificate' }).click();
  await shot('paut-additional-files');
  await page.getByRole('button', { name: 'Create inspection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Check this value before saving' });
  await expect(dialog).toContainText('calibration was due before the examination');
  await shot('paut-calibration-warning');
  await dialog.getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.getByRole('heading', { name: 'PAUT joint', level: 2 })).toBeVisible();
  await expect(
    page.getByRole('listitem', { name: /^File 1 of 1: OmniScan QC-0412 calibration\.pdf/ }),
  ).toBeVisible();

  // A joint and its indications, typed into the table; a depth below zero is refused in its cell.
  await page.getByRole('link', { name: 'Add PAUT joint' }).click();
  await page.getByRole('textbox', { name: 'Joint number' }).fill('J-12');
  // Its GPS position as a phone copies it, typed as one into the latitude: both boxes are filled,
  // kept in decimal degrees as PAUT's SPEC keys have it, and read back in both notations.
  const gps = page.getByRole('group', { name: 'Position' });
  await gps.getByRole('textbox', { name: 'Latitude' }).pressSequentially('-1.2345, 116.8');
  await gps.getByRole('textbox', { name: 'Latitude' }).blur();
  await expect(gps.getByRole('textbox', { name: 'Latitude' })).toHaveValue('-1.2345');
  await expect(gps.getByRole('textbox', { name: 'Longitude' })).toHaveValue('116.8');
  await expect(gps.getByRole('textbox', { name: 'Latitude' })).toHaveAccessibleDescription(
    '1° 14′ 4.2″ S · -1.234500°',
  );
  const spots = page.getByRole('table', { name: 'Indications' });
  const add = page.getByRole('button', { name: 'Add indication' });
  const rows = [
    { position: '120', length: '14', depth: '-2', type: /^lack of fusion$/i, result: /^reject$/i },
    { position: '410', length: '4', depth: '5', type: /^porosity$/i, result: /^accept$/i },
    { position: '655', length: '3', depth: '6.5', type: /^slag inclusion$/i, result: /^accept$/i },
  ];
  for (const [i, row] of rows.entries()) {
    await add.click();
    const n = i + 1;
    await spots.getByRole('textbox', { name: `Position, indication ${n}` }).fill(row.position);
    await spots.getByRole('textbox', { name: `Length, indication ${n}` }).fill(row.length);
    await spots.getByRole('textbox', { name: `Depth, indication ${n}` }).fill(row.depth);
    await spots.getByRole('combobox', { name: `Indication type, indication ${n}` }).click();
    await page.getByRole('option', { name: row.type }).click();
    await spots.getByRole('combobox', { name: `Result, indication ${n}` }).click();
    await page.getByRole('option', { name: row.result }).click();
  }
  await page.getByRole('button', { name: 'Add PAUT joint' }).click();
  await expect(spots.getByText('At least 0 mm')).toBeVisible();
  await expect(page.getByText('Check the marked entries.')).toBeVisible();
  await shot('paut-joint-refused');
  await spots.getByRole('textbox', { name: 'Depth, indication 1' }).fill('8.2');
  await page.getByRole('button', { name: 'Add PAUT joint' }).click();
  await expect(page.getByRole('row', { name: /J-12/ })).toContainText(/reject/i);

  // A second joint from the field tablet's client, its spots as SPEC's JSON text.
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const listed = await page.request.get('/api/paut-inspection-pipeline/by-report', {
    headers,
    params: { reportHeaderId: reportId },
  });
  const pautInspectionId = ((await listed.json()).data as { id: string }[])[0]!.id;
  const joints = await page.request.get('/api/paut-summary-pipeline/by-inspection', {
    headers,
    params: { inspectionId: pautInspectionId },
  });
  expect((await joints.json()).data).toEqual([
    expect.objectContaining({
      jointNumber: 'J-12',
      gpsCoordinateLatitude: -1.2345,
      gpsCoordinateLongitude: 116.8,
    }),
  ]);
  const second = await page.request.post('/api/paut-summary-pipeline', {
    headers,
    data: {
      pautInspectionId,
      measurementDate: new Date().toISOString().slice(0, 10),
      jointNumber: 'J-13',
      spotsJson: JSON.stringify([
        { position: 80, length: 2, depth: 4, type: 'porosity', result: 'accept' },
        { position: 300, length: 5, depth: 7, type: 'slagInclusion', result: 'accept' },
      ]),
    },
  });
  expect(second.status(), await second.text()).toBe(201);
  await page.reload();
  await expect(page.getByRole('row', { name: /J-13/ })).toContainText(/accept/i);
  // Scanned today with a calibration due last month: each joint says its scan was out of date.
  await expect(page.getByRole('row', { name: /J-13/ })).toContainText('Overdue');
  await shot('paut-joints');

  // Reopened, the joint's indications are rows again, as saved.
  await page.getByRole('row', { name: /J-12/ }).click();
  await expect(spots.getByRole('textbox', { name: 'Depth, indication 1' })).toHaveValue('8.2');
  await expect(spots.getByRole('row')).toHaveCount(4);
  // Worked out in the form from the inspection's due date and the joint's scan date.
  await expect(page.getByText('Calibration at scan')).toBeVisible();
  await shot('paut-joint-edit');
});

/**
 * A real WebM recorded in the page (Chromium has no files of its own to offer, and there is no
 * encoder on the machine): a canvas animated for about a second, captured and recorded.
 */
async function recordedWebm(page: Page, name: string) {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const context = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
    const parts: Blob[] = [];
    recorder.ondataavailable = (e) => parts.push(e.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(100);
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const draw = () => {
        const t = performance.now() - started;
        context.fillStyle = '#23384a';
        context.fillRect(0, 0, 160, 120);
        // A nozzle swaying, as the magnified video shows it.
        context.fillStyle = '#f0a020';
        context.fillRect(60 + 20 * Math.sin(t / 90), 40, 40, 40);
        if (t < 1200) requestAnimationFrame(draw);
        else resolve();
      };
      draw();
    });
    recorder.stop();
    await stopped;
    return [...new Uint8Array(await new Blob(parts).arrayBuffer())];
  });
  return { name, mimeType: 'video/webm', buffer: Buffer.from(bytes) };
}

test('an inspector records the motion of a pressure vessel: two camera positions, one with its magnified video, which plays and seeks @field', async ({
  page,
}, info) => {
  const shot = shooter(page, info);
  const { reportId } = await openNewReport(page, info, {
    prefix: 'RPT-MM',
    title: 'Motion magnification of separator V-310 and its nozzles',
    equipmentCategory: 'pressure-vessel',
    objectType: 'PV-DRUM',
    inspectionMethod: 'motionMagnification',
  });
  await page.getByRole('link', { name: 'Open for a pressure vessel · Motion magnification' }).click();
  await expect(page.getByRole('heading', { name: 'Motion magnification', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/variant=pressure-vessel/);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('heading', { name: 'Motion magnification summary', level: 2 })).toBeVisible();
  await closeNotices(page);
  await shot('mm-analysis');

  // The first camera position, with the magnified video, its deflection and spectrum, and a frame.
  const video = await recordedWebm(page, `V-310 north ${info.project.name}.webm`);
  const positions = [
    {
      area: 'North side, grade level, facing nozzle N2',
      hz: '24.5',
      velocity: '8.4',
      displacement: '110',
      grade: 'Acceptable',
      video: true,
    },
    {
      area: 'East platform, facing the inlet line support',
      hz: '24.5',
      velocity: '58',
      displacement: '750',
      grade: 'Correction needed',
      video: false,
    },
  ];
  for (const [n, position] of positions.entries()) {
    await page.getByRole('link', { name: 'Add motion magnification summary' }).click();
    await expect(
      page.getByRole('heading', { name: 'Add motion magnification summary', level: 1 }),
    ).toBeVisible();
    await page.getByLabel('Shooting area or camera direction').fill(position.area);
    await page.getByRole('textbox', { name: /^Dominant frequency/ }).fill(position.hz);
    await page.getByRole('textbox', { name: /^Velocity amplitude/ }).fill(position.velocity);
    await page.getByRole('textbox', { name: /^Displacement amplitude/ }).fill(position.displacement);
    if (position.video) {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choose video for Magnification video' }).click();
      await (await chooser).setFiles(video);
      await expect(page.getByRole('group', { name: 'Magnification video' })).toContainText(video.name);
      // Before saving, the chosen file plays from a blob: URL (the page's policy allows its own blob: media).
      const preview = page.getByRole('group', { name: 'Magnification video' }).locator('video');
      await expect(preview).toHaveAttribute('src', /^blob:/);
      const previewed = await preview.evaluate(async (element: HTMLVideoElement) => {
        const failed = () => new Error(`the preview did not play: MEDIA_ERR ${element.error?.code}`);
        // A refused source has failed already, before this runs; one still loading says so with `error`.
        if (element.error) throw failed();
        let timer = 0;
        const played = new Promise<void>((resolve, reject) => {
          timer = window.setTimeout(() => reject(failed()), 15_000);
          element.addEventListener('error', () => reject(failed()), { once: true });
          element.addEventListener('timeupdate', () => element.currentTime > 0 && resolve());
          element.muted = true;
          element.play().catch(reject);
        });
        try {
          await played;
        } finally {
          window.clearTimeout(timer);
          element.pause();
        }
        return {
          readyState: element.readyState,
          at: element.currentTime,
          error: (element.error as MediaError | null)?.code ?? null,
        };
      });
      expect(previewed.error).toBeNull();
      expect(previewed.readyState).toBeGreaterThan(0);
      expect(previewed.at).toBeGreaterThan(0);
      await shot('mm-summary-preview');
      for (const [slot, rgb] of [
        ['Deflection direction', palette[1]!],
        ['Motion intensity spectrum', palette[2]!],
      ] as const) {
        const picked = page.waitForEvent('filechooser');
        await page.getByRole('button', { name: `Choose image for ${slot}` }).click();
        await (await picked).setFiles(photo(`${slot}.png`, rgb));
      }
      await addPhotos(page, [photo('MM-frame-1.png', palette[0]!)], [/^magnified frame$/i]);
      await closeNotices(page);
      await shot('mm-summary-new');
    }
    await page.getByRole('button', { name: 'Add motion magnification summary' }).click();
    await expect(page.getByRole('heading', { name: 'Motion magnification summary', level: 2 })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(position.area) });
    await expect(row).toContainText(position.grade);
    // The camera position with its recording says so in the table.
    if (position.video) await expect(row).toContainText('Video');
    else await expect(row).not.toContainText('Video');
    if (n === 1) await closeNotices(page);
  }
  await shot('mm-summaries');

  // Reopened, the video plays from the server and seeks: the player asks for the parts it needs.
  await page.getByRole('row', { name: /North side/ }).click();
  await expect(
    page.getByRole('heading', { name: 'Edit motion magnification summary', level: 1 }),
  ).toBeVisible();
  const player = page.getByRole('group', { name: 'Magnification video' }).locator('video');
  await expect(player).toBeVisible();
  const played = await player.evaluate(async (element: HTMLVideoElement) => {
    if (element.readyState < 1)
      await new Promise((resolve, reject) => {
        element.addEventListener('loadedmetadata', resolve, { once: true });
        element.addEventListener('error', () => reject(new Error('the video did not load')), { once: true });
      });
    const duration = element.duration;
    const seeked = new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
    element.currentTime = 0.5;
    await seeked;
    return { duration, at: element.currentTime };
  });
  expect(played.duration).toBeGreaterThan(0);
  expect(played.at).toBeGreaterThan(0);
  await shot('mm-summary-edit');

  // On the report, the card counts the camera positions and shows the worst: correction needed.
  await page.goto(`/reports/${reportId}`);
  const figures = page.getByText('2 entries').locator('xpath=../..');
  await expect(figures).toContainText('Correction needed');
  await shot('mm-report-card');

  // The whole report: the video as a player with its name, the photos as thumbnails (fetched as
  // the reader scrolls to them).
  await page.goto(`/reports/${reportId}/whole`);
  await expect(page.getByText('Photos and documents')).toBeVisible();
  await page.getByText('Photos and documents').scrollIntoViewIfNeeded();
  const wholePlayer = page.getByLabel('Video: Magnification video');
  await expect(wholePlayer).toBeVisible();
  expect(await wholePlayer.evaluate((element) => element.tagName)).toBe('VIDEO');
  await expect(page.getByText(video.name)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Open Deflection direction full size/ })).toBeVisible();
  await shot('mm-whole-report');
});

test('an inspector scans a tank’s annular plate by SRUT: indications graded by the wall they leave, the located ones filtered, and a gallery of the work', async ({
  page,
}, info) => {
  const shot = shooter(page, info);
  const { session, reportId } = await openNewReport(page, info, {
    prefix: 'RPT-SRUT',
    title: 'SRUT of the annular plate of tank T-301',
    equipmentCategory: 'storage-tank',
    objectType: 'TK-FIXED',
    inspectionMethod: 'srut',
  });
  await page.getByRole('link', { name: 'Open for a storage tank · SRUT' }).click();
  await expect(page).toHaveURL(/variant=storage-tank/);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('heading', { name: 'SRUT summary', level: 2 })).toBeVisible();
  await closeNotices(page);

  // The thicknesses each indication is judged by: 12 mm as built, 6 mm required.
  const thickness = page.getByRole('group', { name: 'Thickness', exact: true });
  await thickness.getByRole('textbox', { name: /^Nominal thickness/ }).fill('12');
  await thickness.getByRole('textbox', { name: /^Minimum required thickness/ }).fill('6');
  await page.getByRole('button', { name: 'Save conclusions' }).click();
  await expect(page.getByText('Conclusions saved')).toBeVisible();
  await closeNotices(page);

  // Three scans: one shallow indication, one deep, one clean (no indication located).
  const scans = [
    { tag: 'A-01 0–30°', length: '1500', at: ['420', '35', '60', '12'], depth: '2.5', grade: 'Acceptable' },
    {
      tag: 'A-02 30–60°',
      length: '1500',
      at: ['910', '40', '85', '20'],
      depth: '7.2',
      grade: 'Below minimum',
    },
    { tag: 'A-03 60–90°', length: '1500', at: [], depth: '', grade: '' },
  ];
  const located = [
    'Indication location L',
    'Indication location H',
    'Indication dimension DL',
    'Indication dimension DH',
  ];
  for (const [n, scan] of scans.entries()) {
    await page.getByRole('link', { name: 'Add SRUT summary' }).click();
    await expect(page.getByRole('heading', { name: 'Add SRUT summary', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: /^Tag/ }).fill(scan.tag);
    await page.getByRole('textbox', { name: /^Scan length/ }).fill(scan.length);
    for (const [i, value] of scan.at.entries())
      await page.getByRole('textbox', { name: new RegExp(`^${located[i]}`) }).fill(value);
    if (scan.depth) await page.getByRole('textbox', { name: /^Estimated depth/ }).fill(scan.depth);
    if (n === 1) {
      await addPhotos(page, [photo('A-02 A-scan.png', palette[3]!)], [/^A-scan$/]);
      await closeNotices(page);
      await shot('srut-summary-new');
    }
    await page.getByRole('button', { name: 'Add SRUT summary' }).click();
    await expect(page.getByRole('heading', { name: 'SRUT summary', level: 2 })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(scan.tag) });
    if (scan.grade) await expect(row).toContainText(scan.grade);
    await closeNotices(page);
  }
  // 12 − 7.2 = 4.8 mm left, under the 6 mm required; counted by the server under the table.
  await expect(page.getByRole('row', { name: /A-02/ })).toContainText('4.8');
  await expect(page.getByLabel('3 entries, by grade:')).toHaveText(/Acceptable\s*1\s*Below minimum\s*1/);

  // Only the indications located and sized: the clean scan leaves the list.
  await page.getByRole('button', { name: /^Filters/ }).click();
  // By keyboard: the page's sticky header lies over the switch once scrolled to it.
  await page.getByRole('switch', { name: /^Only with Indication location L/ }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('row', { name: /A-03/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /A-0[12]/ })).toHaveCount(2);
  await shot('srut-summaries-located');

  // The general views: two in the browser, one more through the API; shown by category.
  const views = [
    { category: /^Overall view$/, caption: 'Tank T-301 from the north', rgb: palette[0]! },
    { category: /^Scan area$/, caption: 'Annular plate at 0°, probe on the projection', rgb: palette[1]! },
  ];
  for (const view of views) {
    await page.getByRole('link', { name: 'Add SRUT general view' }).click();
    await expect(page.getByRole('heading', { name: 'Add SRUT general view', level: 1 })).toBeVisible();
    await choose(page, 'Category', view.category);
    await page.getByRole('textbox', { name: /^Caption/ }).fill(view.caption);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose image for Image' }).click();
    await (await chooser).setFiles(photo(`${view.caption}.png`, view.rgb));
    await page.getByRole('button', { name: 'Add SRUT general view' }).click();
    await expect(page.getByRole('heading', { name: 'SRUT general view', level: 2 })).toBeVisible();
    await closeNotices(page);
  }
  const inspection = await page.request.get('/api/srut-inspection-storage-tank/by-report', {
    headers: { authorization: `Bearer ${session.accessToken}` },
    params: { reportHeaderId: reportId },
  });
  const srutInspectionId = ((await inspection.json()).data as { id: string }).id;
  const third = await page.request.post('/api/srut-general-view-storage-tank', {
    headers: { authorization: `Bearer ${session.accessToken}` },
    multipart: {
      srutInspectionId,
      category: 'scanArea',
      imageType: 'photo',
      displayName: 'Annular plate at 30°',
      imageFile: { name: 'at-30.png', mimeType: 'image/png', buffer: photo('at-30.png', palette[2]!).buffer },
    },
  });
  expect(third.status(), await third.text()).toBe(201);
  await page.reload();
  const overall = page.getByRole('region', { name: 'Overall view' });
  const scanArea = page.getByRole('region', { name: 'Scan area' });
  await expect(overall).toContainText('Tank T-301 from the north');
  await expect(scanArea).toContainText('(2)');
  await scanArea.scrollIntoViewIfNeeded();
  await shot('srut-gallery');
  await scanArea.getByRole('button', { name: 'Open Annular plate at 30° full size' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  // The whole report shows the general views as the same gallery, by category.
  await page.goto(`/reports/${reportId}/whole`);
  const wholeGallery = page.getByRole('region', { name: /^SRUT general view/ });
  await expect(wholeGallery.getByRole('heading', { name: 'Scan area (2)' })).toBeVisible();
  await wholeGallery.scrollIntoViewIfNeeded();
  await expect(wholeGallery.getByText('Annular plate at 30°')).toBeVisible();
  await shot('srut-whole-report');

  // On the report, the card shows the worst: below minimum.
  await page.goto(`/reports/${reportId}`);
  await expect(page.getByText('3 entries').locator('xpath=../..')).toContainText('Below minimum');
});

test('an inspector measures the flow of a pump in three attempts and of a line at its valves, each report its own class', async ({
  page,
}, info) => {
  const shot = shooter(page, info);
  const { session, reportId } = await openNewReport(page, info, {
    prefix: 'RPT-FR',
    title: 'Flow test of charge pump P-101A',
    equipmentCategory: 'rotating-equipment',
    objectType: 'RE-PUMP',
    inspectionMethod: 'flowrate',
  });
  await page.getByRole('link', { name: 'Open for a rotating equipment · Flowrate' }).click();
  await expect(page).toHaveURL(/variant=rotating-equipment/);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('heading', { name: 'Flowrate measurement', level: 2 })).toBeVisible();
  await closeNotices(page);

  // Three attempts, the valve opened further each time: the flows agree in both units.
  const attempts = [
    { n: '1', bpd: '12000', gpm: '350', suction: '12', discharge: '180' },
    { n: '2', bpd: '13700', gpm: '399.6', suction: '11', discharge: '172' },
    { n: '3', bpd: '15100', gpm: '440.4', suction: '10', discharge: '161' },
  ];
  for (const a of attempts) {
    await page.getByRole('link', { name: 'Add flowrate measurement' }).click();
    await expect(page.getByRole('heading', { name: 'Add flowrate measurement', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: /^Attempt/ }).fill(a.n);
    await page.getByRole('textbox', { name: /^Flowrate \(BPD\)/ }).fill(a.bpd);
    await page.getByRole('textbox', { name: /^Flowrate \(GPM\)/ }).fill(a.gpm);
    await page.getByRole('textbox', { name: /^Suction pressure/ }).fill(a.suction);
    await page.getByRole('textbox', { name: /^Discharge pressure/ }).fill(a.discharge);
    if (a.n === '3') await shot('flowrate-attempt-new');
    await page.getByRole('button', { name: 'Add flowrate measurement' }).click();
    await expect(page.getByRole('heading', { name: 'Flowrate measurement', level: 2 })).toBeVisible();
    await closeNotices(page);
  }
  // Differential pressure per attempt (discharge less suction), and the flow along the attempts.
  await expect(page.getByRole('row', { name: /^3\b/ }).first()).toContainText('151');
  const chart = page.getByRole('figure', { name: /along the Attempt/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('.recharts-line')).toHaveCount(1);
  await shot('flowrate-attempts');

  // A line on another report: its inspection made through SPEC's pipe call, its flows at two valves.
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const line = await createReport(page, session, {
    reportNumber: `RPT-FRP-${info.project.name}-${Date.now().toString(36)}`,
    title: 'Flow along the preheat line',
    equipmentCategory: 'pipe',
    objectType: 'PIPE-PROC',
    inspectionMethod: 'flowrate',
  });
  await page.goto(`/reports/${line}`);
  await page.getByRole('link', { name: 'Open for a pipe · Flowrate' }).click();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('heading', { name: 'Flowrate measurement pipe', level: 2 })).toBeVisible();
  await closeNotices(page);
  for (const [valve, flow] of [
    ['XV-1006 inlet', '14800'],
    ['XV-1012 outlet', '14650'],
  ]) {
    await page.getByRole('link', { name: 'Add flowrate measurement pipe' }).click();
    await page.getByRole('textbox', { name: /^Line valve/ }).fill(valve!);
    await page.getByRole('textbox', { name: /^Flow/ }).fill(flow!);
    await page.getByRole('button', { name: 'Add flowrate measurement pipe' }).click();
    await expect(page.getByRole('row', { name: new RegExp(valve!) })).toBeVisible();
    await closeNotices(page);
  }
  await shot('flowrate-pipe');
  // SPEC's one by-report call answers every class: each report holds the inspection of its own.
  for (const [report, variant] of [
    [line, 'pipe'],
    [reportId, 'rotating-equipment'],
  ]) {
    const listed = await page.request.get('/api/flowrate-inspection/by-report', {
      headers,
      params: { reportHeaderId: report! },
    });
    expect(((await listed.json()).data as { variant: string }[]).map((i) => i.variant)).toEqual([variant]);
  }
});

test('an inspector starts a pump’s flowrate inspection and leaves it blank: blanks read blank, nothing is judged @field', async ({
  page,
}, info) => {
  const shot = shooter(page, info);
  await openNewReport(page, info, {
    prefix: 'RPT-FRB',
    title: 'Flow test of booster pump P-305B, not yet run',
    equipmentCategory: 'rotating-equipment',
    objectType: 'RE-PUMP',
    inspectionMethod: 'flowrate',
  });
  await page.getByRole('link', { name: 'Open for a rotating equipment · Flowrate' }).click();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('heading', { name: 'Flowrate measurement', level: 2 })).toBeVisible();
  await closeNotices(page);
  // Nothing measured: no verdict, no 0 worked out of nothing, and the empty chart says so.
  const main = page.getByRole('main');
  await expect(main.getByText('No flow measured').first()).toBeVisible();
  await expect(main).not.toContainText(/\bAgree\b|0 gpm/);
  await expect(main.getByText('No attempt has a value yet.')).toBeVisible();

  // An attempt named by its label, as the hint promises, with nothing else entered.
  await page.getByRole('link', { name: 'Add flowrate measurement' }).click();
  await expect(page.getByRole('heading', { name: 'Add flowrate measurement', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Flowrate \(GPM\)/ })).toHaveValue('');
  await page.getByRole('textbox', { name: /^Attempt/ }).fill('Attempt 1');
  const workedOut = page.getByText('Worked out from what you entered').locator('..');
  await expect(workedOut).toContainText('No flow measured');
  await expect(workedOut).not.toContainText(/0 gpm|0 psi|Agree/);
  await shot('flowrate-blank-attempt');
  await page.getByRole('button', { name: 'Add flowrate measurement' }).click();
  await expect(page.getByRole('heading', { name: 'Flowrate measurement', level: 2 })).toBeVisible();
  await closeNotices(page);
  const row = page.getByRole('row', { name: /^1\b/ }).first();
  await expect(row).toContainText('No flow measured');
  await expect(row).not.toContainText(/0 gpm|Agree/);
  // The attempt without a flow is not drawn at 0: the chart still has nothing to draw.
  await expect(main.getByText('No attempt has a value yet.')).toBeVisible();
  await shot('flowrate-blank');
});
