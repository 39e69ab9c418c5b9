import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { idempotencyKeyDays } from '@inspectra/contract';
import { defaultPasswordHashCost } from './modules/auth/passwords.ts';
import type { PasswordHashCost } from './modules/auth/passwords.ts';
import { defaultWebDir } from './web/serve-web.ts';

const bool = z.stringbool({ error: 'use true or false' });

/** Range names the proxy-address matcher knows (loopback: 127.0.0.0/8 and ::1; private networks). */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, a CIDR range of them, or a range name. */
function isProxyAddress(entry: string): boolean {
  if (proxyRangeNames.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * The reverse proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed: the client is
 * the last address before them in the chain. Only addresses: trusting every hop (`true`) or a hop
 * count would let a client that reaches the server directly, or writes its own `X-Forwarded-For`,
 * choose the address sign-in throttling counts it by.
 */
const trustProxySchema = z
  .string()
  .refine(
    (s) => !/^(true|\d+)$/i.test(s.trim()),
    'must name the proxy by its address (e.g. 127.0.0.1 or 10.0.0.0/8), not true or a hop count: either would let a client choose the address it is counted by',
  )
  .transform((s) =>
    s.trim().toLowerCase() === 'false'
      ? (false as const)
      : s
          .split(',')
          .map((e) => e.trim())
          .join(','),
  )
  .refine(
    (v) => v === false || v.split(',').every(isProxyAddress),
    'must be false or the proxy addresses: IP addresses, CIDR ranges or loopback, linklocal, uniquelocal, separated by commas',
  );

/** A duration in milliseconds between `min` and `max`. */
const ms = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(fallback);

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z
    .string()
    .refine((s) => Buffer.byteLength(s) >= 32, 'must be at least 32 bytes long')
    .optional(),
  REPORT_SIGNING_KEY_FILE: z.string().min(1).optional(),
  REPORT_SIGNING_KEY: z.string().min(1).optional(),
  REPORT_TRUSTED_KEYS: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    )
    .refine(
      (keys) => keys.every((k) => Buffer.from(k, 'base64').length === 32),
      'must be Ed25519 public keys, 32 bytes each in base64, separated by commas',
    )
    .optional(),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{3,60}$/, 'must be 3–60 letters, digits, dots, dashes or underscores')
    .default('admin'),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(1000).optional(),
  SEED_DEMO: bool.default(true),
  // argon2id's cost for new password hashes (modules/auth/passwords.ts): OWASP's minimum by default.
  PASSWORD_HASH_MEMORY_KIB: z.coerce
    .number({ error: 'must be a number of KiB' })
    .int()
    .min(1024, 'must be at least 1024')
    .max(4 * 1024 * 1024, 'must be at most 4194304 (4 GiB)')
    .default(defaultPasswordHashCost.memoryKib),
  PASSWORD_HASH_PASSES: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(defaultPasswordHashCost.passes),
  DEMO_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(1000).optional(),
  MAX_UPLOAD_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int()
    .min(1024, 'must be at least 1024')
    .max(1024 * 1024 * 1024, 'must be at most 1 GiB')
    .default(20 * 1024 * 1024),
  MAX_DOCUMENT_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int()
    .min(1024, 'must be at least 1024')
    .max(1024 * 1024 * 1024, 'must be at most 1 GiB')
    .default(50 * 1024 * 1024),
  MAX_VIDEO_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int()
    .min(1024, 'must be at least 1024')
    .max(4 * 1024 * 1024 * 1024, 'must be at most 4 GiB')
    .default(512 * 1024 * 1024),
  TRUST_PROXY: trustProxySchema.default(false),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(100, 'must be at least 100')
    .max(600_000, 'must be at most 600000')
    .default(15_000),
  MAX_CONCURRENT_IMPORTS: z.coerce
    .number({ error: 'must be a number of imports' })
    .int()
    .min(1, 'must be at least 1')
    .max(32, 'must be at most 32')
    .default(2),
  MAX_CONCURRENT_PRINTS: z.coerce
    .number({ error: 'must be a number of prints' })
    .int()
    .min(1, 'must be at least 1')
    .max(16, 'must be at most 16')
    .default(1),
  PRINT_QUEUE_LENGTH: z.coerce
    .number({ error: 'must be a number of prints' })
    .int()
    .min(0, 'must be at least 0')
    .max(1000, 'must be at most 1000')
    .default(20),
  PRINT_READ_TIMEOUT_MS: ms(1000, 600_000, 30_000),
  HEADERS_TIMEOUT_MS: ms(1000, 600_000, 20_000),
  IDLE_TIMEOUT_MS: ms(1000, 3_600_000, 60_000),
  REQUEST_TIMEOUT_MS: ms(60_000, 24 * 3_600_000, 2 * 3_600_000),
  /** How long a write's Idempotency-Key and its answer are kept (docs/offline-capture.md). */
  IDEMPOTENCY_KEY_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int()
    .min(1, 'must be at least 1')
    .max(365, 'must be at most 365')
    .default(idempotencyKeyDays),
  /** How long a keyed request still running holds its key; renewed while it runs. */
  IDEMPOTENCY_CLAIM_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int()
    .min(3, 'must be at least 3')
    .max(600, 'must be at most 600')
    .default(30),
  WEB_DIR: z.string().min(1).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3–63 lower-case letters, digits, dots and dashes',
    )
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  /** The private key approved versions are signed with, from a file or the environment (docs/report-signing.md). */
  reportSigningKeyFile: string | undefined;
  reportSigningKey: string | undefined;
  /** Older public keys still trusted, besides the keyring in DATA_DIR/report-signing/trusted. */
  reportSigningTrustedKeys: string[];
  adminUsername: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  /** What a new password hash costs (argon2id's memory and passes). */
  passwordHashCost: PasswordHashCost;
  /** Password of the demo's planner and inspector (generated and printed once when absent). */
  demoPassword: string | undefined;
  maxUploadBytes: number;
  /** Largest supporting document or drawing (PDF, Office, TIFF, DWG): these run larger than photos. */
  maxDocumentBytes: number;
  /**
   * Largest video (MP4, WebM): a minute of a phone's 1080p recording is about 100 MB, so the
   * default takes five; it is streamed to the store and refused as soon as it passes the limit.
   */
  maxVideoBytes: number;
  dbPoolSize: number;
  /** Longest wait for the database and, on PostgreSQL, longest statement of a request. */
  dbStatementTimeoutMs: number;
  /**
   * Behind a reverse proxy: its addresses (comma-separated IPs, CIDR ranges or range names), whose
   * X-Forwarded-For names the client (sign-in throttling counts by it); false when there is none.
   */
  trustProxy: false | string;
  /** Spreadsheet imports running at once in the process; more wait briefly, then get 503. */
  maxConcurrentImports: number;
  /** Report PDFs printed at once (docs/report-of-record.md, "Memory and streaming"). */
  maxConcurrentPrints: number;
  /** Prints that may wait for their turn (docs/bounded-clients.md); one more is refused with 503. */
  printQueueLength: number;
  /** How long a print's client may take nothing of the PDF before its connection is closed. */
  printReadTimeoutMs: number;
  /**
   * The server's timeouts (docs/bounded-clients.md, "Timeouts"): a request's headers must arrive
   * within `headersMs`; a connection that moves no byte for `idleMs` (a stalled upload, a client
   * that stopped reading) is closed, while the server working on an answer is never cut; a whole
   * request must arrive within `requestMs`, a ceiling far above a large upload on slow Wi-Fi.
   */
  timeouts: { headersMs: number; idleMs: number; requestMs: number };
  /** How long write keys and their answers are kept, and a running request holds its key. */
  idempotency: { keptDays: number; claimSeconds: number };
  /**
   * Where uploaded files are kept: S3-compatible object storage when S3_BUCKET is set (several
   * processes share it; credentials come from the AWS SDK's usual chain, AWS_ACCESS_KEY_ID and
   * AWS_SECRET_ACCESS_KEY first), else `DATA_DIR/files` (docs/files.md).
   */
  objectStorage:
    { bucket: string; endpoint: string | undefined; region: string; forcePathStyle: boolean } | undefined;
  logLevel: string;
  /** Readable lines or JSON lines; unset: readable on a terminal, JSON otherwise (logging.ts). */
  logFormat: 'pretty' | 'json' | undefined;
  /** The built web app (apps/web/dist unless WEB_DIR says otherwise). */
  webDir: string;
  /**
   * The site is reached over HTTPS (PUBLIC_URL starts with https://, usually a TLS proxy in front):
   * only then may browsers be told to use HTTPS alone (HSTS, upgrade-insecure-requests). Sent over
   * plain HTTP they would rewrite the app's own scripts to https and leave a blank page.
   */
  servedOverHttps: boolean;
};

