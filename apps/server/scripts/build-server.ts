/**
 * Builds the server into plain JavaScript that Node runs without a TypeScript loader: one ESM bundle of
 * the server's sources and the workspace packages it depends on (the contract, TypeScript source),
 * with every npm dependency left to `node_modules`. Used by `npm run build`, `npm start` (through
 * build-if-stale.ts) and the engine benchmark, so all three run the same code the same way.
 */
import { readFileSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'esbuild';
import { isStale } from '../../../scripts/stale-build.ts';

const serverRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(serverRoot, '../..');

/** Where `npm start` runs the server from. */
export const serverDist = path.join(serverRoot, 'dist');
export const serverMain = path.join(serverDist, 'main.js');

type Manifest = {
  name: string;
  dependencies?: Record<string, string>;
  workspaces?: string[];
  scripts?: Record<string, string>;
};
const readManifest = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;

/** The workspace packages by name, with their directories. */
function workspacePackages(): Map<string, string> {
  const root = readManifest(repoRoot);
  return new Map(
    (root.workspaces ?? []).map((dir) => [
      readManifest(path.join(repoRoot, dir)).name,
      path.join(repoRoot, dir),
    ]),
  );
}

/**
 * What the bundle imports from `node_modules`: the dependencies the given packages declare, and those
 * of the workspace packages they depend on (which are bundled, being TypeScript source). An import
 * of anything else fails the build: it would only work while npm happens to hoist it.
 */
export function declaredDependencies(packageDirs: string[]): { external: Set<string>; bundled: Set<string> } {
  const workspaces = workspacePackages();
  const external = new Set<string>();
  const bundled = new Set<string>();
  const visit = (dir: string) => {
    for (const name of Object.keys(readManifest(dir).dependencies ?? {})) {
      const workspaceDir = workspaces.get(name);
      if (workspaceDir === undefined) external.add(name);
      else if (!bundled.has(name)) {
        bundled.add(name);
        visit(workspaceDir);
      }
    }
  };
  packageDirs.forEach(visit);
  return { external, bundled };
}

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

function dependencyPlugin(packageDirs: string[]): Plugin {
  const { external, bundled } = declaredDependencies(packageDirs);
  return {
    name: 'declared-dependencies',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (path.isAbsolute(args.path) || isBuiltin(args.path)) return undefined;
        const name = packageName(args.path);
        if (bundled.has(name)) return undefined;
        if (external.has(name)) return { path: args.path, external: true };
        return {
          errors: [
            {
              text: `${path.relative(repoRoot, args.importer)} imports ${args.path}, which is not a dependency in package.json`,
            },
          ],
        };
      });
    },
  };
}

/**
 * Keeps `import.meta.url`, `.dirname` and `.filename` meaning the source file's location in the
 * bundle: code finds what lies beside its source (the migrations, the web app's build, the demo
 * images, the plain-JavaScript worker scripts) exactly as when it runs from source. Any other use
 * of `import.meta` fails the build, and so does a worker started from a TypeScript file, which Node
 * cannot load without a loader.
 */
