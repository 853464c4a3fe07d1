// FEN reading and writing: round trips, accepted variants, every validation error (a FenError
// naming what and where, the previous position kept), and illegal or malformed moves.
import { beforeAll, describe, expect, it } from 'vitest';
import { FenError } from '../../web/engine/index.ts';
import type { Engine, PieceLetter } from '../../web/engine/index.ts';
import {
  engineFor,
  expectFenError,
  expectIllegalMove,
  loadPerftData,
  normalizeFen,
  Random,
  randomGame,
  snapshot,
  START_FEN,
} from './helpers.ts';

const START_BOARD = START_FEN.split(' ')[0]!;

/** Hand-made positions, both sides to move, with counters. */
const POSITIONS = [
  START_FEN,
  'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1',
  '5k3/9/9/9/4p1r2/3nN4/6P2/9/9/3K5 b - - 17 33',
  '1r3k3/9/9/1n7/9/pC2P1p2/9/1N7/1N2K4/1r7 w - - 0 1',
  '5r3/4k4/4c4/9/9/9/9/4R4/4CK3/9 w - - 4 12',
  '3k5/8R/9/9/9/9/9/9/4R4/5K3 b - - 119 200',
  '2bakab2/9/9/P1P1P1P1P/9/9/p1p1p1p1p/9/9/2BAKAB2 w - - 0 1',
  ...loadPerftData().map(({ fen }) => fen),
];

/** The 90 points (rank * 9 + file) of a FEN board, read independently of the engine. */
function pointsOf(fen: string): (PieceLetter | null)[] {
  const points: (PieceLetter | null)[] = new Array<PieceLetter | null>(90).fill(null);
  fen
    .split(' ')[0]!
    .split('/')
    .forEach((row, i) => {
      let file = 0;
      for (const ch of row) {
        if (/\d/.test(ch)) file += Number(ch);
        else points[(9 - i) * 9 + file++] = ch as PieceLetter;
      }
    });
  return points;
}

