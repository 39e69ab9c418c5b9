export * from './fields.ts';
export * from './entity.ts';
export * from './rules.ts';
export * from './envelope.ts';
export * from './media-types.ts';
export * from './permissions.ts';
export * from './routes.ts';
export * from './entities/auth.ts';
export * from './entities/system.ts';
export * from './entities/work-orders.ts';
export * from './entities/report-headers.ts';
export * from './entities/thermal.ts';

export * from './technique.ts';
export { techniques, permissionModules, permissionModuleLabels } from './catalogue.ts';
export type { PermissionModule, TechniqueModule } from './catalogue.ts';
export { entities, routeTable } from './catalogue.ts';
