import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

/** Sign-in attempts allowed per window: few per account (guessing one password), more per address (a shared NAT). */
export const throttleLimits = { account: 5, address: 30, windowSeconds: 15 * 60 };

const accountKey = (username: string) => `user:${username.toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;

/** Adds one to a key's count in its window (a new window when the old one ended); returns the row. */
async function count(db: Db, key: string) {
  const window = sql.raw(`'${throttleLimits.windowSeconds} seconds'::interval`);
  const expired = sql`${loginFailures.windowStartedAt} < now() - ${window}`;
  const [row] = await db
    .insert(loginFailures)
    .values({ key, count: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        count: sql`case when ${expired} then 1 else ${loginFailures.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${loginFailures.windowStartedAt} end`,
      },
    })
    .returning();
  return row!;
}

/**
 * Counts an attempt against the account and the address before the password is checked, in one
 * statement each, so parallel attempts cannot all slip under the limit. Past the limit the attempt
 * is refused without checking the password. State is in the database, shared by every process.
 */
export async function countAttempt(db: Db, username: string, ip: string) {
  for (const [key, limit] of [
    [accountKey(username), throttleLimits.account],
    [addressKey(ip), throttleLimits.address],
  ] as const) {
    const row = await count(db, key);
    if (row.count <= limit) continue;
    const endsAt = row.windowStartedAt.getTime() + throttleLimits.windowSeconds * 1000;
    const minutes = Math.max(1, Math.ceil((endsAt - Date.now()) / 60_000));
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }
}

/** A successful sign-in: the account starts afresh and the attempt no longer counts against the address. */
export async function forgiveAttempt(db: Db, username: string, ip: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, accountKey(username)));
  await db
    .update(loginFailures)
    .set({ count: sql`greatest(${loginFailures.count} - 1, 0)` })
    .where(eq(loginFailures.key, addressKey(ip)));
}
