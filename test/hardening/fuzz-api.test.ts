// Fuzzing the Engine API on both builds: mutated and random FENs, move strings, square names and
// numbers. Every bad input must raise the typed error (FenError, IllegalMoveError, RangeError) with
// a message, leave the position exactly as it was, and get the same answer from both builds; every
// input that is accepted must describe a possible position (checked by the reference rules).
import { beforeAll, describe, expect, test } from 'vitest';
import { createEngine, FenError, IllegalMoveError } from '../../web/engine/index.ts';
import type { Engine } from '../../web/engine/types.ts';
import { garbage, moveLike, mutate } from './lib/mutate.ts';
import { Random } from '../../bench/lib/random.ts';
import { boardFromFen, positionProblems } from '../../bench/lib/reference-rules.ts';
import { START_FEN } from '../../bench/lib/soak.ts';

const SEEDS = { fen: 0xf3a, move: 0x30e, misc: 0x515 };

let wasm: Engine;
let js: Engine;
/** FENs to mutate: the start, positions from random play, and endgames. */
const corpus: string[] = [START_FEN, '4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1', '3k5/4P4/9/9/9/9/9/9/9/4K4 b - - 17 40'];

beforeAll(async () => {
  [wasm, js] = await Promise.all([createEngine('wasm'), createEngine('js')]);
  const random = new Random(7);
  while (corpus.length < 40) {
    wasm.setPosition(START_FEN);
    for (let i = 0, n = random.below(160); i < n && !wasm.status().over; i++) wasm.play(random.pick(wasm.legalMoves()));
    corpus.push(wasm.fen());
  }
});

interface State {
  fen: string;
  start: string;
  history: string[];
  legal: string[];
}
const state = (e: Engine): State => ({
  fen: e.fen(),
  start: e.startFen(),
  history: e.history(),
  legal: e.legalMoves(),
});

type Outcome = { ok: true; state: State } | { ok: false; type: string; message: string };

/** Runs `action` and sorts out what happened; anything but the expected error type is a failure. */
function attempt(engine: Engine, action: () => void, allowed: new (...args: never[]) => Error): Outcome {
  const before = state(engine);
  try {
    action();
    return { ok: true, state: state(engine) };
  } catch (error) {
    if (!(error instanceof allowed))
      throw new Error(`${engine.backend}: expected ${allowed.name}, got ${String(error)}`);
    expect(error.message.length, 'an error must say what is wrong').toBeGreaterThan(10);
    expect(state(engine), `${engine.backend}: a refused input changed the position`).toEqual(before);
    return { ok: false, type: error.name, message: error.message };
  }
}

/** Puts both builds on the same position with a short history, so "unchanged" includes moves. */
function reset(random: Random): void {
  const fen = random.pick(corpus);
  wasm.setPosition(fen);
  const moves: string[] = [];
  for (let i = 0, n = random.below(4); i < n && wasm.legalMoves().length; i++) {
    const move = random.pick(wasm.legalMoves());
    wasm.play(move);
    moves.push(move);
  }
  wasm.setPosition(fen, moves);
  js.setPosition(fen, moves);
}

describe('fuzzed FENs', () => {
  test('3,000 mutated and random FENs: FenError or a possible position, never a crash; both builds alike', () => {
    const random = new Random(SEEDS.fen);
    let accepted = 0;
    let refused = 0;
    for (let i = 0; i < 3000; i++) {
      if (i % 50 === 0) reset(random);
      const fen = random.chance(0.85) ? mutate(random.pick(corpus), random) : garbage(random);
      const outcomes = [wasm, js].map((e) => attempt(e, () => e.setPosition(fen), FenError));
      expect(outcomes[1], `builds differ on ${JSON.stringify(fen)}`).toEqual(outcomes[0]);
      const outcome = outcomes[0]!;
      if (!outcome.ok) {
        refused++;
        expect(outcome.message).toMatch(/FEN/);
        continue;
      }
      accepted++;
      // Accepted: it must be a position a game can have, read as written.
      const written = outcome.state.fen;
      const board = boardFromFen(written);
      expect(
        positionProblems(board, written.split(' ')[1] === 'w'),
        `accepted ${JSON.stringify(fen)} as ${written}`,
      ).toEqual([]);
      expect(board, `placement misread in ${JSON.stringify(fen)}`).toEqual(boardFromFen(fen));
      expect(outcome.state.history).toEqual([]);
      // What the engine writes, it reads back to the same thing.
      wasm.setPosition(written);
      expect(wasm.fen()).toBe(written);
      wasm.setPosition(outcome.state.start);
    }
    // The mutations must produce both kinds, or this test checks less than it says.
    expect(refused).toBeGreaterThan(1000);
    expect(accepted).toBeGreaterThan(100);
  });

  test('non-ASCII, control characters and huge inputs are refused by name, in both builds', () => {
    for (const fen of [
      '',
      ' ',
      '\u0000',
      'é'.repeat(5),
      `${START_FEN}\u0000`,
      START_FEN.replace('k', '帥'),
      '/'.repeat(9),
      '9/'.repeat(9) + '9',
      START_FEN.repeat(200),
      `${START_FEN} ${'1'.repeat(5000)}`,
    ]) {
      for (const engine of [wasm, js]) {
        engine.setPosition(START_FEN, ['h2e2']);
        const outcome = attempt(engine, () => engine.setPosition(fen), FenError);
        expect(outcome.ok, JSON.stringify(fen.slice(0, 40))).toBe(false);
      }
    }
  });
});

