// UCI text for search reports, and parsing of `go` arguments.
import type { GameStatus, Score, SearchInfo, SearchLimits } from '../web/engine/types.ts';

/** The last line of `d`: `Status: ongoing`, or `Status: <result> <reason>` (e.g. `Status: 0-1 perpetual-chase`). */
export function statusLine(status: GameStatus): string {
  return status.over ? `Status: ${status.result} ${status.reason}` : 'Status: ongoing';
}

export function formatScore(score: Score): string {
  return 'mate' in score ? `mate ${score.mate}` : `cp ${score.cp}`;
}

export function formatInfo(info: SearchInfo, multiPv: number): string {
  const parts = [`info depth ${info.depth} seldepth ${info.seldepth}`];
  if (multiPv > 1) parts.push(`multipv ${info.multipv}`);
  parts.push(
    `score ${formatScore(info.score)} nodes ${info.nodes} nps ${info.nps} time ${info.time} hashfull ${info.hashfull}`,
  );
  if (info.tbhits !== undefined) parts.push(`tbhits ${info.tbhits}`);
  if (info.pv.length) parts.push(`pv ${info.pv.join(' ')}`);
  return parts.join(' ');
}

const ICCS = /^[a-i]\d[a-i]\d$/i;
const NUMERIC = ['depth', 'nodes', 'movetime', 'wtime', 'btime', 'winc', 'binc', 'movestogo'] as const;
type NumericLimit = (typeof NUMERIC)[number];

/**
 * Parses `go` arguments; throws an Error naming the bad token. `ponder` (searching on the opponent's
 * time) is reported apart from the limits, which are the ones the search gets after `ponderhit`.
 */
export function parseGoCommand(args: string[]): { limits: SearchLimits; ponder: boolean } {
  const limits: SearchLimits = {};
  let ponder = false;
  for (let i = 0; i < args.length; i++) {
    const token = args[i]!;
    if (token === 'infinite') {
      limits.infinite = true;
    } else if (token === 'ponder') {
      ponder = true;
    } else if ((NUMERIC as readonly string[]).includes(token)) {
      const text = args[++i];
      // Clocks may go negative in some GUIs when a player overstepped; treat that as zero.
      if (text === undefined || !/^-?\d{1,12}$/.test(text)) {
        throw new Error(`go ${token} needs a whole number, not "${text ?? ''}"`);
      }
      // A depth or node count of 0 is searched as 1: the GUI still gets a move.
      const least = token === 'depth' || token === 'nodes' ? 1 : 0;
      limits[token as NumericLimit] = Math.max(least, Number(text));
    } else if (token === 'searchmoves') {
      // The moves run to the next keyword (UCI puts searchmoves last, but GUIs do not all do so).
      const moves: string[] = [];
      while (i + 1 < args.length && ICCS.test(args[i + 1]!)) moves.push(args[++i]!.toLowerCase());
      if (moves.length === 0) throw new Error('go searchmoves needs at least one move in ICCS form (such as h2e2)');
      limits.searchmoves = [...new Set([...(limits.searchmoves ?? []), ...moves])];
    } else {
      throw new Error(`unknown go parameter "${token}"`);
    }
  }
  return { limits, ponder };
}

/** Parses `go` arguments into the limits of the search they start (`ponder`: until stopped). */
export function parseGo(args: string[]): SearchLimits {
  const { limits, ponder } = parseGoCommand(args);
  return ponder ? { ...limits, infinite: true } : limits;
}
