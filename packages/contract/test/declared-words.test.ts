import { describe, expect, it } from 'vitest';
import { DeclaredWords, declaredWords, thermal, thermalMeasurement, vciSummary } from '../src/index.ts';

describe('declared words', () => {
  it('reads the declarations in Bahasa Indonesia from the table', () => {
    const id = declaredWords('id');
    expect(id.technique(thermal)).toBe('Analisis termal');
    expect(id.entity(thermalMeasurement)).toBe('Pengukuran termal');
    expect(id.field(thermalMeasurement, 'maxTemperatureC')).toBe('Suhu maksimum');
    // A derived value is labelled like a field, its values like an enumerated field's.
    expect(id.field(thermalMeasurement, 'severity')).toBe('Tingkat keparahan');
    expect(id.value(thermalMeasurement, 'severity', 'repairImmediately')).toBe('Perbaiki segera');
    expect(id.group(thermalMeasurement, 'camera')).toBe('Kamera dan kondisi');
    expect(id.image(thermalMeasurement, 'thermalImage')).toBe('Gambar termal');
    expect(id.image(vciSummary, 'summaryImages')).toBe('Foto');
    expect(id.imageType(vciSummary, 'summaryImages', 'closeUp')).toBe('Jarak dekat');
    expect(id.variant(vciSummary, 'pipeline')).toBe('Jalur pipa');
  });

  it("falls back to the declaration's English for English and for a key the table lacks", () => {
    const en = declaredWords('en');
    expect(en.technique(thermal)).toBe(thermal.label);
    expect(en.field(thermalMeasurement, 'maxTemperatureC')).toBe(
      thermalMeasurement.fields.maxTemperatureC.label,
    );
    expect(en.group(thermalMeasurement, 'camera')).toBe('Camera and conditions');
    expect(en.value(thermalMeasurement, 'severity', 'repairImmediately')).toBe('Repair immediately');
    expect(en.imageType(vciSummary, 'summaryImages', 'closeUp')).toBe('Close up');
    expect(en.variant(vciSummary, 'pipeline')).toBe('Pipeline');
    const partial = new DeclaredWords({
      entities: { thermalMeasurement: { label: 'Pengukuran' } },
      techniques: {},
    });
    expect(partial.entity(thermalMeasurement)).toBe('Pengukuran');
    expect(partial.field(thermalMeasurement, 'emissivity')).toBe('Emissivity');
    expect(partial.value(thermalMeasurement, 'severity', 'investigate')).toBe('Investigate');
  });
});
