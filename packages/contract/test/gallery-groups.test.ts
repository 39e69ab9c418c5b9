import { describe, expect, it } from 'vitest';
import { galleryGroups, srutGeneralView } from '../src/index.ts';

const gallery = { image: 'imageFile', groupBy: 'category', caption: 'displayName' };
const row = (displayName: string, category?: string) => ({ displayName, category });

describe('a gallery’s groups', () => {
  it('follow the grouping field’s declared order, those without a declared value last, empty ones left out', () => {
    const rows = [
      row('A-01', 'scanArea'),
      row('Tank', 'overallView'),
      row('Loose'),
      row('A-02', 'scanArea'),
      row('Old import', 'retired'),
    ];
    expect(
      galleryGroups(srutGeneralView, gallery, rows, (r, key) => r[key as keyof typeof r]).map((g) => [
        g.value,
        g.rows.map((r) => r.displayName),
      ]),
    ).toEqual([
      ['overallView', ['Tank']],
      ['scanArea', ['A-01', 'A-02']],
      ['', ['Loose', 'Old import']],
    ]);
  });
});
