// Small line icons for the page's buttons (inline SVG, drawn with currentColor).
import { svg, html, type TemplateResult } from 'lit';

const paths = {
  new: svg`<path d="M12 5v14M5 12h14"/>`,
  undo: svg`<path d="M9 14 4 9l5-5"/><path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11"/>`,
  redo: svg`<path d="m15 14 5-5-5-5"/><path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13"/>`,
  flip: svg`<path d="M7 4v16M7 4 4 7M7 4l3 3"/><path d="M17 20V4M17 20l-3-3M17 20l3-3"/>`,
  hint: svg`<path d="M9 18h6M10 21h4"/><path d="M12 3a6 6 0 0 0-3.6 10.8c.6.5 1.1 1.3 1.1 2.2h5c0-.9.5-1.7 1.1-2.2A6 6 0 0 0 12 3z"/>`,
  sound: svg`<path d="M4 9v6h4l5 4V5L8 9H4z"/><path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12"/>`,
  mute: svg`<path d="M4 9v6h4l5 4V5L8 9H4z"/><path d="m17 9 5 6M22 9l-5 6"/>`,
  music: svg`<path d="M9 18V5l11-2v13"/><circle cx="6.5" cy="18" r="2.5"/><circle cx="17.5" cy="16" r="2.5"/>`,
  pause: svg`<path d="M9 5v14M15 5v14"/>`,
  play: svg`<path d="M7 4.5v15l12-7.5z"/>`,
  import: svg`<path d="M12 3v12M7 10l5 5 5-5"/><path d="M4 17v3h16v-3"/>`,
  export: svg`<path d="M12 15V3M7 8l5-5 5 5"/><path d="M4 17v3h16v-3"/>`,
  close: svg`<path d="M6 6l12 12M18 6 6 18"/>`,
  end: svg`<path d="m6 5 7 7-7 7M17 5v14"/>`,
  flag: svg`<path d="M6 21V4M6 4h11l-2.5 4 2.5 4H6"/>`,
  draw: svg`<path d="M6 9.5h12M6 14.5h12"/>`,
};

export type IconName = keyof typeof paths;

export function icon(name: IconName): TemplateResult {
  return html`<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor"
    stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${paths[name]}</svg>`;
}

/**
 * The page's seal: a piece with the palace's crossed lines, drawn, so that the logo never depends
 * on a CJK font being installed (the 象 it replaces showed as an empty box without one).
 */
export function sealMark(): TemplateResult {
  return html`<svg class="seal-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false" fill="none" stroke="currentColor"
    stroke-linecap="round">
    <circle cx="16" cy="16" r="12.5" stroke-width="2.2"/>
    <circle cx="16" cy="16" r="9" stroke-width="1.2"/>
    <path d="M10.5 10.5l11 11M21.5 10.5l-11 11" stroke-width="1.8"/>
  </svg>`;
}

/**
 * "中文" as strokes, for the language button: a reader of Chinese recognises it even where no CJK
 * font is installed. The button's accessible name is the text itself (given beside it).
 */
export function zhWord(): TemplateResult {
  return html`<svg class="zh-word" viewBox="0 0 34 16" aria-hidden="true" focusable="false" fill="none" stroke="currentColor"
    stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round">
    <path d="M2.5 5h11v6.5h-11zM8 1v14.5"/>
    <path d="M26 0.8v2.4M19 4.5h14M22 4.5c1.5 5 5 8.7 10.5 10.8M30.5 4.5c-1.6 5-5.2 8.7-11 10.8"/>
  </svg>`;
}
