import {
  describeIssue,
  entities,
  fieldMessages,
  fieldValueSchema,
  routeSchemas,
  routeTable,
} from '@inspectra/contract';
import type { FieldMessageCode } from '@inspectra/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { validation as en } from './en/validation.ts';
import { validation as id } from './id/validation.ts';

const codes = Object.keys(fieldMessages) as FieldMessageCode[];
/** The `{{params}}` a message names; `article` is English grammar, not a value. */
const params = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)]
    .map((m) => m[1])
    .filter((p) => p !== 'article')
    .sort();

describe('the field-message catalogue', () => {
  it('has every code in Bahasa Indonesia, naming the same values as the English', () => {
    expect(en).toBe(fieldMessages);
    const missing = codes.filter((code) => !id[code]?.trim());
    expect(missing).toEqual([]);
    const untranslated = codes.filter((code) => id[code] === fieldMessages[code]);
    expect(untranslated).toEqual([]);
    for (const code of codes) expect([code, params(id[code])]).toEqual([code, params(fieldMessages[code])]);
    expect(Object.keys(id).sort()).toEqual([...codes].sort());
  });

  it("names every declared field's own sentence (a pattern) by a catalogue code, so it is translated", () => {
    // A pattern's sentence built without `fieldMessage` would reach users only in English.
    const untranslatable: string[] = [];
    for (const entity of Object.values(entities)) {
      for (const [key, field] of Object.entries(entity.fields)) {
        if (field.kind !== 'text' || !field.pattern) continue;
        const issue = fieldValueSchema(field).safeParse('..!').error?.issues[0];
        if (issue && describeIssue(issue).code === 'form') untranslatable.push(`${entity.name}.${key}`);
      }
    }
    expect(untranslatable).toEqual([]);
  });

  it("never lets zod's own English through: every check of every route speaks the catalogue", () => {
    const seen: string[] = [];
    for (const route of routeTable) {
      const schemas = routeSchemas(route) as { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType };
      for (const schema of [schemas.body, schemas.query, schemas.params]) {
        if (!schema || typeof schema.safeParse !== 'function') continue;
        for (const input of [{}, { id: 1, pageNumber: 'x', search: 7 }]) {
          for (const issue of schema.safeParse(input).error?.issues ?? []) seen.push(issue.message);
        }
      }
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((m) => /^Invalid input|expected \w+, received/.test(m))).toEqual([]);
  });
});
