// The UCI option Tablebases: where the endgame tables cover the position, `go` answers from them: a
// win with the table's fastest mate and `score mate N`, a loss with its longest defence and
// `score mate -N`, a draw by searching only the drawing moves; off, the engine searches as ever.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { UciProcess } from '../../bench/native.ts';
import { createEngine, type Engine } from '../../web/engine/index.ts';
import { Tablebases } from '../../web/egtb/tablebases.ts';
import { afterTables } from '../../bin/tablebase-option.ts';

const bin = fileURLToPath(new URL('../../bin/xiangqi-engine.js', import.meta.url));
let uci: UciProcess;
let engine: Engine;
let tables: Tablebases;

beforeAll(async () => {
  uci = new UciProcess(process.execPath, [bin]);
  await uci.request('uci', (l) => l === 'uciok');
  engine = await createEngine('wasm');
  tables = await Tablebases.load('wasm');
});
afterAll(() => uci.quit());

const go = async (fen: string, limits = 'depth 6') => {
  uci.send(`position fen ${fen}`);
  return uci.request(`go ${limits}`, (l) => l.startsWith('bestmove'));
};

test('a won position is answered at once with the fastest mate, its distance and its line', async () => {
  // Rook against advisor and elephant, Red to move: the table's mate, played out by the engine's rules.
  const fen = '3k5/9/4ba3/9/9/9/9/R8/9/4K4 w - - 0 1';
  tables.generate('KR-KAE');
  const probe = tables.probe(fen)!;
  expect(probe.result).toBe('win');
  const lines = await go(fen);
  expect(lines).toContain(`info string tablebase KR-KAE: win in ${probe.plies} plies`);
  const info = lines.find((l) => l.includes(' tbhits 1'))!;
  expect(info).toContain(`score mate ${(probe.plies! + 1) / 2} `);
  const pv = / pv (.*)$/.exec(info)![1]!.split(' ');
  expect(pv).toHaveLength(probe.plies!);
  const best = /^bestmove (\S+)/.exec(lines.at(-1)!)![1]!;
  expect(best).toBe(pv[0]);
  engine.setPosition(fen);
  for (const move of pv) engine.play(move);
  expect(engine.status()).toMatchObject({ over: true, result: '1-0' });
});

test('a lost position is answered with the longest defence and a negative mate', async () => {
  const fen = '3k5/9/4ba3/9/9/9/9/R8/9/4K4 w - - 0 1';
  engine.setPosition(fen);
  const reply = tables.moves(fen)![0]!.move;
  engine.play(reply);
  const lost = engine.fen();
  const probe = tables.probe(lost)!;
  expect(probe.result).toBe('loss');
  const lines = await go(lost);
  expect(lines.find((l) => l.includes(' tbhits 1'))).toContain(`score mate -${probe.plies! / 2} `);
  const best = /^bestmove (\S+)/.exec(lines.at(-1)!)![1]!;
  const slowest = tables.moves(lost)![0]!;
  expect(tables.moves(lost)!.find((m) => m.move === best)!.plies).toBe(slowest.plies);
});

test('a timed move does not wait for tables that take longer than its time: it searches, and a later search makes them', async () => {
  // Rook against full defence: some 1.5 M entries to make with the smaller tables, over a second.
  const fen = '2bakab2/9/9/9/9/9/9/R8/9/3K5 w - - 0 1';
  const start = performance.now();
  const timed = await go(fen, 'movetime 200');
  expect(performance.now() - start).toBeLessThan(1000);
  expect(timed.some((l) => l.includes('tablebase'))).toBe(false);
  expect(timed.at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d/);
  const deep = await go(fen, 'depth 4');
  expect(deep.some((l) => l.startsWith('info string tablebase KR-KAAEE: '))).toBe(true);
  // Made now: the next timed move answers from them.
  expect((await go(fen, 'movetime 200')).some((l) => l.startsWith('info string tablebase KR-KAAEE: '))).toBe(true);
});

test('the search probes the tables its captures reach: a mate beyond its depth, with tbhits; off, none', async () => {
  // Rook takes the horse on a7 into rook against two advisors: the table's mate, not the search's.
  const fen = '3aka3/9/n8/9/R8/9/9/9/9/3K5 w - - 0 1';
  engine.setPosition(fen, ['a5a7']);
  tables.generate('KR-KAA');
  const mate = (tables.probe(engine.fen())!.plies! + 2) / 2;
  expect(mate).toBeGreaterThan(4);
  const lines = await go(fen, 'depth 5');
  const last = lines.filter((l) => l.startsWith('info depth')).at(-1)!;
  expect(last).toContain(`score mate ${mate} `);
  expect(last).toMatch(/ tbhits [1-9]/);
  expect(lines.at(-1)).toMatch(/^bestmove a5a7/);
  // The line goes on from where the search stopped with the tables' moves: the whole mate.
  const pv = / pv (.*)$/.exec(last)![1]!.split(' ');
  expect(pv).toHaveLength(2 * mate - 1);
  engine.setPosition(fen, pv);
  expect(engine.status()).toMatchObject({ over: true, result: '1-0' });
  uci.send('setoption name Tablebases value false');
  uci.send('ucinewgame');
  const off = await go(fen, 'depth 5');
  expect(off.some((l) => l.includes('score mate') || l.includes('tbhits'))).toBe(false);
  uci.send('setoption name Tablebases value true');
});

test('a drawn position is searched among its drawing moves; off, the tables are not consulted', async () => {
  // A cannon alone never mates: every move draws, and the search still answers with one of them.
  const fen = '4k4/9/9/9/9/9/9/4C4/9/3K5 w - - 0 1';
  const drawn = await go(fen, 'depth 6');
  expect(drawn).toContain('info string tablebase KC-K: draw');
  expect(drawn.at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d/);
  uci.send('setoption name Tablebases value false');
  const off = await go('3k5/9/4ba3/9/9/9/9/R8/9/4K4 w - - 0 1', 'depth 4');
  expect(off.some((l) => l.includes('tablebase') || l.includes('tbhits'))).toBe(false);
  uci.send('setoption name Tablebases value true');
});

test("a timed search is given the move's time less what the tables took", () => {
  expect(afterTables({ movetime: 1000 }, 'red', 240.4)).toEqual({ movetime: 760 });
  expect(afterTables({ wtime: 5000, btime: 6000, winc: 100 }, 'black', 500)).toEqual({
    wtime: 5000,
    btime: 5500,
    winc: 100,
  });
  expect(afterTables({ movetime: 100 }, 'red', 400)).toEqual({ movetime: 1 });
  expect(afterTables({ depth: 8 }, 'red', 400)).toEqual({ depth: 8 });
});
