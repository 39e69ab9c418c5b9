import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { findingText } from './recommendation-queries.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const t = i18n.t.bind(i18n);
const none = { thicknessMm: null, requiredThicknessMm: null, remainingLifeYears: null };
const below = { ...none, finding: 'CML-3 · Elbow', thicknessMm: 5.8, requiredThicknessMm: 6 };
const life = { ...none, finding: 'CML-4 · Tee', remainingLifeYears: 1.9 };

describe("a thickness finding's words", () => {
  it("words the kept figures in the reader's language", async () => {
    expect(findingText(t, below, 'en')).toBe('CML-3 · Elbow: 5.8 mm when opened, required 6 mm');
    expect(findingText(t, life, 'en')).toBe('CML-4 · Tee: 1.9 years of remaining life when opened');
    await i18n.changeLanguage('id');
    expect(findingText(t, below, 'id')).toBe('CML-3 · Elbow: 5,8 mm saat dibuka, tebal minimum 6 mm');
    expect(findingText(t, life, 'id')).toBe('CML-4 · Tee: sisa umur 1,9 tahun saat dibuka');
  });

  it("shows a report's finding, and an older one with its figure in its text, as kept", () => {
    expect(findingText(t, { ...none, finding: 'LP-3 · Phase R lug' }, 'en')).toBe('LP-3 · Phase R lug');
    const older = { ...none, finding: 'CML-3 · Elbow: 1.9 years of remaining life' };
    expect(findingText(t, older, 'id')).toBe(older.finding);
  });
});
