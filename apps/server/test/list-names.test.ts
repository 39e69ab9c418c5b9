/**
 * A declared list's statements are prepared by its name (engine/records/declared-list.ts): two
 * lists of one table under one name would share them, and the second would answer with the first's
 * rows. Every list the modules declare has a name of its own; a second is refused as it is declared.
 */
import { equipment, recommendation, reportHeader } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import '../src/app.ts';
import { defineList, everyDeclaredList } from '../src/engine/records/declared-list.ts';

describe('declared lists’ names', () => {
  it('are each list’s own among the lists of its table, over every list the modules declare', () => {
    const lists = everyDeclaredList();
    // The app's modules loaded: their lists are all here (the approval queue, the registers…).
    expect(lists.map((l) => l.name)).toEqual(
      expect.arrayContaining(['approvalQueue', 'recommendations', 'ndtRegister', 'users', 'roles']),
    );
    const keys = lists.map((l) => `${l.entity.table} ${l.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('refuses a second list of a table under a name taken, naming both, and allows it on another table', () => {
    expect(() =>
      defineList(recommendation, 'recommendations', { where: ({ row }) => sql`${row.status!} = 'open'` }),
    ).toThrow(
      'Two lists of recommendation (table recommendation) are named "recommendations": their prepared statements are named by it, so one would answer the other. Give each list a name of its own.',
    );
    expect(defineList(equipment, 'recommendations').entity).toBe(equipment);
  });

  it('refuses, as it is declared, a list ordered by a natural key its entity does not have', () => {
    expect(() => defineList(reportHeader, 'byNaturalKey', { order: 'naturalKey' })).toThrow(
      'The list "byNaturalKey" is ordered by the natural key of reportHeader, which has none',
    );
  });
});
