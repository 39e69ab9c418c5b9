import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

/** Failed sign-ins allowed per window: few per account (guessing one password), more per address (a shared NAT). */
export const throttleLimits = { account: 5, address: 30, windowSeconds: 15 * 60 };

const accountKey = (username: string) => `user:${username.toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;

/**
 * Refuses a sign-in while its account or address has used up its failures in the current window.
 * State is in the database so every server process sees the same counts.
 */
export async function assertNotThrottled(db: Db, username: string, ip: string) {
  for (const [key, limit] of [
    [accountKey(username), throttleLimits.account],
    [addressKey(ip), throttleLimits.address],
  ] as const) {
    const [row] = await db.select().from(loginFailures).where(eq(loginFailures.key, key));
    if (!row || row.count < limit) continue;
    const endsAt = row.windowStartedAt.getTime() + throttleLimits.windowSeconds * 1000;
    const minutes = Math.ceil((endsAt - Date.now()) / 60_000);
    if (minutes > 0) {
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }
}

/** Counts a failure against the account and the address, starting a new window when the old one ended. */
export async function recordFailure(db: Db, username: string, ip: string) {
  const window = `${throttleLimits.windowSeconds} seconds`;
  for (const key of [accountKey(username), addressKey(ip)]) {
    await db
      .insert(loginFailures)
      .values({ key, count: 1, windowStartedAt: new Date() })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          count: sql`case when ${loginFailures.windowStartedAt} < now() - ${window}::interval then 1 else ${loginFailures.count} + 1 end`,
          windowStartedAt: sql`case when ${loginFailures.windowStartedAt} < now() - ${window}::interval then now() else ${loginFailures.windowStartedAt} end`,
        },
      });
  }
}

export async function clearFailures(db: Db, username: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, accountKey(username)));
}
