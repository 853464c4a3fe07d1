// The board as one inline SVG: wood, lines, river, palaces, markers, coordinates, highlights, pieces.
// Pure template functions of their inputs; the element decides what to show.
import { svg, nothing } from 'lit';
import type { SVGTemplateResult } from 'lit';
import { CELL, gridPath, pointXY, squareName } from './geometry.ts';
import type { Layout } from './geometry.ts';
import { hanGlyph } from './han-text.ts';
import { glyph, isHanSet, isRed } from './pieces.ts';
import type { Coordinates, Orientation, PieceLetter, PieceSetName } from './types.ts';

export const PIECE_R = 44;

/** Shared gradients and filters, referenced by id inside this shadow root only. */
export const defs = svg`<defs>
  <radialGradient id="xq-face" cx="40%" cy="35%" r="70%">
    <stop offset="0" stop-color="var(--_piece-hi)"/><stop offset="1" stop-color="var(--_piece)"/>
  </radialGradient>
  <radialGradient id="xq-face-red" href="#xq-face">
    <stop offset="0" stop-color="var(--_red-piece-hi)"/><stop offset="1" stop-color="var(--_red-piece)"/>
  </radialGradient>
  <radialGradient id="xq-face-black" href="#xq-face">
    <stop offset="0" stop-color="var(--_black-piece-hi)"/><stop offset="1" stop-color="var(--_black-piece)"/>
  </radialGradient>
  <radialGradient id="xq-check"><stop offset=".62" stop-color="var(--_check)"/><stop offset="1" stop-color="var(--_check)" stop-opacity="0"/></radialGradient>
  <linearGradient id="xq-wood" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#fff" stop-opacity=".16"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".1"/>
  </linearGradient>
</defs>`;

const CN_NUMERALS = '一二三四五六七八九';

function coordinateLabels(coords: Coordinates, orientation: Orientation, L: Layout, han: boolean): unknown[] {
  if (coords === 'none') return [];
  const out: unknown[] = [];
  const p = L.pad;
  const top = p - 62;
  const bottom = p + 9 * CELL + 62;
  const label = (x: number, y: number, text: string) =>
    CN_NUMERALS.includes(text)
      ? svg`<g part="coord">${hanGlyph(text, x, y, 30, 'coord han')}</g>`
      : svg`<text part="coord" class="coord" x=${x} y=${y}>${text}</text>`;
  for (let col = 0; col < 9; col++) {
    const x = p + col * CELL;
    const file = orientation === 'red' ? col : 8 - col;
    if (coords === 'iccs') {
      out.push(label(x, bottom, 'abcdefghi'[file]!));
    } else {
      // WXF counts files from each player's own right: Red's along the bottom edge (for Red's view),
      // Black's along the top; Red's numbers are Chinese numerals on a Chinese board.
      const redNo = 9 - file;
      const blackNo = file + 1;
      const [bottomNo, topNo, bottomIsRed] = orientation === 'red' ? [redNo, blackNo, true] : [blackNo, redNo, false];
      out.push(label(x, bottom, bottomIsRed && han ? CN_NUMERALS[bottomNo - 1]! : String(bottomNo)));
      out.push(label(x, top, !bottomIsRed && han ? CN_NUMERALS[topNo - 1]! : String(topNo)));
    }
  }
  if (coords === 'iccs') {
    for (let row = 0; row <= 9; row++) {
      const rank = orientation === 'red' ? 9 - row : row;
      out.push(label(p - 62, p + row * CELL, String(rank)));
    }
  }
  return out;
}

/** Wood, frame, grid, river and coordinates: everything under the pieces that does not change in play. */
export function boardLayer(
  L: Layout,
  coords: Coordinates,
  orientation: Orientation,
  chineseNumerals: boolean,
): SVGTemplateResult {
  const p = L.pad;
  const riverY = p + 4.5 * CELL;
  // Two characters an ideographic space apart ("楚\u3000河"), as the board has always been written.
  const river = (text: string, x: number) =>
    [...text].map((ch, i) => hanGlyph(ch, x + (i * 2 - 1) * 54, riverY, 54, 'river'));
  return svg`
    <rect class="wood" width=${L.width} height=${L.height} rx="14"/>
    <rect fill="url(#xq-wood)" width=${L.width} height=${L.height} rx="14"/>
    <rect class="frame" x=${p - 12} y=${p - 12} width=${8 * CELL + 24} height=${9 * CELL + 24}/>
    <path class="lines" d=${gridPath(p)}/>
    <g class="river-text">${river('楚河', p + 2 * CELL)}${river('漢界', p + 6 * CELL)}</g>
    ${coordinateLabels(coords, orientation, L, chineseNumerals)}`;
}

export interface Marks {
  lastMove: [number, number] | null;
  premove: [number, number] | null;
  check: number;
}

/** Last move, premove and check, drawn on the wood under the pieces. */
export function highlightLayer(m: Marks, orientation: Orientation, L: Layout): SVGTemplateResult[] {
  const out: SVGTemplateResult[] = [];
  if (m.lastMove) {
    for (const sq of m.lastMove) {
      const [x, y] = pointXY(sq, orientation, L);
      out.push(svg`<rect part="highlight" class="last" x=${x - 48} y=${y - 48} width="96" height="96" rx="14"/>`);
    }
  }
  if (m.premove) {
    for (const sq of m.premove) {
      const [x, y] = pointXY(sq, orientation, L);
      out.push(svg`<rect part="premove" class="premove" x=${x - 48} y=${y - 48} width="96" height="96" rx="14"/>`);
    }
  }
  if (m.check >= 0) {
    const [x, y] = pointXY(m.check, orientation, L);
    out.push(svg`<circle part="highlight check" class="check" cx=${x} cy=${y} r="68"/>`);
  }
  return out;
}

/** One disc. The outer group places it; the inner `.pc` group is what animations move. */
export function pieceTemplate(
  piece: PieceLetter,
  sq: number,
  x: number,
  y: number,
  set: PieceSetName,
  extraClass = '',
): SVGTemplateResult {
  const side = isRed(piece) ? 'red' : 'black';
  // `blank-mono` hides the side too: every disc looks alike (the part still names the side).
  const look = set === 'blank-mono' ? 'mono' : set === 'blank' ? `${side} blank` : side;
  const ch = glyph(piece, set);
  const face = isHanSet(set)
    ? hanGlyph(ch, 0, 0, 58, 'glyph')
    : ch
      ? svg`<text class="glyph latin">${ch}</text>`
      : nothing;
  return svg`<g part="piece ${side}" class="piece ${look} ${extraClass}" data-square=${squareName(sq)} transform="translate(${x} ${y})">
    <g class="pc">
      <circle class="shadow" cx="2" cy="5" r=${PIECE_R}/>
      <circle class="disc" r=${PIECE_R}/>
      <circle class="ring" r=${PIECE_R - 7}/>
      ${face}
    </g>
  </g>`;
}

/** Legal destinations: a dot on an empty point, a ring around a piece that can be taken. */
export function destLayer(
  dests: ReadonlySet<number>,
  board: readonly (PieceLetter | null)[],
  orientation: Orientation,
  L: Layout,
): SVGTemplateResult[] {
  const out: SVGTemplateResult[] = [];
  for (const sq of dests) {
    const [x, y] = pointXY(sq, orientation, L);
    out.push(
      board[sq]
        ? svg`<circle part="dest" class="dest capture" cx=${x} cy=${y} r=${PIECE_R + 3}/>`
        : svg`<circle part="dest" class="dest" cx=${x} cy=${y} r="13"/>`,
    );
  }
  return out;
}
