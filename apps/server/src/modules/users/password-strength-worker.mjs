// @ts-check
/**
 * Judges how easily passwords are guessed (zxcvbn) on a thread of its own. Its dictionaries take
 * about 70 MB and half a second to load, and one judgment of a long password can take a few hundred
 * milliseconds: neither may hold up server start or the event loop that answers everyone else.
 *
 * Plain JavaScript (type-checked through JSDoc), loaded without a TypeScript loader.
 */
import { parentPort } from 'node:worker_threads';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import * as indonesian from '@zxcvbn-ts/language-id';

const parent = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

const zxcvbn = new ZxcvbnFactory({
  // Common passwords, English and Indonesian words and names: the plant's staff write both.
  dictionary: { ...common.dictionary, ...english.dictionary, ...indonesian.dictionary },
  graphs: common.adjacencyGraphs,
  // The time a judgment takes grows much faster than the password: 64 characters took about a
  // quarter of the time 128 did. A password whose first 64 characters are hard to guess is.
  maxLength: 64,
  // Trying every letter-for-symbol swap of a long password took seconds; a password with more
  // swaps than this is long and varied enough not to need them counted.
  l33tMaxSubstitutions: 10,
});

parent.on(
  'message',
  (/** @type {{ id: number; password: string; userInputs: string[] }} */ { id, password, userInputs }) => {
    try {
      const result = zxcvbn.check(password, userInputs);
      // Whether the estimate found the user's own words in it: the reason a person acts on first.
      const personal = result.sequence.some((match) => match.dictionaryName === 'userInputs');
      parent.postMessage({ id, score: result.score, warning: result.feedback.warning, personal });
    } catch (error) {
      parent.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  },
);
