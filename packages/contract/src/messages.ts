import { z } from 'zod';

/**
 * The message catalogue of field rules: every message a value's check in the contract can give, by
 * code, in the words a person reads under the field (English; `{{param}}` as i18next reads it).
 * The web translates the same codes (`validation.<code>`, a test fails when one has no Indonesian);
 * the server sends, with each field's English `message`, its `code` and `params` (FieldError), so a
 * refusal reads the same in the browser's check and in the server's answer, in the user's language.
 *
 * A check whose meaning the kind of issue says (too long, not a number) needs nothing: `describeIssue`
 * reads its code from the zod issue. A check with its own sentence (a pattern, a refinement) builds
 * it with `fieldMessage(code, params)`, which remembers the sentence's code.
 */
export const fieldMessages = {
  required: 'Required',
  /** A picker left empty; `article` is English only ("a"/"an"), `field` the label in a sentence. */
  choose: 'Choose {{article}} {{field}}',
  atLeast: 'At least {{min}}',
  atMost: 'At most {{max}}',
  minLength: 'At least {{min}} characters',
  maxLength: 'At most {{max}} characters',
  minItems: 'Choose at least {{min}}',
  maxItems: 'At most {{max}} items',
  number: 'Enter a number',
  wholeNumber: 'Enter a whole number',
  date: 'Enter a valid date',
  dateTime: 'Enter a valid date and time',
  yesOrNo: 'Choose yes or no',
  option: 'Choose one of the options',
  identifier: 'Choose from the list',
  email: 'Enter an e-mail address',
  phone: 'Enter a telephone number: digits, spaces and + ( ) - . only',
  url: 'Enter a web address starting with http:// or https://',
  json: 'Enter valid JSON',
  noNul: 'Text may not contain a NUL character',
  text: 'Enter text',
  list: 'Choose from the list',
  /** A value only the server sets (a report's status): never sent by a form. */
  serverOwned: 'Set by the system; it cannot be changed here',
  /** A text's own shape when it declares none more precise: a pattern without a sentence. */
  form: 'This value is not in the expected form',
  invalid: 'This value is not valid',
  // Shapes declared by fields (`pattern`) and sentences of the contract's own checks.
  codeCharacters: 'Use letters, digits, spaces and . _ / ( ) + - only, starting with a letter or digit',
  tagCharacters: 'Use letters, digits, spaces and . _ / ( ) + - " only, starting with a letter or digit',
  fileNameCharacters:
    'Use letters, digits, spaces and . _ ( ) + - only, starting with a letter or digit, without ..',
  iso4406Code: 'Write the ISO 4406 code as three scale numbers from 0 to 28 with slashes, e.g. 18/16/13',
  usernameCharacters: 'The username takes letters, digits and . _ @ - only',
  usernameLength: 'The username needs at least {{min}} characters',
  passwordLength: 'The password needs at least {{min}} characters',
  passwordTooLong: 'The password is at most {{max}} characters',
  enterPassword: 'Enter a password',
  enterFullName: 'Enter the full name',
  enterRoleName: 'Enter the role name',
  plannerGroupEmpty: 'A planner group code is not empty',
  tooManyImages: 'At most {{max}} images',
  endBeforeStart: 'The end date is before the start date',
  userIdentifier: 'Choose a user from the list',
  approvalLevelsInOrder: 'Levels run from 1 upwards, without gaps or repeats',
  // Refusals of what only the server knows (a name taken, a choice gone since the form was opened,
  // an escalation), put by the engine and the administration modules on the field they concern
  // (`fieldRefusal` on the server). `id` is the record the call names when no field is to blame.
  taken: 'Already taken',
  notInList: 'Not in the list; choose one from it',
  unknownRole: 'This role no longer exists; choose another',
  unknownCompany: 'This contractor company no longer exists; choose another',
  unknownPosition: 'No approval position has this name',
  unknownPlannerGroups: 'No planner group has the code {{codes}}',
  thickerThanNominal: 'Thicker than the nominal {{nominal}} mm of its location: check the reading',
  changedSinceRead: 'Someone else changed this since you opened it: reload and try again',
  ownAccount: 'You cannot change this on your own account',
  notYourself: 'You cannot do this to your own account',
  administratorOnly: "Only an administrator may manage an administrator's account",
  administratorRoleOnly: 'Only an administrator may give or change the administrator role',
  roleHoldsMore: 'This role holds permissions your own role does not ({{count}})',
  userRoleHoldsMore: "This user's role holds permissions your own role does not ({{count}})",
  administratorKeepsAll: 'The administrator role always holds every permission',
  unknownPermission: 'This permission is not known here: reload the page',
  mayNotCreateRole: 'Your role does not allow creating roles',
  companyHasUsers:
    'Users still belong to this company ({{count}}): {{names}}. Move them to another company or remove them first.',
  levelNotOnPath: 'This method has no approval level {{level}}: set it in the approval settings first',
  reviewerInactive: '{{name}} is inactive and cannot review',
  reviewerPosition: '{{name}} does not hold {{position}}, the position that approves this level',
  // Who may be named as an inspector of an assignment's method (docs/task-assignments.md).
  inspectorNotEligible:
    '{{name}} ({{role}}) cannot be named as an inspector of {{method}}: choose someone whose role writes {{method}} reports',
  inspectorInactive: '{{name}} is inactive and cannot be newly named as an inspector',
  // Four eyes (docs/approvals.md): nobody approves or returns a report whose content they wrote.
  wroteReport: 'You wrote this report or part of it: someone else must approve or return it',
  // Four eyes across revisions: a revision copies the reports it revises (docs/revisions-and-supersession.md).
  wroteRevisedReport:
    'You wrote part of {{report}}, which this revision copies: someone else must approve or return it',
  // Approving needs a stored signature when the approval options say so (docs/revisions-and-supersession.md).
  signatureRequired:
    'Draw your signature before approving: the approval record carries it (My signature, in the user menu)',
  // A recorded verdict that differs from the standard's (docs/verdict-pairs.md).
  verdictOverride:
    'The standard gives {{standard}} where {{recorded}} is recorded: confirm the override with a reason',
  notAnOverride: 'This row is not an override: its verdict agrees with the standard',
  // An approval path is the approval settings' to change (docs/approvals.md).
  levelsNeedApprovalSettings:
    'Only a role that may change the approval settings can change the approval levels and positions',
  namedTwice: '{{name}} is named more than once',
  // A report whose PDF needs more memory to lay out than one print may use (docs/report-of-record.md).
  reportTooLargeToPrint:
    'This report is too large to print as one PDF: laying it out needs more memory than a print may use. Its sections can still be read on its page.',
  // The print queue (docs/bounded-clients.md): full, or the user's own print still waiting in it.
  printQueueFull: 'Other reports are being printed: try again in {{seconds}} seconds',
  printAlreadyWaiting:
    'A report you asked for is still waiting to be printed: this one can be asked for once that one has started',
} as const;

