// UCCI (the protocol of ElephantEye and the Chinese GUIs of its time) text: `go` arguments in, `info`
// lines out. The session (uci.ts) switches to it on `ucci`.
import type { Color, Score, SearchInfo, SearchLimits } from '../web/engine/types.ts';

/** ElephantEye's mate value: a mate in n plies is scored 10000 - n (being mated: n - 10000). */
export const UCCI_MATE = 10000;

/** A score as UCCI writes it: centipawns without `cp`, mates on ElephantEye's scale. */
export function ucciScore(score: Score): number {
  if ('cp' in score) return score.cp;
  const plies = score.mate > 0 ? 2 * score.mate - 1 : -2 * score.mate;
  return score.mate > 0 ? UCCI_MATE - plies : plies - UCCI_MATE;
}

/** The two lines ElephantEye prints for an iteration: `info time T nodes N`, then `info depth D score S pv ...`. */
export function formatUcciInfo(info: SearchInfo): string[] {
  return [
    `info time ${info.time} nodes ${info.nodes}`,
    `info depth ${info.depth} score ${ucciScore(info.score)}${info.pv.length ? ` pv ${info.pv.join(' ')}` : ''}`,
  ];
}

/** A UCCI check value: `true`/`on` or `false`/`off`; null for anything else. */
export function parseCheck(value: string): boolean | null {
  const word = value.toLowerCase();
  if (word === 'true' || word === 'on') return true;
  if (word === 'false' || word === 'off') return false;
  return null;
}

export interface UcciGo {
  limits: SearchLimits;
  /** `go ponder`: search on the opponent's time until `ponderhit` or `stop`. */
  ponder: boolean;
  /** `go draw`: the opponent offers a draw (never accepted: the engine offers and accepts none). */
  draw: boolean;
}

/**
 * Parses UCCI `go` arguments: `[ponder|draw] depth N|infinite | nodes N | time T [movestogo N |
 * increment I] [opptime T [oppmovestogo N | oppincrement I]]`. `time` and `increment` are the side
 * to move's clock (milliseconds, or seconds when `millis` is false), mapped to wtime/winc or
 * btime/binc; `opptime`/`oppincrement` to the other side's. Without depth, nodes or time the search
 * runs until stopped. Throws an Error naming the bad token.
 */
export function parseUcciGo(args: string[], turn: Color, millis: boolean): UcciGo {
  const limits: SearchLimits = {};
  let ponder = false;
  let draw = false;
  let mode = false;
  const [own, opp] = turn === 'red' ? (['w', 'b'] as const) : (['b', 'w'] as const);
  const unit = millis ? 1 : 1000;
  for (let i = 0; i < args.length; i++) {
    const token = args[i]!;
    if (token === 'ponder') {
      ponder = true;
      continue;
    }
    if (token === 'draw') {
      draw = true;
      continue;
    }
    if (token === 'depth' && args[i + 1] === 'infinite') {
      limits.infinite = true;
      mode = true;
      i++;
      continue;
    }
    const text = args[++i];
    const number = (): number => {
      // Clocks may go negative when a player overstepped; treat that as zero.
      if (text === undefined || !/^-?\d{1,12}$/.test(text)) {
        throw new Error(`go ${token} needs a whole number, not "${text ?? ''}"`);
      }
      return Math.max(0, Number(text));
    };
    switch (token) {
      // A depth or node count of 0 is searched as 1: the GUI still gets a move.
      case 'depth':
        limits.depth = Math.max(1, number());
        mode = true;
        break;
      case 'nodes':
        limits.nodes = Math.max(1, number());
        mode = true;
        break;
      case 'time':
        limits[`${own}time`] = number() * unit;
        mode = true;
        break;
      case 'increment':
        limits[`${own}inc`] = number() * unit;
        break;
      case 'movestogo':
        limits.movestogo = number();
        break;
      case 'opptime':
        limits[`${opp}time`] = number() * unit;
        break;
      case 'oppincrement':
        limits[`${opp}inc`] = number() * unit;
        break;
      case 'oppmovestogo':
        number(); // checked, not used: the time budget needs only the engine's own clock
        break;
      default:
        throw new Error(`unknown go parameter "${token}"`);
    }
  }
  if (!mode) limits.infinite = true;
  return { limits, ponder, draw };
}
