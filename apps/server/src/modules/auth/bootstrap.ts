import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';
import { hashPassword } from './passwords.ts';

export const administratorRoleName = 'Administrator';

/**
 * On an empty database, creates the administrator role and account. Without a configured password
 * one is generated, printed once and written to `DATA_DIR/initial-admin-password` (mode 0600).
 * There is no built-in default password.
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
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((existing?.n ?? 0) > 0) return;
  let [role] = await db.select().from(roles).where(eq(roles.name, administratorRoleName));
  role ??= (
    await db
      .insert(roles)
      .values({
        name: administratorRoleName,
        description: 'Every permission of every module',
        isAdministrator: true,
      })
      .returning()
  )[0]!;
  const password = o.password ?? randomBytes(18).toString('base64url');
  await db.insert(users).values({
    username: o.username,
    fullName: 'Administrator',
    passwordHash: await hashPassword(password),
    roleId: role.id,
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
