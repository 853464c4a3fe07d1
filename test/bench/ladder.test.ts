// The calibration ladder's arithmetic (bench/ladder-fit.ts, ladder-records.ts): ratings fitted to
// every pair's score at once recover the ratings that made the scores, with the anchor held where it
// is put and errors that grow away from it; the match records kept in bench/matches/ladder-provisional/ are read
// into pairs by level and time a move.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expectedScore, fitRatings, type PairResult } from '../../bench/ladder-fit.ts';
import { LADDER_ANCHOR, LADDER_GAMES, LADDER_MATCHES } from '../../web/engine/levels.generated.ts';
import { ANCHOR, gamesBetween, pairResults, readLadderMatches } from '../../bench/ladder-records.ts';

const TRUE: Record<string, number> = {
  'skill-0': 700,
  'skill-4': 1150,
  'skill-10': 1700,
  'skill-20': 2150,
  anchor: 2300,
};
const LADDER = ['skill-0', 'skill-4', 'skill-10', 'skill-20', ANCHOR];

/** The scores a pair would make in `games` games if the ratings were TRUE. */
function exactPairs(games: number): PairResult[] {
  return LADDER.slice(1).map((b, i) => {
    const a = LADDER[i]!;
    return { a, b, games, points: games * expectedScore(TRUE[a]!, TRUE[b]!) };
  });
}

describe('the ladder fit', () => {
  test('recovers the ratings behind the scores, the anchor fixed', () => {
    const fitted = fitRatings(exactPairs(2000), ANCHOR, 2300);
    for (const r of fitted) expect(Math.abs(r.elo - TRUE[r.player]!), r.player).toBeLessThan(10);
    expect(fitted.find((r) => r.player === ANCHOR)).toMatchObject({ elo: 2300, margin: 0 });
  });

  test('errors shrink with games and grow down the ladder, away from the anchor', () => {
    const few = fitRatings(exactPairs(40), ANCHOR, 2300);
    const many = fitRatings(exactPairs(400), ANCHOR, 2300);
    const margin = (list: typeof few, player: string) => list.find((r) => r.player === player)!.margin;
    expect(margin(many, 'skill-10')).toBeLessThan(margin(few, 'skill-10'));
    expect(margin(few, 'skill-0')).toBeGreaterThan(margin(few, 'skill-20'));
  });

  test('a pair that won every game gets a finite gap', () => {
    const fitted = fitRatings([{ a: 'skill-0', b: ANCHOR, games: 20, points: 0 }], ANCHOR, 2300);
    const low = fitted.find((r) => r.player === 'skill-0')!;
    expect(Number.isFinite(low.elo)).toBe(true);
    expect(low.elo).toBeLessThan(2300 - 400);
  });

  test('an anchor that played no games is refused', () => {
    expect(() => fitRatings([{ a: 'skill-0', b: 'skill-4', games: 10, points: 5 }], ANCHOR, 2300)).toThrow(/anchor/);
  });
});

describe('the ladder records', () => {
  test('the committed provisional run reads as pairs of levels at 500 ms a move', () => {
    const dir = fileURLToPath(new URL('../../bench/matches/ladder-provisional/', import.meta.url));
    const matches = readLadderMatches(dir);
    expect(matches.length).toBeGreaterThan(0);
    const pairs = pairResults(matches, 500);
    const pair = pairs.find((p) => [p.a, p.b].sort().join() === ['skill-0', 'skill-1'].join())!;
    expect(pair.games).toBe(10);
    // skill-1 vs skill-0: 3 wins, 1 draw, 6 losses for skill 1.
    const skill1 = pair.a === 'skill-1' ? pair.points : pair.games - pair.points;
    expect(skill1).toBe(3.5);
    expect(gamesBetween(matches, 'skill-1', 'skill-0', 500)).toBe(10);
    expect(gamesBetween(matches, 'skill-1', 'skill-0', 1000)).toBe(0);
  });

  test('the shipped table counts the games of the folder it names, match by match', () => {
    const table = readFileSync(fileURLToPath(new URL('../../web/engine/levels.generated.ts', import.meta.url)), 'utf8');
    const folder = /^\/\/ (bench\/matches\/[\w-]+)\/ /m.exec(table)?.[1];
    expect(folder, 'levels.generated.ts names its records folder').toBeDefined();
    const pairs = pairResults(
      readLadderMatches(fileURLToPath(new URL(`../../${folder!}/`, import.meta.url))),
      LADDER_ANCHOR.movetimeMs,
    );
    expect(pairs.reduce((sum, p) => sum + p.games, 0)).toBe(LADDER_GAMES);
    // Every match docs/levels.md shows is that folder's tally, from the stronger side.
    expect(LADDER_MATCHES.length).toBeGreaterThan(0);
    for (const m of LADDER_MATCHES) {
      const q = pairs.find((p) => [p.a, p.b].sort().join() === [m.upper, m.lower].sort().join());
      expect(q, `${m.upper} vs ${m.lower}`).toBeDefined();
      expect([m.games, m.points]).toEqual([q!.games, q!.a === m.upper ? q!.points : q!.games - q!.points]);
    }
  });
});
