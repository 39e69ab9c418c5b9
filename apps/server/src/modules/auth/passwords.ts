import { hash, verify } from '@node-rs/argon2';

/**
 * What a new password hash costs: argon2id's memory in KiB and its passes over it. By default
 * 19 MiB and two passes, OWASP's recommended minimum for argon2id (and the library's default);
 * set by `PASSWORD_HASH_MEMORY_KIB` and `PASSWORD_HASH_PASSES` (docs/authentication.md).
 */
export type PasswordHashCost = { memoryKib: number; passes: number };
export const defaultPasswordHashCost: PasswordHashCost = { memoryKib: 19_456, passes: 2 };

let cost = defaultPasswordHashCost;

/**
 * Sets the cost new hashes are made at (main.ts, from the configuration). A stored hash names the
 * cost it was made at, so hashes made before a change still verify, each at its own cost.
 */
export function configurePasswordHashing(next: PasswordHashCost) {
  cost = next;
  decoyHash = undefined;
}

/** argon2id at the configured cost, run on libuv's thread pool. */
export const hashPassword = (password: string) =>
  hash(password, { memoryCost: cost.memoryKib, timeCost: cost.passes });

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a password nobody has, verified when the username is unknown so that an unknown user
 * and a wrong password take the same time: made at the configured cost, as new hashes are.
 */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () => (decoyHash ??= hashPassword('decoy password that matches nothing'));
