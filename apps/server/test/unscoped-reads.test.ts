/**
 * Company scope fails closed (docs/company-scoping.md): every entity is scoped or declared
 * plant-wide with a reason, and every read that sees all companies' records says so in code with
 * its reason. Both lists are literals here, so a new exception is a reviewed decision, not a slip.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { entities } from '@inspectra/contract';
import { describe, expect, it } from 'vitest';
import { recordScopes } from '../src/app.ts';
import { entityScope } from '../src/engine/record-scope.ts';
import { roleRecords } from '../src/modules/users/role-records.ts';
import { userAccounts } from '../src/modules/users/user-accounts.ts';

const sourceRoot = join(import.meta.dirname, '../src');

/** Entities every company's users read and only the owner's staff write, each for a reason given. */
const expectedPlantWide = [
  'approvalPosition',
  'equipment',
  'equipmentCategory',
  'functionalLocation',
  'inspectionMethod',
  'inspectionMethodApproval',
  'inspectionPoint',
  'ndtEquipment',
  'ndtIsometric',
  'objectType',
  'plannerGroup',
  'plantOwner',
  'reviewerAssignment',
  // A table outside the catalogue, listed by the engine (modules/users/role-records.ts).
  'role',
  // Thickness monitoring hangs on the asset master (docs/thickness-monitoring.md).
  'thicknessLocation',
  'thicknessReading',
  // Another (modules/users/user-accounts.ts).
  'userAccount',
];

/** Every read past the caller's scope: the file it is in and the reason it gives. */
const expectedUnscoped = [
  { file: 'engine/records/repository.ts', reason: 'the caller has read it under their scope' },
  // A revision is made from a report found in the caller's scope; all of it is copied.
  {
    file: 'engine/report-copy.ts',
    reason: 'a revision copies the whole report it revises, which the caller has been shown',
  },
  // A version is the whole report; it is listed, read and checked only after the report is found
  // in the caller's scope.
  {
    file: 'modules/reports/report-versions.ts',
    reason: 'a version and its check hold the whole report, whoever approved or reads it',
  },
];

async function sourceFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await sourceFiles(path)));
    else if (entry.name.endsWith('.ts')) found.push(path);
  }
  return found;
}

describe('company scope', () => {
  it('reaches every entity, or the entity is plant-wide with its reason', () => {
    const plantWide: Record<string, string> = {};
    const scoped = [
      ...Object.values(entities).map((entity) => ({ entity, scope: entityScope(recordScopes, entity) })),
      { entity: userAccounts.entity, scope: userAccounts.scope },
      { entity: roleRecords.entity, scope: roleRecords.scope },
    ];
    for (const { entity, scope } of scoped) {
      if ('plantWide' in scope) {
        expect(scope.plantWide.length, entity.name).toBeGreaterThan(20);
        plantWide[entity.name] = scope.plantWide;
      }
    }
    expect(
      Object.keys(plantWide).sort(),
      `Plant-wide entities and why:\n${JSON.stringify(plantWide, null, 2)}`,
    ).toEqual(expectedPlantWide);
  });

  it('is set aside only where the code says so, with a reason, at the calls listed here', async () => {
    const found: { file: string; reason: string }[] = [];
    for (const path of await sourceFiles(sourceRoot)) {
      const text = await readFile(path, 'utf8');
      const file = relative(sourceRoot, path);
      // Every call of `unscoped`, outside the module that defines it, must carry a literal reason.
      for (const match of text.matchAll(/\bunscoped\(\s*(?:'([^']*)'|"([^"]*)"|`([^`]*)`|([^)]*))\)/g)) {
        if (file === 'engine/record-scope.ts') continue;
        const reason = match[1] ?? match[2] ?? match[3];
        expect(reason, `${file}: unscoped(${match[4] ?? ''}) gives no literal reason`).toBeDefined();
        found.push({ file, reason: reason! });
      }
    }
    expect(found).toEqual(expectedUnscoped);
  });
});
