/**
 * `npm run restore -- --from <directory>`: restores a backup made by `npm run backup` into the empty
 * deployment the environment configures (docs/deployment.md, "Backups"). The server stays stopped.
 */
import { parseArgs } from 'node:util';
import { restore } from '../src/backup/backup.ts';
import { loadConfig } from '../src/config.ts';

const { values } = parseArgs({ options: { from: { type: 'string' } } });
if (!values.from) {
  console.error('Usage: npm run restore -- --from <backup directory>');
  process.exit(2);
}
restore(loadConfig(process.env), values.from, (line) => console.log(line)).then(
  () => console.log(`Restored from ${values.from}`),
  (error: unknown) => {
    console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
