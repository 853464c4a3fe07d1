// The opening book: a sorted table of position keys with moves and weights, looked up for the
// position and for its left-right mirror (a mirrored opening is the same opening), the move chosen
// at random by weight. Pure TypeScript over the board array, so the command line and the board's
// computer player read the same file the same way. Layout (little-endian; docs/opening-book.md tells how it is built):
//
//   0   "XQBK"            magic
//   4   u16 version (1)   u16 record size (8)
//   8   u32 records
//   12  records, sorted by key then by weight (highest first):
//       u32 key   u16 move (from * 90 + to, squares rank * 9 + file)   u16 weight
//
// Keys are 32-bit Zobrist hashes of the placement and side to move, of the smaller of the position
// and its mirror; the moves are stored as they are played in that orientation.

import { FULL_STRENGTH } from './shared.ts';
import type { Color, PieceLetter } from './types.ts';

export const BOOK_MAGIC = 'XQBK';
export const BOOK_VERSION = 1;
const HEADER = 12;
const RECORD = 8;

/** A book file that cannot be read. */
export class BookError extends Error {
  /** Always `BookError`, to tell this error from others by name. */
  override name = 'BookError';
}

const LETTERS = 'KABNRCPkabnrcp';

/** Fixed pseudo-random numbers (mulberry32, seed 0x58514258): the same keys in every build. */
const ZOBRIST: Uint32Array = (() => {
  const table = new Uint32Array(LETTERS.length * 90 + 1);
  let state = 0x58514258;
  for (let i = 0; i < table.length; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    table[i] = (t ^ (t >>> 14)) >>> 0;
  }
  return table;
})();
const SIDE = ZOBRIST[LETTERS.length * 90]!;

/** The key of a board (90 entries, rank * 9 + file) with `turn` to move; `mirror` reads it left-right. */
export function positionKey(board: readonly (PieceLetter | null)[], turn: Color, mirror = false): number {
  let key = turn === 'black' ? SIDE : 0;
  for (let i = 0; i < 90; i++) {
    const piece = board[i];
    if (!piece) continue;
    const square = mirror ? i - (i % 9) + (8 - (i % 9)) : i;
    key ^= ZOBRIST[LETTERS.indexOf(piece) * 90 + square]!;
  }
  return key >>> 0;
}

/**
 * The key the book stores a position under, whether that is its mirror, and whether the position is
 * its own mirror (the start: there a move and its mirror are the same choice, stored once).
 */
export function bookKey(
  board: readonly (PieceLetter | null)[],
  turn: Color,
): { key: number; mirrored: boolean; symmetric: boolean } {
  const plain = positionKey(board, turn);
  const mirror = positionKey(board, turn, true);
  return { key: Math.min(plain, mirror), mirrored: mirror < plain, symmetric: mirror === plain };
}

/** `h2e2` -> `b2e2` (files a-i swapped). */
export function mirrorMove(move: string): string {
  const m = (c: string) => String.fromCharCode(97 + 105 - c.charCodeAt(0));
  return m(move[0]!) + move[1]! + m(move[2]!) + move[3]!;
}

export function encodeMove(move: string): number {
  const sq = (f: string, r: string) => Number(r) * 9 + (f.charCodeAt(0) - 97);
  return sq(move[0]!, move[1]!) * 90 + sq(move[2]!, move[3]!);
}

export function decodeMove(code: number): string {
  const name = (sq: number) => String.fromCharCode(97 + (sq % 9)) + String(Math.floor(sq / 9));
  return name(Math.floor(code / 90)) + name(code % 90);
}

/** A move the opening book knows for a position. */
export interface BookMove {
  /** The move in ICCS form (`h2e2`). */
  move: string;
  /** Its weight (1..65535): how strongly the book prefers it; the computer picks by weight among the best (chooseBookMove). */
  weight: number;
}

export interface BookRecord {
  key: number;
  move: number;
  weight: number;
}

/** The book as bytes, records sorted (the builder's side of the layout). */
export function encodeBook(records: readonly BookRecord[]): Uint8Array {
  const sorted = [...records].sort((a, b) => a.key - b.key || b.weight - a.weight || a.move - b.move);
  const bytes = new Uint8Array(HEADER + RECORD * sorted.length);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = BOOK_MAGIC.charCodeAt(i);
  view.setUint16(4, BOOK_VERSION, true);
  view.setUint16(6, RECORD, true);
  view.setUint32(8, sorted.length, true);
  sorted.forEach((r, i) => {
    const at = HEADER + RECORD * i;
    view.setUint32(at, r.key >>> 0, true);
    view.setUint16(at + 4, r.move, true);
    view.setUint16(at + 6, Math.max(1, Math.min(0xffff, Math.round(r.weight))), true);
  });
  return bytes;
}

