// Han characters drawn from the outlines shipped in glyphs.generated.ts, as <path>s, so they look the
// same whether or not the reader has a CJK font. Only the characters the board writes are there.
import { svg, nothing } from 'lit';
import type { SVGTemplateResult } from 'lit';
import { GLYPHS, GLYPH_EM } from './glyphs.generated.ts';

/**
 * One character centred on (x, y), `size` units tall (the em, as a font-size would be). The character
 * itself rides along in data-glyph, for tests and for anyone inspecting the drawing.
 */
export function hanGlyph(
  ch: string,
  x: number,
  y: number,
  size: number,
  cls: string,
): SVGTemplateResult | typeof nothing {
  const d = GLYPHS[ch];
  if (!d) return nothing;
  const k = size / GLYPH_EM;
  return svg`<path class=${cls} data-glyph=${ch} d=${d} transform="translate(${x} ${y}) scale(${k})"/>`;
}
