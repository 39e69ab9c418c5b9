import { entities } from '@inspectra/contract';
import type { RouteDefinition } from '@inspectra/contract';
import { recordScopes } from '../src/app.ts';
import { entityTables } from '../src/db/schema/index.ts';
import { entityScope } from '../src/engine/record-scope.ts';
import { RecordRepository } from '../src/engine/records.ts';
import { registerRoutes } from '../src/engine/register-routes.ts';
import type { ActionHandler } from '../src/engine/action-handler.ts';
import type { EngineDeps } from '../src/engine/engine-deps.ts';
import { authorize } from '../src/modules/auth/authorize.ts';
import { accessTokenKey } from '../src/modules/auth/tokens.ts';
import { jwtSecret, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

/**
 * A test app that also serves `routes`, declarations of the test's own (an engine word proven
 * apart from any technique), through the engine as the product's routes are: authorised, scoped,
 * every entity's repository at hand. `extra` gives those routes declarations of the test's own
 * beside them (row templates, write checks), which the product's routes do not see; `actions`, the
 * handlers of the action routes among them.
 */
export async function startWithTestRoutes(
  routes: RouteDefinition[],
  extra: Pick<EngineDeps, 'rowTemplates' | 'writeChecks'> = {},
  actions: Record<string, ActionHandler> = {},
): Promise<TestApp> {
  // Filled once the test app's database exists: handlers read their deps when called, not before.
  const deps = {} as EngineDeps;
  const key = accessTokenKey(jwtSecret);
  const t = await startTestApp({
    routes: (app) =>
      registerRoutes(app, routes, deps, actions, {
        authorize: (request, row) => authorize(deps.db, key, request, row.access),
      }),
  });
  Object.assign(deps, {
    db: t.db,
    files: t.files,
    maxUploadBytes: 1024 * 1024,
    maxDocumentBytes: 1024 * 1024,
    maxVideoBytes: 1024 * 1024,
    repositories: new Map(
      Object.values(entities).map((e) => [
        e.name,
        new RecordRepository(e, entityTables[e.name]!, { scope: entityScope(recordScopes, e) }),
      ]),
    ),
    scopes: recordScopes,
    ...extra,
  } satisfies EngineDeps);
  return t;
}
