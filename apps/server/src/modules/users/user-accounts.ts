import { defineEntity, f } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { EntityTable } from '../../engine/entity-table.ts';
import { plantWide } from '../../engine/record-scope.ts';
import { RecordRepository } from '../../engine/records.ts';

/**
 * The hand-written `user_account` table as the engine lists it: what its lists search, filter and
 * sort by. Not an entity of the catalogue (users are written by their module's actions alone,
 * docs/users-and-roles.md), so it has no routes, table or migration of its own.
 */
export const userAccount = defineEntity('userAccount', {
  label: 'User',
  module: 'user',
  fields: {
    username: f.text({ required: true }),
    fullName: f.text({ required: true }),
    email: f.email(),
    employeeNumber: f.text(),
    phoneNumber: f.phone(),
    roleId: f.text({ required: true }),
    contractorCompanyId: f.ref('contractorCompany'),
    approvalPosition: f.text(),
    approvalLevel: f.integer(),
    plannerGroups: f.json(),
    isActive: f.boolean(),
    passwordChangedAt: f.datetime(),
  },
  search: ['username', 'fullName', 'email', 'employeeNumber'],
  sort: { field: 'username', direction: 'asc' },
});

/**
 * Users of every company are listed to whoever the user module's permission lets read them (the
 * permission guards the routes; no company condition narrows the list). Sorted by username, case
 * aside, as its unique index reads them.
 */
export const userAccounts = new RecordRepository(userAccount, users as unknown as EntityTable, {
  scope: plantWide('user accounts: who reads them is the user module permission, not the company'),
  sortAs: { username: sql`lower(${users.username})` },
});
