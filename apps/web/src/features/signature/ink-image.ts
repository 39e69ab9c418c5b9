/** A rectangle of a canvas, in its pixels. */
export type InkBox = { left: number; top: number; width: number; height: number };

/**
 * Below this opacity a pixel is not ink: the faintest edge of a stroke's antialiasing, which would
 * widen the box by a pixel without adding anything visible.
 */
const faintestInk = 8;

/**
 * The smallest box holding every inked pixel of RGBA pixels (`ImageData.data`) on a transparent
 * background, or null when nothing is drawn.
 */
export function inkBounds(pixels: Uint8ClampedArray, width: number, height: number): InkBox | null {
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width * 4;
    for (let x = 0; x < width; x++) {
      if (pixels[row + x * 4 + 3]! <= faintestInk) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  if (right < 0) return null;
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * The drawing on a canvas as a PNG trimmed to its ink with `margin` pixels around it, on a
 * transparent background (it is printed on the PDF's white page); null when nothing is drawn. The
 * canvas's own pixels are kept, so a pad drawn at twice the screen's resolution prints at it.
 */
export async function inkPng(canvas: HTMLCanvasElement, margin: number): Promise<Blob | null> {
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0 || canvas.height === 0) return null;
  const box = inkBounds(
    context.getImageData(0, 0, canvas.width, canvas.height).data,
    canvas.width,
    canvas.height,
  );
  if (!box) return null;
  const trimmed = document.createElement('canvas');
  trimmed.width = box.width + 2 * margin;
  trimmed.height = box.height + 2 * margin;
  const out = trimmed.getContext('2d');
  if (!out) return null;
  out.drawImage(canvas, box.left, box.top, box.width, box.height, margin, margin, box.width, box.height);
  return new Promise((resolve) => trimmed.toBlob(resolve, 'image/png'));
}
