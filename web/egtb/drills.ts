// Endgame drills: a position of a chosen ending for the player to win against the tables' perfect
// defence, or to hold against their attack. The endings offered are those endgame books teach first
// that the tables make in a second or two.
import type { Tablebases, TableMove } from './tablebases.ts';
import { bestMoves } from './best-moves.ts';

/** Win: the player attacks (Red) and mates. Hold: the player defends (Black) a drawn position. */
export type DrillGoal = 'win' | 'hold';

/** The endings offered, by goal: each has won positions (win) or drawn ones with a losing move (hold). */
export const DRILL_ENDINGS: Record<DrillGoal, readonly string[]> = {
  win: [
    'KH-K',
    'KP-K',
    'KR-KA',
    'KR-KE',
    'KR-KAA',
    'KR-KAE',
    'KR-KEE',
    'KH-KA',
    'KH-KE',
    'KH-KAE',
    'KCA-K',
    'KP-KA',
    'KHP-K',
    'KPP-K',
    'KHH-KA',
    'KPP-KAA',
    'KHP-KA',
  ],
  hold: ['KR-KAAEE', 'KH-KAA', 'KH-KEE', 'KHA-KAA', 'KCE-KA', 'KP-KA', 'KPP-KA', 'KPP-KAA', 'KCP-KA'],
};

/** A won drill is at least this long (in plies to mate), so it asks for technique. */
const MIN_WIN_PLIES = 9;
/** How many entries a pick tries before it gives up. */
const TRIES = 20_000;

/**
 * A random position of `material` for the goal, its table made: for `win`, Red to move and winning
 * in at least MIN_WIN_PLIES plies; for `hold`, Black to move in a drawn position where some move
 * loses. Null when none turned up.
 */
export function pickDrill(
  tables: Tablebases,
  material: string,
  goal: DrillGoal,
  random: () => number = Math.random,
): string | null {
  const entries = tables.entries(material);
  const side = goal === 'win' ? 0 : 1;
  for (let i = 0; i < TRIES; i++) {
    const fen = tables.entryFen(material, side, Math.floor(random() * entries));
    if (fen === null) continue;
    const probe = tables.probe(fen);
    if (probe === null) continue;
    if (goal === 'win' && probe.result === 'win' && probe.plies! >= MIN_WIN_PLIES) return fen;
    if (goal === 'hold' && probe.result === 'draw' && tables.moves(fen)!.some((m) => m.result === 'loss')) return fen;
  }
  return null;
}

/**
 * The tables' reply in a drill: where the computer loses, the longest defence; else one of the
 * moves that keep its result (`random` picks which, so the drill does not repeat itself).
 */
export function drillReply(moves: readonly TableMove[], random: () => number = Math.random): string | null {
  const equal = bestMoves(moves);
  return equal.length ? equal[Math.floor(random() * equal.length)]!.move : null;
}
