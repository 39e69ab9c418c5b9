import type { PermissionModule } from '@inspectra/contract';
import { describe, expect, it } from 'vitest';
import { grants, testProfile } from '../../api/test-server.ts';
import { allTechniques } from '../techniques/technique-routes.ts';
import { reportScopes } from './offline-task.ts';

const everyModule = allTechniques.map((t) => t.module as PermissionModule);
const report = { id: 'report-1', inspectionMethod: 'thermal', equipmentCategory: 'pipeline' };
const scopesOf = (modules: PermissionModule[], summaries: Parameters<typeof reportScopes>[2] = []) =>
  reportScopes(testProfile({ permissions: grants(modules, ['view']) }), report, summaries).map(
    (s) => `${s.technique.module}|${s.variant ?? ''}`,
  );

describe('the workspaces a task taken along opens offline', () => {
  it('takes every inspection type the report page offers, on the class its category names', () => {
    const scopes = scopesOf(everyModule);
    // Its method's own first, then the other inspection types' cards: the pipeline walkthrough too.
    expect(scopes[0]).toBe('thermal|');
    expect(scopes).toEqual(
      expect.arrayContaining(['walkthrough|pipeline', 'paut|pipeline', 'ufd|pipeline', 'vibration|']),
    );
    // Not one on another class, nor one whose classes are not the report's (it asks which).
    expect(scopes.filter((s) => s.startsWith('walkthrough|'))).toEqual(['walkthrough|pipeline']);
    expect(scopes.some((s) => s.startsWith('srut|'))).toBe(false);
    // Nor one the server creates on its first read (taking a task along creates nothing)…
    expect(scopes.some((s) => s.startsWith('vci|'))).toBe(false);
  });

  it('takes one already holding an inspection, and leaves out what the user may not see', () => {
    const held = { technique: 'vci', variant: 'pipe', inspections: 1 };
    const scopes = scopesOf(['thermal', 'vci'] as PermissionModule[], [held]);
    // …unless it holds one already, on whichever class it is.
    expect(scopes).toEqual(['thermal|', 'vci|pipe']);
  });
});
