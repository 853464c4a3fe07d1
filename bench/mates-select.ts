// Which verified mates the suite keeps (bench/mates-mine.ts): the candidates are taken in a fixed
// shuffled order, so that the suite draws on every record rather than on the first ones, and each
// mate length keeps at most so many forcing and so many quiet mates, so that mates in 1 (plentiful
// at the end of every game) do not crowd out the longer ones, nor checks the quiet moves. Pure: the
// same verdicts give the same suite.
import { MAX_MATE, type MateKind } from './mates-suite.ts';
import { positionKey, type Candidate } from './mates-candidates.ts';

/** What the miner learnt of one candidate. */
export interface Verdict {
  fen: string;
  source: string;
  /** The shortest mate Fairy-Stockfish proved (moves of the side to move), or null for none up to its limit. */
  n: number | null;
  /** Every first move that mates in n; absent when they were not searched (the quota was full). */
  moves?: string[];
  kind?: MateKind;
}

/** A verdict the suite keeps: a mate with its first moves and kind. */
export type Kept = Verdict & { n: number; moves: string[]; kind: MateKind };

export interface Quotas {
  /** At most this many forcing mates of each length. */
  forcing: number;
  /** At most this many quiet mates of each length. */
  quiet: number;
  /** A mate with more shortest first moves than this is left out (any move would do). */
  maxMoves: number;
}

/** 32-bit FNV-1a: a fixed, machine-independent shuffle key. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The candidates in the order the miner takes them: by a hash of the position, ties by source. */
export function shuffled(candidates: readonly Candidate[]): Candidate[] {
  return candidates
    .map((c) => ({ c, h: fnv1a(positionKey(c.fen)) }))
    .sort((a, b) => a.h - b.h || (a.c.source < b.c.source ? -1 : 1))
    .map(({ c }) => c);
}

/** The suite as it grows: how many of each length and kind it holds. */
export class Selection {
  readonly kept: Kept[] = [];
  private readonly counts = new Map<string, number>();

  constructor(private readonly quotas: Quotas) {}

  private count(n: number, kind: MateKind): number {
    return this.counts.get(`${n} ${kind}`) ?? 0;
  }

  full(n: number, kind: MateKind): boolean {
    return this.count(n, kind) >= this.quotas[kind];
  }

  /** Every length has all its mates of both kinds. */
  complete(): boolean {
    for (let n = 1; n <= MAX_MATE; n++) if (!this.full(n, 'forcing') || !this.full(n, 'quiet')) return false;
    return true;
  }

  /**
   * Whether a mate in n is worth searching every first move of: not when both its quotas are full,
   * nor when the forcing one is and the move Fairy-Stockfish chose captures or checks (so the mate
   * cannot be quiet).
   */
  wants(n: number, bestIsForcing: boolean): boolean {
    if (n < 1 || n > MAX_MATE) return false;
    return !this.full(n, 'forcing') || (!bestIsForcing && !this.full(n, 'quiet'));
  }

  /** Takes a verdict if the suite wants it; says whether it did. */
  offer(v: Verdict): boolean {
    const { n, moves, kind } = v;
    if (n === null || n < 1 || n > MAX_MATE || !moves || !kind) return false;
    if (moves.length === 0 || moves.length > this.quotas.maxMoves || this.full(n, kind)) return false;
    this.counts.set(`${n} ${kind}`, this.count(n, kind) + 1);
    this.kept.push({ fen: v.fen, source: v.source, n, moves, kind });
    return true;
  }
}
