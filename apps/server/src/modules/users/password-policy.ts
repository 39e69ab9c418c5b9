import { Worker } from 'node:worker_threads';
import { passwordPolicyMessage, passwordWeaknessMessages } from '@inspectra/contract';
import type { PasswordWeakness } from '@inspectra/contract';
import { ConfigError } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { organisationWords } from './organisation-words.ts';
import type { OrganisationWords } from './organisation-words.ts';

/**
 * The least zxcvbn score a new password needs. 3 means about 10^8 guesses or more: safe against
 * online guessing and a good while against an offline attack on an argon2id hash.
 */
export const minimumPasswordScore = 3;

/** Whose password it is: their own words make a password easy for anyone who knows them. */
export type PasswordOwner = { username: string; fullName?: string | null; email?: string | null };

/** zxcvbn's score and main warning, and whether it found the owner's own words in the password. */
type Judgement = { score: number; warning: string | null; personal: boolean };

/** zxcvbn's warnings, as the reasons the contract words for users. */
const weaknessOfWarning: Record<string, PasswordWeakness> = {
  straightRow: 'keyboard',
  keyPattern: 'keyboard',
  simpleRepeat: 'repeated',
  extendedRepeat: 'repeated',
  sequences: 'sequence',
  recentYears: 'dates',
  dates: 'dates',
  topTen: 'common',
  topHundred: 'common',
  common: 'common',
  pwned: 'common',
  similarToCommon: 'similarToCommon',
  wordByItself: 'singleWord',
  namesByThemselves: 'names',
  commonNames: 'names',
  userInputs: 'personal',
};

// The judge runs on a worker thread started at the first judgment (its dictionaries are large, and
// a long password took up to a few hundred milliseconds here: that would stall every other request
// on the event loop). It holds the process open only while it has work, and is stopped after a
// while without any, giving its memory back; the next judgment starts it again.
const idleStopMs = 10 * 60 * 1000;

type JudgeReply = {
  id: number;
  score?: number;
  warning?: string | null;
  personal?: boolean;
  error?: string;
};
type Judge = {
  worker: Worker;
  waiting: Map<number, { resolve: (j: Judgement) => void; reject: (e: Error) => void }>;
  idleTimer?: NodeJS.Timeout;
};
let judge: Judge | undefined;
let lastId = 0;

function startJudge(): Judge {
  const started: Judge = {
    worker: new Worker(new URL('./password-strength-worker.mjs', import.meta.url)),
    waiting: new Map(),
  };
  const fail = (error: Error) => {
    if (judge === started) judge = undefined;
    for (const w of started.waiting.values()) w.reject(error);
    started.waiting.clear();
  };
  started.worker.on('message', (reply: JudgeReply) => {
    const w = started.waiting.get(reply.id);
    if (!w) return;
    started.waiting.delete(reply.id);
    if (reply.error !== undefined) w.reject(new Error(`The password check failed: ${reply.error}`));
    else
      w.resolve({
        score: reply.score ?? 0,
        warning: reply.warning ?? null,
        personal: reply.personal ?? false,
      });
    if (started.waiting.size === 0) idle(started);
  });
  started.worker.on('error', fail);
  started.worker.on('exit', (code) => fail(new Error(`The password check stopped (exit code ${code})`)));
  return started;
}

function idle(j: Judge) {
  j.worker.unref();
  j.idleTimer = setTimeout(() => {
    if (j.waiting.size > 0) return;
    if (judge === j) judge = undefined;
    void j.worker.terminate();
  }, idleStopMs);
  j.idleTimer.unref();
}

/**
 * Stops the judge now if it has nothing to judge, rather than after its idle while: for the server's
 * start, whose checks of the configured passwords (ADMIN_PASSWORD, DEMO_PASSWORD) are the last
 * judgments for a long time. Its dictionaries held about 50 MB of an idle server's memory
 * (docs/embedded-database.md "Memory").
 */
export function releasePasswordJudge(): void {
  const j = judge;
  if (!j || j.waiting.size > 0) return;
  clearTimeout(j.idleTimer);
  judge = undefined;
  void j.worker.terminate();
}

/** zxcvbn's score (0–4) and main warning for a password; `userInputs` are words it treats as known. */
function judgePassword(password: string, userInputs: string[]): Promise<Judgement> {
  const j = (judge ??= startJudge());
  clearTimeout(j.idleTimer);
  j.worker.ref();
  const id = ++lastId;
  return new Promise((resolve, reject) => {
    j.waiting.set(id, { resolve, reject });
    j.worker.postMessage({ id, password, userInputs });
  });
}

