import { defineEntity, f } from '@inspectra/contract';
import { roles } from '../../db/schema/index.ts';
import type { EntityTable } from '../../engine/entity-table.ts';
import { plantWide } from '../../engine/record-scope.ts';
import { RecordRepository } from '../../engine/records.ts';

/**
 * The hand-written `role` table as the engine lists it: searched and ordered by name (its unique
 * index). Not an entity of the catalogue (roles are written by their module's actions alone,
 * docs/users-and-roles.md), so it has no routes, table or migration of its own.
 */
export const roleRecord = defineEntity('role', {
  label: 'Role',
  module: 'role',
  fields: {
    name: f.text({ required: true }),
    description: f.text(),
    isAdministrator: f.boolean(),
  },
  search: ['name'],
  sort: { field: 'name', direction: 'asc' },
});

/** Roles are one list for the whole plant: who reads it is the role module's permission. */
export const roleRecords = new RecordRepository(roleRecord, roles as unknown as EntityTable, {
  scope: plantWide('roles: who reads them is the role module permission, not the company'),
});
