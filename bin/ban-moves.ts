// UCCI `banmoves` without a change to the engine: the search has no way to leave root moves out,
// but its MultiPV search ranks them (line k is the best root move outside lines 1..k-1). With b of
// the legal moves banned, b + 1 lines always hold the best move that is not banned; this picks it
// out of the reports and the result, and shows only that line.
import type { SearchInfo, SearchResult } from '../web/engine/types.ts';

export class RootFilter {
  /** The legal moves that are not banned, in the engine's order. */
  readonly allowed: string[];
  /** Lines to ask of the search. */
  readonly multipv: number;
  /** False when more moves are banned than `maxLines - 1`: a banned move may then fill every line. */
  readonly complete: boolean;
  private readonly banned: Set<string>;
  private shownDepth = 0;
  private best: SearchInfo | null = null;

  constructor(legal: readonly string[], banned: readonly string[], multipv: number, maxLines: number) {
    const legalBanned = new Set(banned.filter((move) => legal.includes(move)));
    this.banned = legalBanned;
    this.allowed = legal.filter((move) => !legalBanned.has(move));
    const wanted = legalBanned.size === 0 ? multipv : legalBanned.size + 1;
    this.multipv = Math.min(wanted, maxLines);
    this.complete = wanted <= maxLines;
  }

  get active(): boolean {
    return this.banned.size > 0;
  }

  isBanned(move: string | null): boolean {
    return move !== null && this.banned.has(move);
  }

  /**
   * True for the report to show: the first line of each depth whose move is allowed (the best
   * one, as lines come best first). It is remembered in case the result names a banned move.
   */
  accept(info: SearchInfo): boolean {
    if (info.depth === this.shownDepth || this.isBanned(info.pv[0] ?? null)) return false;
    this.shownDepth = info.depth;
    if (info.pv.length > 0) this.best = info;
    return true;
  }

  /** The move to play: the search's, unless it is banned; then the best allowed line reported. */
  choose(result: SearchResult): { bestMove: string | null; ponder: string | null } {
    if (!this.isBanned(result.bestMove)) return { bestMove: result.bestMove, ponder: result.ponder };
    if (this.best) return { bestMove: this.best.pv[0]!, ponder: this.best.pv[1] ?? null };
    // Stopped before the first iteration ended: any allowed move beats none.
    return { bestMove: this.allowed[0] ?? null, ponder: null };
  }
}
