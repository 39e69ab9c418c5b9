/**
 * `npm run bench:pdf`: the report of record's budget (issue 23, "Performance and bad input"): a report
 * with 3 techniques, 200 rows and 60 photos prints in ≤ 3 s with ≤ 150 MiB above the server's idle
 * memory. The built server is started as `npm start` starts it, on a new database (a new PGlite data
 * directory, or a new PostgreSQL database); the report is created through the API as the web creates
 * it: a thermal analysis with 100 measurements (15 with a thermal and a visual photo), a VCI analysis
 * (pipe) with 50 spots (5 with 3 photos) and a walkthrough inspection (pipeline) with 50 findings
 * (5 with 3 photos). The photos are camera-like JPEGs (2560 × 1920 at quality 0.85, as the web
 * uploads them after shrinking; 180–360 KiB), encoded by Chromium's canvas. Then
 * `GET /report-headers/{id}/pdf` is downloaded once to warm up and `--runs` times measured: the time
 * to the last byte (p50 and max), the PDF's size and pages, and the server's RSS from
 * /proc/<pid>/status: idle before the warm-up, and the peak during each download (VmRSS sampled
 * every 25 ms, and VmHWM reset before each download). Not part of `npm test`: the figures depend on
 * the machine.
 *
 *   npm run bench:pdf                      PGlite, one warm-up and 5 measured downloads
 *   npm run bench:pdf -- --runs 10         measured downloads after the warm-up
 *   npm run bench:pdf -- --db postgres     a new database on BENCH_DATABASE_URL's server, dropped after
 *   npm run bench:pdf -- --lang id         the print in Bahasa Indonesia
 *   npm run bench:pdf -- --json out.json   also write the figures here
 *
 * The figures are written to bench/results/report-pdf-<db>-<time>.json.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findingSeverityLevels, vciFeatures, walkthroughConditions } from '@inspectra/contract';
import { chromium } from '@playwright/test';
import pg from 'pg';
import { freePort, signIn, startBuiltServer } from './built-server.ts';
import type { BuiltServer } from './built-server.ts';
import { benchAdmin, percentiles } from './engine-scenarios.ts';
import { peakRss, resetPeakRss } from './process-memory.ts';

const { values: options } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    runs: { type: 'string', default: '5' },
    lang: { type: 'string', default: 'en' },
    port: { type: 'string' },
    json: { type: 'string' },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number of 1 or more');
if (options.db !== 'pglite' && options.db !== 'postgres') throw new Error('--db must be pglite or postgres');
if (options.db === 'postgres' && !process.env.BENCH_DATABASE_URL)
  throw new Error('--db postgres needs BENCH_DATABASE_URL=postgres://user@host:port/database');

/** Issue 23's budget for this report. */
const budget = { seconds: 3, mibAboveIdle: 150 };
/** The report: rows per technique and the rows photographed, with how many photos each. */
const shape = {
  thermal: { rows: 100, photographed: 15, photosEach: 2 },
  vci: { rows: 50, photographed: 5, photosEach: 3 },
  walkthrough: { rows: 50, photographed: 5, photosEach: 3 },
};
const photoCount = Object.values(shape).reduce((n, s) => n + s.photographed * s.photosEach, 0);

const repo = path.resolve(import.meta.dirname, '..');
const mib = (bytes: number) => bytes / 1024 / 1024;
const cleanUp: (() => void | Promise<void>)[] = [];

/**
 * Camera-like photos: a few scenes drawn on a canvas (a sky-to-ground gradient, pipes and vessels as
 * shapes, sensor noise) encoded as JPEG by Chromium, then told apart by a comment segment, so every
 * upload is a file of its own. Made before the server starts, so the browser is gone when it is measured.
 */
