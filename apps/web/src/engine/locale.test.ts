import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatEditableNumber, parseLocaleNumber } from './locale.ts';

describe('parseLocaleNumber', () => {
  it('reads English numbers: point for decimals, commas between groups of three', () => {
    expect(parseLocaleNumber('78.4', 'en')).toBe(78.4);
    expect(parseLocaleNumber(' 1,234.5 ', 'en')).toBe(1234.5);
    expect(parseLocaleNumber('1234567', 'en')).toBe(1234567);
    expect(parseLocaleNumber('-12.75', 'en')).toBe(-12.75);
    expect(parseLocaleNumber('−3', 'en')).toBe(-3);
    expect(parseLocaleNumber('.5', 'en')).toBe(0.5);
    expect(parseLocaleNumber('5.', 'en')).toBe(5);
  });

  it('reads Bahasa numbers: comma for decimals, points between groups of three', () => {
    expect(parseLocaleNumber('1.234,5', 'id')).toBe(1234.5);
    expect(parseLocaleNumber('78,4', 'id')).toBe(78.4);
    expect(parseLocaleNumber('1.000.000', 'id')).toBe(1000000);
    expect(parseLocaleNumber('-0,95', 'id')).toBe(-0.95);
  });

  it('refuses what is not a number in the language rather than guess', () => {
    // Exponents in every language: "1e5" is a slip, not 100000 (and never 15).
    expect(parseLocaleNumber('1e5', 'en')).toBeNull();
    expect(parseLocaleNumber('1E5', 'id')).toBeNull();
    // A grouping mark not between groups of three is no grouping mark.
    expect(parseLocaleNumber('1,5', 'en')).toBeNull();
    expect(parseLocaleNumber('1.5', 'id')).toBeNull();
    expect(parseLocaleNumber('1.234,5', 'en')).toBeNull();
    expect(parseLocaleNumber('12,34.5', 'en')).toBeNull();
    expect(parseLocaleNumber('1.2.3', 'en')).toBeNull();
    expect(parseLocaleNumber('abc', 'en')).toBeNull();
    expect(parseLocaleNumber('-', 'en')).toBeNull();
    expect(parseLocaleNumber('', 'en')).toBeNull();
    expect(parseLocaleNumber('Infinity', 'en')).toBeNull();
  });

  it('reads back what formatEditableNumber writes, in both languages', () => {
    for (const language of ['en', 'id']) {
      for (const value of [0, 78.4, -273.15, 1234567.125, 0.0001]) {
        expect(parseLocaleNumber(formatEditableNumber(value, language), language)).toBe(value);
      }
    }
    expect(formatEditableNumber(1234.5, 'id')).toBe('1234,5');
  });
});

describe('formatBytes', () => {
  it('names bytes in words and larger sizes by their unit', () => {
    expect(formatBytes(860, 'en')).toBe('860 bytes');
    expect(formatBytes(1, 'en')).toBe('1 byte');
    expect(formatBytes(350 * 1024, 'en')).toBe('350 kB');
    expect(formatBytes(1.2 * 1024 * 1024, 'en')).toBe('1.2 MB');
    expect(formatBytes(20 * 1024 * 1024, 'en')).toBe('20 MB');
    expect(formatBytes(1.2 * 1024 * 1024, 'id')).toBe('1,2 MB');
  });
});

describe('formatCount', () => {
  it('marks a count the server stopped at with a plus, in each language', () => {
    expect(formatCount({ totalCount: 1000, totalCountExact: false }, 'en')).toBe('1,000+');
    expect(formatCount({ totalCount: 1000, totalCountExact: false }, 'id')).toBe('1.000+');
    expect(formatCount({ totalCount: 37, totalCountExact: true }, 'en')).toBe('37');
  });
});
