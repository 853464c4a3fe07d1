// Look and feel. Public knobs are the --xq-* custom properties (read with fallbacks, so they can be set
// on the element or on any ancestor) and the ::part names; the --_* names are private resolved values.
import { css } from 'lit';

export const styles = css`
  :host {
    --_board: var(--xq-board, #e3b873);
    --_line: var(--xq-line, #5c3a1a);
    --_red: var(--xq-red, #b3241b);
    --_black: var(--xq-black, #1d1d1d);
    --_piece: var(--xq-piece, #efd3a0);
    --_piece-hi: var(--xq-piece-highlight, #fbf0d8);
    --_piece-edge: var(--xq-piece-edge, #a87a3e);
    /* Each side's face; both are the one --xq-piece on the light wood. */
    --_red-piece: var(--xq-red-piece, var(--_piece));
    --_red-piece-hi: var(--xq-red-piece-highlight, var(--_piece-hi));
    --_black-piece: var(--xq-black-piece, var(--_piece));
    --_black-piece-hi: var(--xq-black-piece-highlight, var(--_piece-hi));
    --_highlight: var(--xq-highlight, rgba(255, 214, 0, 0.42));
    --_select: var(--xq-select, #1e7b34);
    --_premove: var(--xq-premove, rgba(30, 100, 235, 0.5));
    --_dest: var(--xq-dest, rgba(22, 110, 40, 0.6));
    --_check: var(--xq-check, rgba(230, 20, 20, 0.85));
    --_focus: var(--xq-focus, #1456c8);
    --_coord: var(--xq-coord, var(--_line));
    /* Han characters are drawn as paths; this font is for the coordinates' letters and digits. */
    --_font: var(--xq-font, system-ui, 'Segoe UI', 'DejaVu Sans', sans-serif);
    display: block;
    /* As wide as the viewport's height allows for a board of 9 by 10 points (the height follows from
       the aspect ratio), never wider than the container. The percentage makes the width depend on the
       container, so grid and flex tracks may shrink the board (its minimum contribution is min-width);
       where the container sizes to its content instead, that percentage counts as auto and the .sizer
       below gives the board this same size rather than letting it collapse. A page sets its own width
       to change it. */
    --_fit: calc((100vh - 16px) * 0.9);
    width: min(100%, var(--_fit));
    min-width: 0;
    -webkit-user-select: none;
    user-select: none;
    -webkit-touch-callout: none;
    -webkit-tap-highlight-color: transparent;
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --_board: var(--xq-board, #6b5234);
      --_line: var(--xq-line, #e2c99a);
      /* The two sides differ by more than the colour of their characters: Red keeps light faces with
         red characters, Black gets dark faces with light characters and a light ring. */
      --_black: var(--xq-black, #f2f2f2);
      --_piece: var(--xq-piece, #8f8a80);
      --_piece-hi: var(--xq-piece-highlight, #aaa59a);
      --_piece-edge: var(--xq-piece-edge, #1b1b1b);
      --_red-piece: var(--xq-red-piece, var(--xq-piece, #e2c9a0));
      --_red-piece-hi: var(--xq-red-piece-highlight, var(--xq-piece-highlight, #f4e6cc));
      --_black-piece: var(--xq-black-piece, var(--xq-piece, #2a2a2a));
      --_black-piece-hi: var(--xq-black-piece-highlight, var(--xq-piece-highlight, #4a4a4a));
      --_highlight: var(--xq-highlight, rgba(255, 220, 90, 0.3));
      --_select: var(--xq-select, #6fdc8c);
      --_dest: var(--xq-dest, rgba(120, 230, 140, 0.6));
      --_focus: var(--xq-focus, #8ab4ff);
    }
  }
  @supports (height: 100dvh) {
    :host {
      /* The dynamic viewport: a phone's browser bars do not push Red's side off the screen. */
      --_fit: calc((100dvh - 16px) * 0.9);
    }
  }
  :host([hidden]) {
    display: none;
  }
  /* Zero height, in flow: what a content-sized container measures (the board itself is absolutely
     placed in .wrap, and the host's percentage width counts as auto there); in layout it is capped by
     the host's width, so it never widens the board a page has sized. */
  .sizer {
    width: var(--_fit);
    max-width: 100%;
    height: 0;
  }
  .wrap {
    position: relative;
    width: 100%;
  }
  svg {
    display: block;
    width: 100%;
    height: 100%;
    position: absolute;
    inset: 0;
    overflow: visible;
  }
  .wood {
    fill: var(--_board);
  }
  .frame,
  .lines {
    fill: none;
    stroke: var(--_line);
    stroke-linecap: square;
  }
  .frame {
    stroke-width: 6;
  }
  .lines {
    stroke-width: 2.5;
  }
  .river,
  .coord {
    fill: var(--_line);
    text-anchor: middle;
    dominant-baseline: central;
    font-family: var(--_font);
  }
  .river {
    opacity: 0.85;
  }
  .coord {
    fill: var(--_coord);
    font-size: 30px;
  }
  .last {
    fill: var(--_highlight);
  }
  .premove {
    fill: var(--_premove);
  }
  .check {
    fill: url(#xq-check);
  }
  .shadow {
    fill: rgba(0, 0, 0, 0.28);
  }
  .disc {
    fill: url(#xq-face);
    stroke: var(--_piece-edge);
    stroke-width: 2.5;
  }
  .red .disc {
    fill: url(#xq-face-red);
  }
  .black .disc {
    fill: url(#xq-face-black);
  }
  .ring {
    fill: none;
    stroke-width: 2.5;
  }
  .red .ring {
    stroke: var(--_red);
  }
  .black .ring {
    stroke: var(--_black);
  }
  .mono .ring {
    stroke: var(--_piece-edge);
  }
  /* Without characters the ring is all that tells the sides apart: make it bold. */
  .blank .ring {
    stroke-width: 9;
  }
  .glyph.latin {
    font-family: var(--_font);
    font-weight: 700;
    font-size: 48px;
    text-anchor: middle;
    dominant-baseline: central;
  }
  .red .glyph {
    fill: var(--_red);
  }
  .black .glyph {
    fill: var(--_black);
  }
  .selected .disc {
    stroke: var(--_select);
    stroke-width: 6;
  }
  .origin {
    opacity: 0.35;
  }
  .dragging {
    pointer-events: none;
  }
  .dragging .pc {
    transform: scale(1.12);
  }
  .dragging .shadow {
    transform: translate(4px, 8px);
  }
  .dest {
    fill: var(--_dest);
  }
  .dest.capture {
    fill: none;
    stroke: var(--_dest);
    stroke-width: 7;
  }
  .shape {
    opacity: 0.8;
    pointer-events: none;
  }
  .shape.pending {
    opacity: 0.45;
  }
  /* The focusable cells: an invisible grid laid exactly over the points. */
  .grid {
    position: absolute;
    inset: 0;
  }
  .cell {
    position: absolute;
    box-sizing: border-box;
    border-radius: 50%;
    outline: none;
    /* A touch on an empty point scrolls the page; only cells holding a piece you may move take the
       gesture for dragging (touch-action is read when the touch starts, so it must be set beforehand). */
    touch-action: auto;
  }
  .cell.grab {
    touch-action: none;
    cursor: grab;
  }
  .cell.target {
    cursor: pointer;
  }
  .grid.dragging .cell {
    cursor: grabbing;
  }
  .cell:focus-visible {
    box-shadow: 0 0 0 3px var(--_focus) inset, 0 0 0 2px rgba(255, 255, 255, 0.7);
  }
  .sr {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  .problem {
    position: absolute;
    left: 4%;
    right: 4%;
    bottom: 4%;
    padding: 0.6em 0.9em;
    border-radius: 6px;
    background: rgba(120, 16, 16, 0.92);
    color: #fff;
    font: 600 14px / 1.35 system-ui, sans-serif;
    text-align: center;
    pointer-events: none;
    user-select: text;
  }
  @media (prefers-reduced-motion: reduce) {
    .dragging .pc {
      transform: none;
    }
  }
`;
