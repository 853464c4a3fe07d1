// XQF: files made by writeXqf (version 10, and 11-18 obfuscated with chosen keys) read back whole,
// variations, comments, tags, set-ups and Black to move included; the key scheme against numbers
// worked out by hand; a file built byte by byte without the writer; a broken header or main line
// refused with an XqfError that says where; a broken variation cut at its first bad move with a
// warning (the case of issue 28 rebuilt); and reading with the bytes alone (no engine).

import { beforeAll, describe, expect, test } from 'vitest';
import {
  countMoves,
  readXqf,
  RuleBoard,
  writeXqf,
  XqfError,
  START_FEN,
  type ReadGame,
  type TreeGame,
} from '../../web/notation/index.ts';
import { deriveKeys } from '../../web/notation/xqf-format.ts';
import type { Engine } from '../../web/engine/types.ts';
import { engineFor, rng, withoutUndo } from './helpers.ts';
import { brokenSideLine } from './broken-side-line.ts';
import { BLACK_SETUP, BLACK_TREE, TREE, node } from './trees.ts';

const TAGS = {
  Title: '中炮对屏风马',
  Event: '全国象棋个人赛',
  Date: '2015.03.01',
  Site: '北京',
  Red: '许银川',
  Black: '吕钦',
  Annotator: 'A',
  Author: 'B',
};

function sample(fen = START_FEN, children = TREE, extra: Partial<TreeGame> = {}): TreeGame {
  return { tags: TAGS, fen, result: '1-0', comment: '对局开始', children, mainline: [], ...extra };
}

function xqfError(read: () => unknown): XqfError {
  try {
    read();
  } catch (e) {
    if (e instanceof XqfError) return e;
    throw e;
  }
  throw new Error('expected an XqfError, but the file was accepted');
}

const KEY_SETS = [
  { keyXY: 0, keyXYf: 0, keyXYt: 0 },
  { keyXY: 1, keyXYf: 2, keyXYt: 3 },
  { keyXY: 0x9d, keyXYf: 0x31, keyXYt: 0xe7, keyMask: 0xb7, keyOr: [0x11, 0x80, 0x03, 0x40] as const },
  { keyXY: 255, keyXYf: 128, keyXYt: 77, keyMask: 0x00, keyOr: [0xff, 0xfe, 0x7f, 0x01] as const },
];

