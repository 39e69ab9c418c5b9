import { z } from 'zod';
import { coordinateFields } from './coordinates.ts';
import type { Axis, CoordinatePart } from './coordinates.ts';
import { fieldMessage } from './messages.ts';
import type { FieldMessageCode } from './messages.ts';

/**
 * Field kinds: the vocabulary every entity is declared in. A field says what a value is in the
 * domain (a temperature in °C, a date, a reference to a report header); the server derives its
 * column and validation from it, the web its input and display.
 */
type FieldCommon = {
  /** Human label; derived from the key when absent ("maxTemperatureC" → "Max temperature c"). */
  label?: string;
  required?: boolean;
  description?: string;
  /** Form section the field belongs to. */
  group?: string;
  /**
   * Value given on create when the client leaves the key out. A measured number (`f.number`) sent
   * as null stays empty: blanks stay blank (docs/blanks.md).
   */
  default?: string | number | boolean;
  /**
   * What an empty value reads where the value would be shown, for a derived value whose emptiness
   * says something ("No flow measured" where the flows' verdict would be); '—' when absent. In
   * Bahasa Indonesia under `fields.<key>Blank`.
   */
  blank?: string;
  /**
   * Set by the server only (a report's status, who approved): returned, never accepted in a create
   * or update body; a client that sends it is refused with a 400 naming the field.
   */
  serverOwned?: boolean;
  /**
   * Kept by the server from other records (a task's approval from its reports), though a client may
   * send it, as SPEC's clients do: the value sent is accepted and read again, so what is stored and
   * answered is the server's. The sentence says what keeps it; the API document carries it.
   */
  keptByServer?: string;
  /** The equipment-class variants that have this field (all of them when absent). */
  variants?: readonly string[];
  /**
   * Where a new record's value comes from when it is not given: a path of field keys starting at a
   * field of the record itself (usually its parent), each `ref` followed by id and each `references`
   * text field by key, the last naming the value. A report's equipment number from its work order's
   * tag: `'workOrderSPKId.tagNumber.equipmentNo'`; a thermal measurement's tag from its report's
   * equipment: `'thermalAnalysisId.reportHeaderId.equipmentNo.tagNumber'`. The create form starts
   * with it and the server fills it on create when the body leaves the field out (not when it sends
   * null: an empty value chosen is kept). Nothing is filled on update.
   */
  prefill?: string;
  /**
   * A part of a coordinate (`f.coordinate`): entered and stored as such, read as the coordinate's
   * one value in decimal degrees, so lists, PDFs and details show the coordinate, not its parts.
   */
  coordinate?: CoordinatePart;
};

export type TextField = FieldCommon & {
  kind: 'text';
  maxLength: number;
  /** A shape the whole value must have (a safe file name), with the message when it does not. */
  pattern?: {
    regex: RegExp;
    message: string;
    /**
     * Two values the pattern takes (an ISO 4406 code: `18/16/13`), for a pattern the walk's
     * generated names (letters, digits, `-`) do not fit: the conformance walk writes and changes them.
     */
    examples?: readonly [string, string];
  };
  /**
   * What the text is, checked as one wherever it is declared (`f.email`, `f.phone`, `f.url`): the
   * API refuses another value with a 400 naming the field, the form says so before sending, and
   * the input is of that type.
   */
  format?: TextFormat;
  /**
   * The value is another record's key, as people write it (an equipment number, a category code):
   * `'equipment'` names that entity's one-field natural key, `'equipment.tagNumber'` one of its
   * unique fields. The database keeps it true (a foreign key; renaming the key follows, deleting a
   * record still named is refused), sheets carry it as the text it is, and a form picks it.
   */
  references?: string;
  /**
   * With `references`: fields this record shares with the record it names, which must agree (an
   * equipment's object type must be one of its category: `referenceScope: ['categoryCode']`). The
   * database keeps it true with a foreign key over those fields and the key together, which follows
   * a renamed or moved record like the reference itself.
   */
  referenceScope?: readonly string[];
  /**
   * With `references`: fields of this record a form fills from the record picked, this record's
   * field → the picked record's (a report's equipment fills its category and object type:
   * `{ equipmentCategory: 'categoryCode', objectType: 'objectTypeCode' }`). A suggestion the person
   * can still change; the server checks nothing more than the filled fields' own rules.
   */
  referenceFills?: Readonly<Record<string, string>>;
  /**
   * With `references`: fields of this record the record named must agree with, this record's field →
   * the named record's (a work order's equipment is of its category: `{ equipmentCategory:
   * 'categoryCode' }`). When both have a value they must be equal: a picker lists only the records
   * that agree with the form's values, and the server refuses a record that does not (400 on this
   * field). Unlike `referenceScope`, the database holds no key for it: checked on every write.
   */
  referenceMatches?: Readonly<Record<string, string>>;
};
/** A text checked as an e-mail address, a telephone number or a web address (`textFormats`). */
export type TextFormat = 'email' | 'phone' | 'url';

