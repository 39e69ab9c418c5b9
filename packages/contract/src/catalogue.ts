import { authRoutes } from './entities/auth.ts';
import { systemRoutes } from './entities/system.ts';
import { reportHeader, reportHeaderRoutes } from './entities/report-headers.ts';
import { thermalAnalysis, thermalMeasurement, thermalRoutes } from './entities/thermal.ts';
import { workOrderRoutes, workOrderSpk } from './entities/work-orders.ts';
import type { EntityDefinition } from './entity.ts';

/** Every declared entity, by name. Parents come before their children. */
export const entities: Record<string, EntityDefinition> = Object.fromEntries(
  [workOrderSpk, reportHeader, thermalAnalysis, thermalMeasurement].map((e) => [
    e.name,
    e as EntityDefinition,
  ]),
);

/** Every call of the API (SPEC 7), relative to `/api`. */
export const routeTable = [
  ...systemRoutes,
  ...authRoutes,
  ...workOrderRoutes,
  ...reportHeaderRoutes,
  ...thermalRoutes,
];
