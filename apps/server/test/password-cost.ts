/**
 * The tests hash passwords at the least cost the setting takes (1 MiB and one pass of argon2id)
 * instead of the product's default (19 MiB and two): the same hashing through the same code, for
 * the thousand or so hashes and checks of a pass (about 27 s of its CPU at the default cost,
 * docs/testing.md). Loaded before every test file (vitest.config.ts `setupFiles`) and by the run's
 * template database; the servers the tests start as processes are given it as their setting
 * (`testPasswordHashEnv`, server-process.ts). The default itself is checked in auth tests.
 */
import { configurePasswordHashing } from '../src/modules/auth/passwords.ts';
import type { PasswordHashCost } from '../src/modules/auth/passwords.ts';

export const testPasswordHashCost: PasswordHashCost = { memoryKib: 1024, passes: 1 };

/** The setting as a server process reads it from its environment. */
export const testPasswordHashEnv = {
  PASSWORD_HASH_MEMORY_KIB: String(testPasswordHashCost.memoryKib),
  PASSWORD_HASH_PASSES: String(testPasswordHashCost.passes),
};

configurePasswordHashing(testPasswordHashCost);
