import { inspectionMethodCatalogue, methodShortCode } from '@inspectra/contract';
import type { MyTask } from '@inspectra/contract';
import { describe, expect, it } from 'vitest';
import { suggestedReportNumber } from './NewTaskReportPage.tsx';

const task = (inspectionMethod: string, reports = 0) =>
  ({
    woNumber: 'WO-2026-0142',
    inspectionMethod,
    reports: Array.from({ length: reports }),
  }) as unknown as MyTask;

describe('a suggested report number', () => {
  it('carries the method’s short code, declared once in the catalogue', () => {
    expect(suggestedReportNumber(task('motionMagnification'))).toBe('RPT-WO-2026-0142-MM-1');
    expect(suggestedReportNumber(task('thermal', 1))).toBe('RPT-WO-2026-0142-TH-2');
    expect(suggestedReportNumber(task('lubeOil'))).toBe('RPT-WO-2026-0142-LO-1');
    expect(suggestedReportNumber(task('walkthrough'))).toBe('RPT-WO-2026-0142-WT-1');
  });

  it('gives every method of the product a distinct short code of capitals', () => {
    const codes = inspectionMethodCatalogue.map((m) => methodShortCode(m.code));
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2,4}$/);
  });

  it('makes one of a method an administrator added from its code, kept short', () => {
    expect(suggestedReportNumber(task('acoustic-emission'))).toBe('RPT-WO-2026-0142-ACOUSTIC-1');
  });
});
