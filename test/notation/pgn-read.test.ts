// readPgn keeps what is sound: a variation with a bad move is cut there (with the line, column, ply
// and move), a game whose tags or main line are broken is left out of a file of several, each with
// a warning; a file with nothing readable is refused with the first game's error. parsePgn still
// refuses a file at its first problem. Both read without an engine (RuleBoard) as with one.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { parsePgn, PgnError, readPgn, RuleBoard, writePgn, type PgnMove } from '../../web/notation/index.ts';
import type { Engine } from '../../web/engine/types.ts';
import { engineFor, withoutUndo } from './helpers.ts';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const GAME = (moves: string, tags = '') => `[Game "Chinese Chess"]\n[Format "ICCS"]\n${tags}\n${moves}\n`;

describe('readPgn', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineFor('wasm');
  });

  test('a bad move in a variation cuts it there; the main line, the other variations and the nested ones before it stay', () => {
    const text = GAME('1. H2-E2 H9-G7 (1... B9-C7 2. E2-E9 B7-B0 (2... A9-A8)) (1... C9-E7 { sound }) 2. H0-G2 *');
    const file = readPgn(text, engine);
    expect(file.games).toHaveLength(1);
    const [game] = file.games;
    expect(game!.moves).toEqual(['h2e2', 'h9g7', 'h0g2']);
    const variations = game!.line![1]!.variations!;
    expect(variations.map((v: PgnMove[]) => v.map((m) => m.move))).toEqual([['b9c7'], ['c9e7']]);
    expect(file.warnings).toEqual(game!.warnings);
    expect(file.warnings.map((w) => [w.line, w.ply, w.move, w.dropped])).toEqual([['variation 1', 3, 'E2-E9', 3]]);
    expect(file.warnings[0]!.message).toMatch(
      /^PGN line 4, column 31 \(game 1\): variation 1 is cut here: move 2\. "E2-E9" \(red\): .* \(3 moves left out\)$/,
    );
    // parsePgn refuses the same file, at the same place.
    const strict = errorOf(() => parsePgn(text, engine));
    expect([strict.line, strict.column]).toEqual([4, 31]);
  });

  test('a variation whose first move is bad goes whole; one nested in a cut part is counted in what was left out', () => {
    const text = GAME('1. H2-E2 H9-G7 (1... H9-H0) (1... B9-C7 2. B0-C2 (2. C3-C9 H0-G2) A9-A8) 2. H0-G2 *');
    const { games, warnings } = readPgn(text);
    expect(games[0]!.line![1]!.variations!.map((v) => v.map((m) => m.move))).toEqual([['b9c7', 'b0c2', 'a9a8']]);
    expect(warnings.map((w) => [w.line, w.ply, w.move, w.dropped])).toEqual([
      ['variation 1', 2, 'H9-H0', 1],
      ['variation 3', 3, 'C3-C9', 2],
    ]);
  });

  test('in a file of several games, one whose main line or tags are broken is left out with a warning', () => {
    const text = [
      GAME('1. H2-E2 H9-G7 *', '[Event "one"]'),
      GAME('1. H2-E2 H9-G7 2. E2-E9 *', '[Event "two: illegal on the main line"]'),
      GAME('1. C3-C4 *', '[Event "three"]'),
      GAME('1. C3-C4 *', '[Event "four"]\n[FEN "rnbakabnr/9/9/9/9/9/9/9/9/RNBAKABNR w - - 0 1"]'),
      GAME('1. C3-C4 *', '[Event "five"]\n[Format "SAN"]'), // a second Format tag
    ].join('\n');
    const { games, warnings } = readPgn(text, engine);
    expect(games.map((g) => g.tags['Event'])).toEqual(['one', 'three']);
    expect(warnings.map((w) => [w.line, w.dropped])).toEqual([
      ['game 2', 3],
      ['game 4', 1],
      ['game 5', 1],
    ]);
    expect(warnings[0]!.message).toMatch(
      /^PGN line \d+, column \d+ \(game 2\): move 2\. "E2-E9" \(red\): .*; the game is left out \(3 moves\)$/,
    );
    expect(warnings[1]!.message).toMatch(/\(game 4\): invalid FEN: .*; the game is left out/);
    expect(warnings[2]!.message).toMatch(/\(game 5\): tag \[Format\] appears twice/);
    // parsePgn refuses the file at game 2.
    expect(errorOf(() => parsePgn(text, engine)).game).toBe(2);
  });

  test('a file where no game can be read is refused with the first game’s error, as before', () => {
    const text = GAME('1. H2-E9 *') + GAME('1. A0-A9 *');
    const e = errorOf(() => readPgn(text));
    expect(e.message).toBe(errorOf(() => parsePgn(text)).message);
    expect(e.game).toBe(1);
    // Broken text (a comment never closed) is refused whole.
    expect(errorOf(() => readPgn(GAME('1. H2-E2 { open *'))).message).toMatch(/never closed/);
  });

  test('columns count characters: one for a character outside the BMP; a long symbol is no move', () => {
    const e = errorOf(() => readPgn(GAME('{😀😀} 1. H2-E9 *')));
    expect([e.line, e.column]).toEqual([4, 9]);
    const long = errorOf(() => readPgn(GAME(`1. ${'注'.repeat(100_000)} *`)));
    expect(long.message).toMatch(/move 1\. "注{32}…" \(red\): 100000 characters are no move \(it looks like Chinese/);
  });

  test('variations nested deeper than the reader takes are refused, not a stack overflow', () => {
    const deep = `1. H2-E2 ${'(1. C3-C4 '.repeat(300)}${')'.repeat(300)} H9-G7 *`;
    expect(errorOf(() => readPgn(GAME(deep))).message).toMatch(/nested more than 256 deep/);
    const fine = `1. H2-E2 ${'(1. C3-C4 '.repeat(50)}${')'.repeat(50)} H9-G7 *`;
    expect(readPgn(GAME(fine)).games[0]!.moves).toEqual(['h2e2', 'h9g7']);
  });

  test('without an engine: the fixtures read and write as with one', () => {
    for (const name of [
      'several.pgn',
      'cao-haikola-2015.iccs.pgn',
      'cao-haikola-2015.wxf.pgn',
      'cao-haikola-2015.zh.pgn',
      'horne-mirnik.wxf.pgn',
    ]) {
      const text = fixture(name);
      const games = parsePgn(text);
      expect(games).toEqual(parsePgn(text, engine));
      expect(readPgn(text)).toEqual({ games, warnings: [] });
      expect(readPgn(text, withoutUndo(new RuleBoard())).games).toEqual(games);
      for (const format of ['ICCS', 'WXF', 'chinese'] as const) {
        expect(writePgn(games, { format })).toBe(writePgn(games, engine, { format }));
      }
    }
  });
});

function errorOf(read: () => unknown): PgnError {
  try {
    read();
  } catch (e) {
    if (e instanceof PgnError) return e;
    throw e;
  }
  throw new Error('expected a PgnError');
}
