import { passwordWeaknessMessages } from '@inspectra/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { i18n } from '../../i18n/index.ts';
import { passwordFieldError } from './password-weakness.ts';

const refused = (message: string) =>
  new ApiError(message, { status: 400, code: 'VALIDATION_ERROR', details: [{ path: 'password', message }] });

afterEach(() => i18n.changeLanguage('en'));

describe("the server's reasons for refusing a password of the plant's words", () => {
  it.each([
    [
      'company',
      'contains the name of a company using Inspectra',
      'memuat nama perusahaan pengguna Inspectra',
    ],
    ['place', "contains the name of a place, like the plant's city or region", 'memuat nama tempat'],
    ['corporatePattern', 'A word with a year and a symbol', 'Sebuah kata dengan tahun dan simbol'],
  ] as const)('%s reads plainly in English and in Bahasa Indonesia', async (kind, english, indonesian) => {
    const error = refused(passwordWeaknessMessages[kind]);
    expect(passwordFieldError(error, 'password', i18n.t)).toContain(english);
    await i18n.changeLanguage('id');
    expect(passwordFieldError(error, 'password', i18n.t)).toContain(indonesian);
  });
});