/**
 * The words of the owner's name, username and e-mail address (3 letters or more; not the e-mail's
 * top-level domain), and the application's name: what anyone who knows the user would try first.
 */
function personalWords(owner: PasswordOwner): string[] {
  const email = owner.email?.toLowerCase() ?? '';
  const wholes = [owner.username, owner.fullName ?? '', email, email.split('@')[0] ?? '']
    .map((w) => w.toLowerCase())
    .filter((w) => w.length >= 3);
  const topLevelDomain = email.includes('.') ? email.slice(email.lastIndexOf('.') + 1) : undefined;
  const parts = wholes
    .flatMap((w) => w.split(/[^\p{L}\p{N}]+/u))
    .filter((w) => w.length >= 3 && w !== topLevelDomain);
  return [...new Set([...wholes, ...parts, 'inspectra'])].sort((a, b) => b.length - a.length);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The password with every word of `words` in it (any case) taken out; unchanged when none is in it. */
function without(password: string, words: string[]): string {
  const lower = password.toLowerCase();
  const found = words.filter((w) => lower.includes(w));
  if (found.length === 0) return password;
  return password.replace(new RegExp(found.map(escapeRegExp).join('|'), 'giu'), ' ');
}

/** Whether a password's strength rests on `words`: without them, what is left is easy to guess. */
async function restsOn(password: string, words: string[]): Promise<boolean> {
  const rest = without(password, words);
  return rest !== password && (await judgePassword(rest, [])).score < minimumPasswordScore;
}

/** A year from 1900 to 2099: the corporate pattern's part that changes each time it must. */
const year = /(?:19|20)\d{2}/u;

/**
 * The corporate pattern: a common word with a year and a symbol ("Welcome@2026!", "Spring2026!!"),
 * which zxcvbn scores well for its length and symbols. A password with a year and a symbol whose
 * letters alone are easy to guess is refused.
 */
async function corporatePattern(password: string): Promise<boolean> {
  if (!year.test(password) || !/[^\p{L}\p{N}\s]/u.test(password)) return false;
  const letters = password.replace(/[^\p{L}]+/gu, ' ').trim();
  return (await judgePassword(letters, [])).score < minimumPasswordScore;
}

/**
 * Why a new password would be refused, or undefined when it is acceptable (its length is the
 * contract's to check). It may not contain the username; zxcvbn must score it at least 3 with the
 * owner's own words counted as known; and it must still score that without those words, so a
 * password whose strength rests on its owner's name ("rinahartono2024") is weak; the same holds
 * for the names of the companies using Inspectra and of the plant's places (`organisation`,
 * organisation-words.ts); and it may not be the corporate pattern of a word, a year and a symbol.
 */
export async function passwordWeakness(
  password: string,
  owner: PasswordOwner,
  organisation: OrganisationWords = { companies: [], places: [] },
): Promise<PasswordWeakness | undefined> {
  if (password.toLowerCase().includes(owner.username.toLowerCase())) return 'containsUsername';
  const words = personalWords(owner);
  const judged = await judgePassword(password, words);
  if (judged.score < minimumPasswordScore)
    return judged.personal
      ? 'personal'
      : (judged.warning && weaknessOfWarning[judged.warning]) || 'guessable';
  if (await restsOn(password, words)) return 'personal';
  if (await restsOn(password, organisation.companies)) return 'company';
  if (await restsOn(password, organisation.places)) return 'place';
  if (await corporatePattern(password)) return 'corporatePattern';
  return undefined;
}

/**
 * Refuses a new password that is easy to guess (400 VALIDATION_ERROR naming `field`, with the reason
 * in a sentence and, in the message, the policy as a whole so a form can show it).
 */
export async function checkPasswordPolicy(
  db: DbOrTx,
  password: string,
  owner: PasswordOwner,
  field = 'newPassword',
): Promise<void> {
  const weakness = await passwordWeakness(password, owner, await organisationWords(db));
  if (!weakness) return;
  const reason = passwordWeaknessMessages[weakness];
  throw new AppError('VALIDATION_ERROR', `${reason} ${passwordPolicyMessage}.`, [
    { path: field, message: reason },
  ]);
}

/**
 * Refuses to start with a configured password (ADMIN_PASSWORD, DEMO_PASSWORD) that the policy
 * would refuse through the API, naming the variable and the reason in one line.
 */
export async function checkConfiguredPassword(
  db: DbOrTx,
  variable: string,
  password: string,
  owner: PasswordOwner,
): Promise<void> {
  const weakness = await passwordWeakness(password, owner, await organisationWords(db));
  if (weakness)
    throw new ConfigError(
      `Invalid configuration: ${variable} is too weak for user "${owner.username}": ${passwordWeaknessMessages[weakness]}`,
    );
}