async function cameraPhotos(count: number): Promise<Buffer[]> {
  const scenes = 6;
  const browser = await chromium.launch({
    // The browser, else its headless shell (what CI installs), as the journeys choose.
    executablePath:
      process.env.CHROMIUM_PATH ??
      (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : '/usr/bin/chromium-headless-shell'),
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    // Sent as text: the function a bundler compiles may name helpers the page does not have.
    const encoded = await page.evaluate<string[]>(`(async ({ scenes, width, height }) => {
      const out = [];
      for (let k = 0; k < scenes; k++) {
        const canvas = new OffscreenCanvas(width, height);
        const g = canvas.getContext('2d');
        let seed = k * 7919 + 1;
        const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
        const ground = g.createLinearGradient(0, 0, 0, height);
        ground.addColorStop(0, 'hsl(' + (200 + k * 8) + ',40%,72%)');
        ground.addColorStop(1, 'hsl(' + (30 + k * 4) + ',20%,42%)');
        g.fillStyle = ground;
        g.fillRect(0, 0, width, height);
        for (let i = 0; i < 60; i++) {
          g.fillStyle = 'hsl(' + random() * 360 + ',' + (15 + random() * 30) + '%,' + (25 + random() * 50) + '%)';
          if (random() < 0.5) g.fillRect(random() * width, random() * height, random() * width * 0.4, random() * height * 0.1);
          else { g.beginPath(); g.arc(random() * width, random() * height, random() * height * 0.15, 0, 7); g.fill(); }
        }
        const noise = 4 + k * 0.8;
        const image = g.getImageData(0, 0, width, height);
        const d = image.data;
        for (let i = 0; i < d.length; i += 4) {
          const n = (random() - 0.5) * noise;
          d[i] += n; d[i + 1] += n; d[i + 2] += n;
        }
        g.putImageData(image, 0, 0);
        const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let text = '';
        for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        out.push(btoa(text));
      }
      return out;
    })(${JSON.stringify({ scenes, width: 2560, height: 1920 })})`);
    const bases = encoded.map((b64) => Buffer.from(b64, 'base64'));
    return Array.from({ length: count }, (_, i) => withComment(bases[i % scenes]!, `bench photo ${i + 1}`));
  } finally {
    await browser.close();
  }
}

/** The JPEG with a comment segment (COM) after its JFIF header. */
function withComment(jpeg: Buffer, text: string): Buffer {
  const app0 = jpeg[2] === 0xff && jpeg[3] === 0xe0 ? 2 + jpeg.readUInt16BE(4) : 0;
  const at = 2 + app0;
  const comment = Buffer.from(text, 'latin1');
  const marker = Buffer.alloc(4);
  marker.writeUInt16BE(0xfffe, 0);
  marker.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, at), marker, comment, jpeg.subarray(at)]);
}

