/**
 * Prints the rows of `accessByHand` in test/route-matrix.expected.ts as the route table declares them
 * today: every route whose access the rule for declared entity calls does not give (public and
 * signed-in-only calls, module actions, entity calls asking another permission), for a person to
 * compare and paste: `npx tsx apps/server/scripts/route-matrix-rows.ts`. Review each new or changed
 * row: the expected table exists so that access changes are deliberate.
 */
import { routeTable } from '@inspectra/contract';
import type { Access, RouteDefinition } from '@inspectra/contract';
import { accessByRule } from '../test/route-matrix.expected.ts';

export const accessLabel = (access: Access) =>
  typeof access === 'string' ? access : `${access.module}.${access.action}`;

for (const r of routeTable as readonly RouteDefinition[]) {
  const access = accessLabel(r.access);
  if (accessByRule(r) !== access) console.log(`  '${r.method} ${r.path}': '${access}',`);
}
