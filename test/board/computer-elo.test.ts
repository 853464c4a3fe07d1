// The board's `elo` attribute (in Node, with a stand-in provider): a rating overrides `level`, is
// brought into the engine's range, thinks the time the ratings hold at unless `movetime` or `depth`
// says otherwise, and reaches the provider's search; without it `level` decides as before.
import { beforeAll, describe, expect, test } from 'vitest';
import { ComputerPlayer, type ComputerSettings } from '../../web/board/computer-player.ts';
import { searchLimits } from '../../web/board/computer.ts';
import { createEngine, ELO_MAX, ELO_MIN, RATED_MOVETIME_MS, START_FEN } from '../../web/engine/index.ts';
import type { Engine, SearchLimits } from '../../web/engine/types.ts';
import type { MoveProvider } from '../../web/board/types.ts';

let engine: Engine;

beforeAll(async () => {
  engine = await createEngine('wasm');
});

describe('searchLimits with a rating', () => {
  test('no rating: the level decides (skill and its time), as before', () => {
    expect(searchLimits(10, undefined, undefined)).toEqual({ skill: 20, movetime: 5000 });
    expect(searchLimits(1, undefined, undefined, undefined)).toEqual({ skill: 0, movetime: 50 });
    expect(searchLimits(1, undefined, undefined, null)).toEqual({ skill: 0, movetime: 50 });
  });

  test('a rating overrides the level and thinks the rated time a move', () => {
    expect(searchLimits(1, undefined, undefined, 1800)).toEqual({ elo: 1800, movetime: RATED_MOVETIME_MS });
    expect(searchLimits(10, undefined, undefined, 1800)).toEqual({ elo: 1800, movetime: RATED_MOVETIME_MS });
  });

  test('movetime and depth still override the time', () => {
    expect(searchLimits(5, 250, undefined, 1200)).toEqual({ elo: 1200, movetime: 250 });
    expect(searchLimits(5, undefined, 6, 1200)).toEqual({ elo: 1200, depth: 6 });
  });

  test('a rating outside the range is brought into it; nonsense means no rating', () => {
    expect(searchLimits(5, undefined, undefined, 100).elo).toBe(ELO_MIN);
    expect(searchLimits(5, undefined, undefined, 1e9).elo).toBe(ELO_MAX);
    expect(searchLimits(5, undefined, undefined, 1777.6).elo).toBe(1778);
    for (const nonsense of [NaN, Infinity, -Infinity, 0, -5]) {
      expect(searchLimits(5, undefined, undefined, nonsense), String(nonsense)).toEqual({ skill: 9, movetime: 500 });
    }
  });
});

describe('the board computer with a rating', () => {
  test("the provider searches at the rating, not the level's skill", async () => {
    engine.setPosition(START_FEN);
    const asked: SearchLimits[] = [];
    const provider: MoveProvider = {
      bestMove: (_fen, _moves, limits) => {
        asked.push(limits);
        return Promise.resolve('h2e2');
      },
      stop: () => {},
    };
    const settings: ComputerSettings = {
      computer: 'red',
      moveProvider: provider,
      backend: 'wasm',
      threads: 1,
      level: 10,
      elo: 1400,
      movetime: undefined,
      depth: undefined,
      isConnected: true,
      openingBook: null,
      evaluation: 'hand-written',
      evalNetwork: null,
      tablebases: false,
    };
    const played: string[] = [];
    const player = new ComputerPlayer(settings, {
      engine: () => engine,
      root: () => START_FEN,
      version: () => 0,
      play: (move) => (played.push(move), true),
      error: (text) => {
        throw new Error(text);
      },
      showProblem: () => {},
    });
    await player.maybeMove();
    expect(played).toEqual(['h2e2']);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ elo: 1400, movetime: RATED_MOVETIME_MS });
    expect(asked[0]!.skill).toBeUndefined();
  });
});
