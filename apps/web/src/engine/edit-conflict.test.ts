import { describe, expect, it } from 'vitest';
import { mergeInputs } from './edit-conflict.ts';

describe('mergeInputs', () => {
  it('keeps what only one side changed and asks only where both changed a field differently', () => {
    const merged = mergeInputs({
      keys: ['tag', 'max', 'remarks', 'load', 'date'],
      base: { tag: 'TR-1', max: 80, remarks: '', load: 50, date: '2026-11-01' },
      mine: { tag: 'TR-1', max: 85, remarks: 'Loose lug', load: 60, date: '2026-11-01' },
      theirs: { tag: 'TR-01', max: 80, remarks: 'Cleaned', load: 60, date: '2026-11-01' },
    });

    expect(merged.inputs).toEqual({
      tag: 'TR-01', // only theirs changed
      max: 85, // only mine changed
      remarks: 'Loose lug', // both changed: mine until the user decides
      load: 60, // both changed to the same value
      date: '2026-11-01',
    });
    expect(merged.conflicts).toEqual([{ key: 'remarks', mine: 'Loose lug', theirs: 'Cleaned' }]);
  });

  it('treats an empty input and null alike, and a field missing from mine as unchanged', () => {
    const merged = mergeInputs({
      keys: ['a', 'b'],
      base: { a: null, b: 'x' },
      mine: { a: undefined },
      theirs: { a: null, b: 'y' },
    });
    expect(merged).toEqual({ inputs: { a: null, b: 'y' }, conflicts: [] });
  });
});