describe.each(['wasm', 'js'] as const)('FEN on the %s build', (build) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineFor(build);
  });

  describe('round trips', () => {
    it.each(POSITIONS)('%s', (fen) => {
      engine.setPosition(fen);
      expect(engine.fen()).toBe(fen);
      expect(engine.board()).toEqual(pointsOf(fen));
      expect(engine.turn()).toBe(fen.split(' ')[1] === 'w' ? 'red' : 'black');
    });

    it('positions reached by random play read back to the same FEN', () => {
      const random = new Random(0x5eed);
      const seen: string[] = [];
      for (let game = 0; game < 12; game++) {
        engine.setPosition(START_FEN);
        seen.push(...randomGame(engine, random, 60));
      }
      expect(seen.length).toBeGreaterThan(300);
      for (const fen of seen) {
        engine.setPosition(fen);
        expect(engine.fen()).toBe(fen);
      }
    });

    it('pieceAt reads the board', () => {
      engine.setPosition(START_FEN);
      expect(engine.pieceAt('e0')).toBe('K');
      expect(engine.pieceAt('e9')).toBe('k');
      expect(engine.pieceAt('b2')).toBe('C');
      expect(engine.pieceAt('h7')).toBe('c');
      expect(engine.pieceAt('i3')).toBe('P');
      expect(engine.pieceAt('e4')).toBeNull();
    });
  });

  describe('accepted variants', () => {
    it.each([
      ['side "r" for Red', `${START_BOARD} r - - 0 1`],
      ['H and E for horse and elephant', 'rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1'],
      ['no counters', `${START_BOARD} w`],
      ['no counters, Black to move', '5k3/9/9/9/4p1r2/3nN4/6P2/9/9/3K5 b'],
      ['counters given', `${START_BOARD} w - - 12 34`],
    ])('%s: %s', (_what, fen) => {
      engine.setPosition(fen);
      expect(engine.fen()).toBe(normalizeFen(fen));
    });
  });

  describe('counters', () => {
    it('the ply clock counts quiet moves and the move number grows after Black moves', () => {
      engine.setPosition(START_FEN, ['h2e2']);
      expect(engine.fen()).toBe('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1');
      engine.play('h9g7');
      expect(engine.fen()).toBe('rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2');
      engine.setPosition('5k3/9/9/9/4p1r2/3nN4/6P2/9/9/3K5 b - - 3 7', ['f9f8']);
      expect(engine.fen()).toBe('9/5k3/9/9/4p1r2/3nN4/6P2/9/9/3K5 w - - 4 8');
    });

    it('undo restores the counters', () => {
      const fen = '5k3/9/9/9/4p1r2/3nN4/6P2/9/9/3K5 w - - 37 102';
      engine.setPosition(fen, ['e4d2', 'f9f8']);
      engine.undo();
      engine.undo();
      expect(engine.fen()).toBe(fen);
    });

    it('a large ply clock is either rejected by name or kept exactly through play and undo', () => {
      // A clock past 120 plies cannot arise in play; whatever the engine does with it, it must
      // not give back a different position after undo.
      for (const clock of [9999, 40000, 999999]) {
        const fen = `3k5/9/9/9/9/9/9/9/9/4K4 w - - ${clock} 1`;
        let error: unknown = null;
        try {
          engine.setPosition(fen);
        } catch (caught) {
          error = caught;
        }
        if (error !== null) {
          expect(error, fen).toBeInstanceOf(FenError);
          expect((error as FenError).message).toMatch(/clock|counter/i);
          continue;
        }
        expect(engine.fen()).toBe(fen);
        engine.play('e0e1');
        expect(engine.fen()).toBe(`3k5/9/9/9/9/9/9/9/4K4/9 b - - ${clock + 1} 1`);
        engine.undo();
        expect(engine.fen()).toBe(fen);
      }
    });
  });

  describe('validation errors', () => {
    /** Before each bad FEN: a game of two moves, which must survive the error untouched. */
    function expectRejected(fen: string, ...patterns: RegExp[]): void {
      engine.setPosition(START_FEN, ['h2e2', 'h9g7']);
      const before = snapshot(engine);
      expectFenError(() => engine.setPosition(fen), ...patterns);
      expect(snapshot(engine)).toEqual(before);
      expect(engine.undo()).toBe('h9g7');
      expect(engine.fen()).toBe('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1');
    }

    it('wrong row count', () => {
      expectRejected('3k5/9/9/9/9/9/9/9/4K4 w - - 0 1', /\b9 rows\b/, /\b10\b/);
      expectRejected(`${START_BOARD}/9 w - - 0 1`, /\b11 rows\b/);
      expectRejected('', /empty/i);
    });

    it('a missing row is reported as such, not as the pieces it shifts to other ranks', () => {
      // The start position without its rank 5: read from the top, Red's pieces land one rank
      // lower than written (the elephant c0 on c1), but the defect is the row count.
      expectRejected('rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1', /\b9 rows\b/, /\b10\b/);
    });

    it('row too narrow or too wide, by digits or by a piece', () => {
      // Row 3 (rank 7) describes 8 points, then 10.
      expectRejected('rnbakabnr/9/1c5c/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1', /row 3|rank 7/, /\b8\b/);
      expectRejected('rnbakabnr/9/1c5c2/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1', /row 3|rank 7/, /\b10\b/);
      // Row 2 (rank 8): a rook after nine empty points.
      expectRejected('3k5/9R/9/9/9/9/9/9/9/4K4 w - - 0 1', /row 2|rank 8/, /\b10\b/);
      // The last row (rank 0) is short.
      expectRejected('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1', /row 10|rank 0/, /\b8\b/);
    });

    it('unknown letter, with its position', () => {
      const fen = 'rnbakabnr/9/1c5c1/p1p1x1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
      const at = fen.indexOf('x') + 1;
      expectRejected(fen, /\bx\b/, new RegExp(`\\b${at}\\b`));
      expectRejected(fen.replace('x', '车'), /车/, new RegExp(`\\b${at}\\b`));
      expectRejected(fen.replace('x', '0'), /\b0\b/, new RegExp(`\\b${at}\\b`));
    });

    it('too many pieces of a kind', () => {
      expectRejected('3k5/9/9/9/9/9/9/9/RR7/R3K4 w - - 0 1', /red/i, /rook/i);
      expectRejected('3k5/9/9/9/9/ppppp4/p8/9/9/4K4 w - - 0 1', /black/i, /pawn/i);
      expectRejected('rnbakabnr/9/1c5c1/p1p1p1p1p/9/P8/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1', /red/i, /pawn/i);
      expectRejected('3k5/9/9/9/9/9/9/9/4K4/3K5 w - - 0 1', /red/i, /king/i);
      expectRejected('3kk4/9/9/9/9/9/9/9/9/4K4 w - - 0 1', /black/i, /king/i);
      expectRejected('3k5/9/9/9/9/9/9/3NNN3/9/4K4 w - - 0 1', /red/i, /horse|knight/i);
      // H counts as N, E as B.
      expectRejected('3k5/9/9/9/9/9/9/3NHN3/9/4K4 w - - 0 1', /red/i, /horse|knight/i);
      expectRejected('2e1k1e2/9/4e4/9/9/9/9/9/9/4K4 w - - 0 1', /black/i, /elephant|bishop/i);
    });

    it('advisor off the five points of its palace', () => {
      expectRejected('3k5/9/9/9/9/9/9/9/9/3KA4 w - - 0 1', /advisor/i, /\be0\b/);
      expectRejected('3k5/9/9/9/9/9/9/2A6/9/4K4 w - - 0 1', /advisor/i, /\bc2\b/);
      expectRejected('3ka4/9/9/9/9/9/9/9/9/4K4 w - - 0 1', /advisor/i, /\be9\b/);
    });

    it('elephant off its seven points or across the river', () => {
      expectRejected('3k5/9/9/9/9/9/9/9/3B5/4K4 w - - 0 1', /elephant|bishop/i, /\bd1\b/);
      expectRejected('3k5/9/9/9/2B6/9/9/9/9/4K4 w - - 0 1', /elephant|bishop/i, /\bc5\b/);
      expectRejected('3k5/9/9/9/9/9/9/4b4/9/4K4 w - - 0 1', /elephant|bishop/i, /\be2\b/);
    });

    it('pawn behind its start rank, or beside its start point before the river', () => {
      expectRejected('3k5/9/9/9/9/9/9/P8/9/4K4 w - - 0 1', /pawn/i, /\ba2\b/);
      expectRejected('3k5/9/8p/9/9/9/9/9/9/4K4 w - - 0 1', /pawn/i, /\bi7\b/);
      expectRejected('3k5/9/9/9/9/9/1P7/9/9/4K4 w - - 0 1', /pawn/i, /\bb3\b/);
      expectRejected('3k5/9/9/9/9/3P5/9/9/9/4K4 w - - 0 1', /pawn/i, /\bd4\b/);
      expectRejected('3k5/9/9/5p3/9/9/9/9/9/4K4 w - - 0 1', /pawn/i, /\bf6\b/);
    });

    it('pawns where they can stand are accepted', () => {
      // Red e3 and e4 (start point, one step on), b5 and d9 (across the river); black g6 and h0.
      const fen = '3P1k3/9/9/6p2/1P7/4P4/4P4/9/9/3K3p1 w - - 0 1';
      engine.setPosition(fen);
      expect(engine.fen()).toBe(fen);
    });

    it('king outside its palace', () => {
      expectRejected('3k5/9/9/9/9/9/9/9/9/2K6 w - - 0 1', /king/i, /\bc0\b/);
      expectRejected('3k5/9/9/9/9/9/4K4/9/9/9 w - - 0 1', /king/i, /\be3\b/);
      expectRejected('9/9/9/9/9/9/9/9/4k4/3K5 w - - 0 1', /king/i, /\be1\b/);
    });

    it('missing king', () => {
      expectRejected('9/9/9/9/9/9/9/9/9/4K4 w - - 0 1', /black/i, /king/i);
      expectRejected('3k5/9/9/9/9/9/9/9/9/9 w - - 0 1', /red/i, /king/i);
    });

    it('the side not to move is in check', () => {
      expectRejected('3k5/9/9/9/9/3R5/9/9/9/4K4 w - - 0 1', /black/i, /check/i);
      expectRejected('3k5/9/9/9/9/9/9/3n5/9/4K4 b - - 0 1', /red/i, /check/i);
      // Kings facing each other on an open file.
      expectRejected('4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1', /check|fac/i);
      expectRejected('4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1', /check|fac/i);
    });

    it('bad or missing side to move', () => {
      expectRejected(`${START_BOARD} x - - 0 1`, /side/i, /\bx\b/);
      expectRejected(`${START_BOARD} wb - - 0 1`, /side/i);
      expectRejected(START_BOARD, /side/i);
    });

    it('bad counters', () => {
      const at = (fen: string, field: string): RegExp => new RegExp(`\\b${fen.lastIndexOf(field) + 1}\\b`);
      const letters = `${START_BOARD} w - - x 1`;
      expectRejected(letters, /counter/i, at(letters, 'x'));
      const negative = `${START_BOARD} w - - -3 1`;
      expectRejected(negative, /counter/i, at(negative, '-3'));
      const extra = `${START_BOARD} w - - 0 1 5`;
      expectRejected(extra, /counter/i, at(extra, '5'));
      expectRejected(`${START_BOARD} w - - 0 1.5`, /counter/i);
    });

    it('a FEN longer than any board', () => {
      expectRejected(`${'9/'.repeat(3000)}9 w - - 0 1`, /too long|rows/i);
    });

    it('an error is a FenError carrying the FEN', () => {
      const fen = '9/9/9/9/9/9/9/9/9/4K4 w - - 0 1';
      expect(expectFenError(() => engine.setPosition(fen)).fen).toBe(fen);
    });
  });

  describe('illegal and malformed moves', () => {
    const illegal = [
      'e0e2', // king two points
      'a0a5', // rook through its own pawn a3
      'h9g7', // a black horse while Red is to move
      'e4e5', // no piece there
      'b0d1', // horse over its blocked leg c0
      'a3b3', // pawn sideways before the river
      'd0e0', // advisor straight, onto its own king
    ];
    const malformed = ['', 'h2', 'h2e', 'h2e2e', 'j0a0', 'a0a10', 'h2 e2', '1234', 'e2h2h'];

    it.each([...illegal, ...malformed])('play("%s") throws IllegalMoveError and keeps the game', (move) => {
      engine.setPosition(START_FEN, ['c3c4']);
      engine.play('c6c5');
      const before = snapshot(engine);
      const error = expectIllegalMove(() => engine.play(move));
      expect(error.move).toBe(move);
      expect(snapshot(engine)).toEqual(before);
      expect(engine.isLegal(move)).toBe(false);
    });

    it('a pinned piece may not leave the line (own king left in check)', () => {
      engine.setPosition('5k3/9/4r4/9/9/9/9/4N4/9/4K4 w - - 0 1');
      const before = snapshot(engine);
      expectIllegalMove(() => engine.play('e2c1'));
      expect(snapshot(engine)).toEqual(before);
    });

    it('setPosition with an illegal or malformed move keeps the previous game', () => {
      engine.setPosition(START_FEN, ['h2e2', 'h9g7']);
      const before = snapshot(engine);
      expectIllegalMove(() => engine.setPosition(START_FEN, ['b0c2', 'b9c7', 'e0e2']));
      expect(snapshot(engine)).toEqual(before);
      expectIllegalMove(() => engine.setPosition('5k3/9/9/9/4p1r2/3nN4/6P2/9/9/3K5 w - - 0 1', ['e4d2', 'zz']));
      expect(snapshot(engine)).toEqual(before);
      // The kept game still undoes move by move.
      expect(engine.undo()).toBe('h9g7');
      expect(engine.undo()).toBe('h2e2');
      expect(engine.undo()).toBeNull();
      expect(engine.fen()).toBe(START_FEN);
    });

    it('a move of the side that is not to move is refused after a move as well', () => {
      engine.setPosition(START_FEN, ['h2e2']);
      expectIllegalMove(() => engine.play('b0c2'));
      expect(engine.history()).toEqual(['h2e2']);
    });
  });
});
