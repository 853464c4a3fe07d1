// Reading and writing single moves: the accepted spellings, and refusals that say why.

import { beforeAll, describe, expect, test } from 'vitest';
import {
  detectNotation,
  formatMove,
  fromChinese,
  fromIccs,
  fromWxf,
  NotationError,
  parseMove,
  START_FEN,
  toChinese,
  toIccs,
  toWxf,
} from '../../web/notation/index.ts';
import type { PositionView } from '../../web/notation/index.ts';
import type { Engine } from '../../web/engine/types.ts';
import { BACKENDS, engineFor } from './helpers.ts';

function refusal(read: () => unknown): NotationError {
  try {
    read();
  } catch (e) {
    if (e instanceof NotationError) return e;
    throw e;
  }
  throw new Error('expected a NotationError, but the text was accepted');
}

describe.each(BACKENDS)('moves on the %s engine', (backend) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineFor(backend);
  });

  test.each([
    'h2e2',
    'H2-E2',
    'h2-e2',
    'C2.5',
    'C2=5',
    'c2.5',
    'C2.5!?',
    '炮二平五',
    '砲二平五',
    '包二平五',
    '炮2平5',
    '炮二平５',
    ' 炮 二 平 五 ',
  ])('the central cannon %s reads as h2e2', (text) => {
    engine.setPosition(START_FEN);
    expect(parseMove(engine, text)).toBe('h2e2');
  });

  test('Black answers with its own file numbers (from its right) and Arabic digits', () => {
    engine.setPosition(START_FEN, ['h2e2']);
    expect(toWxf(engine, 'h9g7')).toBe('H8+7');
    expect(toChinese(engine, 'h9g7')).toBe('马8进7');
    expect(toChinese(engine, 'h9g7', { charset: 'traditional' })).toBe('馬8進7');
    expect(toChinese(engine, 'h9g7', { fullWidthDigits: true })).toBe('马８进７');
    for (const text of ['H8+7', 'N8+7', 'h8+7', '马8进7', '馬8進7', '马８进７', '马八进七']) {
      expect(parseMove(engine, text), text).toBe('h9g7');
    }
    expect(toWxf(engine, 'b7e7')).toBe('C2.5');
    expect(toChinese(engine, 'b7e7')).toBe('炮2平5');
    expect(toChinese(engine, 'b7e7', { charset: 'traditional' })).toBe('砲2平5');
    expect(toWxf(engine, 'i9i7')).toBe('R9+2');
    expect(toChinese(engine, 'e9e8')).toBe('将5进1');
    expect(toChinese(engine, 'e9e8', { charset: 'traditional' })).toBe('將5進1');
  });

  test('Red uses Chinese numerals, files from its right; every piece name in both charsets', () => {
    engine.setPosition(START_FEN);
    const red: [string, string, string, string][] = [
      ['e0e1', 'K5+1', '帅五进一', '帥五進一'],
      ['f0e1', 'A4+5', '仕四进五', '仕四進五'],
      ['g0e2', 'E3+5', '相三进五', '相三進五'],
      ['b0c2', 'H8+7', '马八进七', '傌八進七'],
      ['a0a2', 'R9+2', '车九进二', '俥九進二'],
      ['h2h9', 'C2+7', '炮二进七', '炮二進七'],
      ['c3c4', 'P7+1', '兵七进一', '兵七進一'],
    ];
    for (const [move, wxf, zh, tw] of red) {
      expect(toWxf(engine, move)).toBe(wxf);
      expect(toChinese(engine, move)).toBe(zh);
      expect(toChinese(engine, move, { charset: 'traditional' })).toBe(tw);
      expect(fromWxf(engine, wxf)).toBe(move);
      expect(fromChinese(engine, zh)).toBe(move);
      expect(fromChinese(engine, tw)).toBe(move);
    }
  });

  test('a cannon going back and a rook going back say how many ranks', () => {
    engine.setPosition(START_FEN, ['h2e2', 'h9g7', 'e2e6', 'b9c7']);
    expect(toWxf(engine, 'e6e4')).toBe('C5-2');
    expect(toChinese(engine, 'e6e4')).toBe('炮五退二');
    expect(fromChinese(engine, '炮五退二')).toBe('e6e4');
  });

  const refusals: [string, string, NotationError['code'], RegExp][] = [
    ['WXF', 'C3.5', 'no-piece', /no red cannon stands on file 3/],
    ['WXF', 'R1+3', 'illegal', /i0i3 .*is not a legal move here/],
    ['WXF', 'H2.3', 'illegal', /a horse cannot move sideways/],
    ['WXF', 'H2+5', 'illegal', /a horse on file 2 cannot reach file 5/],
    ['WXF', 'C2.2', 'illegal', /moving sideways must leave its file 2/],
    ['WXF', 'C2+9', 'illegal', /cannot move 9 ranks forward/],
    ['WXF', 'E3+4', 'illegal', /an elephant on file 3 cannot reach file 4/],
    ['WXF', 'Z2.5', 'syntax', /"Z" is not a piece letter/],
    ['WXF', 'C2x5', 'syntax', /third character must be/],
    ['WXF', 'C2.0', 'syntax', /last character must be a number 1-9/],
    ['WXF', 'C2.5x', 'syntax', /expected four characters/],
    ['WXF', 'C+.5', 'no-piece', /no two red cannons share a file/],
    ['chinese', '炮三平五', 'no-piece', /no red cannon stands on file 3/],
    ['chinese', '炮二平', 'syntax', /expected four characters/],
    ['chinese', '炮二走五', 'syntax', /"走" is not 进, 退 or 平/],
    ['chinese', '炮二平十', 'syntax', /"十" is not a number 1-9/],
    ['chinese', '前炮平五', 'no-piece', /no two red cannons share a file/],
    ['chinese', '王五进一', 'syntax', /"王五" does not name a piece/],
    ['ICCS', 'h2h8', 'illegal', /the red cannon on h2 cannot move to h8 in this position/],
    ['ICCS', 'e6e5', 'illegal', /the piece on e6 is black's, but red is to move/],
    ['ICCS', 'e5e6', 'no-piece', /there is no piece on e5/],
    ['ICCS', 'j2e2', 'syntax', /not an ICCS move/],
  ];

  test.each(refusals)('%s "%s" is refused (%s) saying why', (notation, text, code, says) => {
    engine.setPosition(START_FEN);
    const read = notation === 'WXF' ? fromWxf : notation === 'chinese' ? fromChinese : fromIccs;
    const e = refusal(() => read(engine, text));
    expect(e.code).toBe(code);
    expect(e.message).toMatch(says);
    expect(e.message).toContain(`"${text}"`);
    expect(e.input).toBe(text);
  });

  test('writing an illegal move is refused too, in every notation', () => {
    engine.setPosition(START_FEN);
    for (const write of [toIccs, toWxf, toChinese]) {
      const e = refusal(() => write(engine, 'h2h8'));
      expect(e.code).toBe('illegal');
    }
    expect(refusal(() => toWxf(engine, 'i9i8')).message).toMatch(/black's, but red is to move/);
  });

  test('formatMove and detectNotation', () => {
    engine.setPosition(START_FEN);
    expect(formatMove(engine, 'h2e2', { notation: 'ICCS' })).toBe('h2e2');
    expect(formatMove(engine, 'h2e2', { notation: 'ICCS', style: 'dashed' })).toBe('H2-E2');
    expect(formatMove(engine, 'h2e2', { notation: 'WXF' })).toBe('C2.5');
    expect(formatMove(engine, 'h2e2', { notation: 'chinese', charset: 'traditional' })).toBe('炮二平五');
    expect(detectNotation('H2-E2')).toBe('ICCS');
    expect(detectNotation('C2.5')).toBe('WXF');
    expect(detectNotation('炮二平五')).toBe('chinese');
    // An explicit notation is not second-guessed.
    expect(refusal(() => parseMove(engine, 'C2.5', 'chinese')).code).toBe('syntax');
  });
});