/**
 * The one check of each text format, and the catalogue message a value failing it reads. An empty
 * text passes (a field left blank is the field's `required` to judge). A telephone number is digits
 * with the separators people write (`+62 21 555-0134`, `(021) 5550134`, `0812.3456.7890`), 4 to 20
 * digits; a web address is `http://` or `https://` and a host, nothing else (no `javascript:`).
 */
export const textFormats = {
  email: { regex: new RegExp(`^(?:${z.regexes.email.source.slice(1, -1)})?$`), message: 'email' },
  phone: { regex: /^(?:(?=(?:\D*\d){4,20}\D*$)\+?[\d ()./-]+)?$/, message: 'phone' },
  url: { regex: /^(?:https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?)?$/i, message: 'url' },
} as const satisfies Record<TextFormat, { regex: RegExp; message: FieldMessageCode }>;

export type LongTextField = FieldCommon & { kind: 'longText'; maxLength: number };
export type NumberField = FieldCommon & {
  kind: 'number';
  unit?: string;
  min?: number;
  max?: number;
  /** A position in decimal degrees, read in degrees, minutes and seconds too (coordinates.ts). */
  format?: Axis;
};
export type IntegerField = FieldCommon & {
  kind: 'integer';
  unit?: string;
  min?: number;
  max?: number;
  /** How the number reads: `'year'` as written on a nameplate (1994), never grouped (1,994). */
  format?: 'year';
  /**
   * Also sent as a label (`"Attempt 3"`): the server stores the label's digits as the number, 0
   * when it has none (`labelDigits`). SPEC's flowrate attempt is the measurement point's label.
   */
  fromLabel?: boolean;
};

/** The number a label names: its digits in order ("Attempt 3" → 3, "A1-2" → 12), 0 when it has none. */
export function labelDigits(label: string): number {
  const digits = label.replace(/\D/g, '');
  return digits === '' ? 0 : Number(digits);
}

/**
 * Whether a field's value may be empty (null, a nullable column): a field neither required nor with
 * a default, and a measured number (`f.number`) even with one, whose default fills a key left out
 * while a null sent stays blank. A count or an ordinal with a default (`f.integer`) is never empty.
 */
export function mayBeEmpty(field: Field): boolean {
  return !field.required && (field.default === undefined || field.kind === 'number');
}

/**
 * A field's number from text a client sent, where the field takes a label (`fromLabel`): the
 * label's digits; undefined for any other field, whose text is judged as a number. The one coercion
 * the API's bodies and the form's input both apply, so the form accepts what the API accepts.
 */
