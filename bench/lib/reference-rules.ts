// An independent, deliberately naive statement of the Xiangqi move rules, written from the rules
// and not from assembly/: the soak compares the engine's legal-move lists and check flags with it.
// Squares are 0..89 (rank * 9 + file, a0 = 0, Red at the bottom); uppercase is Red.
// Speed does not matter here, clarity does: every piece is its own small function.

export type Cell = string | null;
export type Board = Cell[];

const fileOf = (sq: number): number => sq % 9;
const rankOf = (sq: number): number => Math.floor(sq / 9);
const at = (rank: number, file: number): number =>
  rank >= 0 && rank <= 9 && file >= 0 && file <= 8 ? rank * 9 + file : -1;

export const isRed = (piece: string): boolean => piece === piece.toUpperCase();

/** The placement field of a FEN as 90 cells (H/E read as N/B); throws on anything malformed. */
export function boardFromFen(fen: string): Board {
  const rows = fen.trim().split(/\s+/)[0]!.split('/');
  if (rows.length !== 10) throw new Error(`not 10 rows: ${fen}`);
  const board: Board = new Array<Cell>(90).fill(null);
  rows.forEach((row, i) => {
    const rank = 9 - i;
    let file = 0;
    for (const ch of row) {
      if (ch >= '1' && ch <= '9') file += Number(ch);
      else board[at(rank, file++)] = ({ H: 'N', E: 'B', h: 'n', e: 'b' } as Record<string, string>)[ch] ?? ch;
    }
    if (file !== 9) throw new Error(`row ${i + 1} is not 9 points: ${fen}`);
  });
  return board;
}

function inPalace(sq: number, red: boolean): boolean {
  const file = fileOf(sq);
  const rank = rankOf(sq);
  return file >= 3 && file <= 5 && (red ? rank <= 2 : rank >= 7);
}

const onOwnSide = (sq: number, red: boolean): boolean => (red ? rankOf(sq) <= 4 : rankOf(sq) >= 5);

const ORTHOGONAL = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;
const DIAGONAL = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
] as const;

/** Points the piece on `from` could reach ignoring checks; may include points of its own side. */
export function reach(board: Board, from: number): number[] {
  const piece = board[from];
  if (!piece) return [];
  const red = isRed(piece);
  const r = rankOf(from);
  const f = fileOf(from);
  const out: number[] = [];
  switch (piece.toUpperCase()) {
    case 'K':
      for (const [dr, df] of ORTHOGONAL) {
        const to = at(r + dr, f + df);
        if (to >= 0 && inPalace(to, red)) out.push(to);
      }
      break;
    case 'A':
      for (const [dr, df] of DIAGONAL) {
        const to = at(r + dr, f + df);
        if (to >= 0 && inPalace(to, red)) out.push(to);
      }
      break;
    case 'B':
      for (const [dr, df] of DIAGONAL) {
        const eye = at(r + dr, f + df);
        const to = at(r + 2 * dr, f + 2 * df);
        if (to >= 0 && onOwnSide(to, red) && board[eye] === null) out.push(to);
      }
      break;
    case 'N':
      for (const [dr, df] of ORTHOGONAL) {
        const leg = at(r + dr, f + df);
        if (leg < 0 || board[leg] !== null) continue;
        // Two steps along the leg's direction and one step across it.
        for (const side of [-1, 1]) {
          const to = dr !== 0 ? at(r + 2 * dr, f + side) : at(r + side, f + 2 * df);
          if (to >= 0) out.push(to);
        }
      }
      break;
    case 'R':
      for (const [dr, df] of ORTHOGONAL) {
        for (let k = 1; ; k++) {
          const to = at(r + k * dr, f + k * df);
          if (to < 0) break;
          out.push(to);
          if (board[to] !== null) break;
        }
      }
      break;
    case 'C':
      for (const [dr, df] of ORTHOGONAL) {
        let screens = 0;
        for (let k = 1; ; k++) {
          const to = at(r + k * dr, f + k * df);
          if (to < 0) break;
          if (board[to] === null) {
            if (screens === 0) out.push(to);
          } else if (screens === 0) {
            screens = 1;
          } else {
            out.push(to); // the first piece behind the screen: a capture (if it is an enemy)
            break;
          }
        }
      }
      break;
    case 'P': {
      const forward = red ? 1 : -1;
      const ahead = at(r + forward, f);
      if (ahead >= 0) out.push(ahead);
      if (!onOwnSide(from, red)) {
        for (const df of [-1, 1]) {
          const to = at(r, f + df);
          if (to >= 0) out.push(to);
        }
      }
      break;
    }
    default:
      throw new Error(`unknown piece ${piece}`);
  }
  return out;
}

