/**
 * E-mail addresses, telephone numbers and web addresses are checked as one (`f.email`, `f.phone`,
 * `f.url`, contract `textFormats`): walked over every declared field of a format, and over the
 * users' own calls. Nothing here names an entity: a field declared with a format is walked at once,
 * and a field whose name says it holds an address or a number but declares no format fails.
 */
import { entities, textFormats } from '@inspectra/contract';
import type { EntityDefinition, TextFormat } from '@inspectra/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../src/db/schema/index.ts';
import { userAccount } from '../src/modules/users/user-accounts.ts';
import {
  entityRoutes,
  formatExample,
  requiredFiles,
  routeLabel,
  routeUrl,
  sendEntityBody,
  validValues,
  variantsOf,
} from './entity-factory.ts';
import { startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** What each format refuses, as a client or a person typing in the wrong box would send it. */
const refused: Record<TextFormat, string[]> = {
  email: ['not-an-email', 'rina@', 'rina example.com'],
  phone: ['call me', '12', '+62 21 555 0134 ext. 9'],
  url: ['example.com', 'javascript:alert(1)', 'ftp://example.com/file'],
};

const formatted = (entity: EntityDefinition) =>
  Object.entries(entity.fields).flatMap(([key, field]) =>
    field.kind === 'text' && field.format ? [{ key, format: field.format }] : [],
  );

const walked = Object.values(entities).flatMap((entity) =>
  variantsOf(entity).flatMap((variant) => {
    const create = entityRoutes(entity, variant).find((r) => r.operation.kind === 'create');
    return create
      ? formatted(entity).map(({ key, format }) => ({ entity, variant, create, key, format }))
      : [];
  }),
);

describe('declared fields of a format', () => {
  it('are every field whose name says it holds an e-mail, a telephone or a web address', () => {
    for (const entity of [...Object.values(entities), userAccount]) {
      for (const [key, field] of Object.entries(entity.fields)) {
        if (!/e-?mail|phone|telephone|website|url$/i.test(key)) continue;
        expect(field.kind === 'text' && field.format, `${entity.name}.${key}`).toBeTruthy();
      }
    }
    expect(walked.map((w) => `${w.entity.name}.${w.key}`)).toEqual(
      expect.arrayContaining(['contractorCompany.contactEmail', 'contractorCompany.phoneNumber']),
    );
  });

  it.each(walked.map((w) => [`${w.entity.name}${w.variant ? ` (${w.variant})` : ''}.${w.key}`, w] as const))(
    '%s: refused with a 400 naming the field when not of its format, kept when it is',
    async (_, { entity, variant, create, key, format }) => {
      const url = routeUrl(create);
      for (const bad of refused[format]) {
        const values = await validValues(t, entity, variant, { [key]: bad });
        const r = await sendEntityBody(t, create, url, values, requiredFiles(entity));
        expect(r.status, `${routeLabel(create)} ${bad}: ${JSON.stringify(r.body)}`).toBe(400);
        expect(r.body).toMatchObject({ data: null, statusCode: 400 });
        expect(r.body.error.details).toContainEqual({
          path: key,
          message: expect.any(String),
          code: textFormats[format].message,
        });
      }
      const good = formatExample(format, `${key}-kept`);
      const values = await validValues(t, entity, variant, { [key]: good });
      const r = await sendEntityBody(t, create, url, values, requiredFiles(entity));
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.data[key]).toBe(good);
    },
  );
});

describe("a user's e-mail address and telephone number", () => {
  const body = async (overrides: Record<string, unknown>) => ({
    username: `format-${randomUUID().slice(0, 8)}`,
    fullName: 'Rina Hartono',
    password: 'plover-tangerine-basalt-41',
    roleId: (await t.db.select().from(roles)).find((r) => r.name === 'Inspector')!.id,
    ...overrides,
  });

  it.each([
    ['email', 'email'],
    ['phoneNumber', 'phone'],
  ] as const)('%s is checked as every declared one is', async (key, format) => {
    for (const bad of refused[format]) {
      const r = await t.call('POST', '/api/user-pdm', await body({ [key]: bad }));
      expect(r.status, `${bad}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.error.details).toContainEqual({
        path: key,
        message: expect.any(String),
        code: textFormats[format].message,
      });
    }
    const good = formatExample(format, 'rina');
    const r = await t.call('POST', '/api/user-pdm', await body({ [key]: good }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data[key]).toBe(good);
    const blank = await t.call('POST', '/api/user-pdm', await body({ [key]: '' }));
    expect(blank.status, JSON.stringify(blank.body)).toBe(201);
    expect(blank.body.data[key]).toBeNull();
  });
});
