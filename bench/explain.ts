/**
 * `npm run bench:explain -- <part of a scenario name>…`: what one list of the benchmark costs in the
 * database, to find why it is slow. For each scenario of `bench/work-scenarios.ts` and
 * `bench/engine-scenarios.ts` whose name contains one of the words (all without any), it sends the
 * request once to the bench server over the seeded database, captures the statements it made, and
 * prints each with the median of 15 runs through a connection with the server's planner settings;
 * with `--plans`, also each SELECT's `EXPLAIN (ANALYZE, BUFFERS)`. PostgreSQL only
 * (`BENCH_DATABASE_URL`, seeded by `npm run bench:engine -- --db postgres`).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { plannerSettings } from '../apps/server/src/db/client.ts';
import { benchAdmin, scenarios } from './engine-scenarios.ts';
import type { Statement } from './engine-scenarios.ts';
import type { SeedFacts } from './engine-seed.ts';

const { values: options, positionals: words } = parseArgs({
  options: { plans: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('bench:explain needs BENCH_DATABASE_URL=postgres://… (a seeded bench database)');

const server = spawn('npx', ['tsx', 'bench/engine-server.ts', '--db', 'postgres'], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const port = await new Promise<number>((resolve, reject) => {
  createInterface({ input: server.stdout }).on('line', (line) => {
    if (line.startsWith('BENCH-READY ')) resolve((JSON.parse(line.slice(12)) as { port: number }).port);
    else console.log(`  [server] ${line}`);
  });
  server.once('exit', () => reject(new Error('The bench server stopped')));
});
const origin = `http://127.0.0.1:${port}`;
const post = async <T>(path: string, body: unknown = {}) =>
  (await (
    await fetch(origin + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json()) as T;

const { data } = await post<{ data: { accessToken: string } }>('/api/auth/login', benchAdmin);
const headers = { authorization: `Bearer ${data.accessToken}` };
const facts = (await (await fetch(`${origin}/bench/facts`)).json()) as SeedFacts;
const settings = Object.entries(plannerSettings)
  .map(([name, value]) => `-c ${name}=${value}`)
  .join(' ');
const pool = new pg.Pool({ connectionString: url, max: 1, options: settings });

try {
  for (const s of scenarios) {
    if (words.length > 0 && !words.some((w) => s.name.includes(w))) continue;
    const query = new URLSearchParams(
      Object.entries(s.query?.(facts) ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const params = s.params?.(facts) ?? {};
    const routePath = s.route
      .split(' ')[1]!
      .replace(/:(\w+)/g, (_, name: string) => params[name] ?? `:${name}`);
    const path = `/api${routePath}${query ? `?${query}` : ''}`;
    await fetch(origin + path, { headers }); // warm: prepared statements, caches
    await post('/bench/capture/start');
    const res = await fetch(origin + path, { headers });
    const { statements } = await post<{ statements: Statement[] }>('/bench/capture/stop');
    console.log(`\n== ${s.name}: ${path} → ${res.status}`);
    for (const st of statements) {
      const times: number[] = [];
      for (let i = 0; i < 15; i++) {
        const started = performance.now();
        await pool.query(st.text, st.values);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(`-- ${times[7]!.toFixed(2)} ms: ${st.text.replace(/\s+/g, ' ').slice(0, 300)}`);
      if (options.plans && /^\s*(select|with)\b/i.test(st.text)) {
        const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${st.text}`,
          st.values,
        );
        console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
    }
  }
} finally {
  server.kill('SIGTERM');
  await pool.end();
}
