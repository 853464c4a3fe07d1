// Chinese move text (炮二平五, 马8进7) drawn without a CJK font: each Han character that has an outline
// (the board's glyphs.generated.ts, and notation-glyphs.generated.ts for 进退平 前中后) is a small inline
// SVG path, sized and coloured like the text around it; anything else (digits, letters, marks) stays
// type. The text itself is there once, for screen readers, selection and tests (textContent is the
// move as written); the drawing is hidden from assistive technology, and its type-drawn characters come
// from CSS generated content so they do not repeat in the text.
import { html, svg, type TemplateResult } from 'lit';
import { GLYPHS, GLYPH_EM } from '../board/glyphs.generated.ts';
import { NOTATION_GLYPHS } from './notation-glyphs.generated.ts';

const HAN = /[\u3400-\u9fff]/;

function outline(ch: string): string | undefined {
  return GLYPHS[ch] ?? NOTATION_GLYPHS[ch];
}

/** Whether every Han character of `text` can be drawn. */
export function drawable(text: string): boolean {
  return [...text].every((ch) => !HAN.test(ch) || outline(ch) !== undefined);
}

const half = GLYPH_EM / 2;
const box = `${-half} ${-half} ${GLYPH_EM} ${GLYPH_EM}`;

/**
 * `text` as it reads, its Han characters drawn as paths; text with no Han characters (WXF, ICCS), or
 * with one there is no outline for, is returned as it is.
 */
export function hanText(text: string): TemplateResult | string {
  if (!HAN.test(text) || !drawable(text)) return text;
  const parts = [...text].map((ch) => {
    const d = outline(ch);
    return d
      ? html`<svg class="han-glyph" viewBox=${box} focusable="false">${svg`<path d=${d}/>`}</svg>`
      : html`<span class="han-type" data-ch=${ch}></span>`;
  });
  return html`<span class="han-text"><span class="sr-only">${text}</span><span class="han-drawn" aria-hidden="true">${parts}</span></span>`;
}
