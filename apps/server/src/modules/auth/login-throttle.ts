import { and, eq, gt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures, signInAddresses } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

/**
 * How sign-in attempts are throttled. Hard limits apply to what one address can do (to one account,
 * and to all); an account attacked from many addresses is only slowed, never locked, and not at all
 * for addresses its owner has signed in from. A browser carrying the account's device cookie is
 * held to that cookie's own limit instead (device-cookies.ts), so guessing from a shared address
 * does not lock out the people who sign in there every day.
 */
export const throttleLimits = {
  windowSeconds: 15 * 60,
  /** Attempts per account and address: one address guessing one password. */
  pair: 5,
  /** Attempts per address, whatever the account (a shared plant NAT makes this generous). */
  address: 30,
  /** Attempts on an account from unknown addresses before each further one waits its turn. */
  accountFree: 5,
  /** The turn after the n-th attempt comes 2^(n - accountFree - 1) seconds later, at most this. */
  accountDelayMaxSeconds: 60,
  /** An address the owner signed in from is trusted this long after the last sign-in from it. */
  trustedAddressDays: 90,
  /** Attempts per device cookie; past it the cookie is locked out for the rest of its window. */
  device: 5,
};

const accountKey = (username: string) => `user:${username.toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;
const pairKey = (username: string, ip: string) => `pair:${username.toLowerCase()}|${ip}`;
const deviceKey = (nonce: string) => `device:${nonce}`;
/** Keys a successful sign-in clears rather than counts down: they belong to that account alone. */
const clearedOnSuccess = ['pair:', 'device:'];

const window = sql.raw(`'${throttleLimits.windowSeconds} seconds'::interval`);
const expired = sql`${loginFailures.windowStartedAt} < now() - ${window}`;

const windowEnd = (row: { windowStartedAt: Date }) =>
  new Date(row.windowStartedAt.getTime() + throttleLimits.windowSeconds * 1000);

function tooMany(until: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return new AppError(
    'TOO_MANY_REQUESTS',
    `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

/**
 * Adds one to a key's count in its window (a new window when the old one ended), in one statement;
 * returns the row. With `turn`, the row is changed only when `turn.when` holds (no row is returned
 * otherwise) and its `nextAttemptAt` is set too.
 */
async function count(db: Db, key: string, turn?: { when: SQL; nextAttemptAt: SQL }) {
  const [row] = await db
    .insert(loginFailures)
    .values({ key, count: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        count: sql`case when ${expired} then 1 else ${loginFailures.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${loginFailures.windowStartedAt} end`,
        ...(turn ? { nextAttemptAt: turn.nextAttemptAt } : {}),
      },
      ...(turn ? { setWhere: turn.when } : {}),
    })
    .returning();
  return row;
}

/** Takes back one counted attempt (it never reached the password check, or it succeeded). */
async function uncount(db: Db, key: string) {
  await db
    .update(loginFailures)
    .set({ count: sql`greatest(${loginFailures.count} - 1, 0)` })
    .where(eq(loginFailures.key, key));
}

/**
 * The account's turn for a password check from an unknown address, taken in one statement so
 * parallel attempts cannot share a turn. Within the free allowance every attempt has a turn; past
 * it each admitted attempt puts the next turn 1, 2, 4 … seconds later (at most the cap). Answers
 * the row when the turn was taken, or undefined with the time of the next turn.
 */
async function takeAccountTurn(db: Db, key: string) {
  const next = sql`${loginFailures.count} + 1`;
  // The exponent is bounded too: 2^n overflows a double long before an attacker runs out of guesses.
  const exponent = sql`least(${next} - ${throttleLimits.accountFree} - 1, 30)`;
  const delaySeconds: SQL = sql`least(power(2, ${exponent}), ${throttleLimits.accountDelayMaxSeconds})`;
  const row = await count(db, key, {
    when: sql`${expired} or ${loginFailures.nextAttemptAt} is null or ${loginFailures.nextAttemptAt} <= now()`,
    nextAttemptAt: sql`case when ${expired} or ${next} <= ${throttleLimits.accountFree} then null
      else now() + ${delaySeconds} * interval '1 second' end`,
  });
  if (row) return { taken: true as const };
  const [waiting] = await db.select().from(loginFailures).where(eq(loginFailures.key, key));
  return { taken: false as const, nextAttemptAt: waiting?.nextAttemptAt ?? new Date() };
}

/** Whether the user has signed in from this address recently. */
async function isTrustedAddress(db: Db, userId: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: signInAddresses.userId })
    .from(signInAddresses)
    .where(
      and(
        eq(signInAddresses.userId, userId),
        eq(signInAddresses.address, ip),
        gt(
          signInAddresses.lastSignedInAt,
          sql`now() - ${sql.raw(`'${throttleLimits.trustedAddressDays} days'::interval`)}`,
        ),
      ),
    );
  return row !== undefined;
}

/** What a counted attempt holds, for `forgiveAttempt` to give back on success. */
export type CountedAttempt = { keys: string[] };

/**
 * Counts an attempt before the password is checked, each count one statement, so parallel
 * attempts cannot all slip under a limit. Refused past a limit without checking the password (429).
 * State is in the database, shared by every process. `userId` is the account's user when the name
 * is known; unknown names are counted the same way, so the answers reveal nothing. `device` is the
 * nonce of a valid device cookie for this account: then only that cookie's count applies.
 */
export async function countAttempt(
  db: Db,
  username: string,
  ip: string,
  userId: string | undefined,
  device?: string,
): Promise<CountedAttempt> {
  if (device) {
    // The browser has signed in to this account before: the address it shares with others and the
    // account's slow-down for strangers do not apply. A locked cookie is refused outright (OWASP:
    // it is on the lockout list until its window ends), whatever the password.
    const key = deviceKey(device);
    const row = (await count(db, key))!;
    if (row.count > throttleLimits.device) throw tooMany(windowEnd(row));
    return { keys: [key] };
  }
  const counted: string[] = [];
  const refuse = async (error: AppError) => {
    // An attempt refused here never reached the password check: it is not a failure elsewhere.
    for (const key of counted) await uncount(db, key);
    return error;
  };
  const limits = [
    [pairKey(username, ip), throttleLimits.pair],
    [addressKey(ip), throttleLimits.address],
  ] as const;
  for (const [key, limit] of limits) {
    const row = (await count(db, key))!;
    if (row.count > limit) {
      throw await refuse(tooMany(windowEnd(row)));
    }
    counted.push(key);
  }
  if (userId && (await isTrustedAddress(db, userId, ip))) return { keys: counted };
  const account = accountKey(username);
  const turn = await takeAccountTurn(db, account);
  if (!turn.taken) throw await refuse(tooMany(turn.nextAttemptAt));
  return { keys: [...counted, account] };
}

/**
 * A successful sign-in: the attempt no longer counts, the account and address pair (or the device
 * cookie, which is replaced by a new one) starts afresh, and the address becomes one the user signs
 * in from.
 */
export async function forgiveAttempt(db: Db, attempt: CountedAttempt, userId: string, ip: string) {
  for (const key of attempt.keys) {
    if (clearedOnSuccess.some((prefix) => key.startsWith(prefix)))
      await db.delete(loginFailures).where(eq(loginFailures.key, key));
    else await uncount(db, key);
  }
  await db
    .insert(signInAddresses)
    .values({ userId, address: ip })
    .onConflictDoUpdate({
      target: [signInAddresses.userId, signInAddresses.address],
      set: { lastSignedInAt: sql`now()` },
    });
}
