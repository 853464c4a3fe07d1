// The network's inputs that no position activates (web/engine/nnue-reach.ts): every input a real
// position activates is among the reachable ones (along random games from the start and from the
// perft positions, both perspectives), zeroing the others' rows changes no evaluation, and the
// shipped network has them zero, which is most of why it compresses to about 0.86 MB.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { decodeKingBucketNetwork, featureIndexKB, KB_INPUTS, referenceEvaluateKB } from '../../web/engine/nnue-kb.ts';
import { reachableKbInputs, unreachableRowsInUse } from '../../web/engine/nnue-reach.ts';
import { NNUE_PIECE_TYPES } from '../../web/engine/nnue-file.ts';
import type { PieceLetter } from '../../web/engine/types.ts';
import { randomKingBucketNetwork } from '../../bench/lib/random-network.ts';
import { boardFromFen } from '../../bench/lib/reference-rules.ts';
import { engineFor, loadPerftData, Random, randomGame, START_FEN } from './helpers.ts';

const SHIPPED = new URL('../../nnue/xiangqi.nnue', import.meta.url);

/** The FENs along 20 random games from the start and from each perft position. */
async function positions(): Promise<string[]> {
  const engine = await engineFor('wasm');
  const random = new Random(0x5eac);
  const fens: string[] = [];
  for (const start of [START_FEN, ...loadPerftData().map((c) => c.fen)]) {
    for (let game = 0; game < 20; game++) {
      engine.setPosition(start);
      fens.push(...randomGame(engine, random, 200));
    }
  }
  return fens;
}

/** The inputs a position activates, both perspectives. */
function activeInputs(fen: string): number[] {
  const board = boardFromFen(fen);
  const kings = [board.indexOf('K'), board.indexOf('k')];
  const inputs: number[] = [];
  board.forEach((letter, point) => {
    if (letter === null) return;
    const colour = letter === letter.toUpperCase() ? 0 : 1;
    const type = NNUE_PIECE_TYPES.indexOf(letter.toUpperCase());
    for (let p = 0; p < 2; p++) inputs.push(featureIndexKB(p, kings[p]!, colour, type, point));
  });
  return inputs;
}

describe('the inputs a position can activate', () => {
  test('every input of every position along random games is reachable; about 46% are not', async () => {
    const reach = reachableKbInputs();
    const fens = await positions();
    expect(fens.length).toBeGreaterThan(20_000);
    const unreachable = new Set<string>();
    const used = new Set<number>();
    for (const fen of fens) {
      for (const input of activeInputs(fen)) {
        used.add(input);
        if (!reach[input]) unreachable.add(`${fen}: input ${input}`);
      }
    }
    expect([...unreachable].slice(0, 5)).toEqual([]);
    expect(reach.reduce((n, r) => n + r, 0)).toBe(4104);
    // The walk meets most of what is reachable, so the check above means something.
    expect(used.size).toBeGreaterThan(3000);
  });

  test('what is not reachable: a pawn behind its start, an advisor off its points, the own king off its bucket', () => {
    const reach = reachableKbInputs();
    const e0 = 4; // Red's king on e0
    expect(reach[featureIndexKB(0, e0, 0, 6, 3 * 9 + 1)]).toBe(0); // a Red pawn on b3
    expect(reach[featureIndexKB(0, e0, 0, 6, 3 * 9 + 2)]).toBe(1); // on c3
    expect(reach[featureIndexKB(0, e0, 1, 6, 6 * 9 + 1)]).toBe(0); // a Black pawn on b6
    expect(reach[featureIndexKB(0, e0, 0, 1, 1 * 9 + 3)]).toBe(0); // a Red advisor on d1
    expect(reach[featureIndexKB(0, e0, 1, 1, 8 * 9 + 4)]).toBe(1); // a Black advisor on e8
    expect(reach[featureIndexKB(0, e0, 0, 0, e0)]).toBe(1); // the own king where it stands
    expect(reach[featureIndexKB(0, e0, 0, 2, 2 * 9 + 4)]).toBe(1); // a Red elephant on e2
    expect(reach[featureIndexKB(0, e0, 0, 2, 3 * 9 + 4)]).toBe(0); // on e3
  });
});

describe('rows written as zeros', () => {
  test('change no evaluation', async () => {
    const network = randomKingBucketNetwork(32, 7, 11);
    const zeroed = { ...network, w1: network.w1.slice() };
    const reach = reachableKbInputs();
    for (let input = 0; input < KB_INPUTS; input++) {
      if (!reach[input]) zeroed.w1.fill(0, input * network.hidden, (input + 1) * network.hidden);
    }
    expect(unreachableRowsInUse(network.w1, network.hidden).length).toBeGreaterThan(3000);
    expect(unreachableRowsInUse(zeroed.w1, network.hidden)).toEqual([]);
    const differ: string[] = [];
    for (const fen of (await positions()).filter((_, i) => i % 10 === 0)) {
      const board = boardFromFen(fen) as (PieceLetter | null)[];
      const black = fen.split(' ')[1] === 'b';
      if (referenceEvaluateKB(network, board, black) !== referenceEvaluateKB(zeroed, board, black)) differ.push(fen);
    }
    expect(differ).toEqual([]);
  });

  test('the shipped network has every row no position activates at zero, and compresses for it', () => {
    const bytes = new Uint8Array(readFileSync(SHIPPED));
    const network = decodeKingBucketNetwork(bytes);
    expect(unreachableRowsInUse(network.w1, network.hidden)).toEqual([]);
    // The 3,456 rows would be 885 KB of random bytes: with them, 1.44 MB gzipped.
    expect(gzipSync(bytes, { level: 9 }).length).toBeLessThan(0.9 * 1024 * 1024);
  });
});