export class ConfigError extends Error {}

/** Reads the environment into a typed configuration; the first invalid variable is named in one line. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  // An endpoint without a bucket would silently keep files on the local disk of each process.
  const s3Setting = (['S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE'] as const).find(
    (name) => name in present,
  );
  if (s3Setting && !e.S3_BUCKET) {
    throw new ConfigError(`Invalid configuration: S3_BUCKET must be set when ${s3Setting} is`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    reportSigningKeyFile: e.REPORT_SIGNING_KEY_FILE ? path.resolve(e.REPORT_SIGNING_KEY_FILE) : undefined,
    reportSigningKey: e.REPORT_SIGNING_KEY,
    reportSigningTrustedKeys: e.REPORT_TRUSTED_KEYS ?? [],
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    passwordHashCost: { memoryKib: e.PASSWORD_HASH_MEMORY_KIB, passes: e.PASSWORD_HASH_PASSES },
    demoPassword: e.DEMO_PASSWORD,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    maxDocumentBytes: e.MAX_DOCUMENT_BYTES,
    maxVideoBytes: e.MAX_VIDEO_BYTES,
    dbPoolSize: e.DB_POOL_SIZE,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    maxConcurrentImports: e.MAX_CONCURRENT_IMPORTS,
    maxConcurrentPrints: e.MAX_CONCURRENT_PRINTS,
    printQueueLength: e.PRINT_QUEUE_LENGTH,
    printReadTimeoutMs: e.PRINT_READ_TIMEOUT_MS,
    idempotency: { keptDays: e.IDEMPOTENCY_KEY_DAYS, claimSeconds: e.IDEMPOTENCY_CLAIM_SECONDS },
    timeouts: { headersMs: e.HEADERS_TIMEOUT_MS, idleMs: e.IDLE_TIMEOUT_MS, requestMs: e.REQUEST_TIMEOUT_MS },
    objectStorage: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : defaultWebDir,
    servedOverHttps: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).protocol === 'https:' : false,
  };
}
