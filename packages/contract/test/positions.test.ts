import { describe, expect, it } from 'vitest';
import {
  coordinateFromDecimal,
  coordinateText,
  defineEntity,
  entities,
  f,
  positionsOf,
  readCoordinate,
  splitPosition,
  storedDecimal,
  storedValues,
} from '../src/index.ts';

const reading = (text: string, axis: 'latitude' | 'longitude' = 'latitude') => {
  const read = readCoordinate(text, axis);
  return read.ok ? read.reading : read;
};

describe('a coordinate read from what a person types', () => {
  it('takes degrees, minutes and seconds in the ways they are written', () => {
    const south = { decimal: -6.208472, degree: 6, minutes: 12, seconds: 30.5, hemisphere: 'S' };
    expect(reading(`6°12'30.5"S`)).toEqual(south);
    expect(reading('6°12′30.5″ S')).toEqual(south);
    expect(reading('6 12 30.5 S')).toEqual(south);
    expect(reading('S 6 12 30.5')).toEqual(south);
    expect(reading('-6 12 30.5')).toEqual(south);
    expect(reading('6:12:30.5 s')).toEqual(south);
    // A decimal comma, as Indonesian writes it.
    expect(reading('6 12 30,5 LS')).toEqual(south);
  });

  it('takes decimal degrees and degrees with decimal minutes', () => {
    expect(reading('-6.208472')).toEqual({
      decimal: -6.208472,
      degree: 6,
      minutes: 12,
      seconds: 30.499,
      hemisphere: 'S',
    });
    expect(reading('106.845599', 'longitude')).toMatchObject({ decimal: 106.845599, hemisphere: 'E' });
    expect(reading('6,5 S')).toMatchObject({ decimal: -6.5, degree: 6, minutes: 30, seconds: 0 });
    expect(reading('6 12.5 S')).toMatchObject({ decimal: -6.208333, minutes: 12, seconds: 30 });
    // South of the equator by less than a degree.
    expect(reading('0 30 0 S')).toMatchObject({ decimal: -0.5, degree: 0, hemisphere: 'S' });
    expect(reading('0')).toMatchObject({ decimal: 0, hemisphere: 'N' });
    expect(reading('  ')).toBeNull();
  });

  it('reads hemisphere letters in English and Indonesian', () => {
    expect(reading('1 36 12.5 U')).toMatchObject({ decimal: 1.603472, hemisphere: 'N' });
    expect(reading('1 36 12.5 LU')).toMatchObject({ hemisphere: 'N' });
    expect(reading('101 26 6 T', 'longitude')).toMatchObject({ decimal: 101.435, hemisphere: 'E' });
    expect(reading('101 26 6 BT', 'longitude')).toMatchObject({ hemisphere: 'E' });
    expect(reading('101 26 6 B', 'longitude')).toMatchObject({ decimal: -101.435, hemisphere: 'W' });
    expect(reading('101 26 6 w', 'longitude')).toMatchObject({ hemisphere: 'W' });
  });

  it('refuses what is no coordinate of the axis, saying why', () => {
    expect(reading('91')).toMatchObject({ ok: false, problem: 'range', message: 'Latitude is at most 90°' });
    expect(reading('90 0 0.001 N')).toMatchObject({ problem: 'range' });
    expect(reading('90 0 0 S')).toMatchObject({ decimal: -90 });
    expect(reading('180.5', 'longitude')).toMatchObject({ message: 'Longitude is at most 180°' });
    expect(reading('6 60 0 S')).toMatchObject({ problem: 'minutes' });
    expect(reading('6 12 60 S')).toMatchObject({ problem: 'seconds' });
    expect(reading('106 50 44 E')).toMatchObject({ problem: 'hemisphere', message: 'A latitude is N or S' });
    expect(reading('-6 12 30 S')).toMatchObject({ problem: 'signAndHemisphere' });
    expect(reading('6.5 30')).toMatchObject({ problem: 'unreadable' });
    expect(reading('six south')).toMatchObject({ problem: 'unreadable' });
    expect(reading('6 12 30 5')).toMatchObject({ problem: 'unreadable' });
    expect(reading('6 -12')).toMatchObject({ problem: 'unreadable' });
  });

  it('keeps seconds to a thousandth, carrying a rounded 60″ into the minute', () => {
    expect(reading('6 12 59.9996 S')).toMatchObject({ minutes: 13, seconds: 0 });
    expect(reading('6 12 30.1234 S')).toMatchObject({ seconds: 30.123 });
  });

  it('takes a device position in decimal degrees', () => {
    expect(coordinateFromDecimal(-6.20847231, 'latitude')).toMatchObject({
      decimal: -6.208472,
      degree: 6,
      minutes: 12,
      seconds: 30.5,
      hemisphere: 'S',
    });
    expect(coordinateFromDecimal(1e-7, 'longitude')).toMatchObject({ decimal: 0, hemisphere: 'E' });
    expect(coordinateFromDecimal(95, 'latitude')).toBeNull();
  });
});

