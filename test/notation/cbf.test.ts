// CBF (象棋桥's XML records): records written here by hand in the published layout (the head fields,
// the "00-00" start whose text is the game's comment, moves as "XY-XY" with y counted from Black's
// side, comments in CDATA, end="1" on the main line's last move), from text and from bytes in
// UTF-8 or GB18030; moves after the main line left out with a warning; broken records refused with
// a CbfError that gives the line, and the ply and move of a refused move.
import { beforeAll, describe, expect, test } from 'vitest';
import { CbfError, isCbf, readCbf, START_FEN } from '../../web/notation/index.ts';
import { encodeGb18030 } from '../../web/notation/gb18030.ts';
import type { Engine } from '../../web/engine/types.ts';
import { engineFor } from './helpers.ts';

/** A record in the layout 象棋桥 writes: every head field present, most of them empty. */
function record(moves: string, head: Record<string, string> = {}, encoding = 'UTF-8'): string {
  const fields = ['Name', 'URL', 'From', 'ContestType', 'Contest', 'Round', 'Group', 'Table', 'Date', 'Site']
    .concat(['TimeRule', 'Red', 'RedTeam', 'RedTime', 'RedRating', 'Black', 'BlackTeam', 'BlackTime'])
    .concat(['BlackRating', 'Referee', 'Recorder', 'Commentator', 'CommentatorURL', 'Creator', 'CreatorURL'])
    .concat(['DateCreated', 'DateModified', 'ECCO', 'RecordType', 'RecordKind', 'RecordResult', 'ResultType', 'FEN']);
  const defaults: Record<string, string> = { RecordType: '1', RecordResult: '0', FEN: START_FEN };
  const lines = fields.map((name) => {
    const value = head[name] ?? defaults[name];
    return value === undefined ? `  <${name} />` : `  <${name}>${value}</${name}>`;
  });
  return `<?xml version="1.0" encoding="${encoding}"?>\n<ChineseChessRecord Version="1.0">\n <Head>\n${lines.join('\n')}\n </Head>\n <MoveList>\n${moves}\n </MoveList>\n</ChineseChessRecord>\n`;
}

const move = (value: string, comment?: string, end = false): string =>
  `  <Move value="${value}"${end ? ' end="1"' : ''}${comment === undefined ? ' />' : `><![CDATA[${comment}]]></Move>`}`;

// 炮二平五 马８进７ 马二进三 车９平８: h2e2 h9g7 h0g2 i9h9.
const GAME = [
  move('00-00', '中炮对屏风马'),
  move('77-47'),
  move('70-62', '正着'),
  move('79-67'),
  move('80-70', '出车', true),
].join('\n');

let engine: Engine;
beforeAll(async () => {
  engine = await engineFor('wasm');
});

