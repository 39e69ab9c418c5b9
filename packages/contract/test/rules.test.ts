import { describe, expect, it } from 'vitest';
import {
  defineEntity,
  entities,
  f,
  judgeRules,
  thermalMeasurement,
  unconfirmedWarnings,
  workOrderSpk,
} from '../src/index.ts';
import type { RecordedWarning } from '../src/index.ts';

describe('rules of every declared entity', () => {
  const declared = Object.values(entities).flatMap((entity) =>
    Object.entries(entity.rules).map(([id, r]) => ({ entity, id, rule: r })),
  );

  it('there are rules to check', () => {
    expect(declared.length).toBeGreaterThan(0);
  });

  it.each(declared.map((d) => [`${d.entity.name}.${d.id}`, d] as const))(
    '%s names only declared fields and says what is wrong',
    (_, { entity, rule: r }) => {
      expect(r.fields.length).toBeGreaterThan(0);
      for (const key of r.fields) expect(Object.keys(entity.fields)).toContain(key);
      expect(r.message.trim().length).toBeGreaterThan(10);
      expect(['error', 'warning']).toContain(r.level);
    },
  );

  it.each(Object.values(entities).map((e) => [e.name, e] as const))(
    '%s accepts a confirmation exactly when it declares warnings',
    (_, entity) => {
      const warnings = Object.entries(entity.rules).filter(([, r]) => r.level === 'warning');
      for (const schema of [entity.schemas.create, entity.schemas.update]) {
        expect('acknowledgedWarnings' in schema.shape).toBe(warnings.length > 0);
      }
      expect('warnings' in entity.schemas.response.shape).toBe(true);
    },
  );

  it('refuses a rule over a field the entity does not declare', () => {
    expect(() =>
      defineEntity('brokenRules', {
        label: 'Broken',
        module: 'thermal',
        fields: { a: f.number() },
        // @ts-expect-error -- `b` is not a field, and the type checker says so too
        rules: (rule) => ({ bad: rule.warning(['a', 'b'], () => true, 'Never declared properly') }),
      }),
    ).toThrow(/rule bad must name declared fields \(unknown: b\)/);
  });
});

describe('judging rules', () => {
  const measurement = {
    date: '2026-11-20',
    maxTemperatureC: 30,
    referenceTemperatureC: 45,
    emissivity: 0.95,
    ambientTemperatureC: null,
  };

  it('warns when the reference is above the maximum (ΔT would be negative)', () => {
    const found = judgeRules(thermalMeasurement.rules, measurement);
    expect(found).toEqual([
      {
        rule: 'referenceAboveMax',
        level: 'warning',
        fields: ['referenceTemperatureC', 'maxTemperatureC'],
        message: thermalMeasurement.rules.referenceAboveMax!.message,
        values: { referenceTemperatureC: 45, maxTemperatureC: 30 },
      },
    ]);
  });

  it('says nothing about plausible readings', () => {
    expect(judgeRules(thermalMeasurement.rules, { ...measurement, maxTemperatureC: 85.5 })).toEqual([]);
  });

  it('warns about a very hot reading and an unreliable emissivity', () => {
    const found = judgeRules(thermalMeasurement.rules, {
      ...measurement,
      maxTemperatureC: 450,
      emissivity: 0.2,
    });
    expect(found.map((v) => v.rule)).toEqual(['maxAboveExpected', 'lowEmissivity']);
  });

  it('does not judge a rule while one of its fields is empty', () => {
    expect(judgeRules(thermalMeasurement.rules, { ...measurement, referenceTemperatureC: null })).toEqual([]);
    expect(judgeRules(workOrderSpk.rules, { dateStart: '2026-11-20', dateEnd: null })).toEqual([]);
  });

  it('refuses an end date before the start date as an error on the end date', () => {
    const [found] = judgeRules(workOrderSpk.rules, { dateStart: '2026-11-20', dateEnd: '2026-11-19' });
    expect(found).toMatchObject({ rule: 'endBeforeStart', level: 'error', fields: ['dateEnd', 'dateStart'] });
    expect(judgeRules(workOrderSpk.rules, { dateStart: '2026-11-20', dateEnd: '2026-11-20' })).toEqual([]);
  });
});

describe('confirmed warnings', () => {
  const [violation] = judgeRules(thermalMeasurement.rules, {
    maxTemperatureC: 30,
    referenceTemperatureC: 45,
  });
  const recorded = (over: Partial<RecordedWarning>): RecordedWarning => ({
    rule: 'referenceAboveMax',
    message: 'm',
    fields: ['referenceTemperatureC', 'maxTemperatureC'],
    values: { referenceTemperatureC: 45, maxTemperatureC: 30 },
    acknowledgedBy: '7d8a3c52-7c41-4a4f-9f3b-2a7a0b7e3c11',
    acknowledgedByName: 'Ina Inspector',
    acknowledgedAt: '2026-11-20T08:00:00.000Z',
    ...over,
  });

  it('need not be confirmed again for the same values', () => {
    expect(unconfirmedWarnings([violation!], [recorded({})])).toEqual([]);
  });

  it('must be confirmed again when the values changed or nobody confirmed them', () => {
    expect(
      unconfirmedWarnings(
        [violation!],
        [recorded({ values: { referenceTemperatureC: 46, maxTemperatureC: 30 } })],
      ),
    ).toHaveLength(1);
    expect(
      unconfirmedWarnings([violation!], [recorded({ acknowledgedAt: null, acknowledgedBy: null })]),
    ).toHaveLength(1);
    expect(unconfirmedWarnings([violation!], null)).toHaveLength(1);
  });
});

describe('the confirmation in a request body', () => {
  const schema = thermalMeasurement.schemas.update.pick({ acknowledgedWarnings: true });

  it.each([
    [['referenceAboveMax'], ['referenceAboveMax']],
    ['referenceAboveMax,lowEmissivity', ['referenceAboveMax', 'lowEmissivity']],
    ['["maxAboveExpected"]', ['maxAboveExpected']],
    ['', []],
  ])('reads %j (JSON or multipart text)', (sent, ids) => {
    expect(schema.parse({ acknowledgedWarnings: sent })).toEqual({ acknowledgedWarnings: ids });
  });

  it('is optional', () => {
    expect(schema.parse({})).toEqual({});
  });

  it.each([[['noSuchRule']], ['noSuchRule'], ['[1]'], ['[oops'], [42]])('refuses %j', (sent) => {
    expect(schema.safeParse({ acknowledgedWarnings: sent }).success).toBe(false);
  });
});
