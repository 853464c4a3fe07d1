// The built-in opening lines (no file access, so the browser's bench can use them too).
import { START_FEN } from '../web/engine/index.ts';

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
