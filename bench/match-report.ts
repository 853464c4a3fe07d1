// Match arithmetic and the printed summary: W/D/L, score, Elo with its 95% margin, per colour,
// per end reason, and what each engine reported about its searches.
import { table } from './stats.ts';
import { countDepth, emptyStats, ourScore, type GameRecord, type Side, type SideStats } from './match-game.ts';

export interface Tally {
  wins: number;
  draws: number;
  losses: number;
}

export interface EloEstimate {
  /** Elo difference of our engine over the opponent; ±Infinity for a 100% or 0% score. */
  elo: number;
  /** The 95% interval of the Elo difference; an end is ±Infinity when the score's interval reaches 0 or 1. */
  low: number;
  high: number;
  /** Half-width of that interval (Infinity when an end is infinite, NaN without games). */
  margin: number;
  /** Likelihood of superiority: the chance our engine is the stronger one, from wins and losses. */
  los: number;
}

export function tally(games: readonly GameRecord[]): Tally {
  const t: Tally = { wins: 0, draws: 0, losses: 0 };
  for (const game of games) {
    const score = ourScore(game);
    if (score === 1) t.wins++;
    else if (score === 0) t.losses++;
    else t.draws++;
  }
  return t;
}

export const gamesIn = (t: Tally): number => t.wins + t.draws + t.losses;
export const scoreOf = (t: Tally): number => (gamesIn(t) ? (t.wins + t.draws / 2) / gamesIn(t) : NaN);

/** Logistic Elo model: expected score p = 1 / (1 + 10^(-d/400)), so d = -400 log10(1/p - 1). */
export function eloFromScore(p: number): number {
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  return -400 * Math.log10(1 / p - 1) + 0; // + 0 turns -0 (at p = 1/2) into 0
}

/**
 * Elo and its 95% margin as cutechess-cli computes them: the per-game score (1, 1/2, 0) has mean p
 * and variance s² = (W(1-p)² + D(1/2-p)² + L(0-p)²) / N; the mean's standard error is s/√N, the 95%
 * interval of the score is p ± 1.96 s/√N, and the margin is half the width of that interval mapped
 * through eloFromScore. When p ± 1.96 s/√N leaves [0, 1] that end of the interval is infinite
 * (and formatElo shows the finite end as a bound instead of a ±). LOS = ½(1 + erf((W - L) / √(2(W + L)))), draws carry no information.
 */
export function eloEstimate(t: Tally): EloEstimate {
  const n = gamesIn(t);
  const p = scoreOf(t);
  const decisive = t.wins + t.losses;
  const los = decisive ? 0.5 * (1 + erf((t.wins - t.losses) / Math.sqrt(2 * decisive))) : 0.5;
  if (n === 0) return { elo: NaN, low: NaN, high: NaN, margin: NaN, los };
  let [low, high] = [-Infinity, Infinity];
  if (p === 1 || p === 0) {
    // A sweep has no variance, but a true win rate q still gives n wins in a row with chance q^n:
    // q^n = 2.5% (one tail of 95%) is the lowest rate the sweep leaves plausible. Mirrored for 0%.
    const q = 0.025 ** (1 / n);
    if (p === 1) low = eloFromScore(q);
    else high = eloFromScore(1 - q);
  } else {
    const variance = (t.wins * (1 - p) ** 2 + t.draws * (0.5 - p) ** 2 + t.losses * p ** 2) / n;
    const error = 1.96 * Math.sqrt(variance / n);
    [low, high] = [eloFromScore(p - error), eloFromScore(p + error)];
  }
  return { elo: eloFromScore(p), low, high, margin: (high - low) / 2, los };
}

/** Abramowitz and Stegun 7.1.26 (error below 1.5e-7): enough for a percentage. */
function erf(x: number): number {
  const sign = Math.sign(x);
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - poly * Math.exp(-a * a));
}

export function formatElo(e: EloEstimate): string {
  if (Number.isNaN(e.elo)) return 'n/a';
  const signed = (x: number) =>
    x === Infinity ? '+inf' : x === -Infinity ? '-inf' : `${x >= 0 ? '+' : ''}${x.toFixed(0)}`;
  if (Number.isFinite(e.margin)) return `${signed(e.elo)} ± ${e.margin.toFixed(0)}`;
  // One end open: say what the games do rule out.
  return Number.isFinite(e.low) ? `${signed(e.elo)} (> ${signed(e.low)})` : `${signed(e.elo)} (< ${signed(e.high)})`;
}