/**
 * Whether the side (`red`) has its king attacked, or facing the other king. Looks outward from the
 * king (lines for rooks, cannons and the other king; the eight horse points with their legs; the
 * neighbouring pawns), which is quick enough to run for every candidate move.
 */
export function inCheck(board: Board, red: boolean): boolean {
  const king = board.indexOf(red ? 'K' : 'k');
  if (king < 0) return true;
  const enemy = (piece: Cell, kind: string): boolean =>
    piece !== null && isRed(piece) !== red && piece.toUpperCase() === kind;
  const r = rankOf(king);
  const f = fileOf(king);
  for (const [dr, df] of ORTHOGONAL) {
    let screens = 0;
    for (let k = 1; ; k++) {
      const sq = at(r + k * dr, f + k * df);
      if (sq < 0) break;
      const piece = board[sq];
      if (!piece) continue;
      if (screens === 0 && (enemy(piece, 'R') || (df === 0 && enemy(piece, 'K')))) return true;
      if (screens === 1) {
        if (enemy(piece, 'C')) return true;
        break;
      }
      screens++;
    }
  }
  for (const [dr, df] of [
    [1, 2],
    [2, 1],
    [-1, 2],
    [-2, 1],
    [1, -2],
    [2, -1],
    [-1, -2],
    [-2, -1],
  ] as const) {
    const horse = at(r + dr, f + df);
    if (horse < 0 || !enemy(board[horse]!, 'N')) continue;
    // The horse's leg is next to it, one step towards the king along the long side of the L.
    const leg = at(
      r + dr - (Math.abs(dr) === 2 ? Math.sign(dr) : 0),
      f + df - (Math.abs(df) === 2 ? Math.sign(df) : 0),
    );
    if (board[leg] === null) return true;
  }
  for (const [dr, df] of ORTHOGONAL) {
    const sq = at(r + dr, f + df);
    if (sq >= 0 && enemy(board[sq]!, 'P') && reach(board, sq).includes(king)) return true;
  }
  return false;
}

export function applyMove(board: Board, from: number, to: number): Board {
  const next = board.slice();
  next[to] = next[from]!;
  next[from] = null;
  return next;
}

const NAMES = 'abcdefghi';
export const squareName = (sq: number): string => NAMES[fileOf(sq)]! + rankOf(sq);
export const squareOf = (name: string): number => at(Number(name[1]), NAMES.indexOf(name[0]!));

/** Legal moves of the side to move, ICCS, sorted. */
export function legalMoves(board: Board, red: boolean): string[] {
  const moves: string[] = [];
  for (let from = 0; from < 90; from++) {
    const piece = board[from];
    if (!piece || isRed(piece) !== red) continue;
    for (const to of reach(board, from)) {
      const target = board[to];
      if (target && isRed(target) === red) continue;
      if (!inCheck(applyMove(board, from, to), red)) moves.push(squareName(from) + squareName(to));
    }
  }
  return moves.sort();
}