/** A new database on BENCH_DATABASE_URL's server, dropped when the run ends. */
async function freshPostgres(stamp: string): Promise<string> {
  const base = new URL(process.env.BENCH_DATABASE_URL!);
  const name = `inspectra_bench_pdf_${stamp.toLowerCase()}`;
  const admin = new pg.Client({ connectionString: base.href });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanUp.push(async () => {
    const client = new pg.Client({ connectionString: base.href });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = new URL(base.href);
  url.pathname = `/${name}`;
  return url.href;
}

type Api = <T = Record<string, unknown>>(method: string, url: string, body?: unknown) => Promise<T>;

function apiOf(server: BuiltServer, token: string): Api {
  return async <T>(method: string, url: string, body?: unknown) => {
    const form = body instanceof FormData;
    const res = await fetch(`${server.origin}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  };
}

/** A multipart body as the web sends it: the fields as text, each photo as a file part. */
function formOf(fields: Record<string, unknown>, files: [string, Buffer, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const [name, bytes, fileName] of files)
    form.append(name, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), fileName);
  return form;
}

const pick = <T>(values: readonly T[], i: number) => values[i % values.length]!;
const day = (i: number) => `2026-11-${String(1 + (i % 28)).padStart(2, '0')}`;
const remark =
  'Checked under normal operating load with the panel door open; readings repeated after ten minutes ' +
  'and found stable. Surroundings clear, no moisture, labels legible.';

/** Creates the report through the API; answers its id and what it holds. */
async function createReport(api: Api, photos: Buffer[]) {
  const suffix = Date.now().toString(36).toUpperCase();
  let photo = 0;
  const nextPhotos = (name: string, n: number): [string, Buffer, string][] =>
    Array.from({ length: n }, () => [name, photos[photo]!, `IMG_${String(++photo).padStart(4, '0')}.jpg`]);

  const workOrder = await api('POST', '/api/work-order-spks', {
    woNumber: `WO-PDF-${suffix}`,
    title: 'Unit 12 annual thermography, VCI and walkthrough survey',
  });
  const equipment = await api('POST', '/api/asset', {
    equipmentNo: `EQ-PDF-${suffix}`,
    tagNumber: `LP-12A-${suffix}`,
    description: 'Lighting panel',
    categoryCode: 'electrical',
    objectTypeCode: 'EL-PANEL',
  });
  const report = await api<{ id: string; reportNumber: string }>('POST', '/api/report-headers', {
    workOrderSPKId: workOrder.id,
    reportNumber: `RPT-PDF-${suffix}`,
    title: 'Unit 12 survey',
    equipmentNo: equipment.equipmentNo,
    inspectionMethod: 'thermal',
  });
  const reportHeaderId = report.id;

  const analysis = await api('POST', '/api/thermal-analysis', {
    reportHeaderId,
    summary: 'Twelve feeders of the panel surveyed; two hot spots found on phase R lugs.',
  });
  for (let i = 0; i < shape.thermal.rows; i++) {
    const values = {
      thermalAnalysisId: analysis.id,
      date: day(i),
      component: `Feeder ${1 + (i % 12)} phase ${pick(['R', 'S', 'T'], i)} lug`,
      location: `Panel LP-12A, compartment ${1 + (i % 6)}`,
      maxTemperatureC: 38 + ((i * 7) % 55),
      referenceTemperatureC: 36 + (i % 5),
      ambientTemperatureC: 31,
      emissivity: 0.95,
      loadPercent: 60 + (i % 35),
      distanceM: 1.5,
      remarks: remark,
      recommendation: 'Retorque the lug at the next shutdown and survey again.',
    };
    const photographed = i < shape.thermal.photographed;
    await api(
      'POST',
      '/api/thermal-measurements',
      photographed
        ? formOf(values, [...nextPhotos('thermalImage', 1), ...nextPhotos('visualImage', 1)])
        : values,
    );
  }

  /** Rows of an image list's owner (VCI spots, walkthrough findings), the first ones with typed photos. */
  const addRows = async (
    url: string,
    of: (typeof shape)['vci'],
    imageTypes: string[],
    valuesOf: (i: number) => Record<string, unknown>,
  ) => {
    const described = imageTypes.slice(0, of.photosEach).map((imageType, file) => ({ file, imageType }));
    for (let i = 0; i < of.rows; i++) {
      const values = valuesOf(i);
      await api(
        'POST',
        url,
        i < of.photographed
          ? formOf(
              { ...values, summaryImages: JSON.stringify(described) },
              nextPhotos('summaryImages', of.photosEach),
            )
          : { ...values, summaryImages: [] },
      );
    }
  };

  const vci = await api('GET', `/api/vci-analysis-pipe/by-report?reportHeaderId=${reportHeaderId}`);
  await addRows('/api/vci-summary-pipe', shape.vci, ['overview', 'closeUp', 'measurement'], (i) => ({
    vciAnalysisId: vci.id,
    measurementDate: day(i),
    location: `Rack ${1 + (i % 8)}, ${pick(['north', 'south', 'east', 'west'], i)} side`,
    segmentPipingNumber: `12-P-${1000 + i}`,
    feature: pick(vciFeatures, i),
    vciSpotNumber: `S-${i + 1}`,
    severity: pick(findingSeverityLevels, i),
    remarks: remark,
  }));

  const walk = await api(
    'POST',
    '/api/walkthrough-inspection-pipeline',
    formOf({ reportHeaderId, inspectionDate: '2026-11-10' }, []),
  );
  await addRows(
    '/api/walkthrough-summary-pipeline',
    shape.walkthrough,
    ['overview', 'support', 'coating'],
    (i) => ({
      walkthroughInspectionId: walk.id,
      inspectionDate: day(i),
      inspectionArea: `KP ${(12 + i * 0.1).toFixed(1)} pipe support`,
      finding: 'Support shoe displaced by about 20 mm; coating chipped at the contact point.',
      condition: pick(walkthroughConditions, i),
      severity: pick(findingSeverityLevels, i),
      recommendation: 'Reset the shoe and repair the coating.',
      remarks: remark,
    }),
  );
  return { id: reportHeaderId, reportNumber: report.reportNumber, photos: photo };
}

type Download = {
  status: number;
  /** Until the answer's headers: the walk, the reads and pdfmake's layout. */
  firstByteMs: number;
  /** Until the last byte of the PDF. */
  ms: number;
  bytes: number;
  pages: number;
  /** The server's highest RSS during the download (bytes): VmHWM after a reset, or the highest sample. */
  peakRss: number;
  /** Where the peak came from. */
  peakFrom: 'VmHWM' | 'samples';
  samples: number;
};

/** Downloads the PDF once while sampling the server's memory. */
async function download(server: BuiltServer, token: string, url: string): Promise<Download> {
  const reset = resetPeakRss(server.pid);
  let sampled = 0;
  let samples = 0;
  const sample = () => {
    const now = peakRss(server.pid);
    if (now) sampled = Math.max(sampled, now.rss);
    samples++;
  };
  sample();
  const timer = setInterval(sample, 25);
  const started = performance.now();
  let res: Response;
  let firstByteMs: number;
  let body: Buffer;
  try {
    res = await fetch(`${server.origin}${url}`, { headers: { authorization: `Bearer ${token}` } });
    firstByteMs = performance.now() - started;
    body = Buffer.from(await res.arrayBuffer());
  } finally {
    clearInterval(timer);
  }
  const ms = performance.now() - started;
  sample();
  const high = reset ? (peakRss(server.pid)?.peak ?? 0) : 0;
  if (!res.ok || body.subarray(0, 5).toString() !== '%PDF-')
    throw new Error(`GET ${url}: ${res.status} ${body.subarray(0, 300).toString()}`);
  return {
    status: res.status,
    firstByteMs,
    ms,
    bytes: body.length,
    // pdfkit writes each page's dictionary uncompressed: `/Type /Page` (the tree is `/Type /Pages`).
    pages: body.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0,
    peakRss: Math.max(high, sampled),
    peakFrom: high >= sampled ? 'VmHWM' : 'samples',
    samples,
  };
}

/** The server's RSS at rest: the median of readings over a second, after a pause. */
async function idleRss(server: BuiltServer): Promise<number> {
  await new Promise((r) => setTimeout(r, 3000));
  const readings: number[] = [];
  for (let i = 0; i < 10; i++) {
    readings.push(peakRss(server.pid)?.rss ?? 0);
    await new Promise((r) => setTimeout(r, 100));
  }
  return percentiles(readings).p50;
}

const row = (cells: string[], widths: number[]) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
const msText = (ms: number) => `${Math.round(ms).toLocaleString('en')} ms`;
const mibText = (bytes: number) => `${mib(bytes).toFixed(1)} MiB`;

async function main() {
  const startedAt = new Date();
  const stamp = startedAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
  const db = options.db as 'pglite' | 'postgres';

  console.log(`Encoding ${photoCount} camera-like photos…`);
  const photos = await cameraPhotos(photoCount);
  const photoBytes = photos.reduce((n, p) => n + p.length, 0);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'inspectra-bench-pdf-'));
  cleanUp.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = db === 'postgres' ? await freshPostgres(stamp) : undefined;
  const server = await startBuiltServer(options.port ? Number(options.port) : await freePort(), {
    DATA_DIR: dataDir,
    ADMIN_USERNAME: benchAdmin.username,
    ADMIN_PASSWORD: benchAdmin.password,
    SEED_DEMO: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  cleanUp.unshift(server.stop);
  const { accessToken } = await signIn(server.origin, benchAdmin);

  console.log(`Creating the report through the API (${db})…`);
  const creating = performance.now();
  const report = await createReport(apiOf(server, accessToken), photos);
  const createSeconds = (performance.now() - creating) / 1000;
  const rows = shape.thermal.rows + shape.vci.rows + shape.walkthrough.rows;
  console.log(
    `${report.reportNumber}: 3 techniques (thermal, VCI, walkthrough), ${rows} rows, ${report.photos} photos ` +
      `(JPEG, ${mibText(photoBytes)} in all, ${Math.round(Math.min(...photos.map((p) => p.length)) / 1024)}–` +
      `${Math.round(Math.max(...photos.map((p) => p.length)) / 1024)} KiB each), created in ${createSeconds.toFixed(1)} s`,
  );

  const idle = await idleRss(server);
  const url = `/api/report-headers/${report.id}/pdf?lang=${options.lang}`;
  const downloads: Download[] = [];
  for (let i = 0; i <= runs; i++) downloads.push(await download(server, accessToken, url));
  const retained = peakRss(server.pid)?.rss ?? 0;
  const [warmUp, ...measured] = downloads as [Download, ...Download[]];

  console.log(`\nGET ${url} on ${db}: server idle at ${mibText(idle)} RSS`);
  const widths = [9, 13, 12, 11, 6, 11, 11];
  console.log(
    row(['download', 'to last byte', 'first byte', 'PDF', 'pages', 'peak RSS', 'above idle'], widths),
  );
  downloads.forEach((d, i) =>
    console.log(
      row(
        [
          i === 0 ? 'warm-up' : String(i),
          msText(d.ms),
          msText(d.firstByteMs),
          mibText(d.bytes),
          String(d.pages),
          mibText(d.peakRss),
          mibText(d.peakRss - idle),
        ],
        widths,
      ),
    ),
  );
  const times = percentiles(measured.map((d) => d.ms));
  // Memory is judged over every download, the first one (fonts and code loaded) included.
  const aboveIdle = Math.max(...downloads.map((d) => d.peakRss)) - idle;
  const timeMet = times.max <= budget.seconds * 1000;
  const memoryMet = mib(aboveIdle) <= budget.mibAboveIdle;
  console.log(
    `Time to the last byte over ${runs} downloads: p50 ${msText(times.p50)}, max ${msText(times.max)} ` +
      `(warm-up ${msText(warmUp.ms)}) — budget ≤ ${budget.seconds} s: ${timeMet ? 'met' : 'MISSED'}`,
  );
  console.log(
    `Server memory: peak ${mibText(aboveIdle)} above idle (every download, the warm-up included; ` +
      `${mibText(retained - idle)} still held after) — budget ≤ ${budget.mibAboveIdle} MiB: ${memoryMet ? 'met' : 'MISSED'}`,
  );

  const result = {
    startedAt: startedAt.toISOString(),
    database: db,
    node: process.version,
    cpus: os.cpus().length,
    language: options.lang,
    report: {
      reportNumber: report.reportNumber,
      techniques: ['thermal', 'vci', 'walkthrough'],
      shape,
      rows,
      photos: report.photos,
      photoBytes,
      createSeconds,
    },
    budget,
    idleRss: idle,
    retainedRss: retained,
    warmUp,
    downloads: measured,
    timeToLastByteMs: { p50: times.p50, max: times.max },
    peakAboveIdleMiB: mib(aboveIdle),
    met: { time: timeMet, memory: memoryMet },
  };
  const file = path.join(repo, 'bench/results', `report-pdf-${db}-${stamp}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  if (options.json) writeFileSync(options.json, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`Figures: ${path.relative(repo, file)}`);
}

try {
  await main();
} finally {
  for (const step of cleanUp) await step();
}
