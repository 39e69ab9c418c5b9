import { describe, expect, it } from 'vitest';
import {
  d,
  declaredWords,
  deriveValue,
  entities,
  evaluate,
  fieldsRead,
  flowrateInspection,
  flowrateMeasurement,
  mayBeEmpty,
  numberFromLabel,
} from '../src/index.ts';

/** A record of the entity with every field empty, as the API holds one nobody filled in. */
const emptyRecord = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(fields).map((key) => [key, null]));

describe('blanks stay blank', () => {
  it('reads a value over missing inputs as missing: arithmetic, bands, a choice by an empty word', () => {
    const a = d.field('a');
    const record = { a: null, kind: null };
    expect(evaluate(d.add(a, d.number(1)), record)).toBeNull();
    expect(evaluate(d.round(d.div(a, d.number(3)), 2), record)).toBeNull();
    expect(evaluate(d.bands(a, [{ when: 'gt', limit: 0, value: 'high' }], 'low'), record)).toBeNull();
    // `otherwise` is for another word, not for none.
    const byKind = d.byValue('kind', { cse: d.text('cse') }, d.text('other'));
    expect(evaluate(byKind, record)).toBeNull();
    expect(evaluate(byKind, { kind: 'zinc' })).toBe('other');
    // A verdict declared in `then` branches needs its inputs; `isSet` says a fallback on purpose.
    expect(
      evaluate(d.if(d.gt(a, d.number(0)), d.text('yes'), d.if(d.lte(a, d.number(0)), d.text('no'))), record),
    ).toBeNull();
    expect(evaluate(d.if(d.isSet(a), a, d.number(7)), record)).toBe(7);
  });

  it('keeps a count of an empty list a true 0', () => {
    expect(evaluate(d.countItems('spots', 'result', ['reject']), { spots: null })).toBe(0);
    expect(evaluate(d.countItems('spots', 'result', ['reject']), { spots: '[]' })).toBe(0);
  });

  it('gives every declared derived value of every entity empty over a record with nothing in it', () => {
    let walked = 0;
    for (const entity of Object.values(entities)) {
      for (const [key, derived] of Object.entries(entity.derived)) {
        if (!derived.expr) continue;
        walked++;
        const record = emptyRecord(entity.fields);
        for (const read of entity.readsThrough) record[read.key] = null;
        // A count of a list's items is a true count: a list left empty has none.
        const expected = fieldsRead(derived.expr).lists.length > 0 ? evaluate(derived.expr, {}) : null;
        expect(deriveValue(derived, record), `${entity.name}.${key}`).toEqual(expected);
      }
    }
    expect(walked).toBeGreaterThan(10);
  });

  it('says what an empty verdict means where it says something: no flow measured', () => {
    const blank = (language: 'en' | 'id') =>
      declaredWords(language).blank(flowrateMeasurement, 'flowUnitsAgreement');
    expect(blank('en')).toBe('No flow measured');
    expect(blank('id')).toBe('Tidak ada aliran terukur');
    expect(declaredWords('en').blank(flowrateMeasurement, 'bpdAsGPM')).toBeUndefined();
  });

  it('fills a measured number left out with its default, and keeps one sent empty blank', () => {
    const create = flowrateInspection.schemas.create;
    const parsed = (body: Record<string, unknown>) =>
      create.parse({ reportHeaderId: '00000000-0000-4000-8000-000000000000', ...body }) as Record<
        string,
        unknown
      >;
    expect(parsed({}).flowrateBPD).toBe(0);
    expect(parsed({ flowrateBPD: null }).flowrateBPD).toBeNull();
    expect(mayBeEmpty(flowrateInspection.fields.flowrateBPD)).toBe(true);
    // A count or an ordinal with a default is never empty: the attempt's number.
    expect(mayBeEmpty(flowrateMeasurement.fields.attemp)).toBe(false);
    expect(flowrateMeasurement.schemas.update.safeParse({ attemp: null }).success).toBe(false);
  });

  it('reads a number sent as a label by one coercion: the field’s own', () => {
    expect(numberFromLabel(flowrateMeasurement.fields.attemp, 'Attempt 1')).toBe(1);
    expect(numberFromLabel(flowrateMeasurement.fields.attemp, 'Run A')).toBe(0);
    expect(numberFromLabel(flowrateMeasurement.fields.flowrateGPM, 'Attempt 1')).toBeUndefined();
  });
});