const LIMITS: Record<string, number> = { K: 1, A: 2, B: 2, N: 2, R: 2, C: 2, P: 5 };
const POINTS: Record<string, string[]> = {
  K: ['d0', 'e0', 'f0', 'd1', 'e1', 'f1', 'd2', 'e2', 'f2'],
  A: ['d0', 'f0', 'e1', 'd2', 'f2'],
  B: ['c0', 'g0', 'a2', 'e2', 'i2', 'c4', 'g4'],
};

/** Black's points are Red's seen from the other side of the board. */
const mirror = (name: string): string => name[0] + String(9 - Number(name[1]));

/**
 * What makes a placement impossible in a game: a missing king, too many pieces of a kind, a piece
 * where it can never stand, or the side not to move left in check. Empty when the position is fine.
 */
export function positionProblems(board: Board, redToMove: boolean): string[] {
  const problems: string[] = [];
  const count: Record<string, number> = {};
  board.forEach((piece, sq) => {
    if (!piece) return;
    count[piece] = (count[piece] ?? 0) + 1;
    const kind = piece.toUpperCase();
    const red = isRed(piece);
    const name = squareName(sq);
    const own = red ? name : mirror(name); // as if it were Red's
    const points = POINTS[kind];
    if (points && !points.includes(own)) problems.push(`${piece} on ${name}`);
    if (kind === 'P') {
      const rank = Number(own[1]);
      if (rank < 3 || (rank < 5 && 'bdfh'.includes(own[0]!))) problems.push(`${piece} on ${name}`);
    }
  });
  for (const [piece, n] of Object.entries(count)) if (n > LIMITS[piece.toUpperCase()]!) problems.push(`${n} ${piece}`);
  if (count['K'] !== 1) problems.push('no red king');
  if (count['k'] !== 1) problems.push('no black king');
  if (problems.length === 0 && inCheck(board, !redToMove)) problems.push('the side not to move is in check');
  return problems;
}

/**
 * The enemy pieces (their squares) that side `red` chases on `board`, whoever is to move, by the
 * Asian rules as docs/rules.md states them: an attacker other than king and pawn that could capture
 * legally; never a king or a pawn still on its own side of the river; a horse or cannon against a
 * rook, an advisor or elephant against a rook, horse or cannon, always; anything else only when no
 * piece of the victim's side could then legally capture back on that point, and, between two pieces
 * of one kind, only when the victim could not legally capture the attacker first.
 */
export function chasedSquares(board: Board, red: boolean): number[] {
  const chased = new Set<number>();
  const legal = (b: Board, from: number, to: number, side: boolean): boolean =>
    reach(b, from).includes(to) && !inCheck(applyMove(b, from, to), side);
  for (let from = 0; from < 90; from++) {
    const attacker = board[from];
    if (!attacker || isRed(attacker) !== red) continue;
    const by = attacker.toUpperCase();
    if (by === 'K' || by === 'P') continue;
    for (const to of reach(board, from)) {
      const victim = board[to];
      if (!victim || isRed(victim) === red || chased.has(to)) continue;
      const of = victim.toUpperCase();
      if (of === 'K' || (of === 'P' && onOwnSide(to, !red))) continue;
      if (!legal(board, from, to, red)) continue;
      if (((by === 'N' || by === 'C') && of === 'R') || ((by === 'A' || by === 'B') && 'RNC'.includes(of))) {
        chased.add(to);
        continue;
      }
      const after = applyMove(board, from, to);
      let protectedThere = false;
      for (let s = 0; s < 90 && !protectedThere; s++) {
        const piece = after[s];
        if (piece && isRed(piece) !== red && legal(after, s, to, !red)) protectedThere = true;
      }
      if (protectedThere) continue;
      if (by === of && legal(board, to, from, !red)) continue;
      chased.add(to);
    }
  }
  return [...chased];
}

/** Only kings, advisors and elephants left: neither side can cross the river. */
export function insufficientMaterial(board: Board): boolean {
  return board.every((piece) => piece === null || 'KAB'.includes(piece.toUpperCase()));
}
