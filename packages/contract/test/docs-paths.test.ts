import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const docsDir = join(root, 'docs');

/**
 * A source path as the docs name one: from a top-level folder of the repository to a file with its
 * extension (`apps/server/src/app.ts`). A folder (`apps/web/src/i18n/`) or a pattern
 * (`bench/results/engine-<db>-<time>.json`) stops before an extension, and a folder's version
 * (`bench/.data/pglite-v2-scale-0.02/`) is not an extension: neither is a file's name.
 */
const sourcePath =
  /(?<![\w./-])(?:apps|packages|e2e|bench|scripts)\/[\w./@+-]*\.[A-Za-z][A-Za-z0-9]*(?![\w/-]|\.\w)/g;

function markdownUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** A build's output (`apps/server/dist/main.js`): made by a build, absent from a fresh clone. */
const builtPath = /(?:^|\/)dist(?:-[\w-]+)?\//;

/** The source paths a document's text names that `exists` does not find (a build's output is none). */
export function missingSourcePaths(text: string, exists: (path: string) => boolean): string[] {
  return [...new Set(text.match(sourcePath) ?? [])].filter((path) => !builtPath.test(path) && !exists(path));
}

/**
 * Whether a file is in the repository: one git tracks, so a file only on this machine (a bench's
 * results, an untracked note) fails here as it would on a fresh clone. Outside a git checkout, whether
 * it is on disk.
 */
function inRepository(): (path: string) => boolean {
  try {
    const listed = execFileSync('git', ['ls-files', '-z'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    const tracked = new Set(listed.split('\0'));
    return (path) => tracked.has(path);
  } catch {
    return (path) => existsSync(join(root, path));
  }
}

describe('source files the docs name', () => {
  it('are read from a document as the repository spells them', () => {
    const text =
      'See `apps/server/src/app.ts`, bench/engine.ts. The folder apps/web/src/i18n/ and ' +
      '`bench/results/engine-<db>-<time>.json` and bench/.data/pglite-v2-scale-0.02/ are not files; ' +
      '`apps/server/src/modules/gone.actions.ts` is; apps/server/dist/main.js is built, not a source.';
    const named: string[] = [];
    missingSourcePaths(text, (path) => (named.push(path), false));
    expect(named).toEqual([
      'apps/server/src/app.ts',
      'bench/engine.ts',
      'apps/server/src/modules/gone.actions.ts',
    ]);
  });

  it('all exist', () => {
    const exists = inRepository();
    const missing = markdownUnder(docsDir).flatMap((file) =>
      missingSourcePaths(readFileSync(file, 'utf8'), exists).map(
        (path) => `${relative(root, file)}: ${path}`,
      ),
    );
    expect(missing).toEqual([]);
  });
});
