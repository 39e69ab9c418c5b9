/**
 * Prints the rows of test/route-matrix.expected.ts as the route table declares them today, for a
 * person to compare and paste: `npx tsx apps/server/scripts/route-matrix-rows.ts`. Review each new or
 * changed row: the expected table exists so that access changes are deliberate.
 */
import { routeTable } from '@inspectra/contract';
import type { Access } from '@inspectra/contract';

export const accessLabel = (access: Access) =>
  typeof access === 'string' ? access : `${access.module}.${access.action}`;

for (const r of routeTable) console.log(`  '${r.method} ${r.path}': '${accessLabel(r.access)}',`);
