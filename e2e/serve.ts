/**
 * The product as e2e tests see it: the web app and the server built if stale, then the built server,
 * started as `npm start` starts it, on a new data directory with the demo data and a known
 * administrator password.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildServerIfStale,
  serverMain,
  serverNodeEnv,
  serverNodeFlags,
} from '../apps/server/scripts/build-server.ts';
import { e2eAdmin, e2eDemoPassword } from './fixtures.ts';

const repo = path.resolve(import.meta.dirname, '..');
const tsx = path.join(repo, 'node_modules/.bin/tsx');
// E2E_PORT runs a second suite beside the first: it gets its own build so neither rebuilds under the other.
const webDir = process.env.E2E_PORT
  ? path.join(repo, `apps/web/dist-e2e-${process.env.E2E_PORT}`)
  : path.join(repo, 'apps/web/dist');
execFileSync(tsx, ['apps/web/scripts/build-if-stale.ts'], {
  cwd: repo,
  stdio: 'inherit',
  env: { ...process.env, WEB_DIR: webDir },
});
await buildServerIfStale();

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'inspectra-e2e-'));
const server = spawn(process.execPath, [...serverNodeFlags(), serverMain], {
  cwd: repo,
  stdio: 'inherit',
  env: {
    ...process.env,
    ...serverNodeEnv(),
    DATA_DIR: dataDir,
    WEB_DIR: webDir,
    ADMIN_USERNAME: e2eAdmin.username,
    ADMIN_PASSWORD: e2eAdmin.password,
    SEED_DEMO: 'true',
    DEMO_PASSWORD: e2eDemoPassword,
    LOG_LEVEL: 'warn',
  },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