describe('XQF', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineFor('wasm');
  });

  test('the key scheme gives the numbers worked out by hand from the facts', () => {
    // KeyXY 1, KeyXYf 2, KeyXYt 3, so KeysSum 250 (the four sum to 256).
    // piece: (54*1 + 221) * 1 = 275 -> 19; from: (54*4 + 221) = 437 -> 181, * 19 = 3439 -> 111;
    // to: (54*9 + 221) = 707 -> 195, * 111 = 21645 -> 141; comment length: (250*256 + 1) % 32000 + 767 = 768.
    const keys = deriveKeys(11, { keyMask: 0xff, keyOr: [0, 0, 0, 0], keysSum: 250, keyXY: 1, keyXYf: 2, keyXYt: 3 });
    expect([keys.piece, keys.from, keys.to, keys.commentLength]).toEqual([19, 111, 141, 768]);
    // Stream: "[(C) ..." masked with 250, 1, 2, 3 in turn: '[' 0x5b & 250 = 0x5a, '(' 0x28 & 1 = 0, 'C' 0x43 & 2 = 2, ')' 0x29 & 3 = 1.
    expect([...keys.stream.subarray(0, 4)]).toEqual([0x5a, 0, 2, 1]);
    // Version 10 has no keys at all.
    const none = deriveKeys(10, { keyMask: 0xff, keyOr: [1, 2, 3, 4], keysSum: 250, keyXY: 1, keyXYf: 2, keyXYt: 3 });
    expect([none.piece, none.from, none.to, none.commentLength, ...none.stream]).toEqual(new Array(36).fill(0));
  });

  test('a version 10 file built byte by byte (not by the writer) reads as the facts say', () => {
    const data = new Uint8Array(0x400 + 16);
    data.set([0x58, 0x51, 10], 0);
    // Slots R N B A K A B N R C C P P P P P, Red then Black; square byte X*10 + Y.
    const red = [0, 10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3, 23, 43, 63, 83];
    const black = [9, 19, 29, 39, 49, 59, 69, 79, 89, 17, 77, 6, 26, 46, 66, 86];
    data.set([...red, ...black], 0x10);
    data[0x33] = 2; // Black wins
    data.set([3, 0x41, 0x42, 0x43], 0x130); // Red: "ABC"
    // Root: next (0xF0), comment length 0. Then h2e2 (X7 Y2 = 72 + 0x18, X4 Y2 = 42 + 0x20), no flags.
    data.set([0, 0, 0xf0, 0, 0, 0, 0, 0, 72 + 0x18, 42 + 0x20, 0, 0, 0, 0, 0, 0], 0x400);
    const game = readXqf(data, engine);
    engine.setPosition(START_FEN);
    expect(game.fen).toBe(engine.fen());
    expect(game.mainline).toEqual(['h2e2']);
    expect(game.result).toBe('0-1');
    expect(game.tags).toEqual({ Red: 'ABC', Result: '0-1' });
  });

  test('version 10 round trip: tags, result, game comment, variations and comments', () => {
    const game = readXqf(writeXqf(sample()), engine);
    engine.setPosition(START_FEN);
    expect(game.fen).toBe(engine.fen());
    expect(game.tags).toEqual({ ...TAGS, Result: '1-0' });
    expect(game.comment).toBe('对局开始');
    expect(game.children).toEqual(TREE);
    expect(game.mainline).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9']);
  });

  test.each([11, 12, 13, 14, 15, 16, 17, 18])('version %i round trip with several key sets', (version) => {
    for (const keys of KEY_SETS) {
      const bytes = writeXqf(sample(), { version, keys });
      expect(bytes[2]).toBe(version);
      expect((bytes[12]! + bytes[13]! + bytes[14]! + bytes[15]!) % 256).toBe(0);
      const game = readXqf(bytes, engine);
      expect(game.children).toEqual(TREE);
      expect(game.comment).toBe('对局开始');
      expect(game.tags['Red']).toBe('许银川');
    }
  });

  test('the obfuscation really changes the bytes: records, and from version 12 the piece slots', () => {
    const keys = KEY_SETS[2]!;
    const v10 = writeXqf(sample());
    const v11 = writeXqf(sample(), { version: 11, keys });
    const v12 = writeXqf(sample(), { version: 12, keys });
    expect(v11.subarray(0x400)).not.toEqual(v10.subarray(0x400));
    // Version 11 stores the squares in slot order, offset; 12 also rotates them.
    const derived = deriveKeys(11, {
      keyMask: 0xb7,
      keyOr: [0x11, 0x80, 0x03, 0x40],
      keysSum: v11[12]!,
      keyXY: 0x9d,
      keyXYf: 0x31,
      keyXYt: 0xe7,
    });
    expect(v11[0x10]).toBe((0 + derived.piece) & 0xff); // red rook on a0 (X0 Y0) in slot 0
    const rotatedFrom = (0 + derived.piece + 1) & 31; // the slot whose square is stored first
    expect(v12[0x10]).toBe(v11[0x10 + rotatedFrom]);
    // Comments without a length in 11 on: a record without comment is 4 bytes.
    expect(v11.length).toBeLessThan(v10.length);
  });

  test('a set-up position with Black to move, read from the colour of the first move', () => {
    const fen = BLACK_SETUP;
    const tree = BLACK_TREE;
    for (const version of [10, 11, 12, 18]) {
      const bytes = writeXqf(sample(fen, tree, { result: '1/2-1/2' }), { version, keys: KEY_SETS[1] });
      bytes[0x32] = 0; // "who plays" says Red: unreliable, the first move decides
      const game = readXqf(bytes, engine);
      expect(game.fen.split(' ').slice(0, 2)).toEqual(['3k5/9/9/9/9/9/9/9/4A4/4K4', 'b']);
      expect(game.mainline).toEqual(['d9d8', 'e1d2', 'd8d9']);
      expect(game.result).toBe('1/2-1/2');
    }
  });

  test('a set-up without moves takes the side from the header', () => {
    const fen = '3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 1';
    const game = readXqf(writeXqf(sample(fen, [], { comment: null })), engine);
    expect(game.fen.split(' ')[1]).toBe('b');
    expect(game.mainline).toEqual([]);
    expect(game.comment).toBeNull();
  });

  test('an illegal move in a variation cuts it there, with a warning; the main line and other lines are kept', () => {
    const bad = [node('h2e2', [node('h9g7'), node('b9c7', [node('e2e9', [node('a9a8')])]), node('c9e7')])];
    for (const version of [10, 13]) {
      const game = readXqf(writeXqf(sample(START_FEN, bad), { version, keys: KEY_SETS[2] }), engine);
      expect(game.children).toEqual([node('h2e2', [node('h9g7'), node('b9c7'), node('c9e7')])]);
      expect(game.mainline).toEqual(['h2e2', 'h9g7']);
      expect(game.warnings).toHaveLength(1);
      const [w] = game.warnings;
      expect([w!.line, w!.ply, w!.move, w!.dropped]).toEqual(['variation 1', 3, 'e2e9', 2]);
      expect(w!.reason).toMatch(/^the move is not legal: Illegal move "e2e9"/);
      expect(w!.message).toMatch(
        /^XQF byte \d+ \(0x[0-9a-f]+\), ply 3 e2e9: variation 1 is cut here: the move is not legal: .* \(2 moves left out\)$/,
      );
    }
    // A sound file has no warnings.
    expect(readXqf(writeXqf(sample()), engine).warnings).toEqual([]);
  });

  test('issue 28 rebuilt: 138 variations, one with an illegal move at ply 74, opens with one warning', () => {
    const broken = brokenSideLine();
    const bytes = writeXqf(broken.game, { version: 18, keys: KEY_SETS[2] });
    // The engine, the readers' own rules, and an engine that cannot take moves back (set afresh per line).
    for (const reader of [engine, undefined, withoutUndo(new RuleBoard())]) {
      const game = readXqf(bytes, reader);
      expect(game.mainline).toEqual(broken.game.mainline);
      expect(countMoves(game.children)).toBe(broken.moves - broken.dropped);
      expect(game.warnings).toHaveLength(1);
      const [w] = game.warnings;
      expect([w!.line, w!.ply, w!.move]).toEqual([`variation ${broken.variation}`, 74, broken.move]);
      expect(w!.message).toMatch(
        new RegExp(
          `^XQF byte \\d+ \\(0x[0-9a-f]+\\), ply 74 ${broken.move}: variation ${broken.variation} is cut here: the move is not legal: .*there is no piece on`,
        ),
      );
    }
  });

  test('a square byte off the board: in the main line the file is refused, in a variation the line is cut', () => {
    const tree = [node('h2e2', [node('h9g7'), node('b9c7', [node('b0c2')])])];
    const bytes = writeXqf(sample(START_FEN, tree, { comment: null }));
    // Version 10 records: 4 bytes and a 4-byte comment length each; root, h2e2, h9g7, b9c7, b0c2.
    const record = (i: number): number => 0x400 + i * 8;
    const offBoard = (i: number): Uint8Array => {
      const copy = bytes.slice();
      copy[record(i)] = 95 + 0x18;
      return copy;
    };
    const e = xqfError(() => readXqf(offBoard(2), engine));
    expect(e.offset).toBe(record(2));
    expect(e.message).toMatch(/move record 2 has a square byte out of the board \(from 95, to /);
    const game = readXqf(offBoard(3), engine);
    expect(game.children).toEqual([node('h2e2', [node('h9g7')])]);
    expect(game.warnings.map((w) => [w.line, w.ply, w.dropped])).toEqual([['variation 1', 2, 2]]);
    expect(game.warnings[0]!.message).toMatch(
      /^XQF byte 1048 \(0x418\), ply 2: variation 1 is cut here: move record 3 has a square byte/,
    );
  });

  test('a move from an empty square and one leaving the king in check are refused', () => {
    expect(xqfError(() => readXqf(writeXqf(sample(START_FEN, [node('e3e5')])), engine)).ply).toBe(1);
    const pinned = '4k4/9/9/9/9/9/9/4r4/4A4/4K4 w - - 0 1'; // the advisor may not leave the file
    const e = xqfError(() => readXqf(writeXqf(sample(pinned, [node('e1d2')])), engine));
    expect([e.ply, e.move]).toEqual([1, 'e1d2']);
  });

  test('a file cut inside its header or main line is refused at the end; cut later, it keeps the lines read', () => {
    for (const version of [10, 12]) {
      const bytes = writeXqf(sample(), { version, keys: KEY_SETS[1] });
      let kept = 0;
      for (let length = 0; length < bytes.length; length++) {
        let game: ReadGame;
        try {
          game = readXqf(bytes.subarray(0, length), engine);
        } catch (e) {
          expect(e).toBeInstanceOf(XqfError);
          expect((e as XqfError).offset).toBeLessThanOrEqual(length);
          continue;
        }
        // Everything after the main line's records: the main line whole, the lost part named.
        kept++;
        expect(game.mainline).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9']);
        expect(countMoves(game.children)).toBeLessThan(countMoves(TREE));
        expect(game.warnings).toHaveLength(1);
        expect(game.warnings[0]!.message).toMatch(
          /^XQF byte \d+ \(0x[0-9a-f]+\): (the file ends inside|move record \d+ gives a comment of) .*; the main line and the lines read before it are kept/,
        );
      }
      expect(kept).toBeGreaterThan(10);
    }
  });

  test('reading with the bytes alone gives what reading with the engine gives', () => {
    for (const version of [10, 11, 12, 18]) {
      for (const [fen, tree] of [
        [START_FEN, TREE],
        [BLACK_SETUP, BLACK_TREE],
      ] as const) {
        const bytes = writeXqf(sample(fen, tree), { version, keys: KEY_SETS[3] });
        expect(readXqf(bytes)).toEqual(readXqf(bytes, engine));
      }
    }
    const noKing = writeXqf(sample());
    noKing[0x10 + 4] = 0xff;
    expect(xqfError(() => readXqf(noKing)).message).toBe(xqfError(() => readXqf(noKing, engine)).message);
  });

  test('damaged headers: magic, version, key sum, two pieces on a square, a bad placement', () => {
    const good = writeXqf(sample(), { version: 11, keys: KEY_SETS[1] });
    const damaged = (at: number, value: number): Uint8Array => {
      const copy = good.slice();
      copy[at] = value;
      return copy;
    };
    expect(xqfError(() => readXqf(damaged(0, 0x50), engine)).offset).toBe(0);
    expect(xqfError(() => readXqf(damaged(2, 9), engine)).message).toMatch(/version 9 is not supported/);
    expect(xqfError(() => readXqf(damaged(2, 19), engine)).offset).toBe(2);
    expect(xqfError(() => readXqf(damaged(12, good[12]! + 1), engine)).message).toMatch(/do not sum to 0/);
    const v10 = writeXqf(sample());
    const twice = v10.slice();
    twice[0x10 + 1] = twice[0x10]!; // the left horse on the left rook's square
    expect(xqfError(() => readXqf(twice, engine)).message).toMatch(/two pieces on a0/);
    const noKing = v10.slice();
    noKing[0x10 + 4] = 0xff; // Red's king off the board
    expect(xqfError(() => readXqf(noKing, engine)).message).toMatch(/piece placement is not a valid position/);
  });

  test('a comment length past the end of the file is refused at the length', () => {
    const bytes = writeXqf(sample(START_FEN, [node('h2e2')], { comment: null }));
    bytes[0x404] = 0xff; // the root's comment length (version 10: after every record)
    const e = xqfError(() => readXqf(bytes, engine));
    expect(e.offset).toBe(0x404);
    expect(e.message).toMatch(/comment of 255 bytes/);
  });

  test('header text cut inside a character, or with a length larger than its field', () => {
    const bytes = writeXqf(sample(START_FEN, [], { tags: {} }));
    const name = new Uint8Array([0xd0, 0xed, 0xd2, 0xf8, 0xb4]); // 许银 and the first byte of 川
    bytes[0x130] = name.length;
    bytes.set(name, 0x131);
    bytes[0x140] = 200; // longer than the 16-byte field
    bytes.set([0x41, 0x42], 0x141);
    const game = readXqf(bytes, engine);
    expect(game.tags['Red']).toBe('许银');
    expect(game.tags['Black']).toBe('AB');
  });

  test('random damage gives a game or an XqfError, never another error', () => {
    const random = rng(18);
    const good = writeXqf(sample(), { version: 12, keys: KEY_SETS[2] });
    for (let round = 0; round < 400; round++) {
      const bytes = good.slice();
      for (let n = 1 + Math.floor(random() * 4); n > 0; n--) {
        bytes[0x400 + Math.floor(random() * (bytes.length - 0x400))] = Math.floor(random() * 256);
      }
      try {
        readXqf(bytes, engine);
      } catch (e) {
        expect(e).toBeInstanceOf(XqfError);
      }
    }
  });

  test('the writer refuses what XQF cannot hold', () => {
    expect(() => writeXqf(sample('4k4/9/9/9/9/9/9/RRR6/9/4K4 w - - 0 1', []))).toThrow(RangeError);
    expect(() => writeXqf(sample(), { version: 19 })).toThrow(RangeError);
  });
});
