// RuleBoard, the readers' own rules, held to the engine: the same legal moves and FEN after every
// ply of random games (chase-heavy and endgame starts too), the same verdict and message for
// mutated FENs, the same refusal of illegal moves, and a position left alone by a refused input.
import { beforeAll, describe, expect, test } from 'vitest';
import { createEngine, FenError, IllegalMoveError } from '../../web/engine/index.ts';
import type { Engine } from '../../web/engine/types.ts';
import { RuleBoard, START_FEN } from '../../web/notation/index.ts';
import { Random } from '../../bench/lib/random.ts';
import { garbage, mutate } from '../hardening/lib/mutate.ts';

const STARTS = [
  START_FEN,
  '4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1',
  '3k5/4P4/9/9/9/9/9/9/9/4K4 b - - 17 40',
  '2bak4/4a4/4b4/9/2p1C4/9/9/4B4/4A4/3AK4 w - - 0 1',
  'r1bakab2/9/1cn4cn/p1p1p3p/6p2/2P6/P3P1P1P/1C2B1NC1/9/RNBAKA2R b - - 4 8',
  '3k5/9/9/9/4r4/9/9/4R4/9/4K4 w - - 0 1',
  'C2k5/9/9/9/9/9/9/9/c8/4K4 w - - 0 1',
];

let engine: Engine;
beforeAll(async () => {
  engine = await createEngine('js');
});

const sorted = (moves: string[]): string[] => [...moves].sort();

describe('RuleBoard agrees with the engine', () => {
  test('legal moves and FEN at every ply of 150 random games', () => {
    const random = new Random(0x2b0a);
    const board = new RuleBoard();
    let plies = 0;
    for (let game = 0; game < 150; game++) {
      const fen = STARTS[game % STARTS.length]!;
      engine.setPosition(fen);
      board.setPosition(fen);
      expect(board.fen()).toBe(engine.fen());
      for (let ply = 0; ply < 160; ply++) {
        const legal = engine.legalMoves();
        expect(sorted(board.legalMoves()), `game ${game} ply ${ply} ${engine.fen()}`).toEqual(sorted(legal));
        expect(board.turn()).toBe(engine.turn());
        const points = engine.board();
        expect(board.board()).toEqual(points);
        if (legal.length === 0) break;
        // Captures first now and then, so games reach sparse endings where kings face each other.
        const captures = legal.filter((m) => points[squareOf(m.slice(2))] !== null);
        const move = captures.length && random.chance(0.4) ? random.pick(captures) : random.pick(legal);
        engine.play(move);
        board.play(move);
        expect(board.fen()).toBe(engine.fen());
        plies++;
      }
      // Undo walks back to the start.
      while (board.undo() !== null);
      board.setPosition(fen);
      expect(board.fen()).toBe(new RuleBoard(fen).fen());
    }
    expect(plies).toBeGreaterThan(10_000);
  });

  test('every move that is not legal is refused by both, with the same message', () => {
    const random = new Random(0x1e6a1);
    const board = new RuleBoard();
    const files = 'abcdefghi';
    for (let game = 0; game < 20; game++) {
      const fen = STARTS[game % STARTS.length]!;
      engine.setPosition(fen);
      board.setPosition(fen);
      for (let ply = 0; ply < 40 && engine.legalMoves().length > 0; ply++) {
        const legal = new Set(engine.legalMoves());
        for (let i = 0; i < 20; i++) {
          const move = `${files[random.below(9)]}${random.below(10)}${files[random.below(9)]}${random.below(10)}`;
          if (legal.has(move)) continue;
          const before = board.fen();
          expect(() => engine.play(move)).toThrow(IllegalMoveError);
          let message = '';
          try {
            board.play(move);
          } catch (e) {
            expect(e).toBeInstanceOf(IllegalMoveError);
            message = (e as Error).message;
          }
          expect(`IllegalMoveError: ${message}`).toBe(errorOf(() => engine.play(move)));
          expect(board.fen()).toBe(before);
        }
        const move = random.pick([...legal]);
        engine.play(move);
        board.play(move);
      }
    }
    expect(() => board.play('h2-e2x')).toThrow(/not a move in ICCS form/);
  });

  test('8,000 mutated and random FENs: the same verdict and message as the engine', () => {
    const random = new Random(0xfe11);
    let accepted = 0;
    let refused = 0;
    for (let i = 0; i < 8000; i++) {
      const text = random.chance(0.1)
        ? garbage(random)
        : mutate(random.pick(STARTS), random, random.chance(0.5) ? 1 : 2);
      const board = new RuleBoard();
      const engineSays = errorOf(() => engine.setPosition(text));
      const boardSays = errorOf(() => board.setPosition(text));
      expect(boardSays, JSON.stringify(text)).toBe(engineSays);
      if (engineSays) {
        expect(board.fen(), 'a refused FEN leaves the position').toBe(new RuleBoard().fen());
        expect(() => new RuleBoard(text)).toThrow(FenError);
        refused++;
      } else {
        expect(board.fen()).toBe(engine.fen());
        expect(sorted(board.legalMoves())).toEqual(sorted(engine.legalMoves()));
        accepted++;
      }
    }
    expect(accepted).toBeGreaterThan(400);
    expect(refused).toBeGreaterThan(3000);
  });

  test('setPosition with moves: all or nothing, as the engine', () => {
    const board = new RuleBoard();
    board.setPosition(START_FEN, ['h2e2', 'h9g7']);
    expect(board.history()).toEqual(['h2e2', 'h9g7']);
    expect(() => board.setPosition(START_FEN, ['h2e2', 'e2e9'])).toThrow(IllegalMoveError);
    expect(board.history()).toEqual(['h2e2', 'h9g7']);
    expect(board.startFen()).toBe(START_FEN);
    expect(board.isLegal('h0g2')).toBe(true);
    expect(board.isLegal('h0h1')).toBe(false);
  });
});

function squareOf(name: string): number {
  return Number(name[1]) * 9 + name.charCodeAt(0) - 97;
}

function errorOf(action: () => void): string {
  try {
    action();
    return '';
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
}
