// Opening lines for matches, self-play and the benchmarks: short, well-known starts so games differ from
// move one and neither engine's opening preferences decide the result. The built-in lines, one line of
// an openings file read, the checks and the order; reading a file is openings-file.ts (this module has
// no file access, so the browser's bench can use it too).
import type { Engine } from '../web/engine/index.ts';
import { START_FEN } from '../web/engine/index.ts';
import { Random } from './random.ts';

export interface Opening {
  name: string;
  /** Position the line starts from (the start position for the built-in lines). */
  fen: string;
  /** ICCS moves, ranks 0-9 (`h2e2`). */
  moves: string[];
}

/** Written out by hand from the common opening systems; names give the Chinese term too. */
const BUILT_IN: [name: string, moves: string][] = [
  ['central cannon vs screen horses (中炮对屏风马)', 'h2e2 h9g7 h0g2 i9h9 i0h0 b9c7'],
  ['central cannon vs same-direction cannon (顺炮)', 'h2e2 h7e7 h0g2 h9g7 i0h0 i9h9'],
  ['central cannon vs opposite-direction cannon (列炮)', 'h2e2 b7e7 h0g2 b9c7 i0h0 a9b9'],
  ['central cannon vs reverse palace horse (反宫马)', 'h2e2 b9c7 h0g2 h7f7 i0h0 h9g7'],
  ['central cannon vs three-step tiger (三步虎)', 'h2e2 h9g7 h0g2 h7i7 i0h0 i9h9'],
  ['five-seven cannon vs screen horses (五七炮)', 'h2e2 h9g7 h0g2 b9c7 i0h0 i9h9 b2c2'],
  ['central cannon vs seventh pawn (中炮对进7卒)', 'h2e2 h9g7 h0g2 g6g5 i0h0 i9h9 c3c4'],
  ['elephant opening vs horse (飞相对起马)', 'g0e2 h9g7 h0g2 i9h9'],
  ['elephant opening vs central cannon (飞相对中炮)', 'c0e2 h7e7 h0g2 h9g7'],
  ['palace-crossing cannon (过宫炮)', 'h2d2 h9g7 h0g2 i9h9'],
  ['advisor-corner cannon (士角炮)', 'h2f2 h9g7 h0g2 b9c7'],
  ['pawn opening vs pawn-bottom cannon (仙人指路对卒底炮)', 'c3c4 b7c7 b2e2 c9e7'],
  ['pawn opening vs central cannon (仙人指路对中炮)', 'c3c4 h7e7 h0g2 h9g7'],
  ['horse opening (起马局)', 'h0g2 g6g5 c3c4 h9g7'],
];

export function builtInOpenings(): Opening[] {
  return BUILT_IN.map(([name, moves]) => ({ name, fen: START_FEN, moves: moves.split(' ') }));
}

/**
 * One line of an openings file (openings-file.ts), `name: moves` or `fen <fen> [moves ...]`; `where`
 * names the line when it has no name.
 */
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

/** The openings in file order, or shuffled (Fisher-Yates) when a seed is given. */
export function orderOpenings(openings: readonly Opening[], seed: number | null): Opening[] {
  return seed === null ? [...openings] : new Random(seed).shuffled(openings);
}
