// Sequential probability ratio test on game pairs, as Stockfish's fishtest runs it for pentanomial
// results with logistic Elo bounds (its server/fishtest/stats/LLRcalc.py: LLR_logistic, MLE_expected,
// secular, regularize). Pure functions: the match tool feeds it pair scores and prints the state.
//
// Each pair is the same opening played twice, colours swapped. Its score from our side, 0, 0.5, 1,
// 1.5 or 2, halved to x in {0, 1/4, 1/2, 3/4, 1}, is one sample. The hypotheses are "our expected
// score is s0" and "it is s1", s = 1 / (1 + 10^(-elo/400)). Under each, the likelihood is maximised
// over the five-outcome distributions with that mean (a Lagrange multiplier, found by bisection);
// the log-likelihood ratio of the two maxima is compared with the bounds of Wald's test.

export interface SprtSettings {
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
}

export const SPRT_DEFAULTS: SprtSettings = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };

/** Counts of pairs that scored 0, 0.5, 1, 1.5 and 2 (our side), in that order. */
export type Pentanomial = [number, number, number, number, number];

export type SprtDecision = 'H1' | 'H0' | null;

export interface SprtState {
  pairs: number;
  pentanomial: Pentanomial;
  /** Wins, draws and losses over the games of the finished pairs. */
  wdl: { wins: number; draws: number; losses: number };
  llr: number;
  lower: number;
  upper: number;
  /** H1 (elo1 more likely: accept the change) or H0 (elo0), once a bound is crossed. */
  decision: SprtDecision;
}

/** Expected score of the logistic Elo model. */
export const scoreFromElo = (elo: number): number => 1 / (1 + 10 ** (-elo / 400));