export function numberFromLabel(field: Field, text: string): number | undefined {
  return field.kind === 'integer' && field.fromLabel ? labelDigits(text) : undefined;
}
export type DateField = FieldCommon & { kind: 'date' };
export type DateTimeField = FieldCommon & { kind: 'datetime' };
export type BooleanField = FieldCommon & { kind: 'boolean' };
export type EnumField = FieldCommon & {
  kind: 'enum';
  values: readonly [string, ...string[]];
  /** English words of values whose own words read poorly (`cse` → "CSE (Cu/CuSO₄)"). */
  valueLabels?: Readonly<Record<string, string>>;
};
export type RefField = FieldCommon & {
  kind: 'ref';
  entity: string;
  /**
   * What deleting the record named does to this one. Every `ref` is a foreign key
   * (docs/architecture-engine.md, "References are foreign keys"): `restrict` (the default) refuses the
   * delete with a 409 naming what still points at it; `setNull` clears this field, for an optional
   * reference whose loss takes nothing from the record. A parent is always `restrict`.
   */
  onDelete?: 'restrict' | 'setNull';
};
export type JsonField = FieldCommon & {
  kind: 'json';
  /** The shape the value must have (a list of user ids); any JSON when absent. */
  schema?: z.ZodType;
  /**
   * A list of other records' keys (an inspection method's equipment categories), as `references`
   * names them: a form picks several. Not kept by the database (JSON has no foreign key).
   */
  itemsReference?: string;
  /**
   * A list of typed objects (PAUT's spots), each item these fields, validated as fields are (a
   * missing required value, a number out of range: a 400 at `key.index.field`). Made by `f.list`.
   */
  items?: Record<string, Field>;
  /** With `items`: most items the list holds. */
  maxItems?: number;
  /** With `items`: what one item is called ("Indication"), for "Add indication". */
  itemLabel?: string;
  /**
   * With `items`: the list travels as JSON text, as SPEC's clients send and read it (`spotsJson`).
   * A body may send the text or the list itself; the response holds the text, and the derived
   * value `readAs` (`spots`) the list, empty when the stored text is missing.
   */
  text?: { readAs: string };
};

export type Field =
  | TextField
  | LongTextField
  | NumberField
  | IntegerField
  | DateField
  | DateTimeField
  | BooleanField
  | EnumField
  | RefField
  | JsonField;

export type FieldKind = Field['kind'];

/**
 * What a file slot accepts, judged from the bytes: photos, documents (PDF, Excel, Word), drawings
 * (PDF, PNG, JPEG, TIFF, DWG) or videos (MP4, WebM). Documents and drawings have their own, larger
 * size limit, and videos theirs.
 */
export type FileKind = 'image' | 'document' | 'drawing' | 'video';

/** One named file on a record (thermal image, isometric drawing): zero or one file. */
export type ImageSlot = {
  kind: 'image';
  label?: string;
  accepts?: FileKind;
  /** A record is not made without this file (a supporting document is its file). */
  required?: boolean;
  /** The equipment-class variants that have this slot (all of them when absent): a structure has no isometric. */
  variants?: readonly string[];
};

/**
 * A named, ordered list of images on a record (a summary row's photos): each image has a type from
 * the declared set, a display name, a category where declared, and its place in the list.
 */
export type ImageList = {
  kind: 'imageList';
  label?: string;
  /** Allowed image types (`crack`, `overview`…); every image must have one when declared. */
  types?: readonly [string, ...string[]];
  /** Words for types that their key does not spell (`aScan` is "A-scan"), as a choice's `valueLabels`. */
  typeLabels?: Readonly<Record<string, string>>;
  /** Allowed categories, when the list groups its images. */
  categories?: readonly [string, ...string[]];
  /** The equipment-class variants that have this list (all of them when absent). */
  variants?: readonly string[];
  /** Most images the list holds; a request adding more is refused, nothing stored. */
  max: number;
  /** Longest side photos are shrunk to in the browser before upload. */
  maxSidePx: number;
  /**
   * What the list's files are: photos (when absent), or documents or drawings, judged from the
   * bytes and bounded by the larger document limit, as a file slot's are.
   */
  accepts?: FileKind;
  /**
   * SPEC's multipart form for a list that travels as files and parallel lists (PAUT's
   * `additionalFiles` with `fileCategories` and `fileTypes`): beside the files, sent under the
   * list's name, parts of these names hold one value per file, in the order the files were sent,
   * as repeated parts or one JSON array. The files are added to the list with those categories and
   * types.
   */
  sentWith?: { categories?: string; types?: string };
};

type Options<T extends Field> = Omit<T, 'kind'>;
type Loose<T extends Field, K extends keyof T> = Omit<Options<T>, K> & Partial<Pick<T, K>>;

