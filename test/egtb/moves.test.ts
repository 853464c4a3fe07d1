// The tables' own move generator (assembly/egtb/position.ts, written apart from the engine's)
// against the engine's legal moves, on positions of the tables drawn at random; and what a probe
// and a move list say of a position, with Black as the attacking side too.
import { beforeAll, expect, test } from 'vitest';
import { createEngine, type Engine } from '../../web/engine/index.ts';
import { Tablebases } from '../../web/egtb/tablebases.ts';
import { Random } from '../../bench/lib/random.ts';

let tables: Tablebases;
let engine: Engine;

beforeAll(async () => {
  tables = await Tablebases.load('wasm');
  engine = await createEngine('wasm');
});

test.each(['KHP-K', 'KCP-K', 'KR-KAE', 'KRA-KE', 'KPP-KE'])(
  "%s: the legal moves of 300 random positions are the engine's",
  (material) => {
    tables.generate(material);
    const random = new Random(20261207);
    const size = tables.entries(material);
    let checked = 0;
    while (checked < 300) {
      const fen = tables.entryFen(material, random.below(2) as 0 | 1, random.below(size));
      if (fen === null) continue;
      engine.setPosition(fen);
      const ours = tables
        .moves(fen)!
        .map((m) => m.move)
        .sort();
      expect(ours, fen).toEqual(engine.legalMoves().sort());
      checked++;
    }
  },
);

test('a probe reads the side to move and turns the board round when Black attacks', () => {
  tables.generate('KR-K');
  // Red rook on a8 with Red's king on d0 controlling the d-file; Black's king on e9 to move.
  const red = tables.probe('4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1')!;
  expect(red).toEqual({ material: 'KR-K', result: 'win', plies: 1 });
  // The same position with the colours exchanged and the board turned round.
  const black = tables.probe('3k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1')!;
  expect(black).toEqual(red);
  const fen = '3k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1';
  const moves = tables.moves(fen)!;
  // Best first: a mate in one, which the engine's rules confirm, then no move loses sooner.
  expect(moves[0]).toMatchObject({ result: 'win', plies: 1 });
  engine.setPosition(fen);
  engine.play(moves[0]!.move);
  expect(engine.status().over).toBe(true);
  expect(moves.map((m) => m.move).sort()).toEqual((engine.setPosition(fen), engine.legalMoves()).sort());
  // No table for a material with attackers on both sides.
  expect(tables.probe('4k4/r8/9/9/9/9/9/9/9/R2K5 w - - 0 1')).toBeNull();
});
