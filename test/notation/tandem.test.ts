// Every case of like pieces on one file, written by hand in ICCS, WXF and Chinese (simplified
// and traditional), checked both ways on both engine backends.

import { beforeAll, describe, expect, test } from 'vitest';
import { fromChinese, fromIccs, fromWxf, toChinese, toIccs, toWxf, NotationError } from '../../web/notation/index.ts';
import type { Engine } from '../../web/engine/types.ts';
import { BACKENDS, engineFor } from './helpers.ts';

interface Case {
  /** ICCS move. */
  move: string;
  wxf: string;
  zh: string;
  /** Traditional; defaults to the simplified text when they agree. */
  tw?: string;
  /** Other texts that must read as the same move. */
  also?: string[];
}

interface Scenario {
  name: string;
  fen: string;
  cases: Case[];
  /** Texts that must be refused as ambiguous (or naming no piece) in this position. */
  refuse?: { text: string; code: NotationError['code']; says: RegExp }[];
}

const SCENARIOS: Scenario[] = [
  {
    name: 'two red rooks on file 2 (h4 front, h2 rear)',
    fen: '5k3/9/9/9/9/7R1/9/7R1/9/3K5 w - - 0 1',
    cases: [
      { move: 'h4h7', wxf: 'R++3', zh: '前车进三', tw: '前俥進三', also: ['+R+3', '车前进三', '俥前進三', 'r++3'] },
      { move: 'h4h3', wxf: 'R+-1', zh: '前车退一', tw: '前俥退一' },
      { move: 'h4e4', wxf: 'R+.5', zh: '前车平五', tw: '前俥平五', also: ['R+=5', '+R.5', '前車平五'] },
      { move: 'h2h3', wxf: 'R-+1', zh: '后车进一', tw: '後俥進一', also: ['-R+1', '後車進一', '车后进一'] },
      { move: 'h2a2', wxf: 'R-.9', zh: '后车平九', tw: '後俥平九' },
      { move: 'h2h0', wxf: 'R--2', zh: '后车退二', tw: '後俥退二' },
    ],
    refuse: [
      { text: 'R2+3', code: 'ambiguous', says: /two red rooks stand on file 2/ },
      { text: '车二进三', code: 'ambiguous', says: /two red rooks stand on file 2/ },
      { text: '中车进一', code: 'no-piece', says: /no middle one of two/ },
    ],
  },
  {
    name: 'two black horses on file 3 (c7 front, c9 rear)',
    fen: '2n1k4/9/2n6/9/9/9/9/9/9/3K5 b - - 0 1',
    cases: [
      { move: 'c7b5', wxf: 'H++2', zh: '前马进2', tw: '前馬進2', also: ['+H+2', '+N+2', '前马进２'] },
      { move: 'c7d5', wxf: 'H++4', zh: '前马进4', tw: '前馬進4' },
      { move: 'c7e8', wxf: 'H+-5', zh: '前马退5', tw: '前馬退5' },
      { move: 'c7a8', wxf: 'H+-1', zh: '前马退1', tw: '前馬退1' },
      { move: 'c9b7', wxf: 'H-+2', zh: '后马进2', tw: '後馬進2' },
      { move: 'c9d7', wxf: 'H-+4', zh: '后马进4', tw: '後馬進4' },
      { move: 'c9a8', wxf: 'H-+1', zh: '后马进1', tw: '後馬進1' },
    ],
    refuse: [
      { text: 'H3+4', code: 'ambiguous', says: /two black horses stand on file 3/ },
      { text: 'H+.4', code: 'illegal', says: /cannot move sideways/ },
    ],
  },
  {
    name: 'two red cannons on file 5 (e5 front, e2 rear)',
    fen: '5k3/9/9/9/4C4/9/9/4C4/9/3K5 w - - 0 1',
    cases: [
      { move: 'e5e8', wxf: 'C++3', zh: '前炮进三', tw: '前炮進三', also: ['前砲进三', '前包进三'] },
      { move: 'e2e4', wxf: 'C-+2', zh: '后炮进二', tw: '後炮進二' },
      { move: 'e2b2', wxf: 'C-.8', zh: '后炮平八', tw: '後炮平八' },
      { move: 'e5a5', wxf: 'C+.9', zh: '前炮平九', tw: '前炮平九' },
    ],
  },
  {
    name: 'two red pawns on file 5 (e6 front, e5 rear)',
    fen: '3k5/9/9/4P4/4P4/9/9/9/9/5K3 w - - 0 1',
    cases: [
      { move: 'e6e7', wxf: 'P++1', zh: '前兵进一', tw: '前兵進一' },
      { move: 'e6d6', wxf: 'P+.6', zh: '前兵平六', also: ['+P.6', '前兵五平六', '前五平六'] },
      { move: 'e5f5', wxf: 'P-.4', zh: '后兵平四', tw: '後兵平四', also: ['-P.4', '二兵平四'] },
      { move: 'e5d5', wxf: 'P-.6', zh: '后兵平六', tw: '後兵平六' },
    ],
    refuse: [
      { text: 'P5.6', code: 'ambiguous', says: /two red pawns stand on file 5/ },
      { text: '兵五平六', code: 'ambiguous', says: /two red pawns stand on file 5/ },
      { text: '++.6', code: 'no-piece', says: /'\+\+' is for four or five/ },
    ],
  },
  {
    name: 'three red pawns on file 5 (e7, e6, e5)',
    fen: '3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1',
    cases: [
      { move: 'e7e8', wxf: 'P++1', zh: '前兵进一', tw: '前兵進一', also: ['一兵进一'] },
      { move: 'e7d7', wxf: 'P+.6', zh: '前兵平六' },
      { move: 'e6d6', wxf: 'P5.6', zh: '中兵平六', also: ['二兵平六', '兵中平六'] },
      { move: 'e6f6', wxf: 'P5.4', zh: '中兵平四' },
      { move: 'e5f5', wxf: 'P-.4', zh: '后兵平四', tw: '後兵平四', also: ['三兵平四'] },
    ],
    refuse: [
      { text: '兵五平六', code: 'ambiguous', says: /three red pawns stand on file 5/ },
      { text: '四兵平六', code: 'no-piece', says: /only three red pawns/ },
    ],
  },
  {
    name: 'four red pawns on file 5 (e8, e7, e6, e5)',
    fen: '3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1',
    cases: [
      { move: 'e8d8', wxf: '++.6', zh: '一兵平六', also: ['前兵平六'] },
      { move: 'e8e9', wxf: '+++1', zh: '一兵进一', tw: '一兵進一' },
      { move: 'e7d7', wxf: 'P+.6', zh: '二兵平六', also: ['+P.6'] },
      { move: 'e6d6', wxf: 'P-.6', zh: '三兵平六' },
      { move: 'e5d5', wxf: '--.6', zh: '四兵平六', also: ['后兵平六'] },
    ],
    refuse: [
      { text: 'P5.6', code: 'ambiguous', says: /four red pawns stand on file 5/ },
      { text: '中兵平六', code: 'no-piece', says: /no middle one of four/ },
    ],
  },
  {
    name: 'five red pawns on file 9 (a9 to a5)',
    fen: 'P3k4/P8/P8/P8/P8/9/9/9/9/3K5 w - - 0 1',
    cases: [
      { move: 'a9b9', wxf: '++.8', zh: '一兵平八', also: ['前兵平八'] },
      { move: 'a8b8', wxf: 'P+.8', zh: '二兵平八' },
      { move: 'a7b7', wxf: 'P9.8', zh: '三兵平八', also: ['中兵平八'] },
      { move: 'a6b6', wxf: 'P-.8', zh: '四兵平八' },
      { move: 'a5b5', wxf: '--.8', zh: '五兵平八', also: ['后兵平八'] },
    ],
    refuse: [{ text: 'P++1', code: 'illegal', says: /a8a9 .* is not a legal move here/ }],
  },
  {
    name: 'red pawns doubled on two files (three on file 3, two on file 7)',
    fen: '4k4/9/6P2/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1',
    cases: [
      { move: 'g7f7', wxf: '3+.4', zh: '前三平四', also: ['前兵三平四'] },
      { move: 'g7g8', wxf: '3++1', zh: '前三进一', tw: '前三進一' },
      { move: 'g6f6', wxf: '33.4', zh: '中三平四', also: ['P3.4', '中兵三平四'] },
      { move: 'g5f5', wxf: '3-.4', zh: '后三平四', tw: '後三平四', also: ['后兵三平四'] },
      { move: 'c6d6', wxf: '7+.6', zh: '前七平六' },
      { move: 'c6c7', wxf: '7++1', zh: '前七进一', tw: '前七進一' },
      { move: 'c5d5', wxf: '7-.6', zh: '后七平六', tw: '後七平六' },
      { move: 'c5b5', wxf: '7-.8', zh: '后七平八', tw: '後七平八' },
    ],
    refuse: [
      { text: 'P+.4', code: 'ambiguous', says: /doubled on files 3 and 7/ },
      { text: '前兵平四', code: 'ambiguous', says: /doubled on files 3 and 7/ },
      { text: '中七平六', code: 'no-piece', says: /no middle one of two/ },
      { text: '前五平四', code: 'no-piece', says: /not two red pawns on file 5/ },
    ],
  },
  {
    name: 'black pawns doubled on two files (files 3 and 7, two each)',
    fen: '4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b - - 0 1',
    cases: [
      { move: 'c3c2', wxf: '3++1', zh: '前3进1', tw: '前3進1', also: ['前３进１', '前卒3进1'] },
      { move: 'c4b4', wxf: '3-.2', zh: '后3平2', tw: '後3平2' },
      { move: 'g3h3', wxf: '7+.8', zh: '前7平8' },
      { move: 'g4f4', wxf: '7-.6', zh: '后7平6', tw: '後7平6' },
    ],
    refuse: [{ text: '后卒平6', code: 'ambiguous', says: /doubled on files 3 and 7/ }],
  },
  {
    name: 'red advisors on one file (d0, d2): never front/rear',
    fen: '4k4/9/9/9/9/9/9/3A5/5K3/3A5 w - - 0 1',
    cases: [
      { move: 'd0e1', wxf: 'A6+5', zh: '仕六进五', tw: '仕六進五', also: ['A-+5', '后仕进五', '士六进五'] },
      { move: 'd2e1', wxf: 'A6-5', zh: '仕六退五', also: ['A+-5', '前仕退五'] },
    ],
  },
  {
    name: 'black elephants on one file (c9, c5): never front/rear',
    fen: '2b1k4/9/9/9/2b6/9/9/9/9/3K5 b - - 0 1',
    cases: [
      { move: 'c9e7', wxf: 'E3+5', zh: '象3进5', tw: '象3進5', also: ['B3+5', '相3进5'] },
      { move: 'c9a7', wxf: 'E3+1', zh: '象3进1', tw: '象3進1' },
      { move: 'c5e7', wxf: 'E3-5', zh: '象3退5' },
      { move: 'c5a7', wxf: 'E3-1', zh: '象3退1' },
    ],
  },
];

