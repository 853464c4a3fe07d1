// Notation and game records for Xiangqi: ICCS, WXF and Chinese move notation, PGN, XQF and DhtmlXQ.
// Pure TypeScript without DOM or dependencies; positions come in through PositionView (an
// Engine satisfies it), so the same functions serve the page, the board and the command line.
/**
 * Notation and game records (`xiangqi-wasm/notation`): ICCS, WXF and Chinese move notation, PGN, XQF,
 * DhtmlXQ (UBB) and CBF, over any position that satisfies PositionView (an Engine or a RuleBoard).
 *
 * @module xiangqi-wasm/notation
 */

export type { Charset, NotationName, PieceKind, PositionView, ReplayEngine } from './types.ts';
export { NotationError, PgnError, XqfError, UbbError, CbfError, type NotationErrorCode } from './errors.ts';
export { START_FEN } from '../engine/start-fen.ts';
export { snapshot } from './snapshot.ts';
export { fromIccs, toIccs, formatIccs, normalizeIccs, type IccsOptions, type IccsStyle } from './iccs.ts';
export { fromWxf, toWxf, parseWxf, type WxfOptions } from './wxf.ts';
export { fromChinese, toChinese, parseChinese, type ChineseOptions } from './chinese.ts';
export {
  describeMove,
  resolveMove,
  type MoveDescription,
  type MoveQuery,
  type Locator,
  type StackPick,
  type Direction,
} from './describe.ts';
export { formatMove, parseMove, detectNotation, type FormatOptions } from './move.ts';
export { parsePgn, readPgn, moveNumbering, type PgnFile, type PgnGame, type PgnMove, type PgnResult } from './pgn.ts';
export type { ReadWarning } from './warnings.ts';
export { writePgn, type WritePgnOptions } from './pgn-write.ts';
export { mainLine, countMoves, type MoveNode, type ReadGame, type TreeGame } from './game-tree.ts';
export { readXqf } from './xqf.ts';
export { writeXqf, type WriteXqfOptions } from './xqf-write.ts';
export { readUbb, isUbb } from './ubb.ts';
export { writeUbb } from './ubb-write.ts';
export { RuleBoard, FenError, IllegalMoveError } from './rule-board.ts';
export { readCbf, isCbf } from './cbf.ts';
export { XmlError } from './xml.ts';
