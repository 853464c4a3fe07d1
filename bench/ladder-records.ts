// The ladder's games as the match tool kept them (bench/matches/ladder/*.json, one summary per
// match): which levels met, at what time a move, and how they scored. A level is our engine at a
// `Skill Level` (20, full strength, when the option is not set), or the anchor engine.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PairResult } from './ladder-fit.ts';

/** The anchor's name among the levels. */
export const ANCHOR = 'anchor';

/** A level's name: `skill-N`, or the anchor. */
export const skillName = (skill: number): string => `skill-${skill}`;

export function skillOf(name: string): number | null {
  const match = /^skill-(\d+)$/.exec(name);
  return match ? Number(match[1]) : null;
}

interface SavedEngine {
  name: string;
  options: [string, string][];
}

interface SavedSummary {
  settings: { time: { kind: string; ms?: number }; stopped?: string | null };
  engines: { ours: SavedEngine; opponent: SavedEngine };
  summary: { wins: number; draws: number; losses: number };
}

/** The level an engine of a ladder match played as. */
function levelOf(engine: SavedEngine): string {
  if (/^fairy-stockfish/i.test(engine.name)) return ANCHOR;
  const skill = engine.options.find(([name]) => name.toLowerCase() === 'skill level');
  return skillName(skill ? Number(skill[1]) : 20);
}

export interface LadderMatch {
  file: string;
  a: string;
  b: string;
  movetimeMs: number | null;
  wins: number;
  draws: number;
  losses: number;
}

/** Every match summary in `dir` (none when it does not exist yet). */
export function readLadderMatches(dir: string): LadderMatch[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const saved = JSON.parse(readFileSync(join(dir, f), 'utf8')) as SavedSummary;
      const time = saved.settings.time;
      return {
        file: f,
        a: levelOf(saved.engines.ours),
        b: levelOf(saved.engines.opponent),
        movetimeMs: time.kind === 'movetime' ? (time.ms ?? null) : null,
        wins: saved.summary.wins,
        draws: saved.summary.draws,
        losses: saved.summary.losses,
      };
    });
}

/** The results of each pair of levels (either way round) at `movetimeMs`, as `a` against `b` with a < b in `order`. */
export function pairResults(matches: readonly LadderMatch[], movetimeMs: number): PairResult[] {
  const pairs = new Map<string, PairResult>();
  for (const m of matches) {
    if (m.movetimeMs !== movetimeMs || m.a === m.b) continue;
    const [a, b, wins, losses] = m.a < m.b ? [m.a, m.b, m.wins, m.losses] : [m.b, m.a, m.losses, m.wins];
    const key = `${a}|${b}`;
    const pair = pairs.get(key) ?? { a, b, games: 0, points: 0 };
    pair.games += wins + m.draws + losses;
    pair.points += wins + m.draws / 2;
    pairs.set(key, pair);
  }
  return [...pairs.values()];
}

/** Games played so far between two levels at `movetimeMs`. */
export function gamesBetween(matches: readonly LadderMatch[], a: string, b: string, movetimeMs: number): number {
  const [x, y] = a < b ? [a, b] : [b, a];
  return pairResults(matches, movetimeMs).find((p) => p.a === x && p.b === y)?.games ?? 0;
}
