export * from './system.ts';
export * from './entities.ts';