/**
 * An opening book (a `.book` file, the `XQBK` format of docs/opening-book.md) in memory: the moves it knows
 * for a position, with their weights. Give one to the board as `openingBook`.
 */
export class Book {
  private readonly view: DataView;
  /** Number of (position, move) records in the book. */
  readonly size: number;

  /** Reads a book file; throws BookError when it is not one. */
  constructor(bytes: Uint8Array) {
    const magic = String.fromCharCode(...bytes.subarray(0, 4));
    if (bytes.length < HEADER || magic !== BOOK_MAGIC)
      throw new BookError('not an opening book (no "XQBK" at the start)');
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const version = this.view.getUint16(4, true);
    if (version !== BOOK_VERSION || this.view.getUint16(6, true) !== RECORD)
      throw new BookError(`book version ${version} is not supported`);
    this.size = this.view.getUint32(8, true);
    if (HEADER + this.size * RECORD !== bytes.length) {
      throw new BookError(
        `the book says ${this.size} records but has room for ${Math.floor((bytes.length - HEADER) / RECORD)}`,
      );
    }
  }

  /** How many different positions the book holds. */
  positions(): number {
    let n = 0;
    let last = -1;
    for (let i = 0; i < this.size; i++) {
      const key = this.keyAt(i);
      if (key !== last) n++;
      last = key;
    }
    return n;
  }

  private keyAt(i: number): number {
    return this.view.getUint32(HEADER + RECORD * i, true);
  }

  /** The book's moves for a position (empty when it is not in the book), best weight first. */
  lookup(board: readonly (PieceLetter | null)[], turn: Color): BookMove[] {
    const { key, mirrored, symmetric } = bookKey(board, turn);
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keyAt(mid) < key) lo = mid + 1;
      else hi = mid;
    }
    const moves: BookMove[] = [];
    for (let i = lo; i < this.size && this.keyAt(i) === key; i++) {
      const at = HEADER + RECORD * i;
      const move = decodeMove(this.view.getUint16(at + 4, true));
      moves.push({ move: mirrored ? mirrorMove(move) : move, weight: this.view.getUint16(at + 6, true) });
    }
    // The builder stores one of a mirror pair in a symmetric position; both are offered.
    if (symmetric) {
      for (const m of [...moves]) {
        const twin = mirrorMove(m.move);
        if (!moves.some((n) => n.move === twin)) moves.push({ move: twin, weight: m.weight });
      }
    }
    return moves;
  }
}

/**
 * Picks a book move. At full strength (skill 20) only the best moves count (weight within 80% of the top);
 * below, weights are flattened (raised to skill / 20, so skill 0 picks uniformly) for variety. Moves not in
 * `legal` are dropped first (a key shared by two positions can name a move of the other).
 */
export function chooseBookMove(
  moves: readonly BookMove[],
  legal: readonly string[],
  skill: number,
  random: () => number,
): string | null {
  const allowed = new Set(legal);
  let pool = moves.filter((m) => allowed.has(m.move) && m.weight > 0);
  if (pool.length === 0) return null;
  const top = Math.max(...pool.map((m) => m.weight));
  const s = Math.max(0, Math.min(FULL_STRENGTH, skill));
  if (s >= FULL_STRENGTH) pool = pool.filter((m) => m.weight >= top * 0.8);
  const weights = pool.map((m) => (s >= FULL_STRENGTH ? m.weight : Math.pow(m.weight, s / FULL_STRENGTH)));
  let r = random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < pool.length; i++) {
    r -= weights[i]!;
    if (r < 0) return pool[i]!.move;
  }
  return pool[pool.length - 1]!.move;
}

/** Fetches and reads a book file (for the board: `board.openingBook = await loadBook(url)`). */
export async function loadBook(url: string | URL): Promise<Book> {
  const response = await fetch(url);
  if (!response.ok) throw new BookError(`the book at ${String(url)} could not be fetched (HTTP ${response.status})`);
  return new Book(new Uint8Array(await response.arrayBuffer()));
}
