import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { inspectionWords } from './entity-words.ts';
import { allTechniques } from './technique-routes.ts';

afterEach(() => i18n.changeLanguage('en'));

const technique = (module: string) => allTechniques.find((t) => t.module === module)!;

describe("a technique's word for its inspections", () => {
  it('is its own where it declares one (MCSA: test), else inspection, in English', () => {
    const t = i18n.t.bind(i18n);
    expect(inspectionWords(t, technique('mcsa'))).toEqual({
      inspection: 'test',
      inspections: 'tests',
      Inspection: 'Test',
      Inspections: 'Tests',
    });
    expect(t('workspace.newInspection', inspectionWords(t, technique('mcsa')))).toBe('New test');
    expect(t('workspace.inspectionCount', { count: 2, ...inspectionWords(t, technique('mcsa')) })).toBe(
      '2 tests on this report. Choose one below to see its findings.',
    );
    expect(t('workspace.newInspection', inspectionWords(t, technique('walkthrough')))).toBe('New inspection');
  });

  it('reads in Indonesian from beside the declaration (uji), else inspeksi', async () => {
    await i18n.changeLanguage('id');
    const t = i18n.t.bind(i18n);
    expect(inspectionWords(t, technique('mcsa')).inspection).toBe('uji');
    expect(t('workspace.newInspection', inspectionWords(t, technique('mcsa')))).toBe('Uji baru');
    expect(t('workspace.deleteInspection', inspectionWords(t, technique('mcsa')))).toBe('Hapus uji ini');
    expect(t('workspace.newInspection', inspectionWords(t, technique('walkthrough')))).toBe('Inspeksi baru');
  });
});