/** Builders for field declarations; the options given are kept in the type (so `required: true` is known). */
export const f = {
  text: <const O extends Loose<TextField, 'maxLength'>>(o: O = {} as O) =>
    ({ kind: 'text', maxLength: 500, ...o }) as TextField & O,
  /** An e-mail address, checked as one (`textFormats.email`). */
  email: <const O extends Loose<Omit<TextField, 'format'>, 'maxLength'>>(o: O = {} as O) =>
    ({ kind: 'text', maxLength: 200, format: 'email', ...o }) as TextField & { format: 'email' } & O,
  /** A telephone number, checked as one (`textFormats.phone`). */
  phone: <const O extends Loose<Omit<TextField, 'format'>, 'maxLength'>>(o: O = {} as O) =>
    ({ kind: 'text', maxLength: 40, format: 'phone', ...o }) as TextField & { format: 'phone' } & O,
  /** A web address, checked as one (`textFormats.url`). */
  url: <const O extends Loose<Omit<TextField, 'format'>, 'maxLength'>>(o: O = {} as O) =>
    ({ kind: 'text', maxLength: 500, format: 'url', ...o }) as TextField & { format: 'url' } & O,
  longText: <const O extends Loose<LongTextField, 'maxLength'>>(o: O = {} as O) =>
    ({ kind: 'longText', maxLength: 20_000, ...o }) as LongTextField & O,
  number: <const O extends Options<NumberField>>(o: O = {} as O) =>
    ({ kind: 'number', ...o }) as NumberField & O,
  integer: <const O extends Options<IntegerField>>(o: O = {} as O) =>
    ({ kind: 'integer', ...o }) as IntegerField & O,
  /** A calendar year (year installed): a whole number shown as written, 1994, not 1,994. */
  year: <const O extends Omit<Options<IntegerField>, 'format'>>(o: O = {} as O) =>
    ({ kind: 'integer', format: 'year', min: 1900, max: 2100, ...o }) as IntegerField & {
      format: 'year';
    } & O,
  date: <const O extends Options<DateField>>(o: O = {} as O) => ({ kind: 'date', ...o }) as DateField & O,
  datetime: <const O extends Options<DateTimeField>>(o: O = {} as O) =>
    ({ kind: 'datetime', ...o }) as DateTimeField & O,
  boolean: <const O extends Options<BooleanField>>(o: O = {} as O) =>
    ({ kind: 'boolean', ...o }) as BooleanField & O,
  enumOf: <
    const V extends readonly [string, ...string[]],
    const O extends Omit<Options<EnumField>, 'values'>,
  >(
    values: V,
    o: O = {} as O,
  ) => ({ kind: 'enum', values, ...o }) as EnumField & { values: V } & O,
  ref: <const O extends Omit<Options<RefField>, 'entity'>>(entity: string, o: O = {} as O) =>
    ({ kind: 'ref', entity, ...o }) as RefField & O,
  json: <const O extends Options<JsonField>>(o: O = {} as O) => ({ kind: 'json', ...o }) as JsonField & O,
  /** A list of typed objects: `f.list({ position: f.number(…), … }, { maxItems: 100 })`. */
  list: <const I extends Record<string, Field>, const O extends Omit<Options<JsonField>, 'items'>>(
    items: I,
    o: O = {} as O,
  ) => ({ kind: 'json', items, maxItems: 200, ...o }) as JsonField & { items: I } & O,
  /**
   * A latitude or longitude, spread into the fields: in degrees, minutes and seconds
   * (`...f.coordinate('latitude', 'latitude', { group: 'location' })`), or in decimal degrees
   * (`...f.coordinate('gpsLatitude', 'latitude', { notation: 'decimal' })`) (coordinates.ts).
   */
  coordinate: coordinateFields,
  image: (o: Omit<ImageSlot, 'kind'> = {}): ImageSlot => ({ kind: 'image', ...o }),
  /** A document or drawing slot: `f.file({ accepts: 'drawing' })`. */
  file: (o: Omit<ImageSlot, 'kind'> & { accepts: FileKind }): ImageSlot => ({ kind: 'image', ...o }),
  imageList: <const O extends Partial<Omit<ImageList, 'kind'>>>(o: O = {} as O) =>
    ({ kind: 'imageList', max: defaultImageListMax, maxSidePx: 2560, ...o }) as ImageList & O,
  /** A list of documents (PDF, Excel, Word, drawings): `f.fileList({ categories, sentWith })`. */
  fileList: <const O extends Partial<Omit<ImageList, 'kind' | 'maxSidePx'>>>(o: O = {} as O) =>
    ({
      kind: 'imageList',
      max: defaultImageListMax,
      maxSidePx: 2560,
      accepts: 'document',
      ...o,
    }) as ImageList & { accepts: FileKind } & O,
};

