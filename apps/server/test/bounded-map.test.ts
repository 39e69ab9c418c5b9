import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../src/engine/bounded-map.ts';

describe('a bounded map', () => {
  it('makes room by the entry set longest ago, a key set again counting as set now', () => {
    const kept = new BoundedMap<string, number>(3);
    kept.set('a', 1).set('b', 2).set('c', 3);
    kept.set('a', 10);
    kept.set('d', 4);
    expect([...kept]).toEqual([
      ['c', 3],
      ['a', 10],
      ['d', 4],
    ]);
    kept.delete('c');
    kept.set('e', 5);
    expect([...kept.keys()]).toEqual(['a', 'd', 'e']);
  });
});
