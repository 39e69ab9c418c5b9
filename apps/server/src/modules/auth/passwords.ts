import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with its default cost, run on libuv's thread pool.
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a password nobody has, verified when the username is unknown so that an unknown user
 * and a wrong password take the same time.
 */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () => (decoyHash ??= hash('decoy password that matches nothing'));
