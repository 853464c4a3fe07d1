// The puzzles of the practice mode: the file the miner made (puzzles/puzzles.txt, `npm run puzzles`),
// fetched the first time practice opens, and the choice of the next puzzle: one the player has not
// solved, rated near the player's rating (a little above it more often than below), by chance among
// the nearest.
import { parsePuzzles, type Puzzle } from '../notation/puzzles.ts';

export const PUZZLES_URL = new URL('../../puzzles/puzzles.txt', import.meta.url);

/** A puzzle's id: its position and first move (the file's order may change when it is mined again). */
export function puzzleId(p: Puzzle): string {
  return `${p.fen.split(' ').slice(0, 2).join(' ')}|${p.moves[0]}`;
}

export async function fetchPuzzles(url: URL | string = PUZZLES_URL): Promise<Puzzle[]> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the puzzles could not be fetched (${response.status})`);
  return parsePuzzles(await response.text());
}

/** The next puzzle for a player rated `rating` (null when there are none). */
export function choosePuzzle(
  puzzles: readonly Puzzle[],
  rating: number,
  solved: ReadonlySet<string>,
  random: () => number = Math.random,
  skip: Puzzle | null = null,
): Puzzle | null {
  const fresh = puzzles.filter((p) => p !== skip && !solved.has(puzzleId(p)));
  const pool = fresh.length ? fresh : puzzles.filter((p) => p !== skip);
  if (pool.length === 0) return puzzles[0] ?? null;
  const target = rating + 50;
  const nearest = [...pool].sort((a, b) => Math.abs(a.rating - target) - Math.abs(b.rating - target)).slice(0, 12);
  return nearest[Math.floor(random() * nearest.length)]!;
}