describe('fuzzed moves', () => {
  test('4,000 move strings: played exactly when legal, IllegalMoveError otherwise; isLegal agrees', () => {
    const random = new Random(SEEDS.move);
    let played = 0;
    let refused = 0;
    for (let i = 0; i < 4000; i++) {
      if (i % 40 === 0 || wasm.legalMoves().length === 0) reset(random);
      const legal = wasm.legalMoves();
      const move = moveLike(random, legal);
      const canonical = move
        .trim()
        .toLowerCase()
        .replace(/^([a-i]\d)-([a-i]\d)$/, '$1$2');
      const expectLegal = legal.includes(canonical);
      expect(wasm.isLegal(move), JSON.stringify(move)).toBe(expectLegal);
      expect(js.isLegal(move), JSON.stringify(move)).toBe(expectLegal);
      const outcomes = [wasm, js].map((e) => attempt(e, () => e.play(move), IllegalMoveError));
      expect(outcomes[1]).toEqual(outcomes[0]);
      const outcome = outcomes[0]!;
      expect(outcome.ok, `${JSON.stringify(move)} in ${wasm.fen()}`).toBe(expectLegal);
      if (outcome.ok) {
        played++;
        expect(outcome.state.history.at(-1)).toBe(canonical);
      } else {
        refused++;
        expect(outcome.message).toMatch(/move/i);
      }
    }
    expect(played).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(1000);
  });

  test('setPosition with a fuzzed move list is all or nothing', () => {
    const random = new Random(SEEDS.move + 1);
    for (let i = 0; i < 400; i++) {
      reset(random);
      const fen = random.pick(corpus);
      // A real line from the FEN, then one entry of it spoiled (or left alone).
      wasm.setPosition(fen);
      const line: string[] = [];
      for (let n = random.below(12); line.length < n && wasm.legalMoves().length;) {
        line.push(random.pick(wasm.legalMoves()));
        wasm.play(line.at(-1)!);
      }
      const end = wasm.fen();
      reset(random);
      const moves = [...line];
      if (moves.length && random.chance(0.7)) moves[random.below(moves.length)] = moveLike(random, []);
      const outcomes = [wasm, js].map((e) => attempt(e, () => e.setPosition(fen, moves), IllegalMoveError));
      expect(outcomes[1]).toEqual(outcomes[0]);
      // A spoiled entry may by chance be legal there; only an unspoiled line must reach `end`.
      if (moves.every((m, k) => m === line[k])) {
        expect(outcomes[0]).toMatchObject({ ok: true, state: { fen: end } });
      }
    }
  });
});

describe('fuzzed squares and numbers', () => {
  test('legalMoves/pieceAt take squares a0-i9 only; perft and hash sizes take whole numbers only (RangeError)', () => {
    const random = new Random(SEEDS.misc);
    for (let i = 0; i < 600; i++) {
      if (i % 60 === 0) reset(random);
      const square = moveLike(random, wasm.legalMoves()).slice(0, random.below(4));
      const valid = /^[a-i][0-9]$/.test(square);
      for (const engine of [wasm, js]) {
        const moves = attempt(engine, () => void engine.legalMoves(square), RangeError);
        const piece = attempt(engine, () => void engine.pieceAt(square), RangeError);
        expect([moves.ok, piece.ok], JSON.stringify(square)).toEqual([valid, valid]);
        if (valid) expect(engine.legalMoves(square).every((m) => m.startsWith(square))).toBe(true);
      }
    }
    for (const engine of [wasm, js]) {
      for (const depth of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, -Infinity]) {
        expect(attempt(engine, () => void engine.perft(depth), RangeError).ok, `perft(${depth})`).toBe(false);
      }
      for (const mb of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
        expect(attempt(engine, () => engine.setHashSize(mb), RangeError).ok, `setHashSize(${mb})`).toBe(false);
      }
    }
  });
});
