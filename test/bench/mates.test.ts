// The mate suite (bench/mates.txt, mined by `npm run mates:mine`): it reads, it is the suite the
// issue asks for (300 mates or more, every length from 1 to 7, mates in 1 at most a quarter, a third
// or more quiet), its kinds are right, its mates in 1 and a sample of its mates in 2 are proved by the
// rules alone (not Fairy-Stockfish, who made them), and the engine at a fixed depth finds the shortest
// mate with a listed first move in every mate in 1 and 2.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { describe as describeAnswer, judge, readAnswer, repeatsPosition } from '../../bench/mates-answer.ts';
import { kindOf, MateSuiteError, MAX_MATE, parseMate, parseMates, type Mate } from '../../bench/mates-suite.ts';
import { createEngine } from '../../web/engine/index.ts';
import type { Engine } from '../../web/engine/types.ts';
import { RuleBoard, START_FEN } from '../../web/notation/index.ts';

const MATES = parseMates(readFileSync(new URL('../../bench/mates.txt', import.meta.url), 'utf8'));
const NETWORK = readFileSync(new URL('../../nnue/xiangqi.nnue', import.meta.url));
/** The depth the engine is held to on the mates in 1 and 2. */
const DEPTH = 8;

/** The moves that leave the other side no legal move: mate, or stalemate, which loses. */
function matingMoves(board: RuleBoard): string[] {
  return board.legalMoves().filter((move) => {
    board.play(move);
    const none = board.legalMoves().length === 0;
    board.undo();
    return none;
  });
}

/** Whether `move` mates in 2: every reply allows a mate in 1 (and there is a reply). */
function matesInTwo(board: RuleBoard, move: string): boolean {
  board.play(move);
  const replies = board.legalMoves();
  const all =
    replies.length > 0 &&
    replies.every((reply) => {
      board.play(reply);
      const mates = matingMoves(board).length > 0;
      board.undo();
      return mates;
    });
  board.undo();
  return all;
}

