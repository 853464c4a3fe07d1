// The page's opening names (openings.ts): the common systems from their first moves, the same name for
// a game and its mirror, the most specific name that fits, and none for a set-up position.
import { describe, expect, test } from 'vitest';
import { openingName } from '../../web/app/openings.ts';
import { mirrorMove } from '../../web/engine/book.ts';
import { START_FEN } from '../../web/engine/start-fen.ts';

const zh = (moves: string[], fen = START_FEN) => openingName(fen, moves)?.zh ?? null;

describe('opening names', () => {
  test('the common systems, Chinese and English', () => {
    expect(openingName(START_FEN, ['h2e2'])).toEqual({ zh: '中炮', en: 'Central cannon' });
    expect(zh(['h2e2', 'h7e7'])).toBe('中炮对顺炮');
    expect(zh(['h2e2', 'b7e7'])).toBe('中炮对列炮');
    expect(openingName(START_FEN, ['h2e2', 'h9g7', 'h0g2', 'b9c7'])).toEqual({
      zh: '中炮对屏风马',
      en: 'Central cannon vs screen horses',
    });
    expect(zh(['h2e2', 'h9g7', 'h0g2', 'b9c7', 'b2c2'])).toBe('五七炮对屏风马');
    expect(zh(['h2e2', 'h9g7', 'h0g2', 'b7f7', 'i0h0', 'b9c7'])).toBe('中炮对反宫马');
    expect(zh(['g0e2'])).toBe('飞相局');
    expect(zh(['g0e2', 'h7e7'])).toBe('飞相对左中炮');
    expect(zh(['c3c4'])).toBe('仙人指路');
    expect(zh(['c3c4', 'b7c7'])).toBe('仙人指路对卒底炮');
    expect(zh(['c3c4', 'g6g5'])).toBe('对兵局');
    expect(openingName(START_FEN, ['h0g2'])?.en).toBe('Horse opening');
    expect(openingName(START_FEN, ['h2d2'])).toEqual({
      zh: '过宫炮',
      en: 'Palace-corner cannon (crossing the palace)',
    });
    expect(zh(['h2f2'])).toBe('士角炮');
    expect(zh(['e3e4'])).toBe('中兵局');
  });

  test('a game played on the other wing is the same opening', () => {
    const games = [
      ['h2e2', 'h7e7'],
      ['h2e2', 'b7e7'],
      ['h2e2', 'h9g7', 'h0g2', 'b9c7'],
      ['c3c4', 'b7c7'],
      ['g0e2', 'h7e7'],
      ['h0g2'],
      ['h2d2'],
    ];
    for (const moves of games) {
      const name = openingName(START_FEN, moves);
      expect(name).not.toBeNull();
      expect(openingName(START_FEN, moves.map(mirrorMove))).toEqual(name);
    }
    // 炮八平五 炮2平5 is same-direction cannons (both on the b file), not opposite.
    expect(zh(['b2e2', 'b7e7'])).toBe('中炮对顺炮');
    expect(zh(['b2e2', 'h7e7'])).toBe('中炮对列炮');
    // Upper case and dashes (as some records write ICCS) are read too.
    expect(zh(['H2-E2', 'H7-E7'])).toBe('中炮对顺炮');
  });

  test('no name without moves, for a move outside the table, or from another start', () => {
    expect(openingName(START_FEN, [])).toBeNull();
    expect(openingName(START_FEN, ['a0a1'])).toBeNull();
    expect(openingName('4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1', ['e0d0'])).toBeNull();
    // The start position with other counters is still the start.
    expect(zh(['h2e2'], START_FEN.replace(/ 0 1$/, ' 0 3'))).toBe('中炮');
  });
});
