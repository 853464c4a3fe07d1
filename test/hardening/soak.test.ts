// Random-game soak (see lib/soak.ts for what is checked at every ply). Seeded, so a failure names
// the seed that replays it; npm test plays a third of the games on the day's seeds, npm run test:long
// all of them (test/lib/runs.ts). 10,000 games on both builds are in bench/soak.ts (`npm run soak`).
import { beforeAll, describe, expect, test } from 'vitest';
import { createEngine } from '../../web/engine/index.ts';
import type { Engine } from '../../web/engine/types.ts';
import { Random } from '../../bench/lib/random.ts';
import { runs, share } from '../lib/runs.ts';
import { expectedEnd, playSoakGame, START_FEN, type SoakGame } from '../../bench/lib/soak.ts';

let wasm: Engine;
let js: Engine;
beforeAll(async () => {
  [wasm, js] = await Promise.all([createEngine('wasm'), createEngine('js')]);
});

function soak(
  engines: Engine[],
  games: number,
  firstSeed: number,
  referenceRate: number,
  undoRate: number,
): SoakGame[] {
  const played: SoakGame[] = [];
  for (let i = 0; i < games; i++)
    played.push(playSoakGame(engines, new Random(firstSeed + i), { referenceRate, undoRate }));
  return played;
}

function tally(games: SoakGame[]): Record<string, number> {
  const count: Record<string, number> = {};
  for (const g of games) count[g.reason] = (count[g.reason] ?? 0) + 1;
  return count;
}

describe('random-game soak', () => {
  const wasmGames = runs(1500, 500, 1_000_000);
  test(`${wasmGames.count} games on the wasm build: legal moves, play/undo and every game end check out ${wasmGames.seedNote}`, () => {
    const games = soak([wasm], wasmGames.count, wasmGames.seed, 0.05, 0.15);
    const reasons = tally(games);
    // The move choice is built to reach every ending; if one never comes up, that branch of the
    // checking was never exercised and the soak proves less than it claims.
    for (const reason of [
      'checkmate',
      'stalemate',
      'perpetual-check',
      'repetition',
      'move-limit',
      'insufficient-material',
    ]) {
      expect(reasons[reason], `${reason} in ${JSON.stringify(reasons)}`).toBeGreaterThan(0);
    }
    // 1,500 games made some 18,000 checks; the rarest end, perpetual check, one game in 50.
    expect(games.reduce((n, g) => n + g.referenceChecks, 0)).toBeGreaterThan(share(8_000, wasmGames, 1500));
  });

  test('300 games from chase positions, moves that chase preferred: the chase verdicts check out', () => {
    // Positions from test/engine/chase.test.ts and the start; the oracle judges chases by itself
    // (reference-rules.ts chasedSquares), so a disagreement on who chased fails the game.
    const starts = [
      '5k3/9/c8/9/1R7/9/9/9/9/3K5 w - - 0 1',
      'r4k3/9/r1N6/9/9/9/9/9/9/3K5 w - - 0 1',
      '1r2k4/9/9/9/1n7/RN6c/9/9/9/1C1K5 w - - 0 1',
      '5k3/9/2N6/3P5/9/2Pn5/9/9/9/3K5 w - - 0 1',
      START_FEN,
    ];
    const games: SoakGame[] = [];
    for (let i = 0; i < 300; i++) {
      const start = starts[i % starts.length]!;
      games.push(
        playSoakGame([wasm], new Random(5_000_000 + i), { referenceRate: 0.05, undoRate: 0.05, start, chase: 0.8 }),
      );
    }
    const reasons = tally(games);
    expect(reasons['perpetual-chase'], JSON.stringify(reasons)).toBeGreaterThan(0);
  });

  const sideBySide = runs(200, 80, 2_000_000);
  test(`${sideBySide.count} games on the wasm and JS builds side by side: identical moves, FENs and statuses ${sideBySide.seedNote}`, () => {
    const games = soak([wasm, js], sideBySide.count, sideBySide.seed, 0.3, 0.3);
    expect(Object.keys(tally(games)).length).toBeGreaterThanOrEqual(4);
  });
});