/** The documents or drawings a list holds (`accepts`), or undefined for a list of photos. */
export function listedDocuments(list: ImageList): Exclude<FileKind, 'image'> | undefined {
  return list.accepts === 'image' ? undefined : list.accepts;
}

/** What a list's files are called in a message: "images", or "files" for documents. */
export const listedFilesWord = (list: ImageList) => (listedDocuments(list) ? 'files' : 'images');

/**
 * Most images one list holds unless declared otherwise: a finding documented by 20 photos is already
 * more than a reviewer reads, and one request stays bounded (20 × the upload limit).
 */
export const defaultImageListMax = 20;

/** The TypeScript type of a field's value. */
export type FieldValue<T extends Field> = T extends { kind: 'number' | 'integer' }
  ? number
  : T extends { kind: 'boolean' }
    ? boolean
    : T extends { kind: 'json' }
      ? unknown
      : T extends { kind: 'enum'; values: readonly (infer V)[] }
        ? V
        : string;

/** A record's declared values: required fields always present, the others possibly null. */
export type FieldValues<F extends Record<string, Field>> = {
  [K in keyof F]: F[K] extends { required: true } ? FieldValue<F[K]> : FieldValue<F[K]> | null;
};

/** Text as PostgreSQL can store it: no NUL character. */
export const plainText = z
  .string()
  .trim()
  // eslint-disable-next-line no-control-regex -- NUL is exactly what is refused
  .regex(/^[^\u0000]*$/, fieldMessage('noNul'));

const isoDate = z.iso.date({ error: 'Use a date in the form YYYY-MM-DD' });
const isoDateTime = z.iso.datetime({ offset: true, error: 'Use a date and time in ISO 8601 form' });

/** A text schema with a format's check (`textFormats`); the users' own schemas use it too. */
export function formattedText<T extends z.ZodString>(text: T, format: TextFormat): T {
  const check = textFormats[format];
  return text.regex(check.regex, fieldMessage(check.message)) as T;
}

/** The zod schema of one field's value (never null or undefined; optionality is added by the entity). */
export function fieldValueSchema(field: Field): z.ZodType {
  switch (field.kind) {
    case 'text': {
      let text = plainText.max(field.maxLength, `At most ${field.maxLength} characters`);
      if (field.format) text = formattedText(text, field.format);
      return field.pattern ? text.regex(field.pattern.regex, field.pattern.message) : text;
    }
    case 'longText':
      return plainText.max(field.maxLength, `At most ${field.maxLength} characters`);
    case 'number': {
      let s = z.number({ error: 'Enter a number' }).finite('Enter a finite number');
      if (field.min !== undefined) s = s.min(field.min, `At least ${field.min}`);
      if (field.max !== undefined) s = s.max(field.max, `At most ${field.max}`);
      return s;
    }
    case 'integer': {
      let s = z.number({ error: 'Enter a whole number' }).int('Enter a whole number');
      s = s.min(field.min ?? -2_147_483_648, `At least ${field.min ?? -2_147_483_648}`);
      s = s.max(field.max ?? 2_147_483_647, `At most ${field.max ?? 2_147_483_647}`);
      return s;
    }
    case 'date':
      return isoDate;
    case 'datetime':
      return isoDateTime;
    case 'boolean':
      return z.boolean({ error: 'Use true or false' });
    case 'enum':
      return z.enum(field.values, { error: `Use one of: ${field.values.join(', ')}` });
    case 'ref':
      return z.uuid({ error: 'Use an identifier (UUID)' });
    case 'json':
      return field.items ? listSchema(field.items, field.maxItems ?? 200) : (field.schema ?? z.json());
  }
}

/** The schema of a list of typed objects: each item's fields as a record's, nothing else in an item. */
function listSchema(items: Record<string, Field>, maxItems: number) {
  const item = z.strictObject(
    Object.fromEntries(
      Object.entries(items).map(([key, f]) => [
        key,
        f.required ? fieldValueSchema(f) : fieldValueSchema(f).nullable().optional(),
      ]),
    ),
    { error: 'Each item is an object of the declared fields' },
  );
  return z
    .array(item, { error: 'Send a list (or the list as JSON text)' })
    .max(maxItems, `At most ${maxItems} items`);
}

/** "maxTemperatureC" → "Max temperature C"; used when a field declares no label. */
export function labelFromKey(key: string): string {
  const words = key
    .replace(/Id$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
