// PGN: tags, a FEN start, comments and variations kept, several games in one file, broken
// files refused with the line, column and problem, and writing that reads back.

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { parsePgn, PgnError, writePgn, START_FEN } from '../../web/notation/index.ts';
import type { PgnGame, PgnMove, ReplayEngine } from '../../web/notation/index.ts';
import type { Engine } from '../../web/engine/types.ts';
import { BACKENDS, engineFor, rng } from './helpers.ts';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function pgnError(read: () => unknown): PgnError {
  try {
    read();
  } catch (e) {
    if (e instanceof PgnError) return e;
    throw e;
  }
  throw new Error('expected a PgnError, but the file was accepted');
}

const BLACK_FIRST = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1';

describe.each(BACKENDS)('PGN on the %s engine', (backend) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineFor(backend);
  });

  // The engine must be usable where a ReplayEngine is expected (a compile-time check too).
  const replay = (): ReplayEngine => engine;

  test('several games in one file, with a FEN start, comments, variations, NAGs and escapes', () => {
    for (const text of [fixture('several.pgn'), fixture('several.pgn').replace(/\n/g, '\r\n')]) {
      const games = parsePgn(text, replay());
      expect(games).toHaveLength(3);
      expect(games[0]).toEqual({
        tags: {
          Game: 'Chinese Chess',
          Event: 'Black moves first',
          Red: 'A',
          Black: 'B',
          Result: '*',
          Format: 'WXF',
          FEN: BLACK_FIRST,
        },
        fen: BLACK_FIRST,
        moves: ['b7e7', 'h0g2', 'h9g7', 'i0h0'],
        result: '*',
        line: [
          { move: 'b7e7', comment: 'Black starts; a comment with ( and ) and [brackets] and "quotes"' },
          { move: 'h0g2' },
          {
            move: 'h9g7',
            // `$1` after the variation marks the move the variation replaces; `??` glued to nothing
            // after H2+3 is that move's NAG 4.
            nags: [1],
            variations: [
              [
                {
                  move: 'b9c7',
                  nags: [4],
                  comment: 'after a nested variation',
                  variations: [[{ move: 'g6g5', comment: 'nested' }]],
                },
              ],
            ],
          },
          { move: 'i0h0' },
        ],
      });
      expect(games[1]!.tags.Red).toBe('胡荣华');
      expect(games[1]!.moves).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7']);
      expect(games[1]!.result).toBe('1/2-1/2');
      // A ; comment runs to the end of its line; a variation branches where it stands.
      expect(games[1]!.line![1]).toEqual({ move: 'h9g7', comment: 'a comment to the end of the line: 车九进一' });
      expect(games[1]!.line![3]).toEqual({ move: 'i9h9', variations: [[{ move: 'b7e7' }, { move: 'b0c2' }]] });
      // No termination marker at the end of the file: the Result tag gives the result.
      expect(games[2]!.moves).toEqual(['h2e2', 'h9g7', 'h0g2']);
      expect(games[2]!.result).toBe('1-0');
    }
  });

  test('a tag after move text starts the next game even without a result', () => {
    const games = parsePgn('[Red "A"]\n1. 炮二平五\n[Red "B"]\n1. 炮八平五 马2进3\n', engine);
    expect(games.map((g) => [g.tags.Red, g.moves, g.result])).toEqual([
      ['A', ['h2e2'], '*'],
      ['B', ['b2e2', 'b9c7'], '*'],
    ]);
  });

  test('an empty file, or one with only comments, holds no games', () => {
    expect(parsePgn('', engine)).toEqual([]);
    expect(parsePgn('\n{ nothing here }\n; nor here\n', engine)).toEqual([]);
  });

  test('a game without tags or result is read from the start position', () => {
    const [game] = parsePgn('1. 炮二平五 马8进7', engine);
    expect(game).toEqual({
      tags: {},
      fen: null,
      moves: ['h2e2', 'h9g7'],
      result: '*',
      line: [{ move: 'h2e2' }, { move: 'h9g7' }],
    });
  });

  const broken: { name: string; text: string; line: number; column: number; says: RegExp }[] = [
    {
      name: 'a move that names no piece',
      text: '[Game "Chinese Chess"]\n[Format "WXF"]\n\n1. C2.5 H8+7\n2. H2+3 H8+7\n',
      line: 5,
      column: 9,
      says: /move 2\.\.\. "H8\+7" \(black\): no black horse stands on file 8/,
    },
    {
      name: 'an illegal move',
      text: '[Format "ICCS"]\n1. H2-E2 H9-G7 2. E2-E9 *\n',
      line: 2,
      column: 19,
      says: /move 2\. "E2-E9" \(red\): the red cannon on e2 cannot move to e9/,
    },
    {
      name: 'an ambiguous move',
      text: '[FEN "5k3/9/9/9/9/7R1/9/7R1/9/3K5 w - - 0 1"]\n\n1. 车二进三 *\n',
      line: 3,
      column: 4,
      says: /ambiguous: two red rooks stand on file 2/,
    },
    {
      name: 'a comment never closed',
      text: '[Game "Chinese Chess"]\n\n1. 炮二平五 马8进7\n2. 马二进三 { unfinished\n3. 车一平二\n',
      line: 4,
      column: 9,
      says: /comment "\{" is never closed/,
    },
    {
      name: 'a variation never closed',
      text: '1. 炮二平五 马8进7\n(1... 炮8平5 (1... 马2进3)\n2. 马二进三\n',
      line: 2,
      column: 1,
      says: /variation "\(" is never closed/,
    },
    {
      name: 'a ")" that closes nothing',
      text: '1. 炮二平五 马8进7 ) 2. 马二进三\n',
      line: 1,
      column: 14,
      says: /"\)" closes no variation/,
    },
    {
      name: 'a tag value not closed on its line',
      text: '[Game "Chinese Chess"]\n[Red "Hu Ronghua]\n\n1. 炮二平五\n',
      line: 2,
      column: 1,
      says: /the value of tag \[Red\] is not closed/,
    },
    {
      name: 'a bad FEN',
      text: '[Game "Chinese Chess"]\n[Format "ICCS"]\n[FEN "rnbakabnr/9/9 w"]\n\n1. H2-E2\n',
      line: 3,
      column: 1,
      says: /invalid FEN: /,
    },
    {
      name: 'a result that contradicts the Result tag',
      text: '[Result "1-0"]\n\n1. 炮二平五 马8进7 0-1\n',
      line: 3,
      column: 14,
      says: /ends with 0-1 but its \[Result\] tag says 1-0/,
    },
    {
      name: 'an unknown Format',
      text: '[Game "Chinese Chess"]\n[Format "SAN"]\n\n1. Ce2\n',
      line: 2,
      column: 1,
      says: /unknown \[Format "SAN"\]/,
    },
    {
      name: 'ICCS moves without a Format tag',
      text: '[Game "Chinese Chess"]\n\n1. H2-E2 H9-G7\n',
      line: 3,
      column: 4,
      says: /it looks like ICCS, but the game's move format is Chinese because it has no \[Format\] tag/,
    },
    {
      name: 'a tag given twice',
      text: '[Red "A"]\n[Black "B"]\n[Red "C"]\n',
      line: 3,
      column: 1,
      says: /tag \[Red\] appears twice/,
    },
    {
      name: 'a game of another kind',
      text: '[Game "Chess"]\n\n1. e4 e5\n',
      line: 1,
      column: 1,
      says: /\[Game "Chess"\] is not a Xiangqi game/,
    },
    {
      name: 'a "$" without its number',
      text: '1. 炮二平五 $ 马8进7\n',
      line: 1,
      column: 9,
      says: /"\$" must be followed by a number/,
    },
  ];

  test.each(broken)('refuses $name with its line and column', ({ text, line, column, says }) => {
    const e = pgnError(() => parsePgn(text, engine));
    expect(e.line).toBe(line);
    expect(e.column).toBe(column);
    expect(e.message).toMatch(says);
    expect(e.message).toMatch(new RegExp(`^PGN line ${line}, column ${column}`));
  });

  test('a broken second game fails the whole file, naming the game', () => {
    const text = `${fixture('several.pgn')}\n[Game "Chinese Chess"]\n[Format "WXF"]\n\n1. C2.5 C2.5 2. C5+5 *\n`;
    const lines = text.split('\n');
    const e = pgnError(() => parsePgn(text, engine));
    expect(e.game).toBe(4);
    expect(e.line).toBe(lines.length - 1);
    expect(e.message).toMatch(/\(game 4\): move 2\. "C5\+5" \(red\): e2e7/);
  });

  test('writes tags in roster order with escapes, FEN and Format, and reads them back', () => {
    const game: PgnGame = {
      tags: {
        Opening: '中炮',
        Red: 'x',
        Event: 'A "quoted" \\ event',
        Black: 'y',
        Date: '2026.11.30',
        Result: '0-1',
        Format: 'x',
      },
      fen: null,
      moves: ['h2e2', 'h9g7'],
      result: '1-0',
    };
    const text = writePgn(game, engine, { format: 'WXF' });
    expect(text).toBe(
      [
        '[Game "Chinese Chess"]',
        '[Event "A \\"quoted\\" \\\\ event"]',
        '[Date "2026.11.30"]',
        '[Red "x"]',
        '[Black "y"]',
        '[Result "1-0"]',
        '[Opening "中炮"]',
        '[Format "WXF"]',
        '',
        '1. C2.5 H8+7 1-0',
        '',
      ].join('\n'),
    );
    const [back] = parsePgn(text, engine);
    expect(back!.tags.Event).toBe('A "quoted" \\ event');
    expect(back!.tags.Opening).toBe('中炮');
    expect(back!.moves).toEqual(game.moves);
    expect(back!.result).toBe('1-0');
  });

  test('comments and nested variations are written and read back unchanged, in every format', () => {
    const line: PgnMove[] = [
      { move: 'h2e2', comment: 'central cannon; {braces} and (brackets)' },
      {
        move: 'h9g7',
        variations: [
          [{ move: 'b7e7', comment: 'same-direction cannons' }, { move: 'h0g2' }],
          [{ move: 'b9c7', variations: [[{ move: 'g6g5' }, { move: 'h0g2', comment: 'two\nlines' }]] }],
        ],
      },
      { move: 'h0g2', variations: [[{ move: 'b0c2' }]] },
      { move: 'i9h9' },
    ];
    const game: PgnGame = {
      tags: {},
      fen: null,
      moves: line.map((m) => m.move),
      result: '*',
      line,
      comment: 'a game comment',
    };
    for (const format of ['chinese', 'WXF', 'ICCS'] as const) {
      const text = writePgn(game, engine, { format });
      const [back] = parsePgn(text, engine);
      // PGN cannot escape "}" inside a comment: it comes back full-width.
      line[0]!.comment = 'central cannon; {braces\uff5d and (brackets)';
      expect(back!.line).toEqual(line);
      expect(back!.comment).toBe('a game comment');
      expect(back!.moves).toEqual(game.moves);
      line[0]!.comment = 'central cannon; {braces} and (brackets)';
      if (format === 'chinese') {
        const flat = text.replace(/\s+/g, ' ');
        expect(flat).toContain(
          '{a game comment} 1. 炮二平五 {central cannon; {braces\uff5d and (brackets)} 1... 马8进7 (1... 炮2平5',
        );
        expect(flat).toContain(
          '(1... 马2进3 (1... 卒7进1 2. 马二进三 {two lines})) 2. 马二进三 (2. 马八进七) 2... 车9平8 *',
        );
      }
    }
  });

  test('a game that starts with Black is numbered 12... from its FEN', () => {
    const fen = BLACK_FIRST.replace(/ 0 1$/, ' 0 12');
    const game: PgnGame = { tags: {}, fen, moves: ['b7e7', 'h0g2', 'h9g7'], result: '*' };
    const text = writePgn(game, engine, { format: 'chinese' });
    expect(text).toContain(`[FEN "${fen}"]`);
    expect(text).toContain('12... 炮2平5 13. 马二进三 马8进7 *');
    expect(text).not.toContain('[Format');
    expect(parsePgn(text, engine)[0]).toEqual({
      tags: { Game: 'Chinese Chess', Result: '*', FEN: fen },
      fen,
      moves: game.moves,
      result: '*',
      line: game.moves.map((move) => ({ move })),
    });
  });

  test('long games wrap below 80 columns, several games read back, in every format', () => {
    const random = rng(7);
    const games: PgnGame[] = [];
    for (let g = 0; g < 3; g++) {
      engine.setPosition(START_FEN);
      for (let ply = 0; ply < 150 && !engine.status().over; ply++) {
        const legal = engine.legalMoves();
        engine.play(legal[Math.floor(random() * legal.length)]!);
      }
      games.push({ tags: { Round: String(g + 1) }, fen: null, moves: engine.history(), result: '*' });
    }
    for (const format of ['ICCS', 'WXF', 'chinese'] as const) {
      const text = writePgn(games, engine, { format, charset: 'traditional' });
      for (const line of text.split('\n')) {
        const width = [...line].reduce((n, c) => n + (c.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
        expect(width, line).toBeLessThan(80);
      }
      const back = parsePgn(text, engine);
      expect(back.map((g) => g.moves)).toEqual(games.map((g) => g.moves));
      expect(back.map((g) => g.tags.Round)).toEqual(['1', '2', '3']);
    }
  });

  test('refuses to write a game with an illegal move', () => {
    const game: PgnGame = { tags: {}, fen: null, moves: ['h2e2', 'h2e2'], result: '*' };
    const e = pgnError(() => writePgn([game], engine, { format: 'WXF' }));
    expect(e.game).toBe(1);
    expect(e.message).toMatch(/^PGN game 1: cannot write move 2 \(h2e2\): .*there is no piece on h2/);
  });
});
