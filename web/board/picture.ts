// Pictures of a position (the board's toSvg and toPng): the board drawn once as a list of plain shapes
// (a Scene), which picture-svg.ts writes as SVG text and picture-canvas.ts paints on a canvas, so the
// two images are the same picture. Only the shipped glyph outlines are used for Han characters, so a
// picture needs no font; no DOM either, so a worker can paint one (the game page's GIF export does).
// The layout is the live board's (geometry.ts), the colours its light theme's, or black and white for
// print: Red's pieces white with black characters, Black's black with white characters, as in books.
// Nothing here (nor in picture-canvas.ts) imports Lit: a worker has no document for it.
import { CELL, gridPath, layoutFor, parseMove, pointXY, squareIndex, squareName } from './geometry.ts';
import { GLYPHS, GLYPH_EM } from './glyphs.generated.ts';
import { glyph, isHanSet, isRed, parsePlacement, PIECE_SETS } from './pieces.ts';
import { validShapes } from './shape-check.ts';
import type { Coordinates, Orientation, PieceLetter, PieceSetName, Shape } from './types.ts';

/** Options of the board's pictures (toSvg, toPng); every one optional, defaults from the board. */
export interface PictureOptions {
  /** Width of the image in pixels (the height follows the board's shape); default 480. */
  size?: number;
  /** Default: the board's `piece-set`. */
  pieceSet?: PieceSetName;
  /** Default: the board's `coordinates`. */
  coordinates?: Coordinates;
  /** The side at the bottom; default: the board's `orientation`. */
  orientation?: Orientation;
  /** Marks the last move's two points (default true). */
  lastMove?: boolean;
  /** true (default): the arrows and circles on the board (`shapes` and `drawnShapes`); false: none; or these. */
  arrows?: boolean | readonly Shape[];
  /** Black and white for print, as a book diagram (default false). */
  monochrome?: boolean;
}

/** A position and its marks, as a picture shows them. */
export interface PositionPicture {
  fen: string;
  /** The move that led to it (ICCS), or null. */
  lastMove: string | null;
  /** The side to move is in check (its king glows, as on the board). */
  inCheck: boolean;
  /** Arrows and circles. */
  shapes: readonly Shape[];
}

/** One shape of a picture, in board units (CELL between two points), y down. */
export type Paint = Style &
  (
    | { kind: 'rect'; x: number; y: number; w: number; h: number; rx: number }
    | { kind: 'circle'; cx: number; cy: number; r: number }
    /** Path data, moved to (x, y) and scaled by `scale`. */
    | { kind: 'path'; d: string; x: number; y: number; scale: number }
    | { kind: 'polygon'; points: readonly number[] }
    | { kind: 'line'; x1: number; y1: number; x2: number; y2: number }
    /** Centred on (x, y). */
    | { kind: 'text'; x: number; y: number; text: string; size: number; bold: boolean }
  );

export interface Style {
  fill?: string;
  stroke?: string;
  width?: number;
  opacity?: number;
  /** Round line ends (arrows); square otherwise. */
  round?: boolean;
  /** The piece a disc is (SVG data-square and data-piece attributes, for readers of the image). */
  piece?: { square: string; letter: PieceLetter };
}

export interface Scene {
  width: number;
  height: number;
  paints: Paint[];
}

interface Palette {
  wood: string;
  line: string;
  red: string;
  black: string;
  redFace: string;
  blackFace: string;
  edge: string;
  shadow: string | null;
  highlight: string;
  check: string;
  brushes: Readonly<Record<string, string>>;
}

/** The board's light theme (theme.css.ts) in flat colours. */
const COLOUR: Palette = {
  wood: '#e3b873',
  line: '#5c3a1a',
  red: '#b3241b',
  black: '#1d1d1d',
  redFace: '#efd3a0',
  blackFace: '#efd3a0',
  edge: '#a87a3e',
  shadow: 'rgba(0,0,0,0.28)',
  highlight: 'rgba(255,214,0,0.42)',
  check: 'rgba(230,20,20,0.6)',
  brushes: { green: '#15781b', red: '#b0201a', blue: '#1a4fb0', yellow: '#e09b00' },
};

