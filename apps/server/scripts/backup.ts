/**
 * `npm run backup -- --out <directory>`: backs up the deployment the environment configures (the
 * same variables as `npm start`) into a new directory (docs/deployment.md, "Backups").
 */
import { parseArgs } from 'node:util';
import { backup } from '../src/backup/backup.ts';
import { loadConfig } from '../src/config.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('Usage: npm run backup -- --out <new directory>');
  process.exit(2);
}
backup(loadConfig(process.env), values.out, (line) => console.log(line)).then(
  (manifest) => console.log(`Backed up into ${values.out} (${manifest.files} files)`),
  (error: unknown) => {
    console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
