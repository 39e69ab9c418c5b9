import * as contract from '@inspectra/contract';
import { entities as declared, enumValueLabel, techniques as declaredTechniques } from '@inspectra/contract';
import type { EntityDefinition } from '@inspectra/contract';
import { describe, expect, it } from 'vitest';
import { entities as en, entityStrings, techniqueLabels as enTechniques } from './en/entities.ts';
import { entities as id, techniqueLabels as idTechniques } from './id/entities.ts';
import { i18n } from './index.ts';

/** Every leaf key of a nested object, dotted. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('entity labels', () => {
  it('reads the English of every declared entity from its declaration', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(declared).sort());
    const m = en.thermalMeasurement!;
    expect(m.fields?.maxTemperatureC).toBe(contract.thermalMeasurement.fields.maxTemperatureC.label);
    expect(m.fields?.referenceTemperatureCDescription).toBe('Similar component under similar load');
    // Derived values are labelled like fields, enum values by their words.
    expect(m.fields?.deltaTC).toBe('ΔT');
    expect(m.values?.severity?.repairAsTimePermits).toBe('Repair as time permits');
    expect(m.images?.thermalImage).toBe('Thermal image');
    expect(m.groups?.camera).toBe('Camera and conditions');
    expect(m.rules?.referenceAboveMax).toBe(contract.thermalMeasurement.rules.referenceAboveMax.message);
    expect(en.vciSummary?.images?.summaryImages).toBe('Photos');
    // The entity's own name and its equipment classes are keys too (the PDF's record titles).
    expect(en.thermalMeasurement?.label).toBe(contract.thermalMeasurement.label);
    expect(en.vciSummary?.variants).toEqual({ pipe: 'Pipe', pipeline: 'Pipeline' });
    expect(en.vciSummary?.imageTypes?.summaryImages?.closeUp).toBe('Close up');
    expect(en.reportSupportingDocument?.values?.documentType?.calibrationCertificate).toBe(
      'Calibration certificate',
    );
    // A value's English is its words, as the API's enumValues calls answer.
    expect(en.walkthroughSummary?.values?.condition?.fair).toBe(enumValueLabel('fair'));
    expect(en.reportHeader?.values?.inspectionMethod?.vci).toBe(contract.vci.label);
    expect(enTechniques.walkthrough).toEqual({
      label: contract.walkthrough.label,
      description: contract.walkthrough.description,
    });
  });

  it('has a key for every field, value, image, image type and rule a declaration has', () => {
    for (const entity of Object.values(declared)) {
      const strings = entityStrings(entity);
      const have = new Set(keys(strings));
      const expected = [
        'label',
        ...(entity.variants ?? []).map((v) => `variants.${v}`),
        ...Object.keys(entity.fields).map((k) => `fields.${k}`),
        ...Object.keys(entity.derived).map((k) => `fields.${k}`),
        ...Object.keys(entity.images).map((k) => `images.${k}`),
        ...Object.keys(entity.imageLists).map((k) => `images.${k}`),
        ...Object.entries(entity.imageLists).flatMap(([k, l]) =>
          (l.types ?? []).map((type) => `imageTypes.${k}.${type}`),
        ),
        ...Object.keys(entity.rules).map((k) => `rules.${k}`),
        ...enumKeys(entity),
      ];
      expect(
        expected.filter((k) => !have.has(k)),
        entity.name,
      ).toEqual([]);
    }
  });

  it('finds each entity under its exported name, as the translation keys are typed', () => {
    // The contract's labels/entity-keys.ts types `entities.<name>` by its exports: each export's name must be
    // the entity's own, and every declared entity exported.
    const exported = Object.entries(contract).filter(
      ([, v]) => typeof v === 'object' && v !== null && 'table' in v && 'fieldsOf' in v,
    ) as [string, EntityDefinition][];
    for (const [name, entity] of exported) expect(entity.name).toBe(name);
    expect(exported.map(([name]) => name).sort()).toEqual(Object.keys(declared).sort());
  });

  it('gives every English entity and technique string in Bahasa Indonesia', () => {
    const english = [
      ...keys(en).map((k) => `entities.${k}`),
      ...keys(enTechniques).map((k) => `techniques.${k}`),
    ];
    const missing = english.filter((k) => !i18n.getResource('id', 'translation', k));
    // Each key listed here still needs its Indonesian in packages/contract/src/labels/id.ts.
    expect(missing).toEqual([]);
    // …and no Indonesian string stands under a key the declarations no longer have.
    const indonesian = [
      ...keys(id).map((k) => `entities.${k}`),
      ...keys(idTechniques).map((k) => `techniques.${k}`),
    ];
    expect(indonesian.filter((k) => !english.includes(k))).toEqual([]);
  });

  it('looks the labels up in the chosen language', async () => {
    await i18n.changeLanguage('id');
    expect(i18n.t('entities.vciSummary.values.feature.coatingDamage')).toBe('Kerusakan lapisan pelindung');
    expect(i18n.t('techniques.ndt.label')).toBe('Peralatan NDT');
    expect(i18n.t('entities.thermalMeasurement.label')).toBe('Pengukuran termal');
    expect(i18n.t('entities.walkthroughSummary.variants.pipeline')).toBe('Jalur pipa');
    await i18n.changeLanguage('en');
    expect(i18n.t('entities.walkthroughSummary.fields.inspectionArea')).toBe('Inspection area');
    expect(i18n.t('techniques.thermal.label')).toBe(declaredTechniques[0].label);
  });
});

function enumKeys(entity: EntityDefinition): string[] {
  const fields = [
    ...Object.entries(entity.fields),
    ...Object.entries(entity.derived).map(([k, d]) => [k, d.field] as const),
  ];
  return fields.flatMap(([key, field]) =>
    field.kind === 'enum' ? field.values.map((v) => `values.${key}.${v}`) : [],
  );
}
