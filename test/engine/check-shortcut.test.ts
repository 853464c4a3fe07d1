// The search asks whether a move gave check by looking only where the move can have made one
// (inCheckAfter: the moved piece, the king's lines through the points it left and took, a horse leg
// it left next to the king), and asks it before making a move it would prune unless it checks
// (givesCheck: the same test with the move played on the points alone). For every legal move of
// many positions both must answer as the full check test does, in each build.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CoreEngine } from '../../web/engine/engine.ts';
import type { LoadedBuild } from '../../web/engine/raw.ts';
import { BUILDS, coreEngineFor, loadPerftData, Random, START_FEN } from './helpers.ts';
import type { BuildName } from './helpers.ts';

/** Positions where a move gives check each way it can: the shortcut must see each, and no more. */
const CHECKS: [string, string][] = [
  ['a rook or a cannon onto the king`s line, or a cannon`s screen put between', '4k4/9/9/9/9/9/9/R8/4C4/3K5 w'],
  ['a piece leaves the line between a rook or cannon and the king', '4k4/9/4n4/9/4R4/9/1C2N4/9/4A4/3AK4 w'],
  [
    'a horse lands a horse`s move from the king, or a pawn leaves the leg of another horse',
    '4k4/3P5/3N5/1N7/9/9/9/9/9/3K5 w',
  ],
  ['a pawn steps in front of the king or beside it', '4k4/3P5/4P4/9/9/9/9/9/9/3K5 w'],
];

describe.each(BUILDS)('check shortcut, %s build', (name: BuildName) => {
  let build: LoadedBuild;
  let engine: CoreEngine;
  beforeAll(async () => {
    ({ build, engine } = await coreEngineFor(name));
  });

  it.each(CHECKS)('agrees with the full test: %s', (_about, fen) => {
    engine.setPosition(fen);
    expect(
      engine.legalMoves().some((move) => {
        engine.play(move);
        const check = engine.inCheck();
        engine.undo();
        return check;
      }),
    ).toBe(true);
    expect(build.raw.checkShortcutDisagreements()).toBe(0);
  });

  it('agrees with the full test in the public perft positions and along random games', () => {
    let positions = 0;
    for (const { fen } of loadPerftData()) {
      engine.setPosition(fen);
      expect(build.raw.checkShortcutDisagreements(), fen).toBe(0);
      positions++;
    }
    const random = new Random(7);
    for (let game = 0; game < 30; game++) {
      engine.setPosition(START_FEN);
      for (let ply = 0; ply < 150; ply++) {
        const moves = engine.legalMoves();
        if (moves.length === 0) break;
        expect(build.raw.checkShortcutDisagreements(), engine.fen()).toBe(0);
        positions++;
        engine.play(random.pick(moves));
      }
    }
    expect(positions).toBeGreaterThan(2000);
  });
});