describe('both axes typed or pasted as one', () => {
  it('splits a pair as phones and maps copy it', () => {
    const pair = { latitude: '-6.208472', longitude: '106.845599' };
    expect(splitPosition('-6.208472, 106.845599')).toEqual(pair);
    expect(splitPosition('-6.208472,106.845599')).toEqual(pair);
    expect(splitPosition('-6.208472;106.845599')).toEqual(pair);
    expect(splitPosition('-6.208472 106.845599')).toEqual(pair);
    expect(splitPosition(`6°12'30.5"S 106°50'44.2"E`)).toEqual({
      latitude: `6°12'30.5"S`,
      longitude: `106°50'44.2"E`,
    });
    expect(splitPosition('6 12 30.5 S 106 50 44.2 E')).toEqual({
      latitude: '6 12 30.5 S',
      longitude: '106 50 44.2 E',
    });
    // The longitude first, said so by its hemisphere.
    expect(splitPosition('106 50 44.2 E, 6 12 30.5 S')).toEqual({
      latitude: '6 12 30.5 S',
      longitude: '106 50 44.2 E',
    });
    // Decimal commas, the pair's comma followed by a space.
    expect(splitPosition('-6,208472, 106,845599')).toEqual({
      latitude: '-6,208472',
      longitude: '106,845599',
    });
  });

  it('leaves one coordinate alone', () => {
    expect(splitPosition('-6.208472')).toBeNull();
    expect(splitPosition('-6,208472')).toBeNull();
    expect(splitPosition('6 12 30.5 S')).toBeNull();
    expect(splitPosition(`6°12'30.5"S`)).toBeNull();
  });
});

describe('positions an entity declares, stored in its notation', () => {
  const probe = defineEntity('positionProbe', {
    label: 'Probe',
    module: 'probe',
    fields: {
      name: f.text({ required: true }),
      ...f.coordinate('latitude', 'latitude', { group: 'location' }),
      ...f.coordinate('longitude', 'longitude', { group: 'location' }),
      gpsLatitude: f.number({ unit: '°', min: -90, max: 90, format: 'latitude' }),
      gpsLongitude: f.number({ unit: '°', min: -180, max: 180, format: 'longitude' }),
    },
  });
  const [parts, decimal] = positionsOf(probe.fields);

  it('pairs each latitude with a longitude, in parts or in decimal degrees', () => {
    expect(positionsOf(probe.fields)).toHaveLength(2);
    expect(parts).toMatchObject({
      latitude: { notation: 'dms', name: 'latitude', anchor: 'latitudeDegree' },
      longitude: { notation: 'dms', name: 'longitude', anchor: 'longitudeDegree' },
    });
    expect(decimal).toMatchObject({
      latitude: { notation: 'decimal', name: 'gpsLatitude' },
      longitude: { notation: 'decimal', name: 'gpsLongitude' },
    });
  });

  it('stores what was read as the declaration says, and shows it back', () => {
    const read = readCoordinate('-6.208472', 'latitude');
    if (!read.ok) throw new Error(read.message);
    const stored = storedValues(parts!.latitude!, read.reading);
    expect(stored).toEqual({
      latitudeDegree: 6,
      latitudeMinutes: 12,
      latitudeSeconds: 30.499,
      latitudeHemisphere: 'S',
    });
    expect(storedDecimal(parts!.latitude!, stored)).toBe(-6.208472);
    expect(coordinateText(parts!.latitude!, stored)).toBe('6° 12′ 30.499″ S');
    expect(storedValues(decimal!.latitude!, read.reading)).toEqual({ gpsLatitude: -6.208472 });
    expect(coordinateText(decimal!.latitude!, { gpsLatitude: -6.208472 })).toBe('-6.208472');
    expect(storedValues(parts!.latitude!, null)).toEqual({
      latitudeDegree: null,
      latitudeMinutes: null,
      latitudeSeconds: null,
      latitudeHemisphere: null,
    });
    // SPEC's clients send signed degrees without a hemisphere; a form holds its boxes as text.
    const signed = { latitudeDegree: -6, latitudeMinutes: 12, latitudeSeconds: 30.5 };
    expect(coordinateText(parts!.latitude!, signed)).toBe('6° 12′ 30.5″ S');
    expect(storedDecimal(parts!.latitude!, { ...signed, latitudeSeconds: '' })).toBeNull();
    // Parts a client sent only some of show as they are.
    expect(coordinateText(parts!.latitude!, { latitudeDegree: 6, latitudeHemisphere: 'S' })).toBe('6° S');
    expect(coordinateText(parts!.latitude!, { latitudeDegree: -6, latitudeMinutes: 12 })).toBe('6° 12′ S');
    expect(coordinateText(parts!.latitude!, {})).toBe('');
    // What the input shows reads back to the same parts.
    const back = readCoordinate(coordinateText(parts!.latitude!, signed), 'latitude');
    expect(back.ok && back.reading).toMatchObject({ degree: 6, minutes: 12, seconds: 30.5, hemisphere: 'S' });
  });
});

describe('every declared coordinate', () => {
  it('is half of a position: each latitude has its longitude, in every entity of the catalogue', () => {
    const lone = Object.values(entities).flatMap((entity) =>
      positionsOf(entity.fields)
        .filter((position) => !position.latitude || !position.longitude)
        .map((position) => `${entity.name}.${(position.latitude ?? position.longitude)!.name}`),
    );
    expect(lone).toEqual([]);
    const withPositions = Object.values(entities).filter((e) => positionsOf(e.fields).length > 0);
    expect(withPositions.map((e) => e.name).sort()).toEqual(['pautSummary', 'sacpMeasurement']);
  });
});
