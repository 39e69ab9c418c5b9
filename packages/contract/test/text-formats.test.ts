import { describe, expect, it } from 'vitest';
import { f, fieldValueSchema } from '../src/fields.ts';
import { describeIssue } from '../src/messages.ts';

const judged = (field: Parameters<typeof fieldValueSchema>[0], value: string) => {
  const result = fieldValueSchema(field).safeParse(value);
  return result.success ? 'accepted' : describeIssue(result.error.issues[0]!).code;
};

describe('text formats: one check for each kind of address or number', () => {
  it.each([
    [
      f.email(),
      ['rina@example.com', 'budi.santoso+ndt@pertamina.co.id', ''],
      ['not-an-email', 'rina@', 'a b@c.id'],
    ],
    [
      f.phone(),
      ['+62 21 555-0134', '(021) 5550134', '0812.3456.7890', '0812/3456/7890', ''],
      ['call me', '12', '+62 21 555 0134 ext. 9', '++62 21 5550134', '1'.repeat(21)],
    ],
    [
      f.url(),
      ['https://example.com', 'http://intranet/reports?id=3#top', ''],
      [
        'example.com',
        'javascript:alert(1)',
        'ftp://example.com/file',
        'https://user@example.com',
        'https:// x',
      ],
    ],
  ] as const)('%o takes what it should and refuses the rest with its own message', (field, good, bad) => {
    for (const value of good) expect(judged(field, value), value).toBe('accepted');
    for (const value of bad) expect(judged(field, value), value).toBe(field.format);
  });
});
