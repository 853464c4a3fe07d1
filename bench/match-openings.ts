// Opening lines for matches: short, well-known starts so games differ from move one and neither
// engine's opening preferences decide the result. Each is played once with each engine as Red.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Engine } from '../web/engine/index.ts';
import type { GameSetup } from './match-game.ts';
import { START_FEN } from '../web/engine/index.ts';
import { builtInOpenings, type Opening } from './opening-lines.ts';
import { repoRoot } from './stats.ts';

export { builtInOpenings, type Opening } from './opening-lines.ts';

/** The match's default openings: bench/openings.txt (made by `npm run openings`). */
export const DEFAULT_OPENINGS_FILE = fileURLToPath(new URL('bench/openings.txt', repoRoot()));

/**
 * The openings of a match: the file given, else bench/openings.txt, else (a copy without that file)
 * the built-in lines. `source` names what was used, for the report.
 */
export function matchOpenings(
  file: string | null,
  fallback = DEFAULT_OPENINGS_FILE,
): { openings: Opening[]; source: string } {
  if (file !== null) return { openings: readOpenings(file), source: file };
  if (existsSync(fallback)) return { openings: readOpenings(fallback), source: fallback };
  return { openings: builtInOpenings(), source: 'built-in' };
}

/**
 * Reads an openings file. One opening a line, `#` starts a comment, an optional `name:` prefix:
 *   central cannon: h2e2 h9g7 h0g2
 *   fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2
 */
export function readOpenings(path: string): Opening[] {
  const openings: Opening[] = [];
  readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .forEach((raw, index) => {
      const line = raw.replace(/#.*/, '').trim();
      if (line) openings.push(parseOpeningLine(line, `${path}:${index + 1}`));
    });
  if (openings.length === 0) throw new Error(`${path} has no openings`);
  return openings;
}

export function parseOpeningLine(line: string, where: string): Opening {
  // A name ends at the first colon that is followed by a space, so FENs (no colons) pass untouched.
  const colon = line.search(/:\s/);
  const name = colon < 0 ? where : line.slice(0, colon).trim();
  const body = (colon < 0 ? line : line.slice(colon + 1))
    .trim()
    .split(/\s+/)
    .filter((t) => t !== '');
  const movesAt = body.indexOf('moves');
  if (body[0] === 'fen') {
    const fen = body.slice(1, movesAt < 0 ? undefined : movesAt).join(' ');
    return { name, fen, moves: movesAt < 0 ? [] : body.slice(movesAt + 1) };
  }
  return { name, fen: START_FEN, moves: body.filter((t) => t !== 'startpos' && t !== 'moves') };
}

/** Throws, naming the opening and the move, when a line is not legal or already ends the game. */
export function checkOpenings(openings: readonly Opening[], rules: Engine): void {
  for (const opening of openings) {
    try {
      rules.setPosition(opening.fen, opening.moves);
    } catch (error) {
      throw new Error(`opening "${opening.name}": ${(error as Error).message}`);
    }
    if (rules.status().over) throw new Error(`opening "${opening.name}" leaves a finished game`);
  }
}

/** mulberry32: a small seeded PRNG, so `--seed` gives the same opening order on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The openings in file order, or shuffled (Fisher-Yates) when a seed is given. */
export function orderOpenings(openings: readonly Opening[], seed: number | null): Opening[] {
  const list = [...openings];
  if (seed === null) return list;
  const next = seededRandom(seed);
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/** Game i (0-based) plays opening i/2 with our engine Red on even i: each opening from both sides. */
export function schedule(openings: readonly Opening[], games: number): GameSetup[] {
  return Array.from({ length: games }, (_, i) => ({
    index: i + 1,
    opening: openings[Math.floor(i / 2) % openings.length]!,
    ourColor: i % 2 === 0 ? 'red' : 'black',
  }));
}
