// DhtmlXQ (UBB): a text written by hand from the format's facts, round trips of trees with
// variations (also inside variations) and comments, set-ups, XQF to UBB; a broken header or main
// line refused with a UbbError that names the tag and, for a refused move, its ply; a broken
// variation cut or left out with a warning that names its tag; reading without an engine.

import { beforeAll, describe, expect, test } from 'vitest';
import {
  countMoves,
  readUbb,
  writeUbb,
  readXqf,
  writeXqf,
  isUbb,
  UbbError,
  START_FEN,
  type TreeGame,
} from '../../web/notation/index.ts';
import type { Engine } from '../../web/engine/types.ts';
import { engineFor } from './helpers.ts';
import { brokenSideLine } from './broken-side-line.ts';
import { BLACK_SETUP, BLACK_TREE, TREE, node } from './trees.ts';

const STANDARD_BINIT = '8979695949392919097717866646260600102030405060708012720323436383';

function ubbError(read: () => unknown): UbbError {
  try {
    read();
  } catch (e) {
    if (e instanceof UbbError) return e;
    throw e;
  }
  throw new Error('expected a UbbError, but the text was accepted');
}

const game = (extra: Partial<TreeGame> = {}): TreeGame => ({
  tags: { Title: '五七炮对屏风马', Red: '胡荣华', Black: '杨官璘', Event: '全国赛', Date: '1960' },
  fen: START_FEN,
  result: '0-1',
  comment: '第一行\n第二行',
  children: TREE,
  mainline: [],
  ...extra,
});

