import { f, pautSummary, sacpMeasurement, thermalMeasurement } from '@inspectra/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { FieldDisplay, formatFieldValue } from './FieldDisplay.tsx';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const t = i18n.t.bind(i18n);

describe('formatFieldValue', () => {
  it('formats by kind in English', () => {
    expect(formatFieldValue(f.number({ unit: '°C' }), 1234.5, t, 'en')).toBe('1,234.5 °C');
    expect(formatFieldValue(f.number({ unit: '%' }), 80, t, 'en')).toBe('80%');
    expect(formatFieldValue(f.integer(), 42, t, 'en')).toBe('42');
    expect(formatFieldValue(f.date(), '2026-03-05', t, 'en')).toBe('5 Mar 2026');
    expect(formatFieldValue(f.boolean(), true, t, 'en')).toBe('Yes');
    expect(formatFieldValue(f.boolean(), false, t, 'en')).toBe('No');
    expect(formatFieldValue(f.text(), '', t, 'en')).toBe('—');
    expect(formatFieldValue(f.number(), null, t, 'en')).toBe('—');
    expect(formatFieldValue(f.json(), { a: 1 }, t, 'en')).toBe('{"a":1}');
  });

  it('formats numbers, dates and Yes/No in Bahasa Indonesia', async () => {
    await i18n.changeLanguage('id');
    expect(formatFieldValue(f.number({ unit: '°C' }), 1234.5, t, 'id')).toBe('1.234,5 °C');
    expect(formatFieldValue(f.date(), '2026-08-05', t, 'id')).toBe('5 Agu 2026');
    expect(formatFieldValue(f.boolean(), true, t, 'id')).toBe('Ya');
  });

  it('names a code kept as free text when the entity translates it, and leaves other text alone', async () => {
    const method = f.text();
    const context = { entityName: 'reportHeader', key: 'inspectionMethod' };
    expect(formatFieldValue(method, 'thermal', t, 'en', context)).toBe('Thermal analysis');
    expect(formatFieldValue(method, 'acousticEmission', t, 'en', context)).toBe('acousticEmission');
    expect(formatFieldValue(method, 'Phase R cable lug.', t, 'en', context)).toBe('Phase R cable lug.');
    expect(formatFieldValue(method, 'thermal', t, 'en')).toBe('thermal');
    await i18n.changeLanguage('id');
    expect(formatFieldValue(method, 'thermal', t, 'id', context)).toBe('Analisis termal');
  });

  it('translates enum values under the entity, falling back to the value', () => {
    i18n.addResource(
      'en',
      'translation',
      'entities.thermalMeasurement.values.severity.investigate',
      'Investigate',
    );
    const severity = thermalMeasurement.derived.severity!.field;
    const context = { entityName: 'thermalMeasurement', key: 'severity' };
    expect(formatFieldValue(severity, 'investigate', t, 'en', context)).toBe('Investigate');
    expect(formatFieldValue(f.enumOf(['kV']), 'kV', t, 'en', { entityName: 'nothing', key: 'x' })).toBe('kV');
  });
});

describe('positions and lists', () => {
  it('reads a position in degrees, minutes and seconds, the hemisphere in the language', async () => {
    const latitude = sacpMeasurement.derived.latitude!.field;
    const context = { entityName: 'sacpMeasurement', key: 'latitude' };
    expect(formatFieldValue(latitude, -6.208472, t, 'en', context)).toBe('6° 12′ 30.5″ S · -6.208472°');
    await i18n.changeLanguage('id');
    expect(formatFieldValue(latitude, -6.208472, t, 'id', context)).toBe('6° 12′ 30,5″ LS · -6,208472°');
  });

  it('reads a list of indications a line each, its text form as the list', async () => {
    const spots = pautSummary.fields.spotsJson;
    const context = { entityName: 'pautSummary', key: 'spotsJson', itemsKey: 'spotsJson' };
    const text = JSON.stringify([
      { position: 120, length: 14, type: 'lackOfFusion', result: 'reject' },
      { position: 410, result: 'accept' },
    ]);
    expect(formatFieldValue(spots, text, t, 'en', context)).toBe(
      '1. Position 120 mm · Length 14 mm · Indication type Lack of fusion · Result Reject\n2. Position 410 mm · Result Accept',
    );
    expect(formatFieldValue(spots, '[]', t, 'en', context)).toBe('—');
    await i18n.changeLanguage('id');
    expect(formatFieldValue(spots, text, t, 'id', context)).toContain(
      'Jenis indikasi Kurang fusi · Hasil Ditolak',
    );
  });
});

describe('FieldDisplay', () => {
  it('shows a derived value of an entity with its unit', () => {
    render(
      <p>
        ΔT: <FieldDisplay entity={thermalMeasurement} fieldKey="deltaTC" value={45.5} />
      </p>,
    );
    expect(screen.getByText('ΔT: 45.5 °C')).toBeInTheDocument();
  });
});
