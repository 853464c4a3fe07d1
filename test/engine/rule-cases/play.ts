// Plays a repetition case and reads the verdict at the third occurrence of its position, from the
// side to move's point of view; and the mirror image of a case (ranks flipped, colours swapped),
// so every rule is checked from both sides.
import type { Engine } from '../../../web/engine/index.ts';

export type Verdict = 'win' | 'loss' | 'draw';

export interface RuleCase {
  name: string;
  fen: string;
  /** ICCS moves, space-separated. */
  moves: string;
  /** For the side to move when the game ends; null: only that it ends. */
  verdict: Verdict | null;
}

/** The verdict the status gives the side to move, or 'none' while the game goes on. */
export function verdictOf(engine: Engine): Verdict | 'none' {
  const status = engine.status();
  if (!status.over) return 'none';
  if (status.result === '1/2-1/2') return 'draw';
  return (status.result === '1-0') === (status.turn === 'red') ? 'win' : 'loss';
}

const positionKey = (engine: Engine) => engine.fen().split(' ').slice(0, 2).join(' ');

/**
 * Plays the moves, then goes on round the first cycle they contain until the game ends (a case
 * given with only one and a half turns of its cycle is played on to the third occurrence), at most
 * `limit` plies more.
 */
export function playOut(engine: Engine, fen: string, moves: readonly string[], limit = 40): void {
  engine.setPosition(fen);
  const keys = [positionKey(engine)];
  for (const move of moves) {
    engine.play(move);
    keys.push(positionKey(engine));
  }
  let start = -1;
  let end = -1;
  for (let j = 1; j < keys.length && start < 0; j++) {
    const i = keys.indexOf(keys[j]!);
    if (i < j) [start, end] = [i, j];
  }
  if (start < 0) return;
  const cycle = moves.slice(start, end);
  for (let ply = moves.length; ply < moves.length + limit && !engine.status().over; ply++) {
    engine.play(cycle[(ply - start) % cycle.length]!);
  }
}

const swapCase = (c: string) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase());

/** The position seen from the other side: ranks flipped, colours swapped. */
export function mirrorFen(fen: string): string {
  const [board, turn, ...rest] = fen.split(' ');
  const rows = board!
    .split('/')
    .reverse()
    .map((row) => [...row].map(swapCase).join(''));
  return [rows.join('/'), turn === 'w' ? 'b' : 'w', ...rest].join(' ');
}

export const mirrorMove = (move: string): string => `${move[0]}${9 - Number(move[1])}${move[2]}${9 - Number(move[3])}`;

/** The case and its mirror image (the verdict, being the side to move's, is the same). */
export function withMirrors<T extends RuleCase>(cases: readonly T[]): T[] {
  return cases.flatMap((c) => [
    c,
    {
      ...c,
      name: `${c.name} (mirrored)`,
      fen: mirrorFen(c.fen),
      moves: c.moves.split(' ').map(mirrorMove).join(' '),
    },
  ]);
}
