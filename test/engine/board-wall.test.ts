// The mailbox is 16x16 points round the 9x10 board, and every point off the board holds the wall
// (assembly/pieces.ts, WALL): the line scans of move generation, check detection, legality and the
// static exchange stop on it without an edge test, so a point of the padding that ever read as
// empty would let them walk off the board. It must hold after setting positions, playing and taking
// back moves, searching (the exchange and the check tests lift pieces off their points and put them
// back), in each build.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CoreEngine } from '../../web/engine/engine.ts';
import type { LoadedBuild } from '../../web/engine/raw.ts';
import { BUILDS, coreEngineFor, loadPerftData, Random, randomGame, START_FEN } from './helpers.ts';
import type { BuildName } from './helpers.ts';

const WALL = 64;
/** The board's points are the engine block's first 256 bytes (SQUARES in assembly/layout.ts). */
const SQUARES = 0;

/** The mailbox point of a board square index (rank * 9 + file), as assembly/pieces.ts squareOf. */
function mailbox(index: number): number {
  return (Math.floor(index / 9) + 3) * 16 + (index % 9) + 3;
}
const ON_BOARD = new Set(Array.from({ length: 90 }, (_, i) => mailbox(i)));

describe.each(BUILDS)('the wall round the board, %s build', (name: BuildName) => {
  let build: LoadedBuild;
  let engine: CoreEngine;
  beforeAll(async () => {
    ({ build, engine } = await coreEngineFor(name));
  });

  /** Every off-board point holds the wall, and every on-board point the piece the engine reports there (or nothing). */
  function expectWalled(where: string): void {
    const points = new Uint8Array(build.buffer(), build.raw.memoryBase() + SQUARES, 256);
    const board = engine.board();
    const wrong: string[] = [];
    for (let sq = 0; sq < 256; sq++) {
      if (!ON_BOARD.has(sq) && points[sq] !== WALL) wrong.push(`padding point ${sq} holds ${points[sq]}`);
    }
    board.forEach((piece, i) => {
      const id = points[mailbox(i)]!;
      const occupied = id >= 16 && id < 48;
      if (occupied !== (piece !== null) || (id !== 0 && !occupied))
        wrong.push(`square ${i} holds ${id}, board says ${piece}`);
    });
    expect(wrong, where).toEqual([]);
  }

  it('after positions are set, moves are played and taken back, and searches run', () => {
    for (const { fen } of loadPerftData()) {
      engine.setPosition(fen);
      expectWalled(fen);
      engine.search({ depth: 4 });
      expectWalled(`${fen} after a search`);
    }
    const random = new Random(11);
    for (let game = 0; game < 10; game++) {
      engine.setPosition(START_FEN);
      randomGame(engine, random, 120);
      expectWalled(`game ${game}, played out`);
      while (engine.undo() !== null);
      expectWalled(`game ${game}, taken back`);
    }
  });
});
