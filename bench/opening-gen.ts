// The pure parts of `npm run openings` (bench/make-openings.ts): the systems a line starts from, how
// a move is picked from Fairy-Stockfish's MultiPV answer, final positions compared up to mirroring,
// and the file's lines.

/** First moves of the named systems, with how often a line starts with each (weights). */
export const SYSTEMS: readonly { name: string; move: string; weight: number }[] = [
  { name: 'central cannon', move: 'h2e2', weight: 40 },
  { name: 'pawn opening', move: 'c3c4', weight: 15 },
  { name: 'elephant opening', move: 'c0e2', weight: 12 },
  { name: 'horse opening', move: 'h0g2', weight: 12 },
  { name: 'advisor-corner cannon', move: 'h2f2', weight: 7 },
  { name: 'palace-crossing cannon', move: 'h2d2', weight: 7 },
  { name: 'advisor opening', move: 'f0e1', weight: 4 },
  { name: 'river cannon', move: 'h2h4', weight: 3 },
];

/** Black's common first replies, for the names (both wings: the lines are not mirrored). */
const REPLIES: Record<string, string> = {
  h9g7: 'horse',
  b9c7: 'horse',
  h7e7: 'central cannon',
  b7e7: 'central cannon',
  c6c5: 'pawn',
  g6g5: 'pawn',
  c9e7: 'elephant',
  g9e7: 'elephant',
  h7f7: 'advisor-corner cannon',
  b7d7: 'advisor-corner cannon',
  h7d7: 'palace-crossing cannon',
  b7f7: 'palace-crossing cannon',
  b7c7: 'pawn-bottom cannon',
  h7g7: 'pawn-bottom cannon',
  f9e8: 'advisor',
  d9e8: 'advisor',
};

export function pickSystem(random: () => number): (typeof SYSTEMS)[number] {
  const total = SYSTEMS.reduce((sum, s) => sum + s.weight, 0);
  let r = random() * total;
  for (const system of SYSTEMS) {
    r -= system.weight;
    if (r < 0) return system;
  }
  return SYSTEMS[SYSTEMS.length - 1]!;
}

/** A line's name: the system, and Black's reply when it has a common name. */
export function lineName(system: string, moves: readonly string[]): string {
  const reply = REPLIES[moves[1] ?? ''];
  return reply ? `${system} vs ${reply}` : `${system}, ${moves[1]}`;
}

export interface Candidate {
  /** ICCS, ranks 0-9. */
  move: string;
  /** Centipawns for the side to move; mate scores become ±100000 minus the distance. */
  cp: number;
}

/**
 * The moves of a MultiPV search, best first, from the engine's output: for each `multipv` index
 * the last exact (not bound) line of the deepest iteration. `convert` turns its move into ours.
 */
export function parseMultiPv(lines: readonly string[], convert: (move: string) => string = (m) => m): Candidate[] {
  const best = new Map<number, { depth: number; candidate: Candidate }>();
  for (const line of lines) {
    if (!line.startsWith('info ') || /\b(upper|lower)bound\b/.test(line)) continue;
    const depth = /\bdepth (\d+)/.exec(line);
    const score = /\bscore (cp|mate) (-?\d+)/.exec(line);
    const pv = /\bpv (\S+)/.exec(line);
    if (!depth || !score || !pv) continue;
    const index = Number(/\bmultipv (\d+)/.exec(line)?.[1] ?? 1);
    const value = Number(score[2]);
    const cp = score[1] === 'cp' ? value : Math.sign(value) * (100000 - Math.abs(value));
    const known = best.get(index);
    if (!known || Number(depth[1]) >= known.depth)
      best.set(index, { depth: Number(depth[1]), candidate: { move: convert(pv[1]!), cp } });
  }
  // Only the deepest iteration's set: a shallower leftover for a high index would be stale.
  const deepest = Math.max(...[...best.values()].map((b) => b.depth));
  return [...best.entries()]
    .filter(([, b]) => b.depth === deepest)
    .map(([, b]) => b.candidate)
    .sort((a, b) => b.cp - a.cp);
}

/** A move chosen at random among those within `window` cp of the best (the best is always one). */
export function pickMove(candidates: readonly Candidate[], window: number, random: () => number): Candidate | null {
  if (candidates.length === 0) return null;
  const top = candidates[0]!.cp;
  const near = candidates.filter((c) => c.cp >= top - window);
  return near[Math.floor(random() * near.length)]!;
}

/**
 * A key for a position that is the same for its left-right mirror (the start position is symmetric,
 * so a mirrored line is the same opening): the board and side of the FEN, or its mirror, whichever
 * sorts first. Xiangqi ranks have 9 files, so every run of empty files is one digit.
 */
export function positionKey(fen: string): string {
  const [board = '', side = 'w'] = fen.split(' ');
  const mirrored = board
    .split('/')
    .map((rank) => [...rank].reverse().join(''))
    .join('/');
  return `${board < mirrored ? board : mirrored} ${side}`;
}

/** One line of the openings file: `name: moves  # eval`. */
export function openingLine(name: string, moves: readonly string[], redCp: number, depth: number): string {
  return `${name}: ${moves.join(' ')}  # ${redCp >= 0 ? '+' : ''}${redCp} cp at depth ${depth}, Red's view`;
}