describe('CBF', () => {
  test('a record in the published layout: head fields as tags, result, comments, the main line', () => {
    const text = record(GAME, {
      Name: '第一局 中炮对屏风马',
      Contest: '全国象棋个人赛',
      Round: '3',
      Date: '2015-03-01',
      Site: '北京',
      Red: '许银川',
      Black: '吕钦',
      Commentator: '甲',
      Creator: '乙',
      ECCO: 'C03',
      RecordResult: '3',
    });
    expect(isCbf(text)).toBe(true);
    const game = readCbf(text, engine);
    expect(game.tags).toEqual({
      Title: '第一局 中炮对屏风马',
      Event: '全国象棋个人赛',
      Round: '3',
      Date: '2015-03-01',
      Site: '北京',
      Red: '许银川',
      Black: '吕钦',
      Annotator: '甲',
      Author: '乙',
      ECCO: 'C03',
      Result: '1/2-1/2',
    });
    expect(game.result).toBe('1/2-1/2');
    expect(game.fen).toBe(START_FEN);
    expect(game.comment).toBe('中炮对屏风马');
    expect(game.mainline).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9']);
    expect(game.children[0]!.children[0]!.comment).toBe('正着');
    expect(game.children[0]!.children[0]!.children[0]!.children[0]!.comment).toBe('出车');
    expect(game.warnings).toEqual([]);
    // Without an engine, the same game.
    expect(readCbf(text)).toEqual(game);
  });

  test.each([
    ['1', '1-0'],
    ['2', '0-1'],
    ['0', '*'],
    ['', '*'],
  ])('RecordResult %s is %s', (value, result) => {
    expect(readCbf(record(GAME, { RecordResult: value })).result).toBe(result);
  });

  test('a set-up with Black to move; entities and character references in text', () => {
    const fen = '3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 1';
    // d9d8 (x3 y0 -> x3 y1), e1d2 (x4 y8 -> x3 y7).
    const text = record(
      [
        move('00-00', '残局'),
        move('30-31'),
        `  <Move value="48-37">车 &amp; 马 &lt;好&gt; &#x8C61;&#26827;</Move>`,
      ].join('\n'),
      {
        FEN: fen,
        Name: 'A &amp; B',
      },
    );
    const game = readCbf(text, engine);
    expect(game.fen).toBe(fen);
    expect(game.mainline).toEqual(['d9d8', 'e1d2']);
    expect(game.children[0]!.children[0]!.comment).toBe('车 & 马 <好> 象棋');
    expect(game.tags['Title']).toBe('A & B');
  });

  test('bytes: UTF-8 with a byte-order mark, and GB18030 as the declaration says', () => {
    const text = record(GAME, { Red: '胡荣华' });
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    expect(readCbf(utf8).tags['Red']).toBe('胡荣华');
    const gb = encodeGb18030(record(GAME, { Red: '胡荣华' }, 'GB18030'));
    expect(gb.length).toBeLessThan(utf8.length);
    const game = readCbf(gb);
    expect(game.tags['Red']).toBe('胡荣华');
    expect(game.comment).toBe('中炮对屏风马');
    expect(() => readCbf(new TextEncoder().encode(record(GAME, {}, 'X-NONE')))).toThrow(/encoding "X-NONE"/);
  });

  test('moves after the end of the main line are left out with a warning, the main line kept', () => {
    const text = record([GAME, move('70-62'), move('10-22', undefined, true)].join('\n'));
    const game = readCbf(text, engine);
    expect(game.mainline).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9']);
    expect(game.warnings.map((w) => [w.line, w.dropped])).toEqual([['the moves after the main line', 2]]);
    expect(game.warnings[0]!.message).toMatch(
      /^CBF line \d+: what follows the main line is cut here: variations in CBF files are not read/,
    );
  });

  test('a record without a head or end mark: the standard start, every move', () => {
    const text = `<ChineseChessRecord><Head></Head><MoveList><Move value="00-00"/><Move value="77-47"/><Move value="70-62"/></MoveList></ChineseChessRecord>`;
    expect(readCbf(text).mainline).toEqual(['h2e2', 'h9g7']);
  });

  test.each([
    [
      'broken XML',
      record(GAME).replace('</Head>', '</Hed>'),
      /^CBF line \d+: the XML is broken: <\/Hed> closes <Head>/,
    ],
    ['another root', '<?xml version="1.0"?><Game/>', /not a CBF record: the root element is <Game>/],
    [
      'a value that is no move',
      record([move('00-00'), move('77-4')].join('\n')),
      /^CBF line \d+, ply 1: value="77-4" is not a move/,
    ],
    ['a square off the board', record([move('00-00'), move('97-47')].join('\n')), /ply 1: value="97-47" is not a move/],
    [
      'an illegal move',
      record([move('00-00'), move('77-47'), move('47-40')].join('\n')),
      /^CBF line \d+, ply 2 e2e9: the move is not legal/,
    ],
    [
      'a bad start',
      record(GAME, { FEN: '9/9/9/9/9/9/9/9/9/9 w - - 0 1' }),
      /^CBF line \d+: the start position is not valid: FEN has no red king/,
    ],
    ['an unknown entity', record(GAME, { Name: 'A &nbsp; B' }), /unknown entity "&nbsp;"/],
  ])('refused: %s', (_, text, message) => {
    let error: unknown;
    try {
      readCbf(text, engine);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CbfError);
    expect((error as CbfError).message).toMatch(message);
  });

  test('the line of an illegal move is the line of its <Move>', () => {
    const text = record([move('00-00'), move('77-47'), move('47-40')].join('\n'));
    try {
      readCbf(text);
      throw new Error('accepted');
    } catch (e) {
      const error = e as CbfError;
      expect(text.split('\n')[error.line! - 1]).toContain('value="47-40"');
      expect([error.ply, error.move]).toEqual([2, 'e2e9']);
    }
  });
});
