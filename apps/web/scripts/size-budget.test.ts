import { describe, expect, it } from 'vitest';
import { budgetReport, budgets, initialScripts, measureBudgets } from './size-budget.ts';
import type { Budget, Manifest } from './size-budget.ts';

/**
 * A small build: the entry imports React and a shared chunk, which imports a helper; the shell is
 * loaded lazily and imports the shared chunk and the query cache; a screen loaded from the shell
 * is not part of either page.
 */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react-2.js', '_shared-3.js'],
    dynamicImports: ['src/app/SignedInShell.tsx'],
  },
  '_react-2.js': { file: 'assets/react-2.js' },
  '_shared-3.js': { file: 'assets/shared-3.js', imports: ['_helper-4.js'] },
  '_helper-4.js': { file: 'assets/helper-4.js', imports: ['_shared-3.js'] },
  'src/app/SignedInShell.tsx': {
    file: 'assets/SignedInShell-5.js',
    src: 'src/app/SignedInShell.tsx',
    isDynamicEntry: true,
    imports: ['_shared-3.js', '_query-6.js', 'index.html'],
    dynamicImports: ['src/features/ReportsPage.tsx'],
  },
  '_query-6.js': { file: 'assets/query-6.js' },
  'src/features/ReportsPage.tsx': { file: 'assets/ReportsPage-7.js', isDynamicEntry: true },
};

/** Each file's gzip bytes, in KiB: the fake build's weights. */
const kib: Record<string, number> = {
  'assets/index-1.js': 60,
  'assets/react-2.js': 50,
  'assets/shared-3.js': 25,
  'assets/helper-4.js': 10,
  'assets/SignedInShell-5.js': 40,
  'assets/query-6.js': 20,
  'assets/ReportsPage-7.js': 500,
};
const gzipBytes = (file: string) => kib[file]! * 1024;

const signIn: Budget = { name: 'sign-in page', roots: ['index.html'], limitKiB: 150 };
const shell: Budget = {
  name: 'signed-in shell',
  roots: ['index.html', 'src/app/SignedInShell.tsx'],
  limitKiB: 210,
};

describe('the size budgets', () => {
  it("counts a page's roots and their static imports, each once, and no lazily loaded screen", () => {
    expect(initialScripts(manifest, signIn.roots)).toEqual([
      'assets/index-1.js',
      'assets/react-2.js',
      'assets/shared-3.js',
      'assets/helper-4.js',
    ]);
    expect(initialScripts(manifest, shell.roots)).toEqual([
      'assets/index-1.js',
      'assets/react-2.js',
      'assets/shared-3.js',
      'assets/helper-4.js',
      'assets/SignedInShell-5.js',
      'assets/query-6.js',
    ]);
  });

  it('passes a build within its budgets', () => {
    const [page, signedIn] = measureBudgets(manifest, gzipBytes, [signIn, shell]);
    expect(page).toMatchObject({ bytes: 145 * 1024, over: false });
    expect(signedIn).toMatchObject({ bytes: 205 * 1024, over: false });
    expect(budgetReport([page!, signedIn!])).toBe(
      [
        'ok   sign-in page: 145.0 KiB gzip in 4 scripts (budget 150 KiB)',
        'ok   signed-in shell: 205.0 KiB gzip in 6 scripts (budget 210 KiB)',
      ].join('\n'),
    );
  });

  it('fails a change that passes a budget, and names the files', () => {
    // A change that brings 6 KiB more into the first download: both pages carry it.
    const heavier = (file: string) => gzipBytes(file) + (file === 'assets/helper-4.js' ? 6 * 1024 : 0);
    const [page, signedIn] = measureBudgets(manifest, heavier, [signIn, shell]);
    expect(page).toMatchObject({ bytes: 151 * 1024, over: true });
    expect(signedIn).toMatchObject({ bytes: 211 * 1024, over: true });
    const report = budgetReport([page!]);
    expect(report).toContain('OVER sign-in page: 151.0 KiB gzip in 4 scripts (budget 150 KiB)');
    expect(report).toContain('60.0 KiB  assets/index-1.js');
    // Exactly at the budget is within it.
    expect(measureBudgets(manifest, gzipBytes, [{ ...signIn, limitKiB: 145 }])[0]!.over).toBe(false);
  });

  it('fails, rather than measuring nothing, when a root is not in the build', () => {
    expect(() => measureBudgets(manifest, gzipBytes, [{ ...shell, roots: ['src/app/Shell.tsx'] }])).toThrow(
      /no src\/app\/Shell\.tsx/,
    );
  });

  it('holds the sign-in page to 150 KiB, and the shell to a budget of its own', () => {
    expect(budgets.map((b) => [b.name, b.roots[0], b.limitKiB])).toEqual([
      ['sign-in page', 'index.html', 150],
      ['signed-in shell', 'index.html', expect.any(Number)],
    ]);
  });
});
