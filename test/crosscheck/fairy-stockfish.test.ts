// Our move generator against native Fairy-Stockfish on positions neither side chose:
// perft(3) from positions reached by seeded random play, both builds.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createEngine, type Engine } from '../../web/engine/index.ts';
import { startFairyStockfish, nativePerft, type UciProcess } from '../../bench/native.ts';
import { Random } from '../../bench/lib/random.ts';

let native: UciProcess | undefined;
let wasm: Engine;
let js: Engine;

beforeAll(async () => {
  const started = await startFairyStockfish();
  if (!started) throw new Error('fairy-stockfish is not installed: run apt-get install -y fairy-stockfish');
  native = started;
  wasm = await createEngine('wasm');
  js = await createEngine('js');
});
afterAll(() => native?.quit());

test('perft(3) agrees with Fairy-Stockfish on 40 random positions', async () => {
  const random = new Random(20261130);
  let checked = 0;
  for (let game = 0; checked < 40; game++) {
    wasm.setPosition('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
    const plies = 10 + random.below(80);
    for (let ply = 0; ply < plies && !wasm.status().over; ply++) {
      const moves = wasm.legalMoves();
      wasm.play(random.pick(moves));
    }
    if (wasm.status().over) continue;
    const fen = wasm.fen();
    js.setPosition(fen);
    const expected = await nativePerft(native!, fen, 3);
    expect(wasm.perft(3), fen).toBe(expected);
    expect(js.perft(3), fen).toBe(expected);
    checked++;
  }
});