/** Wald's bounds: ln(beta / (1 - alpha)) below, ln((1 - beta) / alpha) above. */
export function sprtBounds({ alpha, beta }: SprtSettings): { lower: number; upper: number } {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/** The outcome values of a pentanomial sample: pair score / 2. */
const VALUES = [0, 0.25, 0.5, 0.75, 1] as const;

/**
 * fishtest's regularize: an outcome never seen counts as 1e-3 of a pair, so that every outcome has
 * some probability (the constrained MLE needs outcomes on both sides of s) and a run of identical
 * pairs (variance 0) gives a large finite LLR instead of an infinite one.
 */
function regularize(counts: readonly number[]): number[] {
  return counts.map((c) => (c === 0 ? 1e-3 : c));
}

/**
 * Solves the secular equation sum_i p_i a_i / (1 + x a_i) = 0 for x in (-1/max a, -1/min a), where
 * min a < 0 < max a. The left side falls strictly from +inf to -inf there, so bisection finds it.
 */
function secular(a: readonly number[], p: readonly number[]): number {
  const low = Math.min(...a);
  const high = Math.max(...a);
  if (!(low < 0 && high > 0)) throw new Error('secular: the values must lie on both sides of 0');
  const f = (x: number) => a.reduce((sum, ai, i) => sum + (p[i]! * ai) / (1 + x * ai), 0);
  let [lo, hi] = [-1 / high, -1 / low];
  for (let i = 0; i < 200 && hi - lo > 1e-15 * Math.max(1, Math.abs(lo), Math.abs(hi)); i++) {
    const mid = (lo + hi) / 2;
    if (mid <= lo || mid >= hi) break;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The distribution over `values` with mean s that makes the observed frequencies `p` most likely:
 * q_i = p_i / (1 + x (a_i - s)) with x from the secular equation (fishtest's MLE_expected).
 */
export function mleWithMean(values: readonly number[], p: readonly number[], s: number): number[] {
  const a = values.map((v) => v - s);
  const x = secular(a, p);
  return p.map((pi, i) => pi / (1 + x * a[i]!));
}

/** The exact generalised LLR of H1 (score s1) against H0 (s0) for pentanomial counts. */
export function llrPentanomial(counts: Pentanomial, s0: number, s1: number): number {
  if (counts.reduce((a, b) => a + b, 0) === 0) return 0;
  const c = regularize(counts);
  const n = c.reduce((a, b) => a + b, 0);
  const p = c.map((ci) => ci / n);
  const q0 = mleWithMean(VALUES, p, s0);
  const q1 = mleWithMean(VALUES, p, s1);
  return n * p.reduce((sum, pi, i) => sum + pi * (Math.log(q1[i]!) - Math.log(q0[i]!)), 0);
}

/**
 * The usual normal approximation of the same LLR: N (s1 - s0) (2 mean - s0 - s1) / (2 var), with the
 * mean and variance of the (regularised) pair scores on 0..1. A cross-check for llrPentanomial.
 */
export function llrApproximation(counts: Pentanomial, s0: number, s1: number): number {
  if (counts.reduce((a, b) => a + b, 0) === 0) return 0;
  const c = regularize(counts);
  const n = c.reduce((a, b) => a + b, 0);
  const mean = c.reduce((sum, ci, i) => sum + ci * VALUES[i]!, 0) / n;
  const variance = c.reduce((sum, ci, i) => sum + ci * (VALUES[i]! - mean) ** 2, 0) / n;
  return (n * (s1 - s0) * (2 * mean - s0 - s1)) / (2 * variance);
}

/** Pair scores from our side (0, 0.5, 1, 1.5, 2) to pentanomial counts. */
export function pentanomialOf(pairScores: readonly number[]): Pentanomial {
  const counts: Pentanomial = [0, 0, 0, 0, 0];
  for (const score of pairScores) {
    const i = Math.round(score * 2);
    if (i < 0 || i > 4 || Math.abs(score * 2 - i) > 1e-9)
      throw new Error(`a pair scores 0, 0.5, 1, 1.5 or 2, not ${score}`);
    counts[i]!++;
  }
  return counts;
}

/** The test's state after the given pairs (each a pair of our game scores, 1, 0.5 or 0). */
export function sprtState(settings: SprtSettings, pairs: readonly (readonly [number, number])[]): SprtState {
  const wdl = { wins: 0, draws: 0, losses: 0 };
  for (const pair of pairs) {
    for (const score of pair) {
      if (score === 1) wdl.wins++;
      else if (score === 0) wdl.losses++;
      else wdl.draws++;
    }
  }
  const pentanomial = pentanomialOf(pairs.map(([a, b]) => a + b));
  const llr = llrPentanomial(pentanomial, scoreFromElo(settings.elo0), scoreFromElo(settings.elo1));
  const { lower, upper } = sprtBounds(settings);
  const decision: SprtDecision = llr >= upper ? 'H1' : llr <= lower ? 'H0' : null;
  return { pairs: pairs.length, pentanomial, wdl, llr, lower, upper, decision };
}

export function describeSettings(s: SprtSettings): string {
  return `SPRT elo0=${s.elo0} elo1=${s.elo1} alpha=${s.alpha} beta=${s.beta}`;
}

/** One progress line: pairs, pentanomial counts, W/D/L, LLR and bounds, and the decision if any. */
export function sprtLine(state: SprtState): string {
  const { wins, draws, losses } = state.wdl;
  const verdict = state.decision === 'H1' ? ': H1 accepted' : state.decision === 'H0' ? ': H0 accepted' : '';
  return (
    `SPRT ${state.pairs} pairs, pentanomial [${state.pentanomial.join(' ')}], W/D/L ${wins}/${draws}/${losses}, ` +
    `LLR ${state.llr.toFixed(2)} [${state.lower.toFixed(2)}, ${state.upper.toFixed(2)}]${verdict}`
  );
}

/** `--sprt` words: `elo0=0 elo1=5 alpha=0.05 beta=0.05`, any of them, in any order. */
export function parseSprtWords(words: readonly string[]): SprtSettings {
  const settings = { ...SPRT_DEFAULTS };
  for (const word of words) {
    const match = /^(elo0|elo1|alpha|beta)=(-?\d+(?:\.\d+)?)$/.exec(word);
    if (!match) throw new SprtSettingsError(`--sprt takes elo0=X elo1=X alpha=X beta=X, not "${word}"`);
    settings[match[1] as keyof SprtSettings] = Number(match[2]);
  }
  if (!(settings.elo1 > settings.elo0))
    throw new SprtSettingsError(`--sprt wants elo1 > elo0 (got ${settings.elo0}, ${settings.elo1})`);
  for (const key of ['alpha', 'beta'] as const) {
    if (!(settings[key] > 0 && settings[key] < 0.5))
      throw new SprtSettingsError(`--sprt wants 0 < ${key} < 0.5, not ${settings[key]}`);
  }
  return settings;
}

export class SprtSettingsError extends Error {}
