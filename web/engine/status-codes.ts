// The game status code the engine gives (assembly/rules.ts: a result and a reason packed in one
// integer) in the adapter's words.
import type { GameEndReason, GameResult, GameStatus } from './types.ts';
import {
  REASON_CHECKMATE,
  REASON_INSUFFICIENT_MATERIAL,
  REASON_MOVE_LIMIT,
  REASON_PERPETUAL_CHASE,
  REASON_PERPETUAL_ATTACK,
  REASON_PERPETUAL_CHECK,
  REASON_REPETITION,
  REASON_STALEMATE,
  RESULT_BLACK_WINS,
  RESULT_DRAW,
  RESULT_RED_WINS,
  STATUS_REASON_SHIFT,
  STATUS_RESULT_MASK,
} from './shared.ts';

const RESULTS: Partial<Record<number, GameResult>> = {
  [RESULT_RED_WINS]: '1-0',
  [RESULT_BLACK_WINS]: '0-1',
  [RESULT_DRAW]: '1/2-1/2',
};
const REASONS: Partial<Record<number, GameEndReason>> = {
  [REASON_CHECKMATE]: 'checkmate',
  [REASON_STALEMATE]: 'stalemate',
  [REASON_PERPETUAL_CHECK]: 'perpetual-check',
  [REASON_REPETITION]: 'repetition',
  [REASON_MOVE_LIMIT]: 'move-limit',
  [REASON_PERPETUAL_CHASE]: 'perpetual-chase',
  [REASON_INSUFFICIENT_MATERIAL]: 'insufficient-material',
  [REASON_PERPETUAL_ATTACK]: 'perpetual-attack',
};

/** Whether the game is over, and if so its result and why (0: the game goes on). */
export function decodeStatus(code: number): Pick<GameStatus, 'over' | 'result' | 'reason'> {
  const status: Pick<GameStatus, 'over' | 'result' | 'reason'> = { over: code !== 0 };
  const result = RESULTS[code & STATUS_RESULT_MASK];
  const reason = REASONS[code >> STATUS_REASON_SHIFT];
  if (result) status.result = result;
  if (reason) status.reason = reason;
  return status;
}
