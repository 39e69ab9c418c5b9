/**
 * A build step: writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build,
 * at the strongest settings, once. The server sends whichever the browser accepts, so a tablet on a
 * slow plant network downloads about a quarter of the bytes and the server compresses nothing per
 * request.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes the compressed copies of the files in `dir`; a copy that would not be smaller is skipped. */
export async function precompressDirectory(dir: string): Promise<{ files: number; copies: number }> {
  const files = (await filesUnder(dir)).filter((file) => compressible.has(path.extname(file)));
  let copies = 0;
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      for (const [suffix, copy] of [
        ['.br', br],
        ['.gz', gz],
      ] as const) {
        if (copy.length >= bytes.length) continue;
        await writeFile(file + suffix, copy);
        copies += 1;
      }
    }),
  );
  return { files: files.length, copies };
}

/** The Vite plugin: compresses the build output once every file has been written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'inspectra:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDirectory(outDir);
      },
    },
  };
}