const pct = (x: number) => (Number.isNaN(x) ? 'n/a' : `${(x * 100).toFixed(1)}%`);

function tallyRow(label: string, t: Tally): string[] {
  return [
    label,
    String(gamesIn(t)),
    String(t.wins),
    String(t.draws),
    String(t.losses),
    pct(scoreOf(t)),
    formatElo(eloEstimate(t)),
  ];
}

/** How the games that ended one way went, from our side: wins and losses split by our colour. */
export interface ReasonTally extends Tally {
  winsAsRed: number;
  winsAsBlack: number;
  lossesAsRed: number;
  lossesAsBlack: number;
}

/** The games by how they ended (checkmate, perpetual-check, ...), each with who won it as which colour. */
export function byReason(games: readonly GameRecord[]): Record<string, ReasonTally> {
  const reasons = [...new Set(games.map((g) => g.reason))].sort();
  return Object.fromEntries(
    reasons.map((reason) => {
      const these = games.filter((g) => g.reason === reason);
      const count = (score: number, color: 'red' | 'black') =>
        these.filter((g) => ourScore(g) === score && g.ourColor === color).length;
      return [
        reason,
        {
          ...tally(these),
          winsAsRed: count(1, 'red'),
          winsAsBlack: count(1, 'black'),
          lossesAsRed: count(0, 'red'),
          lossesAsBlack: count(0, 'black'),
        },
      ];
    }),
  );
}

/**
 * Results by colour, by reason and overall, from our engine's point of view; the Elo column only
 * for a fixed-length match (a run stopped at an SPRT bound gives a verdict, not an estimate).
 */
export function resultTables(games: readonly GameRecord[], withElo = true): string {
  const row = (label: string, t: Tally) => (withElo ? tallyRow(label, t) : tallyRow(label, t).slice(0, -1));
  const byColor = (['red', 'black'] as const).map((color) =>
    row(`as ${color}`, tally(games.filter((g) => g.ourColor === color))),
  );
  const overall = row('all', tally(games));
  const reasons = Object.entries(byReason(games)).map(([reason, t]) => [
    reason,
    String(gamesIn(t)),
    `${t.wins} (${t.winsAsRed} as red, ${t.winsAsBlack} as black)`,
    String(t.draws),
    `${t.losses} (${t.lossesAsRed} as red, ${t.lossesAsBlack} as black)`,
  ]);
  return [
    table(['games (ours)', 'n', 'W', 'D', 'L', 'score', ...(withElo ? ['Elo (95%)'] : [])], [...byColor, overall]),
    '',
    table(['game ended by', 'n', 'our wins', 'draws', 'our losses'], reasons),
  ].join('\n');
}

/**
 * Our scores in the pairs whose two games have both finished, by pair: games 2k+1 and 2k+2 (1-based
 * indexes, as schedule() numbers them) play one opening with the colours swapped.
 */
export function finishedPairs(games: readonly Pick<GameRecord, 'index' | 'result' | 'ourColor'>[]): [number, number][] {
  const byPair = new Map<number, number[]>();
  for (const game of [...games].sort((a, b) => a.index - b.index)) {
    const pair = Math.floor((game.index - 1) / 2);
    byPair.set(pair, [...(byPair.get(pair) ?? []), ourScore(game)]);
  }
  return [...byPair.entries()]
    .filter(([, scores]) => scores.length === 2)
    .sort((a, b) => a[0] - b[0])
    .map(([, scores]) => [scores[0]!, scores[1]!]);
}

/** One finished game as the match prints it, with the running score so far. */
export function progressLine(game: GameRecord, done: number, total: number, sofar: readonly GameRecord[]): string {
  const t = tally(sofar);
  const plies = game.moves.length;
  const head = `[${done}/${total}] #${game.index} ${game.opening}, ours ${game.ourColor}: ${game.result} ${game.reason}`;
  const running = `ours +${t.wins} =${t.draws} -${t.losses} (${(scoreOf(t) * 100).toFixed(1)}%)`;
  const score = ourScore(game) === 1 ? 'win' : ourScore(game) === 0 ? 'loss' : 'draw';
  return `${head} (${score}), ${plies} plies, ${(game.durationMs / 1000).toFixed(0)} s | ${running}${game.detail ? `\n    ${game.detail}` : ''}`;
}

