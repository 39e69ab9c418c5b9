import { describeIssue, entities, judgeRules, mayBeEmpty, verdictOverrideRule } from '@inspectra/contract';
import type { EntityDefinition, Field, RuleViolation } from '@inspectra/contract';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { fieldMessageText } from '../ui/error-text.ts';
import { enumLabel, fieldLabel, itemFieldLabel, unitOf } from './entity-labels.ts';
import { empty, fromInputValue, invalidJson } from './form-values.ts';
import { formatQuantity } from './locale.ts';

/** Fields a person fills by choosing, not typing: left empty they read "Choose a …". */
export function isPicker(field: Field): boolean {
  return field.kind === 'ref' || field.kind === 'enum' || (field.kind === 'text' && !!field.references);
}

/**
 * A zod issue in the user's language: its catalogue code (the same the server sends, `describeIssue`)
 * translated, with the field's label, and bounds as the value would be shown ("3,000 °C", "300%").
 */
function issueMessage(
  issue: z.core.$ZodIssue,
  field: Field,
  o: { t: TFunction; language: string; label: string },
): string {
  const message = describeIssue(issue);
  const quantity = (bound: string | number | undefined) =>
    formatQuantity(Number(bound), unitOf(field), o.language);
  if (message.code === 'atLeast' || message.code === 'atMost') {
    const params = message.params ?? {};
    message.params = 'min' in params ? { min: quantity(params.min) } : { max: quantity(params.max) };
  }
  return fieldMessageText(o.t, message, { label: o.label, picker: isPicker(field) });
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
  violation: Pick<RuleViolation, 'rule' | 'message'> & { values?: Record<string, unknown> },
) {
  // A verdict saved over the standard's names both, in the user's words (docs/verdict-pairs.md).
  const pair = entities[entityName]?.verdict;
  const values = violation.values ?? {};
  if (violation.rule === verdictOverrideRule && pair) {
    const word = (key: string) => enumLabel(t, entityName, pair.recorded, String(values[key] ?? ''));
    return t('engine.verdict.cell', { recorded: word(pair.recorded), standard: word(pair.standard) });
  }
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
 * with a default is left out instead so the server applies it, but a measured number, which stays
 * blank (null: never the SPEC clients' 0).
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
      errors[key] = o.t('validation.json');
    } else if (value === empty) {
      // The update schema lets a required field be left out (partial update), but emptying it is
      // still an error the user must see.
      if (field.required)
        errors[key] = fieldMessageText(
          o.t,
          { code: 'required' },
          { label: fieldLabel(o.t, o.entity.name, key, field), picker: isPicker(field) },
        );
      // A number that may be blank is sent blank (null), never left for the server's default.
      else if (editing || mayBeEmpty(field)) body[key] = null;
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
    // An item of a list (a spot's depth): said in its cell, and the list says some need attention.
    const itemKey = issue.path.length >= 3 ? String(issue.path[2]) : '';
    const item = field?.kind === 'json' ? field.items?.[itemKey] : undefined;
    if (item) {
      const path = issue.path.slice(0, 3).map(String).join('.');
      errors[path] ??= issueMessage(issue, item, {
        t: o.t,
        language: o.language,
        label: itemFieldLabel(o.t, o.entity.name, key, itemKey, item),
      });
      errors[key] ??= o.t('engine.input.listItemsInvalid');
      continue;
    }
    if (!field || errors[key]) continue;
    errors[key] = issueMessage(issue, field, {
      t: o.t,
      language: o.language,
      label: fieldLabel(o.t, o.entity.name, key, field),
    });
  }
  // Rules over the fields that are right already still speak (an end date before the start date
  // shows while another field is wrong).
  const valid = Object.fromEntries(Object.entries(body).filter(([k]) => !errors[k]));
  return { errors, values: body, warnings: judgeForm(o, valid, errors) };
}

/**
 * An action's body (a user, a role, an approval path) judged by its contract schema before it is
 * sent, as the server will judge it: per path as the server names it in its details
 * (`levels.0.approvalPosition`, `name`), the first problem in the user's language. `label` and
 * `picker` say how the field reads on the form ("Choose a role"); both are asked for the whole path.
 * Empty when the body would be accepted.
 */
export function bodyErrors(
  schema: z.ZodType,
  body: Record<string, unknown>,
  o: { t: TFunction; label: (path: string) => string | undefined; picker?: (path: string) => boolean },
): Record<string, string> {
  const result = schema.safeParse(body);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (errors[path] !== undefined) continue;
    errors[path] = fieldMessageText(o.t, describeIssue(issue, body), {
      label: o.label(path),
      picker: o.picker?.(path),
    });
  }
  return errors;
}
