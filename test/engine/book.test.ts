// The opening book: keys the same for a position and its mirror, the layout read back as written,
// the choice by weight (only the best at skill 20, flattened below), bad files refused, and the
// shipped book (book/xiangqi.book) small, large enough, and made of legal moves.

import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  Book,
  BookError,
  bookKey,
  chooseBookMove,
  decodeMove,
  encodeBook,
  encodeMove,
  mirrorMove,
  positionKey,
} from '../../web/engine/book.ts';
import { createEngine, START_FEN } from '../../web/engine/index.ts';
import type { Engine } from '../../web/engine/types.ts';
import { Random } from '../../bench/lib/random.ts';

const BOOK = new URL('../../book/xiangqi.book', import.meta.url);

describe('opening book', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine('wasm');
  });

  test('moves encode in two bytes and mirror across the middle file', () => {
    for (const m of ['a0a1', 'h2e2', 'i9h9', 'e0e1']) expect(decodeMove(encodeMove(m))).toBe(m);
    expect(mirrorMove('h2e2')).toBe('b2e2');
    expect(mirrorMove('a0i9')).toBe('i0a9');
  });

  test('a position and its mirror share a key; the side to move changes it', () => {
    engine.setPosition(START_FEN, ['h2e2']);
    const left = bookKey(engine.board(), engine.turn());
    engine.setPosition(START_FEN, ['b2e2']);
    const right = bookKey(engine.board(), engine.turn());
    expect(left.key).toBe(right.key);
    expect(left.mirrored).not.toBe(right.mirrored);
    engine.setPosition(START_FEN);
    expect(positionKey(engine.board(), 'red')).not.toBe(positionKey(engine.board(), 'black'));
    expect(positionKey(engine.board(), 'red', true)).toBe(positionKey(engine.board(), 'red'));
  });

  test('records read back; a mirrored position gets the mirrored moves', () => {
    engine.setPosition(START_FEN, ['h2e2']);
    const { key, mirrored } = bookKey(engine.board(), engine.turn());
    const stored = (m: string) => encodeMove(mirrored ? mirrorMove(m) : m);
    const book = new Book(
      encodeBook([
        { key, move: stored('h9g7'), weight: 1000 },
        { key, move: stored('b9c7'), weight: 500 },
        { key: key ^ 1, move: encodeMove('a0a1'), weight: 7 },
      ]),
    );
    expect(book.size).toBe(3);
    expect(book.positions()).toBe(2);
    expect(book.lookup(engine.board(), engine.turn())).toEqual([
      { move: 'h9g7', weight: 1000 },
      { move: 'b9c7', weight: 500 },
    ]);
    engine.setPosition(START_FEN, ['b2e2']);
    expect(book.lookup(engine.board(), engine.turn())).toEqual([
      { move: 'b9c7', weight: 1000 },
      { move: 'h9g7', weight: 500 },
    ]);
    engine.setPosition(START_FEN);
    expect(book.lookup(engine.board(), engine.turn())).toEqual([]);
  });

  test('in a position that is its own mirror, a stored move brings its mirror twin', () => {
    engine.setPosition(START_FEN);
    const { key, symmetric } = bookKey(engine.board(), engine.turn());
    expect(symmetric).toBe(true);
    const book = new Book(
      encodeBook([
        { key, move: encodeMove('h0g2'), weight: 1000 },
        { key, move: encodeMove('e3e4'), weight: 10 },
      ]),
    );
    expect(book.lookup(engine.board(), engine.turn())).toEqual([
      { move: 'h0g2', weight: 1000 },
      { move: 'e3e4', weight: 10 },
      { move: 'b0c2', weight: 1000 },
    ]);
  });

  test('the choice: only the best at skill 20, flattened weights below, illegal moves dropped', () => {
    const moves = [
      { move: 'h2e2', weight: 1000 },
      { move: 'c3c4', weight: 900 },
      { move: 'b0c2', weight: 100 },
    ];
    const legal = ['h2e2', 'c3c4', 'b0c2'];
    const random = new Random(7);
    const count = (skill: number) => {
      const seen: Record<string, number> = {};
      for (let i = 0; i < 3000; i++) {
        const m = chooseBookMove(moves, legal, skill, () => random.next())!;
        seen[m] = (seen[m] ?? 0) + 1;
      }
      return seen;
    };
    const best = count(20);
    expect(best['b0c2']).toBeUndefined();
    expect(best['h2e2']! / best['c3c4']!).toBeGreaterThan(0.9);
    const flat = count(0);
    expect(flat['b0c2']).toBeGreaterThan(800); // uniform: about 1000 of 3000
    const middle = count(10);
    expect(middle['b0c2']).toBeGreaterThan(200);
    expect(middle['b0c2']).toBeLessThan(flat['b0c2']!);
    expect(chooseBookMove(moves, ['b0c2'], 20, () => 0.5)).toBe('b0c2');
    expect(chooseBookMove(moves, ['a0a1'], 20, () => 0.5)).toBeNull();
  });

  test('files that are not books are refused', () => {
    expect(() => new Book(new Uint8Array(12))).toThrow(BookError);
    const good = encodeBook([{ key: 1, move: 2, weight: 3 }]);
    expect(() => new Book(good.subarray(0, good.length - 1))).toThrow(/records/);
    const version = good.slice();
    version[4] = 9;
    expect(() => new Book(version)).toThrow(/version 9/);
  });

  test.runIf(existsSync(BOOK))(
    'the shipped book: at most 256 KB, at least 20,000 positions, legal moves along its lines',
    () => {
      const bytes = new Uint8Array(readFileSync(BOOK));
      expect(bytes.length).toBeLessThanOrEqual(256 * 1024);
      const book = new Book(bytes);
      expect(book.positions()).toBeGreaterThanOrEqual(20_000);
      engine.setPosition(START_FEN);
      expect(book.lookup(engine.board(), engine.turn()).length).toBeGreaterThan(0);
      // Random walks through the book: every move it offers is legal where it is offered.
      const random = new Random(11);
      let plies = 0;
      for (let walk = 0; walk < 200; walk++) {
        engine.setPosition(START_FEN);
        for (;;) {
          const moves = book.lookup(engine.board(), engine.turn());
          if (moves.length === 0) break;
          const legal = engine.legalMoves();
          for (const m of moves) expect(legal).toContain(m.move);
          engine.play(random.pick(moves).move);
          plies++;
        }
      }
      expect(plies / 200).toBeGreaterThan(6);
    },
  );
});
