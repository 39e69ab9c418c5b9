import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';

/** A keyed request as the key keeps it: who, which request, and its answer once it has one. */
export type KeptRequest = {
  userId: string;
  key: string;
  method: string;
  path: string;
  bodyHash: string | undefined;
};

export type KeptAnswer = { status: number; headers: Record<string, string>; body: string | null };

type KeyRow = {
  method: string;
  path: string;
  body_hash: string | null;
  claim: string;
  running: boolean;
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
};

/** What the key holds when a request comes with it. */
export type KeyState =
  | { kind: 'claimed' }
  | { kind: 'running' }
  | { kind: 'otherRequest' }
  | { kind: 'answered'; bodyHash: string | null; answer: KeptAnswer };

/**
 * Claims the key for this request: a new key, or one whose earlier request ran out its claim
 * without an answer (its process was stopped mid-request) for the same request. Otherwise answers
 * what the key holds. One statement, so two requests with one key cannot both claim it.
 */
export async function claimKey(
  db: Db,
  request: KeptRequest,
  claim: string,
  claimSeconds: number,
): Promise<KeyState> {
  const claimed = await db.execute<{ claim: string }>(sql`
    insert into idempotency_key (user_id, key, method, path, body_hash, claim, claimed_until)
    values (${request.userId}, ${request.key}, ${request.method}, ${request.path}, ${request.bodyHash ?? null},
            ${claim}, now() + ${claimSeconds} * interval '1 second')
    on conflict (user_id, key) do update
      set claim = excluded.claim, claimed_until = excluded.claimed_until, body_hash = excluded.body_hash
      where idempotency_key.status is null and idempotency_key.claimed_until < now()
        and idempotency_key.method = excluded.method and idempotency_key.path = excluded.path
        and (idempotency_key.body_hash is null or excluded.body_hash is null
             or idempotency_key.body_hash = excluded.body_hash)
    returning claim`);
  if (claimed.rows[0]?.claim === claim) return { kind: 'claimed' };
  const held = await db.execute<KeyRow>(sql`
    select method, path, body_hash, claim, status, headers, body, claimed_until > now() as running
    from idempotency_key where user_id = ${request.userId} and key = ${request.key}`);
  const row = held.rows[0];
  // Swept between the two statements (kept longer than keys are): claimed again by the retry.
  if (!row) return claimKey(db, request, claim, claimSeconds);
  if (
    row.method !== request.method ||
    row.path !== request.path ||
    (row.body_hash !== null && request.bodyHash !== undefined && row.body_hash !== request.bodyHash)
  )
    return { kind: 'otherRequest' };
  if (row.status === null) return { kind: 'running' };
  return {
    kind: 'answered',
    bodyHash: row.body_hash,
    answer: { status: row.status, headers: row.headers ?? {}, body: row.body },
  };
}

/** Keeps the claim of a request still running (a long upload) from running out. */
export async function extendClaim(db: Db, request: KeptRequest, claim: string, claimSeconds: number) {
  await db.execute(sql`
    update idempotency_key set claimed_until = now() + ${claimSeconds} * interval '1 second'
    where user_id = ${request.userId} and key = ${request.key} and claim = ${claim} and status is null`);
}

/**
 * The statement that keeps a request's answer under its key, run in the request's transaction
 * when it wrote (so the answer commits with the write, or neither does), alone when it did not.
 * Answers how many rows it kept: 0 when another request has taken the claim over meanwhile.
 */
export function keepAnswerStatement(
  request: KeptRequest,
  claim: string,
  answer: KeptAnswer,
): { text: string; values: unknown[] } {
  return {
    text: `update idempotency_key set status = $1, headers = $2, body = $3, body_hash = coalesce(body_hash, $4)
           where user_id = $5 and key = $6 and claim = $7 and status is null`,
    values: [
      answer.status,
      JSON.stringify(answer.headers),
      answer.body,
      request.bodyHash ?? null,
      request.userId,
      request.key,
      claim,
    ],
  };
}

/** Runs `keepAnswerStatement` on a connection (the request's transaction's). */
export async function keepAnswerOn(
  client: pg.PoolClient,
  request: KeptRequest,
  claim: string,
  answer: KeptAnswer,
): Promise<number> {
  const { text, values } = keepAnswerStatement(request, claim, answer);
  return (await client.query(text, values)).rowCount ?? 0;
}

/** Gives the key back: the request's answer is not kept (a fault of the server), so a retry runs it. */
export async function releaseKey(db: Db, request: KeptRequest, claim: string) {
  await db.execute(sql`
    delete from idempotency_key
    where user_id = ${request.userId} and key = ${request.key} and claim = ${claim} and status is null`);
}

/** The periodic sweep (main.ts): keys older than they are kept. Answers how many went. */
export async function sweepKeys(db: Db, keptDays: number): Promise<number> {
  const swept = await db.execute(
    sql`delete from idempotency_key where created_at < now() - ${keptDays} * interval '1 day'`,
  );
  return swept.rowCount ?? 0;
}