function sourceLocationPlugin(outdir: string): Plugin {
  return {
    name: 'source-location',
    setup(b) {
      b.onLoad({ filter: /\.[mc]?[jt]s$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        const where = path.relative(repoRoot, args.path);
        const errors = [];
        if (/\bimport\.meta\b(?!\.(url|dirname|filename)\b)/.test(source))
          errors.push({ text: `${where}: only import.meta.url, .dirname and .filename are supported` });
        if (/new URL\(\s*['"`][^'"`]*\.[mc]?ts['"`]\s*,\s*import\.meta\.url/.test(source))
          errors.push({
            text: `${where}: a file started by URL (a worker) must be plain JavaScript (.mjs), as Node runs it without a TypeScript loader`,
          });
        if (errors.length > 0) return { errors };
        const relative = path.relative(outdir, args.path).split(path.sep).map(encodeURIComponent).join('/');
        const url = `new URL(${JSON.stringify(relative)}, import.meta.url)`;
        const contents = source
          .replace(/\bimport\.meta\.url\b/g, `${url}.href`)
          .replace(/\bimport\.meta\.filename\b/g, `__sourceFileURLToPath(${url})`)
          .replace(/\bimport\.meta\.dirname\b/g, `__sourceFileURLToPath(new URL('.', ${url})).slice(0, -1)`);
        return {
          contents,
          loader: /\.[mc]?ts$/.test(args.path) ? 'ts' : 'js',
          resolveDir: path.dirname(args.path),
        };
      });
    },
  };
}

export type ServerBuild = {
  /** Output name (without `.js`) → entry file. */
  entryPoints: Record<string, string>;
  outdir: string;
  /** Packages whose declared dependencies the bundle may import (default: the server's). */
  packageDirs?: string[];
};

/**
 * Bundles the entry points into `outdir`. Each file is written beside its final name and renamed into
 * place, so a process starting meanwhile runs either the old build or the new one, never half of one;
 * the entries are written last and dated from the start of the build, so a source saved during the
 * build makes it stale.
 */
export async function buildServer({ entryPoints, outdir, packageDirs = [serverRoot] }: ServerBuild) {
  const startedAt = new Date();
  const result = await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Fastify and avvio name plugins and hooks after their functions: keep the names the source gave.
    keepNames: true,
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
    banner: { js: "import { fileURLToPath as __sourceFileURLToPath } from 'node:url';" },
    plugins: [dependencyPlugin(packageDirs), sourceLocationPlugin(outdir)],
  });
  await mkdir(outdir, { recursive: true });
  const entries = new Set(Object.keys(entryPoints).map((name) => path.join(outdir, `${name}.js`)));
  const files = [...result.outputFiles].sort(
    (a, b) => Number(entries.has(a.path)) - Number(entries.has(b.path)),
  );
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    if (entries.has(file.path)) utimesSync(temporary, startedAt, startedAt);
    renameSync(temporary, file.path);
  }
}

/** What the build is made from: the server's and its workspace packages' sources and manifests. */
function buildInputs(): string[] {
  const workspaces = workspacePackages();
  const packageDirs = [
    serverRoot,
    ...[...declaredDependencies([serverRoot]).bundled].map((name) => workspaces.get(name)!),
  ];
  return [
    ...packageDirs.flatMap((dir) => [path.join(dir, 'src'), path.join(dir, 'package.json')]),
    path.join(serverRoot, 'scripts/build-server.ts'),
  ];
}

/** Whether `dist/main.js` is missing or older than a file it is built from. */
export const serverBuildIsStale = () => isStale(serverMain, buildInputs());

/** Builds the server's `dist/main.js`. */
export const buildServerMain = () =>
  buildServer({ entryPoints: { main: path.join(serverRoot, 'src/main.ts') }, outdir: serverDist });

/** Builds `dist/main.js` when it is missing or stale; quick when nothing changed. */
export async function buildServerIfStale(): Promise<void> {
  if (!serverBuildIsStale()) return;
  console.log('Building the server…');
  await buildServerMain();
}

/**
 * The Node flags `npm start` runs the built server with, and the C allocator's settings it runs it
 * under. Their one home is the root package.json's `start` script
 * (`… && NAME=value … node <flags> apps/server/dist/main.js`); the e2e journeys and the benchmarks
 * read them from there, so they run the server exactly as users do. Why each: docs/embedded-database.md.
 */
function startCommand(): { env: Record<string, string>; flags: string[] } {
  const start = readManifest(repoRoot).scripts?.start ?? '';
  const words = start.split('&&').at(-1)!.trim().split(/\s+/);
  const node = words.indexOf('node');
  const settings = words.slice(0, Math.max(node, 0)).map((w) => /^([A-Z_]+)=(\S*)$/.exec(w));
  if (node < 0 || words.at(-1) !== 'apps/server/dist/main.js' || settings.some((m) => !m))
    throw new Error(
      'The "start" script of package.json must end in `[NAME=value …] node <flags> apps/server/dist/main.js`',
    );
  return {
    env: Object.fromEntries(settings.map((m) => [m![1]!, m![2]!])),
    flags: words.slice(node + 1, -1),
  };
}

/** The Node flags of `npm start` (`startCommand`). */
export function serverNodeFlags(): string[] {
  return startCommand().flags;
}

/** The environment `npm start` sets for the server (`startCommand`): the C allocator's settings. */
export function serverNodeEnv(): Record<string, string> {
  return startCommand().env;
}