export function sumStats(games: readonly GameRecord[], side: Side): SideStats {
  const total = emptyStats();
  for (const game of games) {
    const s = game.stats[side];
    total.moves += s.moves;
    total.reported += s.reported;
    total.depthSum += s.depthSum;
    for (const [depth, count] of (s.depths ?? []).entries()) countDepth(total, depth, count);
    total.nodes += s.nodes;
    total.searchMs += s.searchMs;
    total.thinkMs += s.thinkMs;
    total.maxThinkMs = Math.max(total.maxThinkMs, s.maxThinkMs);
    total.lateMoves += s.lateMoves;
  }
  return total;
}

export interface SearchSummary {
  moves: number;
  averageDepth: number | null;
  /** The median of the depths reached, or null when the records have no per-depth counts. */
  medianDepth: number | null;
  nps: number | null;
  averageThinkMs: number | null;
  maxThinkMs: number;
  lateMoves: number;
}

/** The median of a histogram (counts by value): the lower middle value for an even count. */
export function medianOf(counts: readonly number[]): number | null {
  const total = counts.reduce((sum, c) => sum + c, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const [value, count] of counts.entries()) {
    seen += count;
    if (seen * 2 >= total) return value;
  }
  return null;
}

export function searchSummary(s: SideStats): SearchSummary {
  return {
    moves: s.moves,
    averageDepth: s.reported ? s.depthSum / s.reported : null,
    medianDepth: medianOf(s.depths ?? []),
    nps: s.searchMs ? (s.nodes * 1000) / s.searchMs : null,
    averageThinkMs: s.moves ? s.thinkMs / s.moves : null,
    maxThinkMs: s.maxThinkMs,
    lateMoves: s.lateMoves,
  };
}

export function searchTable(rows: [name: string, summary: SearchSummary][], movetime: boolean): string {
  const num = (x: number | null, digits: number) => (x === null ? 'n/a' : x.toFixed(digits));
  return table(
    [
      'engine',
      'moves',
      'avg depth',
      'median depth',
      'nps',
      'avg ms/move',
      'max ms',
      ...(movetime ? ['> movetime+30'] : []),
    ],
    rows.map(([name, s]) => [
      name,
      String(s.moves),
      num(s.averageDepth, 1),
      num(s.medianDepth, 0),
      s.nps === null ? 'n/a' : `${(s.nps / 1e6).toFixed(2)} M`,
      num(s.averageThinkMs, 0),
      s.maxThinkMs.toFixed(0),
      ...(movetime ? [String(s.lateMoves)] : []),
    ]),
  );
}

/** One saved match as `--summarize` reads it back (the parts of the JSON it needs). */
export interface SavedMatch {
  file: string;
  engines: { opponent: { name: string } };
  settings: {
    time: { kind: string; ms?: number; nodes?: number; baseMs?: number; incMs?: number };
    buildFingerprint?: string;
  };
  machine: { loadBefore?: number[]; loadAfter?: number[] };
  games: GameRecord[];
}

/** One row per saved match, e.g. a ladder of opponent skill levels. */
export function ladderTable(matches: readonly SavedMatch[]): string {
  const load = (m: SavedMatch) =>
    [m.machine.loadBefore?.[0], m.machine.loadAfter?.[0]].map((l) => l?.toFixed(1) ?? '?').join('-');
  const time = (t: SavedMatch['settings']['time']): string =>
    t.kind === 'movetime'
      ? `${t.ms} ms`
      : t.kind === 'nodes'
        ? `${t.nodes} nodes`
        : `${(t.baseMs ?? 0) / 1000}+${(t.incMs ?? 0) / 1000}`;
  return table(
    ['opponent', 'time', 'n', 'W', 'D', 'L', 'score', 'Elo (95%)', 'our depth', 'our nps', 'build', 'load'],
    matches.map((m) => {
      const t = tally(m.games);
      const ours = searchSummary(sumStats(m.games, 'ours'));
      return [
        m.engines.opponent.name,
        time(m.settings.time),
        String(gamesIn(t)),
        String(t.wins),
        String(t.draws),
        String(t.losses),
        pct(scoreOf(t)),
        formatElo(eloEstimate(t)),
        ours.averageDepth?.toFixed(1) ?? 'n/a',
        ours.nps === null ? 'n/a' : `${(ours.nps / 1e6).toFixed(2)} M`,
        m.settings.buildFingerprint ?? '?',
        load(m),
      ];
    }),
  );
}
