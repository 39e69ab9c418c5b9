import { describe, expect, it } from 'vitest';
import { inkBounds } from './ink-image.ts';

/** RGBA pixels of a width × height canvas with these pixels at these opacities. */
function pixels(width: number, height: number, inked: [x: number, y: number, alpha: number][]) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (const [x, y, alpha] of inked) data[(y * width + x) * 4 + 3] = alpha;
  return data;
}

describe('inkBounds', () => {
  it('is the smallest box holding every inked pixel', () => {
    const data = pixels(10, 8, [
      [2, 6, 255],
      [7, 1, 255],
      [4, 3, 120],
    ]);
    expect(inkBounds(data, 10, 8)).toEqual({ left: 2, top: 1, width: 6, height: 6 });
  });

  it('counts a single pixel in a corner', () => {
    expect(inkBounds(pixels(4, 4, [[3, 3, 255]]), 4, 4)).toEqual({ left: 3, top: 3, width: 1, height: 1 });
  });

  it('is null for a blank canvas, or one with only the faintest antialiasing', () => {
    expect(inkBounds(pixels(5, 5, []), 5, 5)).toBeNull();
    expect(inkBounds(pixels(5, 5, [[1, 1, 8]]), 5, 5)).toBeNull();
  });
});