// Positions the engine refuses (it checks the piece counts and the palace), so they are built by
// hand with their legal moves listed: they show what happens off the standard material.
function handMade(board: Record<string, string>, turn: 'red' | 'black', legal: string[]): PositionView {
  const squares = Array<null | string>(90).fill(null);
  for (const [sq, p] of Object.entries(board)) squares[Number(sq[1]) * 9 + sq.charCodeAt(0) - 97] = p;
  return {
    board: () => squares as ReturnType<PositionView['board']>,
    turn: () => turn,
    legalMoves: () => legal,
  };
}

test('three rooks on a file cannot be written, and the error says so', () => {
  const pos = handMade({ e0: 'K', e9: 'k', h2: 'R', h4: 'R', h6: 'R' }, 'red', ['h4g4', 'h2g2', 'h6g6']);
  const e = refusal(() => toWxf(pos, 'h4g4'));
  expect(e.code).toBe('unsupported');
  expect(e.message).toMatch(/three red rooks on one file/);
});

test('advisors fall back to front/rear only when their move would not tell them apart', () => {
  // Two advisors stacked outside any real palace, both able to step forward to file 5.
  const pos = handMade({ f0: 'K', e9: 'k', d3: 'A', d5: 'A' }, 'red', ['d3e4', 'd5e6']);
  expect(toWxf(pos, 'd5e6')).toBe('A++5');
  expect(toChinese(pos, 'd3e4')).toBe('后仕进五');
  expect(refusal(() => fromWxf(pos, 'A6+5')).code).toBe('ambiguous');
  expect(fromWxf(pos, 'A-+5')).toBe('d3e4');
});

test('moves may be given to the writers in upper case', async () => {
  const engine = await engineFor('js');
  engine.setPosition(START_FEN);
  expect(toWxf(engine, 'H2E2')).toBe('C2.5');
  expect(toChinese(engine, 'H2E2')).toBe('炮二平五');
  expect(toIccs(engine, 'H2-E2')).toBe('h2e2');
});