describe('the soak can fail', () => {
  // The oracle decides by itself; these pin it to the rules so a broken oracle cannot pass silently.
  test('expectedEnd: no move loses, a third occurrence repeats, checks then chases on every move lose, 120 quiet plies draw', () => {
    expect(expectedEnd(0, true, true, [5], [], 3)).toEqual({ result: '0-1', reason: 'checkmate' });
    expect(expectedEnd(0, false, false, [5], [], 3)).toEqual({ result: '1-0', reason: 'stalemate' });
    const idle = [false, false, false, false, false, false, false, false];
    expect(expectedEnd(20, false, true, [0, 4], idle.slice(0, 4), 4)).toBeNull();
    expect(expectedEnd(20, false, true, [0, 4, 8], idle, 8)).toEqual({ result: '1/2-1/2', reason: 'repetition' });
    // Red (to move at plies 0, 2, ...) checked with moves 0, 2, 4, 6: Red loses.
    const redChecks = [true, false, true, false, true, false, true, false];
    expect(expectedEnd(20, false, true, [0, 4, 8], redChecks, 8)).toEqual({ result: '0-1', reason: 'perpetual-check' });
    const blackChecks = redChecks.map((c) => !c);
    expect(expectedEnd(20, true, true, [0, 4, 8], blackChecks, 8)).toEqual({
      result: '1-0',
      reason: 'perpetual-check',
    });
    expect(
      expectedEnd(
        20,
        true,
        true,
        [0, 4, 8],
        idle.map(() => true),
        8,
      ),
    ).toEqual({ result: '1/2-1/2', reason: 'repetition' });
    expect(expectedEnd(20, false, true, [9], [], 119)).toBeNull();
    expect(expectedEnd(20, false, true, [9], [], 120)).toEqual({ result: '1/2-1/2', reason: 'move-limit' });
    // Chases are asked for only when nobody checked; the side that chased alone loses.
    const redChases = () => ({ mover: true, other: false });
    expect(expectedEnd(20, false, true, [0, 4, 8], idle, 8, redChases)).toEqual({
      result: '0-1',
      reason: 'perpetual-chase',
    });
    expect(expectedEnd(20, false, true, [0, 4, 8], idle, 8, () => ({ mover: false, other: true }))).toEqual({
      result: '1-0',
      reason: 'perpetual-chase',
    });
    expect(expectedEnd(20, false, true, [0, 4, 8], idle, 8, () => ({ mover: true, other: true }))).toEqual({
      result: '1/2-1/2',
      reason: 'repetition',
    });
    const oneCheck = idle.map((_, j) => j === 3);
    expect(expectedEnd(20, false, true, [0, 4, 8], oneCheck, 8, redChases)).toEqual({
      result: '1/2-1/2',
      reason: 'repetition',
    });
    expect(expectedEnd(20, false, true, [0, 4, 8], redChecks, 8, () => ({ mover: false, other: true }))).toEqual({
      result: '0-1',
      reason: 'perpetual-check',
    });
    expect(expectedEnd(20, false, true, [9], [], 3, undefined, true)).toEqual({
      result: '1/2-1/2',
      reason: 'insufficient-material',
    });
    expect(expectedEnd(0, false, true, [9], [], 3, undefined, true)).toEqual({ result: '0-1', reason: 'stalemate' });
  });

  test('an engine whose status() disagrees is caught', async () => {
    const liar = await createEngine('wasm');
    const honest = liar.status.bind(liar);
    liar.status = () => ({ ...honest(), over: false, result: undefined, reason: undefined });
    expect(() => soak([liar], 20, 3_000_000, 0, 0)).toThrow(/status\(\) is not the end the rules give/);
  });

  test('an engine whose builds disagree on move order is caught', async () => {
    const shuffled = await createEngine('js');
    const real = shuffled.legalMoves.bind(shuffled);
    shuffled.legalMoves = (from?: string) => real(from).reverse();
    expect(() => soak([wasm, shuffled], 1, 4_000_000, 0, 0)).toThrow(/disagrees/);
  });
});