const PRINT: Palette = {
  wood: '#ffffff',
  line: '#000000',
  red: '#000000',
  black: '#ffffff',
  redFace: '#ffffff',
  blackFace: '#000000',
  edge: '#000000',
  shadow: null,
  highlight: 'rgba(0,0,0,0.16)',
  check: 'rgba(0,0,0,0.3)',
  brushes: { green: '#333333', red: '#000000', blue: '#555555', yellow: '#777777' },
};

const PIECE_R = 44;
const NUMERALS = '一二三四五六七八九';

/** What the board element shows now, through its public properties only. */
export interface PictureSource {
  readonly fen: string;
  readonly engine: { history(): string[] } | null;
  readonly status: { inCheck: boolean } | null;
  readonly shapes: unknown;
  readonly drawnShapes: unknown;
  readonly pieceSet: PieceSetName;
  readonly coordinates: Coordinates;
  readonly orientation: Orientation;
}

/** The picture of what `board` shows, with `options` over its own settings. */
export function boardScene(board: PictureSource, options: PictureOptions = {}): Scene {
  const last = board.engine?.history().at(-1) ?? null;
  const shapes = [...validShapes(board.shapes), ...validShapes(board.drawnShapes)];
  const settings = { pieceSet: board.pieceSet, coordinates: board.coordinates, orientation: board.orientation };
  const inCheck = board.status?.inCheck ?? false;
  return positionScene({ fen: board.fen, lastMove: last, inCheck, shapes }, { ...settings, ...options });
}

/** The picture of a position; a FEN whose placement cannot be read throws. */
export function positionScene(position: PositionPicture, options: PictureOptions = {}): Scene {
  const board = parsePlacement(position.fen);
  if (!board) throw new Error(`not a position: "${position.fen}"`);
  const o = options.orientation === 'black' ? 'black' : 'red';
  const set = options.pieceSet && PIECE_SETS.includes(options.pieceSet) ? options.pieceSet : 'traditional';
  const coords = options.coordinates === 'iccs' || options.coordinates === 'wxf' ? options.coordinates : 'none';
  const c = options.monochrome ? PRINT : COLOUR;
  const L = layoutFor(coords !== 'none');
  const p = L.pad;
  const paints: Paint[] = [
    { kind: 'rect', x: 0, y: 0, w: L.width, h: L.height, rx: 14, fill: c.wood },
    { kind: 'rect', x: p - 12, y: p - 12, w: 8 * CELL + 24, h: 9 * CELL + 24, rx: 0, stroke: c.line, width: 6 },
    { kind: 'path', d: gridPath(p), x: 0, y: 0, scale: 1, stroke: c.line, width: 2.5 },
  ];
  const han = (ch: string, x: number, y: number, size: number, fill: string, opacity?: number) => {
    const d = GLYPHS[ch];
    if (d) paints.push({ kind: 'path', d, x, y, scale: size / GLYPH_EM, fill, ...(opacity ? { opacity } : {}) });
  };
  ['楚', '河'].forEach((ch, i) => han(ch, p + 2 * CELL + (i * 2 - 1) * 54, p + 4.5 * CELL, 54, c.line, 0.85));
  ['漢', '界'].forEach((ch, i) => han(ch, p + 6 * CELL + (i * 2 - 1) * 54, p + 4.5 * CELL, 54, c.line, 0.85));
  const label = (x: number, y: number, text: string) =>
    NUMERALS.includes(text)
      ? han(text, x, y, 30, c.line)
      : paints.push({ kind: 'text', x, y, text, size: 30, bold: false, fill: c.line });
  for (let col = 0; col < 9; col++) {
    const x = p + col * CELL;
    const file = o === 'red' ? col : 8 - col;
    if (coords === 'iccs') label(x, p + 9 * CELL + 62, 'abcdefghi'[file]!);
    if (coords !== 'wxf') continue;
    // WXF files count from each side's right; Red's are Chinese numerals with a Han piece set, as on the board.
    const [redNo, blackNo] = [9 - file, file + 1];
    const redText = isHanSet(set) ? NUMERALS[redNo - 1]! : String(redNo);
    label(x, o === 'red' ? p + 9 * CELL + 62 : p - 62, redText);
    label(x, o === 'red' ? p - 62 : p + 9 * CELL + 62, String(blackNo));
  }
  if (coords === 'iccs')
    for (let row = 0; row <= 9; row++) label(p - 62, p + row * CELL, String(o === 'red' ? 9 - row : row));

  const at = (sq: number) => pointXY(sq, o, L);
  const last = options.lastMove === false || !position.lastMove ? null : parseMove(position.lastMove);
  for (const sq of last ?? []) {
    const [x, y] = at(sq);
    paints.push({ kind: 'rect', x: x - 48, y: y - 48, w: 96, h: 96, rx: 14, fill: c.highlight });
  }
  const blackToMove = position.fen.trim().split(/\s+/)[1] === 'b';
  const check = position.inCheck ? board.indexOf(blackToMove ? 'k' : 'K') : -1;
  if (check >= 0) paints.push({ kind: 'circle', cx: at(check)[0], cy: at(check)[1], r: 60, fill: c.check });
  board.forEach((piece, sq) => piece && paints.push(...pieceShapes(piece, sq, at(sq), set, c)));
  const shapes =
    options.arrows === false ? [] : options.arrows === true || !options.arrows ? position.shapes : options.arrows;
  for (const s of validShapes(shapes)) paints.push(...shapePaints(s, at, c));
  return { width: L.width, height: L.height, paints };
}

