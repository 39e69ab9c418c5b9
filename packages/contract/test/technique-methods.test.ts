import { describe, expect, it } from 'vitest';
import {
  defineTechnique,
  inspectionMethodCatalogue,
  methodModules,
  permissionModuleLabels,
  permissionModules,
  plannedMethodModules,
  techniqueOfMethod,
  techniquePermissionModules,
  techniques,
  thermal,
  vci,
} from '../src/index.ts';
import type { TechniqueDefinition } from '../src/index.ts';

const declared = techniques as readonly TechniqueDefinition[];
const codes = inspectionMethodCatalogue.map((m) => m.code);

describe('the inspection methods of the catalogue', () => {
  it('are the thirteen methods of the specification, each code once', () => {
    expect(codes).toHaveLength(13);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('every technique serves a method of the catalogue, and no two serve one', () => {
    const served = declared.flatMap((t) => (t.method ? [t.method] : []));
    expect(served.length).toBeGreaterThan(0);
    for (const method of served) expect(codes).toContain(method);
    expect(new Set(served).size).toBe(served.length);
  });

  it('every technique with a card on a report serves a method; report-wide lists serve none', () => {
    for (const technique of declared) expect(Boolean(technique.method)).toBe(technique.reportCard !== false);
  });

  it('a report reaches its technique by its method code, and only by it', () => {
    for (const technique of declared.filter((t) => t.method))
      expect(techniqueOfMethod(technique.method)).toBe(technique);
    // A planned method (no technique yet), a label, a slug or nothing lead nowhere.
    for (const code of plannedMethodModules) expect(techniqueOfMethod(code)).toBeUndefined();
    expect(techniqueOfMethod(vci.label)).toBeUndefined();
    expect(techniqueOfMethod('Thermal')).toBeUndefined();
    expect(techniqueOfMethod(null)).toBeUndefined();
  });

  it("a technique is called by its method's name", () => {
    expect(thermal.label).toBe(inspectionMethodCatalogue.find((m) => m.code === 'thermal')!.name);
  });

  it('refuses a technique with a card that names no method, or a method outside the catalogue', () => {
    const base = {
      module: 'probe',
      description: 'A probe.',
      slug: 'probe',
      icon: 'crack' as const,
      color: 'gray',
      entities: [],
      routes: [],
    };
    expect(() => defineTechnique({ ...base, label: 'Probe' })).toThrow(/names the inspection method/);
    expect(() => defineTechnique({ ...base, method: 'nonsense' as never })).toThrow(
      /not an inspection method/,
    );
    expect(defineTechnique({ ...base, label: 'Probe list', reportCard: false }).method).toBeUndefined();
  });

  it('refuses fields that record a row (complete.rows.recordedBy) that are not its rows’ fields', () => {
    const recordedBy = (fields: string[]) => () =>
      defineTechnique({ ...thermal, complete: { rows: { min: 1, recordedBy: fields } } } as never);
    expect(recordedBy(['nope', 'thermalAnalysisId'])).toThrow(
      'thermal: complete.rows.recordedBy names nope, thermalAnalysisId, not a field of its rows',
    );
    expect(recordedBy(['maxTemperatureC'])()).toBeDefined();
  });
});

describe('the permission modules of the methods', () => {
  it('are one per method of the catalogue, built or not, with its name, before the report-wide lists', () => {
    expect(methodModules).toEqual(codes);
    const techniqueSection = [...techniquePermissionModules];
    expect(techniqueSection.slice(0, codes.length)).toEqual(codes);
    expect(techniqueSection.slice(codes.length)).toEqual(
      declared.filter((t) => !t.method).map((t) => t.module),
    );
    for (const m of techniqueSection) expect(permissionModules).toContain(m);
    expect(permissionModuleLabels.vibration).toBe('Vibration');
  });

  it('mark as planned exactly the methods no technique serves, and a technique takes its method’s module', () => {
    expect([...plannedMethodModules]).toEqual(codes.filter((c) => !techniqueOfMethod(c)));
    for (const t of declared.filter((d) => d.method)) expect(t.module).toBe(t.method);
  });
});
