// Static exchange: what a capture wins once both sides have recaptured on its point as long as it
// pays them. The search prunes and orders captures by it, mostly through the shortcut seeBelow,
// which answers "is it below t?" from bounds and plays the exchange out only when they leave it
// open: the shortcut must give the full exchange's answer for every move and threshold.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../web/engine/index.ts';
import { IllegalMoveError } from '../../web/engine/index.ts';
import { BUILDS, engineFor, loadPerftData, Random, START_FEN } from './helpers.ts';
import type { BuildName } from './helpers.ts';

/** Kings on d0/e0 and d9/f9, off each other's file; a Red rook on a4 takes what stands on a5. */
const takes = (victim: string): string => `3k5/9/9/9/${victim}8/R8/9/9/9/4K4 w`;

/**
 * A Red rook on e3 takes a Black horse on e5 that a Black cannon on e7 guards over the horse on e6.
 * With `xray`, a Red cannon on e0 stands behind the rook: its screen is the advisor on e1 once the
 * rook has left e3, so it recaptures on e5 only after the rook has gone there.
 */
const guarded = (xray: boolean): string => `5k3/9/4c4/4n4/4n4/9/4R4/9/4A4/3K${xray ? 'C' : '1'}4 w`;

describe.each(BUILDS)('static exchange, %s build', (build: BuildName) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineFor(build);
  });

  function exchange(fen: string, move: string): number {
    engine.setPosition(fen);
    return engine.staticExchange(move).value;
  }

  it('counts an undefended capture as the piece taken, and a quiet move as nothing', () => {
    const rook = exchange(takes('r'), 'a4a5');
    const horse = exchange(takes('n'), 'a4a5');
    const pawn = exchange(takes('p'), 'a4a5');
    expect(pawn).toBeGreaterThan(0);
    expect(horse).toBeGreaterThan(pawn);
    expect(rook).toBeGreaterThan(horse);
    expect(exchange(takes('r'), 'a4b4')).toBe(0);
  });

  it('loses the capturer when the victim is guarded and nothing recaptures', () => {
    const rook = exchange(takes('r'), 'a4a5');
    const pawn = exchange(takes('p'), 'a4a5');
    // A Black pawn on a6 guards a5: it moves towards rank 0.
    expect(exchange(`3k5/9/9/p8/p8/R8/9/9/9/4K4 w`, 'a4a5')).toBe(pawn - rook);
  });

  it('finds a cannon that the capture itself gives a screen', () => {
    const rook = exchange(takes('r'), 'a4a5');
    const horse = exchange(takes('n'), 'a4a5');
    const cannon = exchange(takes('c'), 'a4a5');
    expect(exchange(guarded(false), 'e3e5')).toBe(horse - rook);
    expect(exchange(guarded(true), 'e3e5')).toBe(horse - rook + cannon);
  });

  it('refuses a move that is not legal, naming it', () => {
    engine.setPosition(START_FEN);
    expect(() => engine.staticExchange('a0a5')).toThrow(IllegalMoveError);
    expect(() => engine.staticExchange('a0a5')).toThrow(/a0a5/);
  });

  it('answers "below t?" by its shortcut exactly as the full exchange does, for every move along random games', () => {
    const random = new Random(31);
    let checked = 0;
    let playedOut = 0;
    // Collected, not asserted one by one: some 60,000 answers, and an expect() each cost most of the time.
    const wrong: string[] = [];
    for (const start of [START_FEN, ...loadPerftData().map(({ fen }) => fen)]) {
      engine.setPosition(start);
      for (let ply = 0; ply < 40; ply++) {
        const moves = engine.legalMoves();
        if (moves.length === 0) break;
        for (const move of moves) {
          const { value } = engine.staticExchange(move);
          if (value !== 0) playedOut++;
          for (const threshold of [value - 1, value, value + 1, -700, -300, -100, -1, 0, 1, 100, 300, 700]) {
            if (engine.staticExchange(move, threshold).below !== value < threshold) {
              wrong.push(`${engine.fen()} ${move} t=${threshold}`);
            }
            checked++;
          }
        }
        engine.play(random.pick(moves));
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    // The walk meets enough captures for the answer to mean something.
    expect(playedOut).toBeGreaterThan(500);
    expect(checked).toBeGreaterThan(50_000);
  });
});

describe('static exchange, builds agree', () => {
  it('gives every build the same value for every move along a random game', async () => {
    const engines = await Promise.all(BUILDS.map((build) => engineFor(build)));
    const random = new Random(32);
    for (const engine of engines) engine.setPosition(START_FEN);
    for (let ply = 0; ply < 60; ply++) {
      const moves = engines[0]!.legalMoves();
      if (moves.length === 0) break;
      for (const move of moves) {
        const values = engines.map((engine) => engine.staticExchange(move).value);
        expect(new Set(values).size, `${engines[0]!.fen()} ${move}`).toBe(1);
      }
      const move = random.pick(moves);
      for (const engine of engines) engine.play(move);
    }
  });
});
