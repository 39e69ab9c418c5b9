import { judgeRules } from '@inspectra/contract';
import type { EntityDefinition, Field, RuleViolation } from '@inspectra/contract';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { unitOf } from './entity-labels.ts';
import { empty, fromInputValue, invalidJson } from './form-values.ts';
import { formatQuantity } from './locale.ts';

/** What to say when a value is not of the field's kind at all. */
const kindMessages: Partial<Record<Field['kind'], string>> = {
  number: 'engine.validation.number',
  integer: 'engine.validation.wholeNumber',
  date: 'engine.validation.date',
  datetime: 'engine.validation.dateTime',
  enum: 'engine.validation.option',
  ref: 'engine.validation.identifier',
  json: 'engine.validation.json',
  // The only format rule on text is the NUL character PostgreSQL cannot store.
  text: 'engine.validation.noNul',
  longText: 'engine.validation.noNul',
};

/**
 * A zod issue in the user's language. The contract's schemas carry English messages for the API;
 * here the issue's code and bounds are enough to say the same thing in either language (with the
 * field's unit, which the API message leaves out). Unknown codes keep zod's message.
 */
function issueMessage(issue: z.core.$ZodIssue, field: Field, t: TFunction, language: string): string {
  // A bound reads as the value would be shown: "3,000 °C", "300%".
  const quantity = (bound: number | bigint) => formatQuantity(Number(bound), unitOf(field), language);
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string'
        ? t('engine.validation.minLength', { min: Number(issue.minimum) })
        : t('engine.validation.atLeast', { min: quantity(issue.minimum) });
    case 'too_big':
      return issue.origin === 'string'
        ? t('engine.validation.maxLength', { max: Number(issue.maximum) })
        : t('engine.validation.atMost', { max: quantity(issue.maximum) });
    case 'invalid_type':
    case 'invalid_format':
    case 'invalid_value': {
      const key = kindMessages[field.kind];
      return key ? t(key) : issue.message;
    }
    default:
      return issue.message;
  }
}

export type CheckedValues = {
  /** Message per field key; empty when the values are valid. */
  errors: Record<string, string>;
  /** The body for the API: the shown fields as the schema outputs them (trimmed text, defaults). */
  values: Record<string, unknown>;
  /** Soft rules the values break: shown before saving, for the user to confirm or correct. */
  warnings: RuleViolation[];
};

/** A rule's message in the user's language; the contract's English is the fallback. */
export function ruleMessage(
  t: TFunction,
  entityName: string,
  violation: Pick<RuleViolation, 'rule' | 'message'>,
) {
  return t(`entities.${entityName}.rules.${violation.rule}`, { defaultValue: violation.message });
}

/**
 * The entity's rules over the values the save would leave: the record being edited (when there is
 * one) with the form's values over it, as the server judges them. A rule over a field that is
 * already wrong waits until it is right. Hard rules become the first shown field's error.
 */
function judgeForm(
  o: { entity: EntityDefinition; keys: string[]; record?: Record<string, unknown> | null; t: TFunction },
  values: Record<string, unknown>,
  errors: Record<string, string>,
): RuleViolation[] {
  const stored = Object.fromEntries(Object.keys(o.entity.fields).map((k) => [k, o.record?.[k] ?? null]));
  const judged = judgeRules(o.entity.rules, { ...stored, ...values }).filter(
    (v) => !v.fields.some((k) => errors[k]),
  );
  for (const v of judged.filter((x) => x.level === 'error')) {
    const where = v.fields.find((k) => o.keys.includes(k));
    if (where && !errors[where]) errors[where] = ruleMessage(o.t, o.entity.name, v);
  }
  return judged.filter((v) => v.level === 'warning');
}

/**
 * Converts what the inputs hold to API values and judges them by the contract's own schema (the
 * create schema, or the update schema when editing), narrowed to the fields shown, so the form
 * refuses exactly what the server would. Emptied optional fields become null; on create a field
 * with a default is left out instead so the server applies it.
 */
export function checkValues(o: {
  entity: EntityDefinition;
  keys: string[];
  inputs: Record<string, unknown>;
  /**
   * The record being edited, as the API returned it (none for a new one): its version goes with the
   * update, and rules see its values where no field is shown.
   */
  record?: Record<string, unknown> | null;
  t: TFunction;
  language: string;
}): CheckedValues {
  const editing = o.record != null;
  const errors: Record<string, string> = {};
  const body: Record<string, unknown> = {};
  for (const key of o.keys) {
    const field = o.entity.fields[key];
    if (!field) continue;
    const value = fromInputValue(field, o.inputs[key]);
    if (value === invalidJson) {
      errors[key] = o.t('engine.validation.json');
    } else if (value === empty) {
      // The update schema lets a required field be left out (partial update), but emptying it is
      // still an error the user must see.
      if (field.required) errors[key] = o.t('engine.validation.required');
      else if (editing || field.default === undefined) body[key] = null;
    } else {
      body[key] = value;
    }
  }
  if (o.record?.version !== undefined) body.version = o.record.version;

  const schema = editing ? o.entity.schemas.update : o.entity.schemas.create;
  const mask = Object.fromEntries(Object.keys(body).map((k) => [k, true as const])) as Record<string, true> &
    Record<number, never>;
  const result = schema.pick(mask).safeParse(body);
  if (result.success) {
    const values = result.data as Record<string, unknown>;
    return { errors, values, warnings: judgeForm(o, values, errors) };
  }
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    const field = o.entity.fields[key];
    if (!field || errors[key]) continue;
    errors[key] = issueMessage(issue, field, o.t, o.language);
  }
  // Rules over the fields that are right already still speak (an end date before the start date
  // shows while another field is wrong).
  const valid = Object.fromEntries(Object.entries(body).filter(([k]) => !errors[k]));
  return { errors, values: body, warnings: judgeForm(o, valid, errors) };
}
