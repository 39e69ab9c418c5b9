import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
} from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { mkdir, open, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { asc, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reportVersions } from '../../db/schema/index.ts';
import { canonicalJson } from '../../engine/report-canonical.ts';

/**
 * Signatures of approved versions (docs/report-signing.md): each version's fingerprint is signed
 * with an Ed25519 key the database does not hold, so whoever owns the tables cannot rewrite a
 * version and its hash together unseen. The private key comes from REPORT_SIGNING_KEY_FILE or
 * REPORT_SIGNING_KEY, else it is generated once into the data directory's secrets. Every public key
 * the server has signed with is kept in a keyring beside it (and REPORT_TRUSTED_KEYS may
 * name more), so versions signed before a rotation still verify.
 */

/** The key a version is signed with now, and every public key a signature is checked against. */
export type ReportKeyring = {
  current: { keyId: string; privateKey: KeyObject; publicKey: string };
  /** Public keys by key id: the current one and every older one still trusted. */
  trusted: Map<string, { publicKey: string; key: KeyObject; current: boolean }>;
  /**
   * The versions that were already approved, unsigned, when signing began (id to sha256), read from
   * the secrets directory: only these may be unsigned. Undefined for a keyring in memory.
   */
  unsignedBefore?: Map<string, string>;
};

/** What a version's signature binds: its report, its place in the chain and the hashes pinning it. */
export type SignedFacts = {
  reportHeaderId: string;
  reportNumber: string;
  version: number;
  sha256: string;
  previousSha256: string | null;
};

/** The name of the statement format, the first member a checker reads. */
export const signatureFormat = 'inspectra.report-version-signature/1';

/** The statement signed: canonical JSON (sorted keys, no spaces) of the facts and the key's id. */
export function signedStatement(facts: SignedFacts, keyId: string): string {
  return canonicalJson({ format: signatureFormat, keyId, ...facts });
}

/** Ed25519 public keys in SubjectPublicKeyInfo DER start with these 12 bytes, then the raw 32. */
const spkiPrefix = Buffer.from('302a300506032b6570032100', 'hex');

/** The raw 32-byte public key, base64: what the PDF prints and the keys call answers. */
export function rawPublicKey(key: KeyObject): string {
  return (key.export({ format: 'der', type: 'spki' }) as Buffer)
    .subarray(spkiPrefix.length)
    .toString('base64');
}

/** A public key from its raw 32 bytes in base64. */
export function publicKeyFromRaw(raw: string): KeyObject {
  const bytes = Buffer.from(raw.trim(), 'base64');
  if (bytes.length !== 32) throw new Error('an Ed25519 public key is 32 bytes, written in base64');
  return createPublicKey({ key: Buffer.concat([spkiPrefix, bytes]), format: 'der', type: 'spki' });
}

/** A key's id: the first 16 hex digits of the SHA-256 of its raw public key. */
export function keyIdOf(rawBase64: string): string {
  return createHash('sha256').update(Buffer.from(rawBase64, 'base64')).digest('hex').slice(0, 16);
}

/** An Ed25519 private key from PEM (PKCS#8) or base64 of its DER. */
function privateKeyFrom(text: string, source: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    key = trimmed.startsWith('-----')
      ? createPrivateKey(trimmed)
      : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
  } catch (error) {
    throw new Error(`${source} is not a private key in PEM (PKCS#8) or base64 DER`, { cause: error });
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${source} must be an Ed25519 key`);
  return key;
}

function keyringOf(privateKey: KeyObject, retired: string[]): ReportKeyring {
  const publicKey = rawPublicKey(createPublicKey(privateKey));
  const keyId = keyIdOf(publicKey);
  const trusted: ReportKeyring['trusted'] = new Map();
  for (const raw of retired) {
    const id = keyIdOf(raw);
    if (id !== keyId) trusted.set(id, { publicKey: raw, key: publicKeyFromRaw(raw), current: false });
  }
  trusted.set(keyId, { publicKey, key: publicKeyFromRaw(publicKey), current: true });
  return { current: { keyId, privateKey, publicKey }, trusted };
}

/** A keyring in memory (tests; a rotation is a new one naming the old public keys). */
export function memoryKeyring(privateKey?: KeyObject, retired: string[] = []): ReportKeyring {
  return keyringOf(privateKey ?? generateKeyPairSync('ed25519').privateKey, retired);
}

export type SigningConfig = {
  dataDir: string;
  /** REPORT_SIGNING_KEY_FILE: a file holding the private key. */
  keyFile?: string | undefined;
  /** REPORT_SIGNING_KEY: the private key itself. */
  key?: string | undefined;
  /** REPORT_TRUSTED_KEYS: more public keys (raw, base64) still trusted, comma-separated. */
  trustedKeys?: string[] | undefined;
};

/** The secrets directory of the keys: the generated private key and the keyring of public keys. */
export const signingDirName = 'report-signing';

async function writeSecret(file: string, text: string): Promise<void> {
  const handle = await open(file, 'wx', 0o600);
  await handle.writeFile(text);
  await handle.sync();
  await handle.close();
}

/**
 * Loads the signing key at start: configured, or generated once into `DATA_DIR/report-signing/`
 * (mode 0600, as the token secret is). The current public key is added to the keyring there
 * (`trusted/<key id>.pub`), so replacing the private key later keeps it trusted: a rotation is
 * only a new private key.
 */
export async function loadKeyring(config: SigningConfig): Promise<ReportKeyring> {
  const dir = path.join(config.dataDir, signingDirName);
  const trustedDir = path.join(dir, 'trusted');
  await mkdir(trustedDir, { recursive: true, mode: 0o700 });
  let privateKey: KeyObject;
  if (config.key) privateKey = privateKeyFrom(config.key, 'REPORT_SIGNING_KEY');
  else if (config.keyFile)
    privateKey = privateKeyFrom(
      await readFile(config.keyFile, 'utf8'),
      `REPORT_SIGNING_KEY_FILE ${config.keyFile}`,
    );
  else {
    const file = path.join(dir, 'private-key.pem');
    const existing = await readFile(file, 'utf8').catch(() => undefined);
    if (existing) privateKey = privateKeyFrom(existing, file);
    else {
      privateKey = generateKeyPairSync('ed25519').privateKey;
      await writeSecret(file, privateKey.export({ format: 'pem', type: 'pkcs8' }) as string);
    }
  }
  const publicKey = rawPublicKey(createPublicKey(privateKey));
  const own = path.join(trustedDir, `${keyIdOf(publicKey)}.pub`);
  await writeSecret(own, `${publicKey}\n`).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  const kept: string[] = [];
  for (const name of (await readdir(trustedDir)).sort()) {
    if (!name.endsWith('.pub')) continue;
    const raw = (await readFile(path.join(trustedDir, name), 'utf8')).trim();
    try {
      publicKeyFromRaw(raw);
    } catch (error) {
      throw new Error(`${path.join(trustedDir, name)}: ${(error as Error).message}`, { cause: error });
    }
    kept.push(raw);
  }
  for (const raw of config.trustedKeys ?? []) {
    try {
      publicKeyFromRaw(raw);
    } catch (error) {
      throw new Error(`REPORT_TRUSTED_KEYS: ${(error as Error).message}`, { cause: error });
    }
    kept.push(raw);
  }
  return keyringOf(privateKey, kept);
}

/**
 * Records, once, the versions approved before signing began (`unsigned-versions`: id and sha256 per
 * line) in the secrets directory, and returns them. They are not signed now: a signature made today
 * would vouch for whatever the table holds today, a rewrite made before included. They are reported
 * as approved before signing; the list pins their hashes from now on, and any other unsigned version
 * (a signature removed from the table) is not intact. When the table already holds signed versions,
 * signing began before this secrets directory (it was lost or replaced): the unsigned versions found
 * now cannot be told from versions whose signature was removed, so none is listed and `warn` says so.
 */
export async function recordUnsignedVersions(
  db: DbOrTx,
  dataDir: string,
  warn: (line: string) => void = () => {},
): Promise<Map<string, string>> {
  const file = path.join(dataDir, signingDirName, 'unsigned-versions');
  let text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const [signed] = await db
      .select({ id: reportVersions.id })
      .from(reportVersions)
      .where(isNotNull(reportVersions.signature))
      .limit(1);
    const rows = signed
      ? []
      : await db
          .select({ id: reportVersions.id, sha256: reportVersions.sha256 })
          .from(reportVersions)
          .where(isNull(reportVersions.signature))
          .orderBy(asc(reportVersions.id));
    if (signed)
      warn(
        `${file} was missing while versions are already signed: no unsigned version is taken as approved before signing (docs/report-signing.md)`,
      );
    text = rows.map((r) => `${r.id} ${r.sha256}\n`).join('');
    await writeSecret(file, text);
  }
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    const [id, sha256] = line.trim().split(/\s+/);
    if (id && sha256) out.set(id, sha256);
  }
  return out;
}

let keyring: ReportKeyring | undefined;

/**
 * Sets the keyring versions are signed and checked with (at start, before anything is approved).
 * Without it, a process signs with a key of its own that ends with it (tests).
 */
export function configureReportSigning(ring: ReportKeyring): void {
  keyring = ring;
}

export function reportKeyring(): ReportKeyring {
  keyring ??= memoryKeyring();
  return keyring;
}

/** Signs a version's facts with the current key: the signature (base64) and the key's id. */
export function signVersion(facts: SignedFacts): { signature: string; keyId: string } {
  const { current } = reportKeyring();
  const statement = signedStatement(facts, current.keyId);
  return {
    signature: sign(null, Buffer.from(statement, 'utf8'), current.privateKey).toString('base64'),
    keyId: current.keyId,
  };
}

/** How a version's signature checks out against the keys the server holds outside the database. */
export type SignatureCheck = 'valid' | 'invalid' | 'unknownKey' | 'unsigned' | 'missing';

/**
 * `unsigned`: approved before signing began (and listed so when it began); `missing`: unsigned but
 * not among those, so its signature was removed; `unknownKey`: signed by a key the server does not
 * trust; `invalid`: the signature does not match the facts as the table holds them now.
 */
export function checkSignature(
  version: { id: string; signature: string | null; signingKeyId: string | null },
  facts: SignedFacts,
): SignatureCheck {
  const { signature, signingKeyId: keyId } = version;
  if (!signature || !keyId) {
    const before = reportKeyring().unsignedBefore;
    return !before || before.get(version.id) === facts.sha256 ? 'unsigned' : 'missing';
  }
  const trusted = reportKeyring().trusted.get(keyId);
  if (!trusted) return 'unknownKey';
  const statement = Buffer.from(signedStatement(facts, keyId), 'utf8');
  try {
    return verify(null, statement, trusted.key, Buffer.from(signature, 'base64')) ? 'valid' : 'invalid';
  } catch {
    return 'invalid';
  }
}
