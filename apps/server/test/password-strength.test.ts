/** The password policy's guessing estimate, wherever a password is set (docs/authentication.md). */
import { randomUUID } from 'node:crypto';
import { passwordPolicyMessage, passwordWeaknessMessages } from '@inspectra/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.ts';
import { roles, users } from '../src/db/schema/index.ts';
import { checkConfiguredPassword } from '../src/modules/users/password-policy.ts';
import { seedDemoUsers } from '../src/modules/seed/demo-users.ts';
import { multipart, nextIp, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
let inspectorRoleId: string;
beforeAll(async () => {
  t = await startTestApp();
  inspectorRoleId = (await t.db.select().from(roles).where(eq(roles.name, 'Inspector')))[0]!.id;
});
afterAll(() => t?.close());

const knownReasons = Object.values(passwordWeaknessMessages) as string[];

const newUser = (overrides: Record<string, unknown> = {}) => ({
  username: `person-${randomUUID().slice(0, 8)}`,
  fullName: 'Rina Hartono',
  email: 'rina.hartono@example.com',
  roleId: inspectorRoleId,
  password: 'amber-lantern-over-river-9',
  ...overrides,
});

const create = (overrides: Record<string, unknown>) => t.call('POST', '/api/user-pdm', newUser(overrides));

/** A 400 naming the field with a reason from the contract, the policy as a whole in the message. */
function expectRefused(r: { status: number; body: any }, field: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.error.code).toBe('VALIDATION_ERROR');
  expect(r.body.error.details).toHaveLength(1);
  const [detail] = r.body.error.details;
  expect(detail.path).toBe(field);
  expect(knownReasons).toContain(detail.message);
  expect(r.body.message).toBe(`${detail.message} ${passwordPolicyMessage}.`);
  return detail.message as string;
}

describe('a new user', () => {
  it.each(['aaaaaaaaaaaa', 'qwertyuiopas', 'Password123!', 'admin1234567', 'Password1234', 'P@ssw0rd2026!'])(
    'is refused the guessable password %s, and not created',
    async (password) => {
      const body = newUser({ password });
      expectRefused(await t.call('POST', '/api/user-pdm', body), 'password');
      const [found] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.username, body.username));
      expect(found!.n).toBe(0);
    },
  );

  it('is told why, in words a person understands', async () => {
    expect(expectRefused(await create({ password: 'aaaaaaaaaaaa' }), 'password')).toBe(
      passwordWeaknessMessages.repeated,
    );
    expect(expectRefused(await create({ password: 'Password123!' }), 'password')).toMatch(
      /commonly used password/,
    );
  });

  it('is refused a password resting on their own name, username or e-mail address', async () => {
    const username = `rina${randomUUID().slice(0, 4)}`;
    expect(expectRefused(await create({ username, password: `x-${username}-amber-river` }), 'password')).toBe(
      passwordWeaknessMessages.containsUsername,
    );
    for (const password of ['rinahartono2024', 'Hartono-Rina-1990', 'rina.hartono@example']) {
      expect(expectRefused(await create({ password }), 'password'), password).toBe(
        passwordWeaknessMessages.personal,
      );
    }
    // The same password is fine for somebody else.
    expect(
      (await create({ password: 'rinahartono2024', fullName: 'Budi Santoso', email: null })).status,
    ).toBe(201);
  });

  it('is given strong passphrases, English or Indonesian, and signs in with them', async () => {
    for (const password of [
      'violet-harbour-compass-42',
      'kebun teh di lereng gunung',
      'copper kettle on a slate roof',
    ]) {
      const r = await create({ password });
      expect(r.status, `${password}: ${JSON.stringify(r.body)}`).toBe(201);
      expect((await t.login(r.body.data.username, password, nextIp())).statusCode).toBe(200);
    }
  });
});

describe('setting a password', () => {
  it("refuses a guessable one naming newPassword, judged against the user's own name", async () => {
    const created = await create({});
    expect(created.status).toBe(201);
    const set = (newPassword: string) =>
      t.call('PUT', `/api/user-pdm/update-password/${created.body.data.id}`, { newPassword });
    expectRefused(await set('admin1234567'), 'newPassword');
    expect(expectRefused(await set('RinaHartono!2026'), 'newPassword')).toBe(
      passwordWeaknessMessages.personal,
    );
    expect((await set('slate-ferry-lantern-77')).status).toBe(200);
  });
});

