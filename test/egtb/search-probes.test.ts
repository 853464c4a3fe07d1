// The search probes the endgame tables inside its tree (assembly/tablebase.ts): a capture that
// reaches a table's material is scored at once with the table's exact mate distance, in both builds,
// and reported in `tbhits`; without tables, the same search at the same depth sees no mate.
import { beforeAll, expect, test } from 'vitest';
import { createEngine, type Engine } from '../../web/engine/index.ts';
import { Tablebases } from '../../web/egtb/tablebases.ts';
import type { Backend } from '../../web/engine/types.ts';

let tables: Tablebases;
const engines = new Map<Backend, Engine>();

beforeAll(async () => {
  tables = await Tablebases.load('wasm');
  tables.generate('KR-KAA');
  for (const backend of ['wasm', 'js'] as const) engines.set(backend, await createEngine(backend));
});

/** The table's distance after `move`, as a mate in full moves for the side that plays it. */
function mateAfter(fen: string, move: string): number {
  const engine = engines.get('wasm')!;
  engine.setPosition(fen, [move]);
  const probe = tables.probe(engine.fen())!;
  expect(probe.result).toBe('loss');
  return (probe.plies! + 2) / 2;
}

const captures = [
  // Rook takes the horse on a7: rook against two advisors, which the tables win.
  { who: 'Red', fen: '3aka3/9/n8/9/R8/9/9/9/9/3K5 w - - 0 1', capture: 'a5a7' },
  // The same with the colours swapped: the tables see the board turned round.
  { who: 'Black', fen: '3k5/9/9/9/9/r8/9/N8/9/3AKA3 b - - 0 1', capture: 'a4a2' },
];

test.each(['wasm', 'js'] as const)(
  '%s: a capture into a won table material is a mate at the table distance, for either colour',
  (backend) => {
    const engine = engines.get(backend)!;
    for (const { fen, capture } of captures) {
      const mate = mateAfter(fen, capture);
      expect(mate).toBeGreaterThan(4);
      engine.setPosition(fen);
      engine.useTables(null);
      engine.clearHash();
      const blind = engine.search({ depth: 5 });
      expect(blind.score).not.toHaveProperty('mate');

      engine.useTables(tables.prober());
      engine.clearHash();
      const infos: { tbhits?: number }[] = [];
      const seen = engine.search({ depth: 5 }, (info) => infos.push(info));
      expect(seen.bestMove).toBe(capture);
      expect(seen.score).toEqual({ mate });
      expect(infos.at(-1)!.tbhits).toBeGreaterThan(0);
      engine.useTables(null);
    }
  },
);

test('the JS build probes as the wasm build does: the same move, score and nodes at fixed depth', () => {
  const results = [...engines.values()].map((engine) => {
    engine.setPosition(captures[0]!.fen);
    engine.useTables(tables.prober());
    engine.clearHash();
    const { bestMove, score, nodes } = engine.search({ depth: 7 });
    engine.useTables(null);
    return { bestMove, score, nodes };
  });
  expect(results[1]).toEqual(results[0]);
});
