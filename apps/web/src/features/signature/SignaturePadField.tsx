import SignaturePad from 'signature_pad';
import { useEffect, useImperativeHandle, useRef } from 'react';
import type { Ref } from 'react';
import { inkPng } from './ink-image.ts';

/** What the dialog asks of the pad. */
export type SignaturePadHandle = {
  clear(): void;
  /** The drawing as a PNG trimmed to its ink; null when nothing is drawn. */
  toPng(): Promise<Blob | null>;
};

export type SignaturePadFieldProps = {
  ref?: Ref<SignaturePadHandle>;
  /** The pad's accessible name. */
  label: string;
  /** The id of the sentence saying how to draw. */
  hintId?: string;
  /** Called when the pad goes from empty to drawn or back. */
  onInkChange: (hasInk: boolean) => void;
};

/**
 * At least twice the CSS pixels, whatever the screen: a signature about 300 px wide on screen is
 * printed some 5 cm wide, so at 2× it still has about 300 dots per inch on paper.
 */
const printRatio = () => Math.max(window.devicePixelRatio || 1, 2);

/** Room left around the ink in the saved image, in CSS pixels. */
const marginCss = 8;

/**
 * A drawing pad (signature_pad: smooth, pressure-like strokes from a finger, pen or mouse) on a
 * white box whatever the theme, as on paper. The canvas holds `printRatio` pixels per CSS pixel
 * and is refitted when its box changes size (a tablet turned), redrawing the strokes.
 */
export function SignaturePadField({ ref, label, hintId, onInkChange }: SignaturePadFieldProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const ratioRef = useRef(printRatio());
  const onInkChangeRef = useRef(onInkChange);
  useEffect(() => {
    onInkChangeRef.current = onInkChange;
  });

  useEffect(() => {
    const canvas = canvasRef.current!;
    // Ink thick enough to read once the signature is shrunk into an approval's box on the PDF.
    const pad = new SignaturePad(canvas, { penColor: '#000', minWidth: 1, maxWidth: 3.5 });
    padRef.current = pad;
    const fit = () => {
      const ratio = printRatio();
      const width = Math.round(canvas.offsetWidth * ratio);
      const height = Math.round(canvas.offsetHeight * ratio);
      // Hidden (a closing dialog) or unchanged: nothing to redraw.
      if (width === 0 || height === 0 || (canvas.width === width && canvas.height === height)) return;
      const strokes = pad.toData();
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d')?.scale(ratio, ratio);
      ratioRef.current = ratio;
      pad.fromData(strokes);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    const strokeEnded = () => onInkChangeRef.current(!pad.isEmpty());
    pad.addEventListener('endStroke', strokeEnded);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', strokeEnded);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useImperativeHandle(ref, () => ({
    clear() {
      padRef.current?.clear();
      onInkChangeRef.current(false);
    },
    toPng: () =>
      padRef.current && !padRef.current.isEmpty()
        ? inkPng(canvasRef.current!, Math.round(marginCss * ratioRef.current))
        : Promise.resolve(null),
  }));

  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={label}
      aria-describedby={hintId}
      style={{
        display: 'block',
        width: '100%',
        height: 200,
        background: '#fff',
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
        cursor: 'crosshair',
      }}
    />
  );
}