export type FieldMessageCode = keyof typeof fieldMessages;
export type FieldMessageParams = Record<string, string | number>;
/** A message as the catalogue names it. */
export type FieldMessage = { code: FieldMessageCode; params?: FieldMessageParams };

/** A catalogue message in English with its params filled in. */
export function renderFieldMessage(code: FieldMessageCode, params: FieldMessageParams = {}): string {
  return fieldMessages[code].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** The English sentences built by `fieldMessage`, to find a sentence's code again from an issue. */
const authored = new Map<string, FieldMessage>();

/**
 * A catalogue message as a check's English sentence (`z.string().regex(re, fieldMessage('…'))`):
 * the sentence the API says, remembered with its code so every reader can translate it.
 */
export function fieldMessage(code: FieldMessageCode, params?: FieldMessageParams): string {
  const text = renderFieldMessage(code, params);
  if (!authored.has(text)) authored.set(text, params ? { code, params } : { code });
  return text;
}

/** The value at a path of what was validated; undefined when a key on the way is absent. */
export function valueAtPath(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !(key in value)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const bound = (n: number | bigint) => Number(n);

/**
 * What a zod issue says, as a catalogue code and its params: the one reading of issues the server
 * (for the envelope's details) and the web (for a form's own check) share. With `input` (what was
 * validated), a value left out or null reads `required`, not "in the wrong form".
 */
export function describeIssue(issue: z.core.$ZodIssue, input?: unknown): FieldMessage & { missing: boolean } {
  const known = authored.get(issue.message);
  // A value the server alone writes (`z.never`) is refused for being there, not missing.
  const refusedOutright =
    issue.code === 'custom' || (issue.code === 'invalid_type' && issue.expected === 'never');
  const missing =
    input !== undefined &&
    issue.path.length > 0 &&
    !refusedOutright &&
    valueAtPath(input, issue.path) == null;
  if (missing) return { code: 'required', missing };
  // Without the input, a value left out is still known by the sentence `z.config` gave it below.
  if (issue.code === 'invalid_type' && issue.message === fieldMessages.required) {
    return { code: 'required', missing };
  }
  if (known) return { ...known, missing };
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string'
        ? { code: 'minLength', params: { min: bound(issue.minimum) }, missing }
        : issue.origin === 'array' || issue.origin === 'set'
          ? { code: 'minItems', params: { min: bound(issue.minimum) }, missing }
          : { code: 'atLeast', params: { min: bound(issue.minimum) }, missing };
    case 'too_big':
      return issue.origin === 'string'
        ? { code: 'maxLength', params: { max: bound(issue.maximum) }, missing }
        : issue.origin === 'array' || issue.origin === 'set'
          ? { code: 'maxItems', params: { max: bound(issue.maximum) }, missing }
          : { code: 'atMost', params: { max: bound(issue.maximum) }, missing };
    case 'invalid_type': {
      const byType: Partial<Record<string, FieldMessageCode>> = {
        number: 'number',
        int: 'wholeNumber',
        boolean: 'yesOrNo',
        string: 'text',
        array: 'list',
        never: 'serverOwned',
      };
      return { code: byType[issue.expected] ?? 'invalid', missing };
    }
    case 'not_multiple_of':
      return { code: 'wholeNumber', missing };
    case 'invalid_format': {
      const byFormat: Partial<Record<string, FieldMessageCode>> = {
        uuid: 'identifier',
        guid: 'identifier',
        date: 'date',
        datetime: 'dateTime',
        email: 'email',
        regex: 'form',
      };
      return { code: byFormat[issue.format] ?? 'form', missing };
    }
    case 'invalid_value':
      return { code: 'option', missing };
    case 'invalid_union': {
      // A value that is one of several shapes: what its first alternative says is the closest.
      const first = issue.errors[0]?.[0];
      return first
        ? describeIssue({ ...first, path: issue.path } as z.core.$ZodIssue, input)
        : { code: 'invalid', missing };
    }
    default:
      return { code: 'invalid', missing };
  }
}

/**
 * Issues a check raises without a sentence of its own speak the catalogue's English, never zod's
 * ("Invalid input: expected string, received undefined"): set once for every schema of the contract,
 * in the server and the browser alike.
 */
z.config({
  customError: (issue) => {
    if (issue.input === undefined && issue.code === 'invalid_type') return fieldMessages.required;
    const { code, params } = describeIssue({
      ...issue,
      path: issue.path ?? [],
      message: '',
    } as z.core.$ZodIssue);
    return renderFieldMessage(code, params);
  },
});

/** English's article for a word: "an isometric drawing", "a role", "a USB key" stays "a". */
export function indefiniteArticle(words: string): 'a' | 'an' {
  return /^[aeiou]/i.test(words) && !/^(u[bcfhjkqrstn][aeiou]|eu|one|uni)/i.test(words) ? 'an' : 'a';
}

/** A label inside a sentence: "role", "isometric drawing", but "WO number" and "NDT" keep capitals. */
export function labelInSentence(label: string): string {
  return /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/** A label with its article inside a sentence: "an isometric drawing", "a WO number". */
export function aLabel(label: string): string {
  const words = labelInSentence(label);
  return `${indefiniteArticle(words)} ${words}`;
}

/** The same at the start of a sentence: "An isometric drawing stays where it was created". */
export function ALabel(label: string): string {
  const words = aLabel(label);
  return words.charAt(0).toUpperCase() + words.slice(1);
}
