/*
 * Someone else saved the record while the user was changing it (a 409 on save, or a draft kept for an
 * older version). The user's changes are put beside the newer record field by field, as a
 * three-way comparison against the version the user started from:
 * - a field only the user changed keeps the user's value;
 * - a field only the other person changed takes theirs (the user never touched it);
 * - a field both changed to different values is a conflict the user decides.
 */

export type FieldConflict = {
  key: string;
  /** What the user's input holds. */
  mine: unknown;
  /** What the newer record holds, as an input value. */
  theirs: unknown;
};

export type MergedInputs = {
  /** The inputs to show: every non-conflicting field already settled, conflicts holding the user's value. */
  inputs: Record<string, unknown>;
  conflicts: FieldConflict[];
};

/** Input values compare by content: numbers, text, null, and the strings dates are held as. */
export function sameInput(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export function mergeInputs(o: {
  keys: string[];
  /** The inputs at the version the user started from. */
  base: Record<string, unknown>;
  mine: Record<string, unknown>;
  theirs: Record<string, unknown>;
}): MergedInputs {
  const inputs: Record<string, unknown> = {};
  const conflicts: FieldConflict[] = [];
  for (const key of o.keys) {
    const base = o.base[key];
    const mine = key in o.mine ? o.mine[key] : base;
    const theirs = o.theirs[key];
    if (sameInput(mine, base) || sameInput(mine, theirs)) inputs[key] = theirs;
    else if (sameInput(theirs, base)) inputs[key] = mine;
    else {
      inputs[key] = mine;
      conflicts.push({ key, mine, theirs });
    }
  }
  return { inputs, conflicts };
}