describe('the suite file', () => {
  test('has 300 mates or more, of every length, at most a quarter mates in 1, a third or more quiet', () => {
    expect(MATES.length).toBeGreaterThanOrEqual(300);
    for (let n = 1; n <= MAX_MATE; n++)
      expect(MATES.filter((m) => m.n === n).length, `mates in ${n}`).toBeGreaterThan(10);
    expect(MATES.filter((m) => m.n === 1).length).toBeLessThanOrEqual(MATES.length / 4);
    expect(MATES.filter((m) => m.kind === 'quiet').length).toBeGreaterThanOrEqual(MATES.length / 3);
  });

  test('says quiet exactly when no listed first move captures or checks', () => {
    for (const m of MATES) expect(kindOf(m.fen, m.moves), `line ${m.line}`).toBe(m.kind);
  });

  test('names the game of bench/matches/ each mate comes from', () => {
    for (const m of MATES) expect(m.source, `line ${m.line}`).toMatch(/^[\w-]+#\d+@\d+$/);
  });
});

describe('the reader', () => {
  const good = '4k4/9/4P4/9/9/9/9/9/9/3K5 w - - 0 1;1;e7e8;forcing;record#1@2';

  test('reads a line', () => {
    expect(parseMate(good, 7)).toEqual({
      fen: '4k4/9/4P4/9/9/9/9/9/9/3K5 w - - 0 1',
      n: 1,
      moves: ['e7e8'],
      kind: 'forcing',
      source: 'record#1@2',
      line: 7,
    });
  });

  test.each([
    ['4k4/9/4P4;1;e7e8;forcing;x', /line 3: the FEN is refused/],
    [good.replace(';1;', ';8;'), /line 3: N wants a whole number from 1 to 7, not "8"/],
    [good.replace(';1;', ';one;'), /N wants a whole number/],
    [good.replace('e7e8', 'e7e9'), /the first move "e7e9" is not legal/],
    [good.replace('e7e8', ''), /no first move is listed/],
    [good.replace('e7e8', 'e7e8 e7e8'), /listed twice/],
    [good.replace('forcing', 'hidden'), /the kind wants quiet or forcing, not "hidden"/],
    [good.replace('record#1@2', ''), /the source is empty/],
    [good.replace(';record#1@2', ''), /wants 5 fields separated by ";", has 4/],
  ])('refuses %s', (line, message) => {
    expect(() => parseMate(line, 3)).toThrow(MateSuiteError);
    expect(() => parseMate(line, 3)).toThrow(message);
  });

  test('refuses a position given twice, naming both lines', () => {
    expect(() => parseMates(`# a comment\n${good}\n\n${good}\n`)).toThrow(/line 4: the position of line 2 again/);
  });
});

describe('an answer judged', () => {
  const mate = { fen: START_FEN, n: 3, moves: ['h2e2'] };
  const answer = (score: string, pv: string) =>
    readAnswer([`info depth 9 score ${score} nodes 10 pv ${pv}`, `bestmove ${pv.split(' ')[0]}`]);

  test('a listed move with mate N is found; a longer mate or none is not', () => {
    expect(judge(mate, answer('mate 3', 'h2e2 h9g7'))).toBe('found');
    expect(judge(mate, answer('mate 4', 'h2e2 h9g7'))).toBe('longer');
    expect(judge(mate, answer('cp 300', 'h2e2 h9g7'))).toBe('no mate');
    expect(judge(mate, answer('cp 300', 'b2e2 h9g7'))).toBe('other move');
    expect(judge(mate, answer('mate 3', 'b2e2 h9g7'))).toBe('unlisted');
  });

  test('a shorter mate is a win by the repetition rules when its line repeats a position', () => {
    const back = 'h2e2 h7e7 e2h2 e7h7';
    expect(repeatsPosition(START_FEN, back.split(' '))).toBe(true);
    expect(repeatsPosition(START_FEN, ['h2e2', 'h7e7', 'e2h2'])).toBe(false);
    expect(judge(mate, answer('mate 2', back))).toBe('by rule');
    expect(judge(mate, answer('mate 2', 'h2e2 h7e7 e2h2'))).toBe('shorter');
    // A line that stops being legal is read up to there.
    expect(repeatsPosition(START_FEN, ['h2e2', 'h7e7', 'a0a9'])).toBe(false);
  });
});

describe('proved by the rules alone', () => {
  test('every mate in 1: the listed moves are exactly those that leave no legal reply', () => {
    const ones = MATES.filter((m) => m.n === 1);
    for (const m of ones)
      expect(matingMoves(new RuleBoard(m.fen)).sort(), `line ${m.line}`).toEqual([...m.moves].sort());
  });

  test('a sample of the mates in 2: no mate in 1, and every listed move mates in 2', () => {
    const twos = MATES.filter((m) => m.n === 2).filter((_, i) => i % 4 === 0);
    expect(twos.length).toBeGreaterThan(3);
    for (const m of twos) {
      const board = new RuleBoard(m.fen);
      expect(matingMoves(board), `line ${m.line}`).toEqual([]);
      for (const move of m.moves) expect(matesInTwo(board, move), `line ${m.line}: ${move}`).toBe(true);
    }
  });
});

describe(`the engine at depth ${DEPTH}`, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine('wasm');
    engine.setNetwork(NETWORK);
  });

  const sample: Mate[] = MATES.filter((m) => m.n <= 2);
  test(`finds the shortest mate with a listed first move in every mate in 1 and 2 (${sample.length})`, () => {
    const missed: string[] = [];
    for (const m of sample) {
      engine.clearHash();
      engine.setPosition(m.fen);
      const result = engine.search({ depth: DEPTH });
      // The result as UCI would say it, judged as `npm run bench:mates` judges it.
      const score = 'mate' in result.score ? `mate ${result.score.mate}` : `cp ${result.score.cp}`;
      const answer = readAnswer([`info depth ${result.depth} score ${score} nodes 0`, `bestmove ${result.bestMove}`]);
      if (judge(m, answer) !== 'found') missed.push(`line ${m.line} (mate in ${m.n}): ${describeAnswer(answer)}`);
    }
    expect(missed).toEqual([]);
  });
});
