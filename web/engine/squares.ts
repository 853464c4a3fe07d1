// Square names a0..i9 and the 0..89 indexes (rank * 9 + file) used at the engine boundary.
const FILES = 'abcdefghi';

/** Name of a point index (0..89, rank * 9 + file): 0 is `a0`, 89 is `i9`. */
export function squareName(index: number): string {
  return FILES[index % 9] + String(Math.floor(index / 9));
}

/** Index of a square name such as `e4`, or -1 when it is not one. */
export function squareIndex(name: string): number {
  if (name.length !== 2) return -1;
  const file = FILES.indexOf(name[0]!);
  const rank = name.charCodeAt(1) - 48;
  if (file < 0 || rank < 0 || rank > 9) return -1;
  return rank * 9 + file;
}

const ICCS_MOVE = /^([a-i])([0-9])-?([a-i])([0-9])$/;

/** Parses an ICCS move (`h2e2`, also `H2-E2`) into point indexes, or null when malformed. */
export function parseIccs(move: string): {
  /** Index (rank * 9 + file) of the square the piece leaves. */
  from: number;
  /** Index of the square it goes to. */
  to: number;
} | null {
  const m = ICCS_MOVE.exec(move.trim().toLowerCase());
  if (!m) return null;
  return { from: squareIndex(m[1]! + m[2]!), to: squareIndex(m[3]! + m[4]!) };
}

export function iccs(from: number, to: number): string {
  return squareName(from) + squareName(to);
}
