/**
 * The web app's size budgets (docs/web-performance.md): the gzip bytes of the scripts a page loads
 * before it runs, read from Vite's build manifest. A page's scripts are its roots' chunks and,
 * transitively, their static imports: what the browser is told to preload and runs before the
 * page's own code. Dynamic imports (the screens loaded when visited) are not counted.
 */

/** One chunk of Vite's manifest (`build.manifest`), the fields read here. */
export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
export type Manifest = Readonly<Record<string, ManifestChunk>>;

export type Budget = {
  /** What is measured, in the words of the report. */
  name: string;
  /**
   * Manifest keys whose chunks the page loads: `index.html` for the entry, a source path such as
   * `src/app/SignedInShell.tsx` for a screen loaded lazily.
   */
  roots: readonly string[];
  /** The most its scripts may weigh, gzip, in KiB (1,024 bytes). */
  limitKiB: number;
};

/**
 * The budgets `npm test` holds the build to. The sign-in page is part of the entry (router.tsx
 * imports it statically): were it loaded lazily, its chunk would be a root here. The signed-in
 * shell is what a signed-in page loads before its own screen: the entry and the shell's chunk,
 * which imports the query cache and the profile the app route's loader reads.
 */
export const budgets: readonly Budget[] = [
  { name: 'sign-in page', roots: ['index.html'], limitKiB: 150 },
  { name: 'signed-in shell', roots: ['index.html', 'src/app/SignedInShell.tsx'], limitKiB: 400 },
];

/**
 * The files a page's roots load before running, each once, in the order first reached. A root the
 * manifest lacks is an error, not an empty page: a renamed shell must not pass by measuring nothing.
 */
export function initialScripts(manifest: Manifest, roots: readonly string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string, from: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`The build's manifest has no ${key} (${from}): is the size budget's root renamed?`);
    seen.add(key);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported, `imported by ${key}`);
  };
  for (const root of roots) visit(root, 'a root of the budget');
  return files;
}

export type Measurement = {
  budget: Budget;
  files: { file: string; bytes: number }[];
  /** The gzip bytes of every file, summed: each file is a request of its own, compressed alone. */
  bytes: number;
  over: boolean;
};

/** Each budget's scripts and their gzip bytes (`gzipBytes` of one file of the build). */
export function measureBudgets(
  manifest: Manifest,
  gzipBytes: (file: string) => number,
  measured: readonly Budget[] = budgets,
): Measurement[] {
  return measured.map((budget) => {
    const files = initialScripts(manifest, budget.roots)
      .filter((file) => /\.m?js$/.test(file))
      .map((file) => ({ file, bytes: gzipBytes(file) }));
    const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
    return { budget, files, bytes, over: bytes > budget.limitKiB * 1024 };
  });
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The report printed by the check: one line per budget, and the files of any over it. */
export function budgetReport(measurements: readonly Measurement[]): string {
  return measurements
    .flatMap((m) => [
      `${m.over ? 'OVER' : 'ok  '} ${m.budget.name}: ${kib(m.bytes)} gzip in ${m.files.length} scripts (budget ${m.budget.limitKiB} KiB)`,
      ...(m.over
        ? [...m.files]
            .sort((a, b) => b.bytes - a.bytes)
            .map((f) => `       ${kib(f.bytes).padStart(10)}  ${f.file}`)
        : []),
    ])
    .join('\n');
}
