// The shapes a page or a user gave (arrows and circles), checked: free of Lit, so pictures painted in a
// worker (picture.ts) can use it as the live board does.
import { squareIndex } from './geometry.ts';
import type { Shape } from './types.ts';

/** Keeps only shapes whose squares exist, so a bad entry never breaks the drawing. */
export function validShapes(shapes: unknown): Shape[] {
  if (!Array.isArray(shapes)) return [];
  return shapes.filter(
    (s): s is Shape =>
      !!s &&
      typeof s === 'object' &&
      squareIndex((s as Shape).from) >= 0 &&
      ((s as Shape).to === undefined || squareIndex((s as Shape).to!) >= 0),
  );
}