describe('DhtmlXQ', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineFor('wasm');
  });

  test('a text written by hand: binit, movelist, a variation, comments, tags', () => {
    // 7747 = h2e2 (x 7 y 7 to x 4 y 7, y counted from Black's side); 7062 = h9g7; 1022 = b9c7.
    const text = `前言
[DhtmlXQ]
[DhtmlXQ_title]测试[/DhtmlXQ_title]
[DhtmlXQ_red]红方[/DhtmlXQ_red]
[DhtmlXQ_black]黑方[/DhtmlXQ_black]
[DhtmlXQ_result]红胜[/DhtmlXQ_result]
[DhtmlXQ_binit]${STANDARD_BINIT}[/DhtmlXQ_binit]
[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]
[DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1]
[DhtmlXQ_comment0]开局||说明[/DhtmlXQ_comment0]
[DhtmlXQ_comment1]中炮[/DhtmlXQ_comment1]
[DhtmlXQ_comment1_2]左马[/DhtmlXQ_comment1_2]
[/DhtmlXQ]`;
    expect(isUbb(text)).toBe(true);
    const g = readUbb(text, engine);
    expect(g.tags).toEqual({ Title: '测试', Red: '红方', Black: '黑方', Result: '1-0' });
    expect(g.result).toBe('1-0');
    expect(g.comment).toBe('开局\n说明');
    expect(g.mainline).toEqual(['h2e2', 'h9g7']);
    expect(g.children).toEqual([node('h2e2', [node('h9g7'), node('b9c7', [], '左马')], '中炮')]);
    engine.setPosition(START_FEN);
    expect(g.fen).toBe(engine.fen());
  });

  test('round trip: variations inside variations, comments, tags, result', () => {
    const text = writeUbb(game());
    const g = readUbb(text, engine);
    expect(g.children).toEqual(TREE);
    expect(g.comment).toBe('第一行\n第二行');
    expect(g.tags).toEqual({ ...game().tags, Result: '0-1' });
    expect(g.mainline).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9']);
    // Line ids breadth first: a parent always has a smaller id than its variations.
    for (const m of text.matchAll(/\[DhtmlXQ_move_(\d+)_(\d+)_(\d+)\]/g))
      expect(Number(m[1])).toBeLessThan(Number(m[3]));
    expect(writeUbb(g)).toBe(text);
  });

  test('a set-up with Black to move: with the FEN tag, and from binit alone', () => {
    const text = writeUbb(game({ fen: BLACK_SETUP, children: BLACK_TREE, comment: null, tags: {} }));
    expect(text).toContain('[DhtmlXQ_fen]');
    const g = readUbb(text, engine);
    expect(g.fen.split(' ').slice(0, 2)).toEqual(['3k5/9/9/9/9/9/9/9/4A4/4K4', 'b']);
    expect(g.children).toEqual(BLACK_TREE);
    const binitOnly = readUbb(text.replace(/\[DhtmlXQ_fen\].*\n/, ''), engine);
    expect(binitOnly.fen).toBe(g.fen);
  });

  test('an XQF file and its UBB text hold the same game', () => {
    const fromXqf = readXqf(writeXqf(game(), { version: 12, keys: { keyXY: 7, keyXYf: 70, keyXYt: 170 } }), engine);
    const fromUbb = readUbb(writeUbb(fromXqf), engine);
    expect(fromUbb.children).toEqual(fromXqf.children);
    expect(fromUbb.fen).toBe(fromXqf.fen);
    expect(fromUbb.comment).toBe(fromXqf.comment);
  });

  test('text that would end a tag is kept inside it', () => {
    const g = readUbb(writeUbb(game({ comment: 'see [DhtmlXQ_comment1] here', children: [] })), engine);
    expect(g.comment).toBe('see ［DhtmlXQ_comment1］ here');
  });

  test('an illegal move in a variation cuts it there, with a warning naming the tag and the ply', () => {
    const text = `[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][DhtmlXQ_move_0_2_1]102247406665[/DhtmlXQ_move_0_2_1][/DhtmlXQ]`;
    const g = readUbb(text, engine);
    expect(g.children).toEqual([node('h2e2', [node('h9g7'), node('b9c7')])]);
    expect(g.warnings.map((w) => [w.line, w.ply, w.move, w.dropped])).toEqual([['DhtmlXQ_move_0_2_1', 3, 'e2e9', 2]]);
    expect(g.warnings[0]!.message).toMatch(
      /^DhtmlXQ \[DhtmlXQ_move_0_2_1\] ply 3 e2e9: the variation is cut here: the move is not legal: .* \(2 moves left out\)$/,
    );
    // On the main line the same move refuses the text, as before.
    const main = ubbError(() => readUbb('[DhtmlXQ_movelist]774747406665[/DhtmlXQ_movelist]', engine));
    expect([main.tag, main.ply, main.move]).toEqual(['DhtmlXQ_movelist', 2, 'e2e9']);
    expect(main.message).toMatch(/^DhtmlXQ \[DhtmlXQ_movelist\] ply 2 e2e9: the move is not legal/);
  });

  test('issue 28 rebuilt as DhtmlXQ: one broken variation of 138 is cut, the rest kept', () => {
    const broken = brokenSideLine();
    const text = writeUbb(broken.game);
    for (const reader of [engine, undefined]) {
      const g = readUbb(text, reader);
      expect(g.mainline).toEqual(broken.game.mainline);
      expect(countMoves(g.children)).toBe(broken.moves - broken.dropped);
      expect(g.warnings.map((w) => [w.ply, w.move])).toEqual([[74, broken.move]]);
      expect(g.warnings[0]!.line).toMatch(/^DhtmlXQ_move_\d+_73_\d+$/);
    }
    expect(readUbb(text)).toEqual(readUbb(text, engine));
  });

  test.each([
    [
      'digits that are no move, inside a variation',
      '[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][DhtmlXQ_move_0_2_1]1022x0607679[/DhtmlXQ_move_0_2_1]',
      [node('h2e2', [node('h9g7'), node('b9c7')])],
      [['DhtmlXQ_move_0_2_1', 3, 'x060', 2]],
      /ply 3 x060: the variation is cut here: "x060" is not a move/,
    ],
    [
      'a square off the board inside a variation',
      '[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][DhtmlXQ_move_0_2_1]10229740[/DhtmlXQ_move_0_2_1]',
      [node('h2e2', [node('h9g7'), node('b9c7')])],
      [['DhtmlXQ_move_0_2_1', 3, '9740', 1]],
      /"9740" is not a move on the board/,
    ],
    [
      'a variation past the end of its line, and one that leaves it',
      '[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_move_0_4_1]7242[/DhtmlXQ_move_0_4_1][DhtmlXQ_move_1_5_2]7062[/DhtmlXQ_move_1_5_2]',
      [node('h2e2')],
      [
        ['DhtmlXQ_move_0_4_1', undefined, undefined, 1],
        ['DhtmlXQ_move_1_5_2', undefined, undefined, 1],
      ],
      /no move at ply 3/,
    ],
    [
      'a variation of a missing line',
      '[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_move_5_1_1]7242[/DhtmlXQ_move_5_1_1]',
      [node('h2e2')],
      [['DhtmlXQ_move_5_1_1', undefined, undefined, 1]],
      /line 5, which is not in the text/,
    ],
    [
      'a comment for a missing move',
      '[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_comment5]x[/DhtmlXQ_comment5]',
      [node('h2e2')],
      [['DhtmlXQ_comment5', undefined, undefined, undefined]],
      /no such move: it is left out/,
    ],
    [
      'a variation given twice',
      '[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_move_0_1_1]7775[/DhtmlXQ_move_0_1_1][DhtmlXQ_move_0_2_1]7062[/DhtmlXQ_move_0_2_1]',
      [node('h2e2'), node('h2h4')],
      [['DhtmlXQ_move_0_2_1', undefined, undefined, 1]],
      /variation 1 is given twice/,
    ],
  ])('left out with a warning: %s', (_, text, children, warned, message) => {
    const g = readUbb(`[DhtmlXQ]${text}[/DhtmlXQ]`, engine);
    expect(g.children).toEqual(children);
    expect(g.warnings.map((w) => [w.line, w.ply, w.move, w.dropped])).toEqual(warned);
    expect(g.warnings[0]!.message).toMatch(message);
  });

  test.each([
    ['no game at all', 'hello', undefined, /not a DhtmlXQ game/],
    ['digits not in fours', '[DhtmlXQ_movelist]774[/DhtmlXQ_movelist]', 'DhtmlXQ_movelist', /four digits/],
    [
      'a move off the board',
      '[DhtmlXQ_movelist]9747[/DhtmlXQ_movelist]',
      'DhtmlXQ_movelist',
      /not a move on the board/,
    ],
    ['a short binit', '[DhtmlXQ_binit]8979[/DhtmlXQ_binit]', 'DhtmlXQ_binit', /64 digits/],
    [
      'two pieces on a square',
      `[DhtmlXQ_binit]8989${STANDARD_BINIT.slice(4)}[/DhtmlXQ_binit]`,
      'DhtmlXQ_binit',
      /two pieces on i0/,
    ],
    [
      'a tag twice',
      '[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]',
      'DhtmlXQ_movelist',
      /twice/,
    ],
    [
      'an unknown result',
      '[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_result]maybe[/DhtmlXQ_result]',
      'DhtmlXQ_result',
      /not a result/,
    ],
    [
      'no king',
      `[DhtmlXQ_binit]${STANDARD_BINIT.slice(0, 8)}99${STANDARD_BINIT.slice(10)}[/DhtmlXQ_binit]`,
      'DhtmlXQ_binit',
      /not valid/,
    ],
  ])('refused: %s', (_, text, tag, message) => {
    const e = ubbError(() => readUbb(`[DhtmlXQ]${text}[/DhtmlXQ]`, engine));
    expect(e.tag).toBe(tag);
    expect(e.message).toMatch(message);
  });
});