describe('configured passwords', () => {
  it('ADMIN_PASSWORD and DEMO_PASSWORD are held to the same policy', async () => {
    await expect(
      checkConfiguredPassword(t.db, 'ADMIN_PASSWORD', 'admin-password-2026', { username: 'admin' }),
    ).rejects.toThrow(
      new ConfigError(
        `Invalid configuration: ADMIN_PASSWORD is too weak for user "admin": ${passwordWeaknessMessages.containsUsername}`,
      ),
    );
    await expect(
      checkConfiguredPassword(t.db, 'ADMIN_PASSWORD', 'Password123!', { username: 'root' }),
    ).rejects.toBeInstanceOf(ConfigError);
    await expect(
      checkConfiguredPassword(t.db, 'ADMIN_PASSWORD', 'correct horse battery staple', { username: 'admin' }),
    ).resolves.toBeUndefined();

    // No demo user exists in this database yet: a weak DEMO_PASSWORD creates none of them.
    await expect(seedDemoUsers(t.db, { password: 'Password123!', log: () => {} })).rejects.toThrow(
      /^Invalid configuration: DEMO_PASSWORD is too weak for user "planner": /,
    );
    expect(await t.db.select().from(users).where(eq(users.username, 'planner'))).toHaveLength(0);
  });
});

describe('the words of the companies and places using Inspectra, and the corporate pattern', () => {
  beforeAll(async () => {
    // The demo's contractor company.
    const company = await t.call(
      'POST',
      '/api/contractor-company',
      multipart({ ContractorName: 'PT Inspeksi Nusantara' }),
    );
    expect(company.status, JSON.stringify(company.body)).toBe(201);
  });

  it.each([
    ['Welcome@2026!', 'corporatePattern'],
    ['Jakarta2026!!', 'place'],
    ['Nusantara2026!', 'company'],
    ['PT Inspeksi 2026', 'company'],
  ] as const)(
    'refuses %s, saying why (%s), when a user is created and when a password is set',
    async (password, why) => {
      expect(expectRefused(await create({ password }), 'password')).toBe(passwordWeaknessMessages[why]);
      const created = await create({});
      expect(created.status).toBe(201);
      const set = await t.call('PUT', `/api/user-pdm/update-password/${created.body.data.id}`, {
        newPassword: password,
      });
      expect(expectRefused(set, 'newPassword')).toBe(passwordWeaknessMessages[why]);
    },
  );

  it('counts a company the day it is added', async () => {
    expect((await create({ password: 'Petrokimia-Gresik#27' })).status).toBe(201);
    const company = await t.call(
      'POST',
      '/api/contractor-company',
      multipart({ ContractorName: 'CV Petrokimia Gresik' }),
    );
    expect(company.status).toBe(201);
    expect(expectRefused(await create({ password: 'Petrokimia-Gresik#27' }), 'password')).toBe(
      passwordWeaknessMessages.company,
    );
  });

  it("counts the plant owner's name, city and region once they are recorded", async () => {
    for (const password of ['Kilang-Sentosa#2027', 'Prabumulih-Lematang#27'])
      expect((await create({ password })).status).toBe(201);
    const owner = await t.call(
      'POST',
      '/api/plant-owner',
      multipart({ ownerName: 'PT Kilang Sentosa', city: 'Prabumulih', region: 'Lematang' }),
    );
    expect(owner.status, JSON.stringify(owner.body)).toBe(201);
    expect(expectRefused(await create({ password: 'Kilang-Sentosa#2027' }), 'password')).toBe(
      passwordWeaknessMessages.company,
    );
    expect(expectRefused(await create({ password: 'Prabumulih-Lematang#27' }), 'password')).toBe(
      passwordWeaknessMessages.place,
    );
  });

  it('still accepts strong passphrases, even with a company or place word or a year in them', async () => {
    for (const password of [
      'kebun teh di lereng gunung',
      'violet-harbour-compass-42',
      'nusantara violet harbour compass',
      'jakarta copper kettle slate roof',
      'e2e-copper-lantern-harbour-2026',
      'e2e-demo-password-2026',
    ]) {
      const r = await create({ password });
      expect(r.status, `${password}: ${JSON.stringify(r.body)}`).toBe(201);
    }
    await expect(
      checkConfiguredPassword(t.db, 'DEMO_PASSWORD', 'Nusantara2026!', { username: 'planner' }),
    ).rejects.toThrow(
      `Invalid configuration: DEMO_PASSWORD is too weak for user "planner": ${passwordWeaknessMessages.company}`,
    );
  });
});
