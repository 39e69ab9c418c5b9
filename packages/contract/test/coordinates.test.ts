import { describe, expect, it } from 'vitest';
import {
  coordinateRules,
  decimalDegrees,
  defineEntity,
  evaluate,
  f,
  formatCoordinate,
  judgeRules,
  readingKeys,
} from '../src/index.ts';

const number = (n: number, digits: { min: number; max: number }) =>
  n.toLocaleString('en', { minimumFractionDigits: digits.min, maximumFractionDigits: digits.max });

describe('coordinates in degrees, minutes and seconds', () => {
  const point = defineEntity('coordinateProbe', {
    label: 'Probe',
    module: 'probe',
    fields: {
      name: f.text({ required: true }),
      ...f.coordinate('latitude', 'latitude', { group: 'location' }),
      ...f.coordinate('longitude', 'longitude', { group: 'location' }),
    },
  });

  it('are read as one position in decimal degrees, south and west negative', () => {
    const at = (values: Record<string, unknown>) => evaluate(decimalDegrees('latitude', 'latitude'), values);
    const parts = { latitudeDegree: 6, latitudeMinutes: 12, latitudeSeconds: 30.5 };
    expect(at(parts)).toBe(6.208472);
    expect(at({ ...parts, latitudeHemisphere: 'S' })).toBe(-6.208472);
    expect(at({ ...parts, latitudeDegree: -6 })).toBe(-6.208472);
    // South of the equator by less than a degree: what a signed degree alone cannot say.
    expect(at({ latitudeDegree: 0, latitudeMinutes: 30, latitudeSeconds: 0, latitudeHemisphere: 'S' })).toBe(
      -0.5,
    );
    expect(at({ latitudeDegree: 6, latitudeMinutes: null, latitudeSeconds: 1 })).toBeNull();
    expect((point.derived as Record<string, { field: unknown }>).latitude?.field).toMatchObject({
      kind: 'number',
      format: 'latitude',
      group: 'location',
    });
  });

  it('are refused out of range, without degrees, or signed with a hemisphere', () => {
    const broken = (values: Record<string, unknown>) =>
      judgeRules(point.rules, {
        latitudeDegree: null,
        latitudeMinutes: null,
        latitudeSeconds: null,
        ...values,
      }).map((v) => v.rule);
    expect(broken({ latitudeDegree: 90, latitudeMinutes: 0, latitudeSeconds: 0 })).toEqual([]);
    expect(broken({ latitudeDegree: 90, latitudeMinutes: 0, latitudeSeconds: 1 })).toEqual(['latitudeRange']);
    expect(broken({ latitudeMinutes: 10 })).toEqual(['latitudeMinutesAlone']);
    expect(broken({ latitudeDegree: -6, latitudeHemisphere: 'S' })).toEqual(['latitudeSign']);
    expect(Object.keys(coordinateRules('longitude', 'longitude', 'Longitude'))).toEqual([
      'longitudeRange',
      'longitudeSign',
      'longitudeMinutesAlone',
      'longitudeSecondsAlone',
    ]);
  });

  it('read as the position where the parts were, in every reader', () => {
    expect(readingKeys(Object.keys(point.fields), point.fields)).toEqual(['name', 'latitude', 'longitude']);
    expect(formatCoordinate(-6.208472, 'latitude', number)).toBe('6° 12′ 30.5″ S · -6.208472°');
    expect(formatCoordinate(106.818056, 'longitude', number, (h) => (h === 'E' ? 'BT' : h))).toBe(
      '106° 49′ 5″ BT · 106.818056°',
    );
  });
});
