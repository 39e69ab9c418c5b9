import { imageListEntrySchema } from '@inspectra/contract';
import type { FieldError, ImageList } from '@inspectra/contract';
import { AppError } from '../../errors.ts';
import type { ImageListEntry } from './parsed-body.ts';
import { listed } from './refusals.ts';

/** The values sent beside a list's files, by what they say (`sentWith`), with the part's name. */
export type SentWith = Partial<Record<'categories' | 'types', { part: string; values: string[] }>>;

/** The list and the detail a text part gives one value per file of (`fileCategories`), if any. */
export function sentWithPart(
  lists: Record<string, ImageList>,
  name: string,
): { list: string; what: 'categories' | 'types' } | undefined {
  for (const [list, declared] of Object.entries(lists)) {
    if (declared.sentWith?.categories === name) return { list, what: 'categories' };
    if (declared.sentWith?.types === name) return { list, what: 'types' };
  }
  return undefined;
}

/** One part's values: a JSON array of text (`["procedure","other"]`), or one value. */
export function sentWithValues(name: string, text: string): string[] {
  if (!text.trimStart().startsWith('[')) return [text];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || parsed.some((v) => typeof v !== 'string')) {
    const message = `${name} must be one value per file: repeated parts, or a JSON array of text`;
    throw new AppError('VALIDATION_ERROR', message, [{ path: name, message }]);
  }
  return parsed as string[];
}

/**
 * Each appended file's type and category from the values sent beside the files, checked as a list
 * entry is: one value per file, from the declared categories (and types, where declared).
 */
export function detailsSentWith(
  key: string,
  list: ImageList,
  sent: SentWith,
  files: number,
  listSent: boolean,
): Pick<ImageListEntry, 'imageType' | 'category'>[] {
  const parts = Object.values(sent).map((s) => s.part);
  if (listSent) {
    const message = `Send ${key} either as a JSON list or with ${listed(parts)}, not both`;
    throw new AppError('VALIDATION_ERROR', message, [{ path: parts[0]!, message }]);
  }
  const details: FieldError[] = [];
  for (const s of Object.values(sent)) {
    if (s.values.length !== files)
      details.push({
        path: s.part,
        message: `${s.part} has ${s.values.length} value${s.values.length === 1 ? '' : 's'} for ${files} file${files === 1 ? '' : 's'} of ${key}: send one per file, in the same order`,
      });
  }
  const schema = imageListEntrySchema(key, list);
  const out = Array.from({ length: files }, (_, file) => {
    const detail = {
      ...(sent.types ? { imageType: sent.types.values[file] } : {}),
      ...(sent.categories ? { category: sent.categories.values[file] } : {}),
    };
    const judged = schema.safeParse({ file, ...detail });
    if (!judged.success)
      for (const issue of judged.error.issues) {
        const field = issue.path[0] === 'category' ? sent.categories : sent.types;
        details.push({ path: `${field?.part ?? key}.${file}`, message: issue.message });
      }
    return detail;
  });
  if (details.length > 0) {
    const message =
      details.length === 1 ? details[0]!.message : `${key}: ${details.length} values are not right`;
    throw new AppError('VALIDATION_ERROR', message, details);
  }
  return out;
}
