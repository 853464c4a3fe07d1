// The tables against Fairy-Stockfish, which shares no code with them: in positions drawn at random
// from the tables it finds mates exactly as long as the tables say, never shorter, and longer only
// where the tables' line ends in a stalemate (its quiescence does not see stalemate, which loses in
// Xiangqi); in positions the tables call drawn it finds no mate at depth 20.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFairyStockfish, type UciProcess } from '../../bench/native.ts';
import { judge, sampleTables } from '../../bench/egtb-fairy.ts';
import { Tablebases } from '../../web/egtb/tablebases.ts';

const MATERIALS = ['KR-KAE', 'KH-KAA', 'KC-KAA', 'KP-KA', 'KHP-K', 'KCP-K', 'KRA-KE', 'KPP-KE'];
let native: UciProcess;
let tables: Tablebases;

beforeAll(async () => {
  const started = await startFairyStockfish();
  if (!started) throw new Error('fairy-stockfish is not installed: run apt-get install -y fairy-stockfish');
  native = started;
  native.send('setoption name Hash value 16');
  tables = await Tablebases.load('wasm');
  for (const material of MATERIALS) tables.generate(material);
});
afterAll(() => native.quit());

test("Fairy-Stockfish finds the tables' mates of 9 plies or fewer (120 positions)", async () => {
  const samples = sampleTables(tables, MATERIALS, 120, { seed: 20261207, maxPlies: 9, draws: false });
  expect(samples.length).toBe(120);
  expect(samples.some((s) => s.result === 'loss') && samples.some((s) => s.result === 'win')).toBe(true);
  let same = 0;
  for (const sample of samples) {
    const verdict = await judge(native, tables, sample);
    expect(
      verdict.outcome,
      `${sample.fen}: table ${sample.result} in ${sample.plies} plies (line ${verdict.line?.join(' ')}), Fairy-Stockfish ${JSON.stringify(verdict.answer)}`,
    ).not.toBe('contradicts');
    if (verdict.outcome === 'same') same++;
  }
  // Most are seen exactly; the rest end in the stalemates Fairy-Stockfish's quiescence misses.
  expect(same).toBeGreaterThan(100);
}, 120_000);

test('Fairy-Stockfish finds no mate at depth 20 where the tables say draw (24 positions)', async () => {
  const samples = sampleTables(tables, MATERIALS, 24, { seed: 7, maxPlies: 0, draws: true });
  expect(samples.length).toBeGreaterThan(12);
  for (const sample of samples) {
    const verdict = await judge(native, tables, sample);
    expect(verdict.outcome, `${sample.fen}: table draw, Fairy-Stockfish ${JSON.stringify(verdict.answer)}`).toBe(
      'same',
    );
  }
}, 120_000);
