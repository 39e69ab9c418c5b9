/**
 * Signed versions (issue 36 item 4, docs/report-signing.md): each approved version's fingerprint is
 * signed with an Ed25519 key the database does not hold; `verify` checks every signature against
 * the keys the server holds outside the database, so the tables' owner who rewrites a version and
 * its hash together with the live rows is caught; a rotation keeps older versions verifiable. On
 * PGlite or TEST_DATABASE_URL, through the API.
 */
import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { thermalMeasurement } from '@inspectra/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordScopes, repositories as appRepositories } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { entityTables, reportVersions } from '../src/db/schema/index.ts';
import { canonicalJson, canonicalReport } from '../src/engine/report-canonical.ts';
import { unscoped } from '../src/engine/record-scope.ts';
import { walkReport } from '../src/engine/report-tree.ts';
import {
  configureReportSigning,
  loadKeyring,
  memoryKeyring,
  rawPublicKey,
  recordUnsignedVersions,
  signatureFormat,
} from '../src/modules/reports/report-signing.ts';
import type { ReportKeyring } from '../src/modules/reports/report-signing.ts';
import {
  completeForSubmission,
  createApprover,
  createReportHeader,
  createThermalAnalysis,
  createThermalMeasurement,
  createUser,
  nextIp,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { pdfText } from './pdf-text.ts';

let t: TestApp;
let approver: { id: string; token: string };
let dataDir: string;
/** The keyring as the server loads it at start: generated into the data directory's secrets. */
let started: ReportKeyring;

beforeAll(async () => {
  t = await startTestApp();
  approver = await createApprover(t);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'inspectra-signing-'));
  started = await loadKeyring({ dataDir });
  started.unsignedBefore = await recordUnsignedVersions(t.db, dataDir);
  configureReportSigning(started);
});
afterEach(() => configureReportSigning(started));
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const move = async (id: string, status: string, token?: string) => {
  const r = await t.call(
    'PUT',
    `/api/report-headers/update-report-status/${id}?status=${status}`,
    undefined,
    token,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};

async function approve(id: string) {
  await completeForSubmission(t, id);
  await move(id, 'submitted');
  await move(id, 'approved', approver.token);
}

async function approvedReport() {
  const report = await createReportHeader(t);
  const analysis = await createThermalAnalysis(t, { reportHeaderId: report.id, summary: 'Six connections' });
  const measurement = await createThermalMeasurement(t, analysis.id, {
    component: 'Phase R lug',
    maxTemperatureC: 80,
    referenceTemperatureC: 41,
  });
  await approve(report.id);
  return { report, measurement };
}

const get = (p: string, token?: string) => t.call('GET', `/api/report-headers/${p}`, undefined, token);

/** As the tables' owner: the immutability trigger off for the length of `change`. */
async function asOwner(change: () => Promise<void>) {
  await t.db.execute(sql`alter table report_version disable trigger report_version_immutable`);
  try {
    await change();
  } finally {
    await t.db.execute(sql`alter table report_version enable trigger report_version_immutable`);
  }
}

describe('an approved version is signed', () => {
  it('with the current key over its report, number, version, fingerprint and the one before it', async () => {
    const { report } = await approvedReport();
    const [version] = (await get(`${report.id}/versions`)).body.data;
    expect(version).toMatchObject({
      signingKeyId: started.current.keyId,
      signature: expect.stringMatching(/^[A-Za-z0-9+/]{86}==$/),
    });
    // Anyone with the public key checks it outside the server: the statement is canonical JSON.
    const keys = await t.call('GET', '/api/report-signing-keys');
    expect(keys.status, JSON.stringify(keys.body)).toBe(200);
    const [key] = keys.body.data;
    expect(key).toMatchObject({
      keyId: started.current.keyId,
      current: true,
      publicKey: started.current.publicKey,
    });
    const statement = canonicalJson({
      format: signatureFormat,
      keyId: version.signingKeyId,
      reportHeaderId: report.id,
      reportNumber: version.reportNumber,
      version: 1,
      sha256: version.sha256,
      previousSha256: null,
    });
    expect(verify(null, Buffer.from(statement), key.pem, Buffer.from(version.signature, 'base64'))).toBe(
      true,
    );
    const checked = (await get(`${report.id}/verify`)).body.data;
    expect(checked).toMatchObject({
      intact: true,
      versions: [{ number: 1, signature: 'valid', signingKeyId: started.current.keyId }],
    });
  });

  it('and its PDF prints the key id, the public key and the signature beside the fingerprint', async () => {
    const { report } = await approvedReport();
    const [version] = (await get(`${report.id}/versions`)).body.data;
    for (const pdf of [`${report.id}/pdf?lang=en`, `${report.id}/versions/1/pdf?lang=id`]) {
      const printed = await t.app.inject({
        method: 'GET',
        url: `/api/report-headers/${pdf}`,
        headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
      });
      expect(printed.statusCode, pdf).toBe(200);
      const text = (await pdfText(printed.rawPayload)).all.replace(/\s+/g, '');
      expect(text, pdf).toContain(started.current.keyId);
      expect(text, pdf).toContain(started.current.publicKey);
      expect(text, pdf).toContain(version.signature);
      expect(text, pdf).toContain(report.id);
    }
  });

  it('the keys call needs a signed-in user who may read reports', async () => {
    expect((await t.call('GET', '/api/report-signing-keys', undefined, '')).status).toBe(401);
    const viewer = await createUser(t, { role: 'Viewer' });
    const token = (await t.login(viewer.username, viewer.password, nextIp())).json().data
      .accessToken as string;
    const keys = await t.call('GET', '/api/report-signing-keys', undefined, token);
    expect(keys.status).toBe(200);
  });
});

describe('the database owner rewriting a version is caught', () => {
  it('a version and the live row rewritten together, the trigger disabled: not intact, naming the signature', async () => {
    const { report, measurement } = await approvedReport();
    const table = entityTables[thermalMeasurement.name]!;
    await asOwner(async () => {
      await t.db
        .update(table)
        .set({ maxTemperatureC: 41 } as never)
        .where(eq((table as unknown as { id: never }).id, measurement.id));
      // The owner recomputes the canonical JSON and its hash from the rewritten rows, as the server would.
      const { json, sha256 } = await canonicalReport(
        walkReport(
          { db: t.db, repositories: appRepositories(recordScopes) },
          report.id,
          unscoped('the rewrite'),
        ),
      );
      await t.db
        .update(reportVersions)
        .set({ content: json, sha256 })
        .where(eq(reportVersions.reportHeaderId, report.id));
    });
    const verified = (await get(`${report.id}/verify`)).body.data;
    expect(verified.intact).toBe(false);
    const [check] = verified.versions;
    // The snapshot, its hash and the live rows agree: only the signature tells.
    expect(check.liveSha256).toBe(check.sha256);
    expect(check).toMatchObject({ matches: false, signature: 'invalid' });
    expect(check.differences).toEqual([
      expect.objectContaining({
        kind: 'signature',
        path: 'invalid',
        message: expect.stringMatching(
          /^The signature of version 1 does not match .+ rewritten after it was signed$/,
        ),
      }),
    ]);

    // Signed again with a key of the owner's own: a key the server does not trust.
    const own = generateKeyPairSync('ed25519');
    const forged = memoryKeyring(own.privateKey);
    await asOwner(async () => {
      await t.db
        .update(reportVersions)
        .set({ signature: 'AAAA', signingKeyId: forged.current.keyId })
        .where(eq(reportVersions.reportHeaderId, report.id));
    });
    const [unknown] = (await get(`${report.id}/verify`)).body.data.versions;
    expect(unknown).toMatchObject({ matches: false, signature: 'unknownKey' });
    expect(unknown.differences[0].message).toBe('Version 1 is signed by a key this server does not trust');

    // The signature removed: it was approved after signing began, so it is not passed as an old one.
    await asOwner(async () => {
      await t.db
        .update(reportVersions)
        .set({ signature: null, signingKeyId: null })
        .where(eq(reportVersions.reportHeaderId, report.id));
    });
    const [missing] = (await get(`${report.id}/verify`)).body.data.versions;
    expect(missing).toMatchObject({ matches: false, signature: 'missing' });
  });

  it('a version approved before signing began is reported unsigned, not broken, and its hash stays pinned', async () => {
    const { report } = await approvedReport();
    // The table as an installation left it before signing: no version signed.
    await asOwner(async () => {
      await t.db.update(reportVersions).set({ signature: null, signingKeyId: null });
    });
    // A start with signing for the first time lists the versions it finds unsigned; it signs none.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'inspectra-signing-'));
    try {
      const ring = await loadKeyring({ dataDir: dir });
      ring.unsignedBefore = await recordUnsignedVersions(t.db, dir);
      configureReportSigning(ring);
      const [version] = (await get(`${report.id}/versions`)).body.data;
      expect(version).toMatchObject({ signature: null, signingKeyId: null });
      expect((await get(`${report.id}/verify`)).body.data).toMatchObject({
        intact: true,
        versions: [{ number: 1, matches: true, signature: 'unsigned' }],
      });
      // Rewritten after that start: its hash is no longer the one listed.
      await asOwner(async () => {
        await t.db
          .update(reportVersions)
          .set({ sha256: 'f'.repeat(64) })
          .where(eq(reportVersions.reportHeaderId, report.id));
      });
      const [check] = (await get(`${report.id}/verify`)).body.data.versions;
      expect(check).toMatchObject({ matches: false, signature: 'missing' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a secrets directory lost after signing began lists no version as unsigned, and says so', async () => {
    const { report } = await approvedReport();
    await asOwner(async () => {
      await t.db
        .update(reportVersions)
        .set({ signature: null, signingKeyId: null })
        .where(eq(reportVersions.reportHeaderId, report.id));
    });
    await approvedReport(); // another version, signed
    const dir = await mkdtemp(path.join(os.tmpdir(), 'inspectra-signing-'));
    try {
      const warned: string[] = [];
      const ring = memoryKeyring(started.current.privateKey);
      ring.unsignedBefore = await recordUnsignedVersions(t.db, dir, (line) => warned.push(line));
      expect(ring.unsignedBefore.size).toBe(0);
      expect(warned).toEqual([expect.stringMatching(/was missing while versions are already signed/)]);
      configureReportSigning(ring);
      const [check] = (await get(`${report.id}/verify`)).body.data.versions;
      expect(check).toMatchObject({ matches: false, signature: 'missing' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('key rotation', () => {
  it('a version signed with key A and its revision with key B both verify; without A, A’s is not intact', async () => {
    const a = memoryKeyring();
    configureReportSigning(a);
    const { report } = await approvedReport();
    const b = memoryKeyring(undefined, [a.current.publicKey]);
    configureReportSigning(b);
    const revised = await t.call('POST', `/api/report-headers/${report.id}/revision`, { reason: 'Rotation' });
    expect(revised.status, JSON.stringify(revised.body)).toBe(201);
    await approve(revised.body.data.id);
    const versions = (await get(`${report.id}/versions`)).body.data;
    expect(versions.map((v: { signingKeyId: string }) => v.signingKeyId)).toEqual([
      a.current.keyId,
      b.current.keyId,
    ]);
    expect((await get(`${revised.body.data.id}/verify`)).body.data).toMatchObject({
      intact: true,
      versions: [{ signature: 'valid' }, { signature: 'valid' }],
    });
    const keys = (await t.call('GET', '/api/report-signing-keys')).body.data;
    expect(keys.map((k: { keyId: string; current: boolean }) => [k.keyId, k.current])).toEqual([
      [b.current.keyId, true],
      [a.current.keyId, false],
    ]);

    configureReportSigning(memoryKeyring(b.current.privateKey));
    const untrusted = (await get(`${report.id}/verify`)).body.data;
    expect(untrusted.intact).toBe(false);
    expect(untrusted.versions.map((v: { signature: string }) => v.signature)).toEqual([
      'unknownKey',
      'valid',
    ]);
  });
});

describe('the key at start', () => {
  it('is generated once into the secrets (mode 0600), kept, and an old one stays trusted after a rotation', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'inspectra-signing-'));
    try {
      const first = await loadKeyring({ dataDir: dir });
      const file = path.join(dir, 'report-signing', 'private-key.pem');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await loadKeyring({ dataDir: dir })).current.keyId).toBe(first.current.keyId);
      // Rotated: the generated key replaced by one from a file; the first stays in the keyring.
      const next = generateKeyPairSync('ed25519').privateKey;
      const keyFile = path.join(dir, 'next.pem');
      await writeFile(keyFile, next.export({ format: 'pem', type: 'pkcs8' }) as string);
      const rotated = await loadKeyring({ dataDir: dir, keyFile });
      expect(rotated.current.publicKey).toBe(rawPublicKey(createPublicKey(next)));
      expect([...rotated.trusted.keys()].sort()).toEqual([first.current.keyId, rotated.current.keyId].sort());
      expect(
        await readFile(path.join(dir, 'report-signing', 'trusted', `${first.current.keyId}.pub`), 'utf8'),
      ).toBe(`${first.current.publicKey}\n`);
      // From the environment, as base64 DER; a key of another kind is refused by name.
      const der = (next.export({ format: 'der', type: 'pkcs8' }) as Buffer).toString('base64');
      expect((await loadKeyring({ dataDir: dir, key: der })).current.keyId).toBe(rotated.current.keyId);
      const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
        format: 'pem',
        type: 'pkcs8',
      }) as string;
      await expect(loadKeyring({ dataDir: dir, key: ec })).rejects.toThrow(
        'REPORT_SIGNING_KEY must be an Ed25519 key',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is configured by REPORT_SIGNING_KEY_FILE, REPORT_SIGNING_KEY and REPORT_TRUSTED_KEYS, each checked', () => {
    const raw = started.current.publicKey;
    expect(
      loadConfig({ REPORT_SIGNING_KEY_FILE: 'keys/signing.pem', REPORT_TRUSTED_KEYS: ` ${raw}, ${raw} ` }),
    ).toMatchObject({
      reportSigningKeyFile: path.resolve('keys/signing.pem'),
      reportSigningTrustedKeys: [raw, raw],
    });
    expect(() => loadConfig({ REPORT_TRUSTED_KEYS: 'not-a-key' })).toThrow(
      'Invalid configuration: REPORT_TRUSTED_KEYS must be Ed25519 public keys, 32 bytes each in base64, separated by commas',
    );
  });
});
