// The time-odds ladder of docs/log/strength.md (issue 70): our engine at a base time against
// Fairy-Stockfish 11.1 at k times it, and Fairy-Stockfish at k times against itself, each a committed
// match record; where both rungs of an odds k are measured at one base, their sum converts the odds
// score into an equal-time Elo over Fairy-Stockfish 11.1's classical evaluation:
//   ours(t) - FS(t) = [ours(t) - FS(k t)] + [FS(k t) - FS(t)],
// with the two 95% margins added in quadrature. Elo is not transitive between engines of different
// kinds (self-play exaggerates a time gain), so the conversion is a yardstick, not a proof.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The records that make the ladder (bench/matches/<name>.json), declared once here. */
export const ODDS_RECORDS = {
  /** Ours at the base time against Fairy-Stockfish at `odds` times it. */
  ours: [
    { odds: 4, record: '2026-12-05-09-47-25-fairy-stockfish' },
    { odds: 8, record: '2026-12-07-11-18-36-fairy-stockfish' },
    { odds: 8, record: '2026-12-07-13-13-44-fairy-stockfish' },
    { odds: 16, record: '2026-12-07-19-30-06-fairy-stockfish' },
  ],
  /** Fairy-Stockfish at `odds` times the base against itself at the base. */
  fairy: [
    { odds: 2, record: '2026-12-07-06-24-20-self' },
    { odds: 4, record: '2026-12-07-07-05-50-self' },
    { odds: 2, record: '2026-12-07-15-06-18-self' },
    { odds: 2, record: '2026-12-07-22-09-39-self' },
  ],
} as const;

export interface Summary {
  wins: number;
  draws: number;
  losses: number;
  score: number;
  elo: number;
  eloMargin95: number;
}
export interface Rung {
  odds: number;
  record: string;
  base: number;
  games: number;
  summary: Summary;
  load: string;
  /** Nodes a second of the first side and its opponent, in millions (a loaded host gives fewer). */
  nps: string;
}

function readRung(odds: number, record: string): Rung {
  const path = fileURLToPath(new URL(`../bench/matches/${record}.json`, import.meta.url));
  const json = JSON.parse(readFileSync(path, 'utf8')) as {
    machine: { loadBefore?: number[]; loadAfter?: number[] };
    settings: { games: number; time: { ms: number }; opponentTime: { ms: number } | null };
    search: { ours: { nps: number }; opponent: { nps: number } };
  } & { summary: Summary };
  const { time, opponentTime } = json.settings;
  const slow = Math.min(time.ms, opponentTime?.ms ?? time.ms);
  const fast = Math.max(time.ms, opponentTime?.ms ?? time.ms);
  if (fast !== odds * slow) throw new Error(`${record}: ${time.ms} ms against ${opponentTime?.ms} ms is not ${odds}x`);
  const s = json.summary;
  const load = [json.machine.loadBefore?.[0], json.machine.loadAfter?.[0]].map((l) => l?.toFixed(1) ?? '?').join('/');
  const mnps = (n: number) => (n / 1e6).toFixed(2);
  const nps = `${mnps(json.search.ours.nps)} M / ${mnps(json.search.opponent.nps)} M`;
  return { odds, record, base: slow, games: s.wins + s.draws + s.losses, summary: s, load, nps };
}

const elo = (e: number, m: number) => `${e >= 0 ? '+' : ''}${Math.round(e)} ± ${Math.round(m)}`;
const wdl = (s: Summary) => `${(100 * s.score).toFixed(1)}% (+${s.wins} =${s.draws} -${s.losses})`;
const link = (r: Rung) => `[record](../../bench/matches/${r.record}.json)`;

/**
 * Fairy-Stockfish's gain from `base` to `odds` times it: a run of exactly that, or a chain of runs
 * whose times follow on (4x at 100 ms, then 2x at 400 ms, for 8x at 100 ms), whose Elo adds up.
 */
export function fairyChain(fairy: readonly Rung[], odds: number, base: number): Rung[] | null {
  const direct = fairy.find((r) => r.odds === odds && r.base === base);
  if (direct) return [direct];
  for (const first of fairy) {
    if (first.base !== base || first.odds >= odds || odds % first.odds !== 0) continue;
    const rest = fairyChain(fairy, odds / first.odds, base * first.odds);
    if (rest) return [first, ...rest];
  }
  return null;
}

export function oddsTable(): string {
  const ours = ODDS_RECORDS.ours.map((r) => readRung(r.odds, r.record));
  const fairy = ODDS_RECORDS.fairy.map((r) => readRung(r.odds, r.record));
  const odds = [...new Set([...ours, ...fairy].map((r) => r.odds))].sort((a, b) => a - b);
  // A row for each of our runs at an odds (a rerun is a row of its own), with Fairy-Stockfish's own
  // gain at that odds and base; where we have none, a row for each of its runs at that odds.
  const pairs = odds.flatMap((k): { k: number; o: Rung | undefined; f: Rung[] | null }[] => {
    const runs = ours.filter((r) => r.odds === k);
    if (runs.length) return runs.map((o) => ({ k, o, f: fairyChain(fairy, k, o.base) }));
    return fairy.filter((r) => r.odds === k).map((f) => ({ k, o: undefined, f: [f] }));
  });
  const total = (rungs: readonly Rung[]) => ({
    elo: rungs.reduce((s, r) => s + r.summary.elo, 0),
    margin: Math.hypot(...rungs.map((r) => r.summary.eloMargin95)),
  });
  const rows = pairs.map(({ k, o, f }) => {
    const gain = f && total(f);
    const converted =
      o && gain ? `**${elo(o.summary.elo + gain.elo, Math.hypot(o.summary.eloMargin95, gain.margin))}**` : '–';
    const run = (r: Rung, who: string) =>
      `${who} ${r.base} ms: ${wdl(r.summary)}, ${elo(r.summary.elo, r.summary.eloMargin95)}, ${r.games} games, load ${r.load}, ${r.nps} nodes/s, ${link(r)}`;
    const itself = !f
      ? 'not measured'
      : f.length === 1
        ? run(f[0]!, 'itself at')
        : `chained, ${elo(gain!.elo, gain!.margin)}: ${f.map((r) => `${r.odds}x ${run(r, 'over itself at')}`).join('; then ')}`;
    return `| ${k}x | ${o ? run(o, 'ours') : 'not measured'} | ${itself} | ${converted} |`;
  });
  return [
    '<!-- Written by `npm run generate` from the records declared in scripts/odds-table.ts: do not edit. -->',
    '',
    '| odds | ours against Fairy-Stockfish at k times our time | Fairy-Stockfish at k times against itself | equal-time Elo over Fairy-Stockfish |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