describe.each(BACKENDS)('tandem pieces on the %s engine', (backend) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineFor(backend);
  });

  describe.each(SCENARIOS)('$name', (scenario) => {
    test.each(scenario.cases)('$move = $wxf = $zh', (c) => {
      engine.setPosition(scenario.fen);
      expect(engine.legalMoves()).toContain(c.move);
      expect(toIccs(engine, c.move)).toBe(c.move);
      expect(toIccs(engine, c.move, { style: 'dashed' })).toBe(
        c.move.slice(0, 2).toUpperCase() + '-' + c.move.slice(2).toUpperCase(),
      );
      expect(toWxf(engine, c.move)).toBe(c.wxf);
      expect(toChinese(engine, c.move)).toBe(c.zh);
      expect(toChinese(engine, c.move, { charset: 'traditional' })).toBe(c.tw ?? c.zh);
      expect(fromIccs(engine, c.move)).toBe(c.move);
      expect(fromWxf(engine, c.wxf)).toBe(c.move);
      expect(fromChinese(engine, c.zh)).toBe(c.move);
      expect(fromChinese(engine, c.tw ?? c.zh)).toBe(c.move);
      for (const text of c.also ?? []) {
        const read = /^[\x20-\x7e]+$/.test(text) ? fromWxf(engine, text) : fromChinese(engine, text);
        expect(read, text).toBe(c.move);
      }
    });

    if (scenario.refuse?.length) {
      test.each(scenario.refuse)('refuses $text', (r) => {
        engine.setPosition(scenario.fen);
        const read = () => (/^[\x20-\x7e]+$/.test(r.text) ? fromWxf(engine, r.text) : fromChinese(engine, r.text));
        expect(read).toThrow(NotationError);
        try {
          read();
        } catch (e) {
          expect((e as NotationError).code).toBe(r.code);
          expect((e as NotationError).message).toMatch(r.says);
          expect((e as NotationError).message).toContain(r.text);
        }
      });
    }
  });
});