function pieceShapes(piece: PieceLetter, sq: number, [x, y]: [number, number], set: PieceSetName, c: Palette): Paint[] {
  const red = isRed(piece);
  const ink = set === 'blank-mono' ? c.edge : red ? c.red : c.black;
  const out: Paint[] = [];
  if (c.shadow) out.push({ kind: 'circle', cx: x + 2, cy: y + 5, r: PIECE_R, fill: c.shadow });
  const face = set === 'blank-mono' ? c.redFace : red ? c.redFace : c.blackFace;
  const tag = { square: squareName(sq), letter: piece };
  out.push({ kind: 'circle', cx: x, cy: y, r: PIECE_R, fill: face, stroke: c.edge, width: 2.5, piece: tag });
  out.push({ kind: 'circle', cx: x, cy: y, r: PIECE_R - 7, stroke: ink, width: set.startsWith('blank') ? 9 : 2.5 });
  const ch = glyph(piece, set);
  const d = isHanSet(set) ? GLYPHS[ch] : undefined;
  if (d) out.push({ kind: 'path', d, x, y, scale: 58 / GLYPH_EM, fill: ink });
  else if (ch) out.push({ kind: 'text', x, y, text: ch, size: 48, bold: true, fill: ink });
  return out;
}

/** An arrow (its head stops short of the target's centre) or a circle, as the board draws them (shapes.ts). */
function shapePaints(s: Shape, at: (sq: number) => [number, number], c: Palette): Paint[] {
  const colour = c.brushes[s.brush ?? 'green'] ?? s.brush!;
  const [x1, y1] = at(squareIndex(s.from));
  if (!s.to || s.to === s.from)
    return [{ kind: 'circle', cx: x1, cy: y1, r: 46, stroke: colour, width: 8, opacity: 0.8 }];
  const [x2, y2] = at(squareIndex(s.to));
  const len = Math.hypot(x2 - x1, y2 - y1);
  const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
  const [tipX, tipY] = [x2 - ux * 18, y2 - uy * 18];
  const [baseX, baseY] = [tipX - ux * 42, tipY - uy * 42];
  const w = 24;
  return [
    {
      kind: 'line',
      x1: x1 + ux * 20,
      y1: y1 + uy * 20,
      x2: baseX + ux * 2,
      y2: baseY + uy * 2,
      stroke: colour,
      width: 14,
      round: true,
      opacity: 0.8,
    },
    {
      kind: 'polygon',
      points: [tipX, tipY, baseX - uy * w, baseY + ux * w, baseX + uy * w, baseY - ux * w],
      fill: colour,
      opacity: 0.8,
    },
  ];
}

/** Pixels per board unit for an image `size` pixels wide. */
export function pictureScale(scene: Scene, size = 480): number {
  if (!(size >= 16 && size <= 8192)) throw new RangeError(`picture size ${size}: expected 16 to 8192 pixels`);
  return Math.round(size) / scene.width;
}
