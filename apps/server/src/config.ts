import path from 'node:path';
import { z } from 'zod';
import { defaultWebDir } from './web/serve-web.ts';

const bool = z.stringbool({ error: 'use true or false' });

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
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{3,60}$/, 'must be 3–60 letters, digits, dots, dashes or underscores')
    .default('admin'),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(1000).optional(),
  SEED_DEMO: bool.default(true),
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
  TRUST_PROXY: z
    .union([z.stringbool(), z.coerce.number().int().min(1).max(10)], {
      error: 'must be true, false or a number of proxy hops',
    })
    .default(false),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(100, 'must be at least 100')
    .max(600_000, 'must be at most 600000')
    .default(15_000),
  WEB_DIR: z.string().min(1).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  adminUsername: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  /** Password of the demo's planner and inspector (generated and printed once when absent). */
  demoPassword: string | undefined;
  maxUploadBytes: number;
  /** Largest supporting document or drawing (PDF, Office, TIFF, DWG): these run larger than photos. */
  maxDocumentBytes: number;
  dbPoolSize: number;
  /** Longest wait for the database and, on PostgreSQL, longest statement of a request. */
  dbStatementTimeoutMs: number;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (sign-in throttling uses it). */
  trustProxy: boolean | number;
  logLevel: string;
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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    demoPassword: e.DEMO_PASSWORD,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    maxDocumentBytes: e.MAX_DOCUMENT_BYTES,
    dbPoolSize: e.DB_POOL_SIZE,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : defaultWebDir,
    servedOverHttps: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).protocol === 'https:' : false,
  };
}
