import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';
import { checkConfiguredPassword } from '../users/password-policy.ts';
import { administratorRoleName, ensureStandardRoles } from '../users/standard-roles.ts';
import { hashPassword } from './passwords.ts';

/**
 * Creates the standard roles a database lacks and, on a database without users, the administrator
 * account. A configured password must pass the password policy (else the server does not start);
 * without one a password is generated (144 random bits), printed once and written to
 * `DATA_DIR/initial-admin-password` (mode 0600). There is no built-in default password.
 */
export async function bootstrapAdministrator(
  db: Db,
  o: {
    username: string;
    password: string | undefined;
    dataDir: string | undefined;
    log: (line: string) => void;
  },
) {
  // Every start: the standard roles a database lacks are created (an older one gains new roles).
  await ensureStandardRoles(db);
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((existing?.n ?? 0) > 0) return;
  const fullName = 'Administrator';
  if (o.password)
    await checkConfiguredPassword(db, 'ADMIN_PASSWORD', o.password, { username: o.username, fullName });
  const [role] = await db.select().from(roles).where(eq(roles.name, administratorRoleName));
  const password = o.password ?? randomBytes(18).toString('base64url');
  await db.insert(users).values({
    username: o.username,
    fullName,
    passwordHash: await hashPassword(password),
    roleId: role!.id,
  });
  if (!o.password) {
    if (o.dataDir) {
      const file = path.join(o.dataDir, 'initial-admin-password');
      await writeFile(file, `${password}\n`, { mode: 0o600 });
      o.log(
        `Created administrator "${o.username}" with password ${password} (also in ${file}; change it after signing in)`,
      );
    } else {
      o.log(`Created administrator "${o.username}" with password ${password}`);
    }
  }
}
