// Each rule isolated by a hand-made position. The drawings show rank 9 (Black's back rank) at the
// top; uppercase is Red, lowercase Black; `*` marks an empty point a tested piece may move to.
// Expected move sets are derived by hand from the rules, never copied from an engine run.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine, GameStatus } from '../../web/engine/index.ts';
import { engineFor, sorted, START_FEN } from './helpers.ts';

describe.each(['wasm', 'js'] as const)('rules on the %s build', (build) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineFor(build);
  });

  /** The legal moves from `square` in `fen`, sorted. */
  function movesFrom(fen: string, square: string): string[] {
    engine.setPosition(fen);
    return sorted(engine.legalMoves(square));
  }

  function checkIn(fen: string): boolean {
    engine.setPosition(fen);
    return engine.inCheck();
  }

  describe('move lists', () => {
    it('legalMoves(square) lists the moves of the side to move from that point only', () => {
      engine.setPosition(START_FEN);
      expect(sorted(engine.legalMoves('h0'))).toEqual(['h0g2', 'h0i2']); // g0 and i0 block the legs
      expect(engine.legalMoves('e4')).toEqual([]); // empty point
      expect(engine.legalMoves('h9')).toEqual([]); // Black's horse, Red to move
      const all = engine.legalMoves();
      expect(new Set(all).size).toBe(all.length);
      expect(engine.isLegal('h0g2')).toBe(true);
      expect(engine.isLegal('h0f1')).toBe(false);
    });
  });

  describe('horse', () => {
    it('jumps to all eight points when no leg is blocked (diagonal neighbours do not block)', () => {
      //    9 . . . . . k . . .
      //  8-7  (empty)
      //    6 . . . * . * . . .
      //    5 . . * c . . * . .
      //    4 . . . . N . . . .
      //    3 . . * . . n * . .
      //    2 . . . * . * . . .
      //    1 . . . . . . . . .
      //    0 . . . . . K . . .
      //      a b c d e f g h i
      const fen = '5k3/9/9/9/3c5/4N4/5n3/9/9/5K3 w - - 0 1';
      expect(movesFrom(fen, 'e4')).toEqual(sorted(['e4c5', 'e4d6', 'e4f6', 'e4g5', 'e4c3', 'e4g3', 'e4d2', 'e4f2']));
    });

    it('cannot jump over a blocked leg, captures enemies and not its own pieces', () => {
      // Legs e5 (black pawn) and d4 (black horse) are blocked: no d6, f6, c5, c3. g3 holds a red
      // pawn; g5 a black rook to capture.
      //    9 . . . . . k . . .
      //  8-6  (empty)
      //    5 . . . . p . r . .
      //    4 . . . n N . . . .
      //    3 . . . . . . P . .
      //    2 . . . * . * . . .
      //    1 . . . . . . . . .
      //    0 . . . K . . . . .
      //      a b c d e f g h i
      const fen = '5k3/9/9/9/4p1r2/3nN4/6P2/9/9/3K5 w - - 0 1';
      expect(movesFrom(fen, 'e4')).toEqual(sorted(['e4d2', 'e4f2', 'e4g5']));
    });

    it('a black horse is blocked the same way (its leg e4 holds the red horse)', () => {
      // Black horse d4: legs d5, d3, c4 free, leg e4 blocked, so no f5 and no f3.
      const fen = '5k3/9/9/9/4p1r2/3nN4/6P2/9/9/3K5 b - - 0 1';
      expect(movesFrom(fen, 'd4')).toEqual(sorted(['d4c6', 'd4e6', 'd4c2', 'd4e2', 'd4b5', 'd4b3']));
    });
  });

  describe('elephant', () => {
    it('cannot move when its eye is blocked', () => {
      // Elephant e2: eyes d3 (black pawn) and f1 (red horse) are blocked, d1 and f3 are free.
      //    9 . . . . k . . . .
      //  8-5  (empty)
      //    4 . . . . . . * . .
      //    3 . . . p . . . . .
      //    2 . . . . B . . . .
      //    1 . . . . . N . . .
      //    0 . . * K . . . . .
      //      a b c d e f g h i
      const fen = '4k4/9/9/9/9/9/3p5/4B4/5N3/3K5 w - - 0 1';
      expect(movesFrom(fen, 'e2')).toEqual(sorted(['e2c0', 'e2g4']));
    });

    it('never crosses the river', () => {
      // Red elephant c4 may not go to a6 or e6; black elephant g5 may not go to e3 or i3.
      //    9 . . . . . k . . .
      //    8 . . . . . . . . .
      //    7 . . . . * . . . *
      //    6 . . . . . . . . .
      //    5 . . . . . . b . .
      //    4 . . B . . . . . .
      //    3 . . . . . . . . .
      //    2 * . . . * . . . .
      //    1 . . . . . . . . .
      //    0 . . . K . . . . .
      //      a b c d e f g h i
      const fen = '5k3/9/9/9/6b2/2B6/9/9/9/3K5 w - - 0 1';
      expect(movesFrom(fen, 'c4')).toEqual(sorted(['c4a2', 'c4e2']));
      expect(movesFrom(fen.replace(' w ', ' b '), 'g5')).toEqual(sorted(['g5e7', 'g5i7']));
    });
  });

  describe('palace', () => {
    it('keeps a king in a corner of its palace inside it', () => {
      // Red king f2: f3 and g2 are outside. Black king d9: c9 is outside.
      //    9 . . . k * . . . .
      //    8 . . . * . . . . .
      //  7-3  (empty)
      //    2 . . . . * K . . .
      //    1 . . . . . * . . .
      //    0 . . . . . . . . .
      //      a b c d e f g h i
      const fen = '3k5/9/9/9/9/9/9/5K3/9/9 w - - 0 1';
      expect(movesFrom(fen, 'f2')).toEqual(sorted(['f2f1', 'f2e2']));
      expect(movesFrom(fen.replace(' w ', ' b '), 'd9')).toEqual(sorted(['d9d8', 'd9e9']));
    });

    it('lets a king in the centre of its palace step one point orthogonally', () => {
      // The red pawn on e6 keeps the kings from facing each other.
      //    9 . . . . k . . . .
      //  8-7  (empty)
      //    6 . . . . P . . . .
      //  5-3  (empty)
      //    2 . . . . * . . . .
      //    1 . . . * K * . . .
      //    0 . . . . * . . . .
      //      a b c d e f g h i
      const fen = '4k4/9/9/4P4/9/9/9/9/4K4/9 w - - 0 1';
      expect(movesFrom(fen, 'e1')).toEqual(sorted(['e1e0', 'e1e2', 'e1d1', 'e1f1']));
    });

    it('keeps advisors on the diagonals of their palace', () => {
      // Red advisor e1 reaches d0, d2, f2 (f0 holds its king). Black advisor d7 reaches only e8.
      //    9 . . . . k . . . .
      //    8 . . . . * . . . .
      //    7 . . . a . . . . .
      //  6-3  (empty)
      //    2 . . . * . * . . .
      //    1 . . . . A . . . .
      //    0 . . . * . K . . .
      //      a b c d e f g h i
      const fen = '4k4/9/3a5/9/9/9/9/9/4A4/5K3 w - - 0 1';
      expect(movesFrom(fen, 'e1')).toEqual(sorted(['e1d0', 'e1d2', 'e1f2']));
      expect(movesFrom(fen.replace(' w ', ' b '), 'd7')).toEqual(['d7e8']);
    });
  });

  describe('rook and cannon', () => {
    // Up: b6 black horse, b9 black rook. Right: e4 red pawn, g4 black pawn. Down: b2 and b1 red
    // horses, b0 black rook. Left: a4 black pawn, right next to the piece on b4.
    //    9 . r . . . k . . .
    //  8-7  (empty)
    //    6 . n . . . . . . .
    //    5 . * . . . . . . .
    //    4 p C * * P . p . .
    //    3 . * . . . . . . .
    //    2 . N . . . . . . .
    //    1 . N . . K . . . .
    //    0 . r . . . . . . .
    //      a b c d e f g h i
    const cannonFen = '1r3k3/9/9/1n7/9/pC2P1p2/9/1N7/1N2K4/1r7 w - - 0 1';
    const rookFen = '1r3k3/9/9/1n7/9/pR2P1p2/9/1N7/1N2K4/1r7 w - - 0 1';

    it('a rook slides to the first piece and captures it when it is an enemy', () => {
      expect(movesFrom(rookFen, 'b4')).toEqual(sorted(['b4b5', 'b4b6', 'b4c4', 'b4d4', 'b4b3', 'b4a4']));
    });

    it('a cannon slides like a rook but captures only over exactly one screen', () => {
      // b9 over b6, g4 over e4; not a4 (no screen) nor b0 (two screens, b2 and b1).
      expect(movesFrom(cannonFen, 'b4')).toEqual(sorted(['b4b5', 'b4b9', 'b4c4', 'b4d4', 'b4g4', 'b4b3']));
    });
  });

  describe('pawn', () => {
    // Red: a3 and e4 before the river, c6 across it, i9 on the last rank. Black: g6 before its
    // river, c4 across it.
    //    9 . . . . . k . * P
    //    8 . . . . . . . . .
    //    7 . . * . . . . . .
    //    6 . * P * . . p . .
    //    5 . . . . * . * . .
    //    4 * * p * P . . . .
    //    3 P . * . . . . . .
    //  2-1  (empty)
    //    0 . . . K . . . . .
    //      a b c d e f g h i
    const fen = '5k2P/9/9/2P3p2/9/2p1P4/P8/9/9/3K5 w - - 0 1';

    it('moves only forward before the river', () => {
      expect(movesFrom(fen, 'a3')).toEqual(['a3a4']);
      expect(movesFrom(fen, 'e4')).toEqual(['e4e5']);
      expect(movesFrom(fen.replace(' w ', ' b '), 'g6')).toEqual(['g6g5']);
    });

    it('moves forward and sideways after the river, never backward', () => {
      expect(movesFrom(fen, 'c6')).toEqual(sorted(['c6c7', 'c6b6', 'c6d6']));
      expect(movesFrom(fen.replace(' w ', ' b '), 'c4')).toEqual(sorted(['c4c3', 'c4b4', 'c4d4']));
    });

    it('only moves sideways on the last rank', () => {
      expect(movesFrom(fen, 'i9')).toEqual(['i9h9']);
    });
  });

  describe('flying general', () => {
    it('a king may not step onto the file of the other king with nothing between', () => {
      // Red king d1 may not go to e1; black king e9 may not go to d9.
      //    9 . . . . k * . . .
      //    8 . . . . * . . . .
      //  7-3  (empty)
      //    2 . . . * . . . . .
      //    1 . . . K . . . . .
      //    0 . . . * . . . . .
      //      a b c d e f g h i
      const fen = '4k4/9/9/9/9/9/9/9/3K5/9 w - - 0 1';
      expect(movesFrom(fen, 'd1')).toEqual(sorted(['d1d0', 'd1d2']));
      expect(movesFrom(fen.replace(' w ', ' b '), 'e9')).toEqual(sorted(['e9e8', 'e9f9']));
    });

    it('a cannon alone between the kings may move along the file only', () => {
      //    9 . . . . k . . . .
      //    8 . . . . * . . . .
      //    7 . . . . * . . . .
      //    6 . . . . * . . . .
      //    5 . . . . * . . . .
      //    4 . . . . C . . . .
      //    3 . . . . * . . . .
      //    2 . . . . * . . . .
      //    1 . . . . * . . . .
      //    0 . . . . K . . . .
      //      a b c d e f g h i
      const fen = '4k4/9/9/9/9/4C4/9/9/9/4K4 w - - 0 1';
      expect(movesFrom(fen, 'e4')).toEqual(sorted(['e4e1', 'e4e2', 'e4e3', 'e4e5', 'e4e6', 'e4e7', 'e4e8']));
    });

    it('a horse alone between the kings cannot move at all', () => {
      //    9 . . . . k . . . .
      //  8-6  (empty)
      //    5 . . . . N . . . .
      //  4-2  (empty)
      //    1 . . . . * . . . .
      //    0 . . . * K * . . .
      //      a b c d e f g h i
      const fen = '4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1';
      expect(movesFrom(fen, 'e5')).toEqual([]);
      expect(movesFrom(fen, 'e0')).toEqual(sorted(['e0d0', 'e0e1', 'e0f0']));
    });
  });

  describe('moving into check', () => {
    it('a king may not step onto an attacked point', () => {
      // Red king e1: d1 and e2 are attacked by the horse c3, f1 by the rook f7; only e0 is safe.
      //    9 . . . . . k . . .
      //    8 . . . . . . . . .
      //    7 . . . . . r . . .
      //  6-4  (empty)
      //    3 . . n . . . . . .
      //    2 . . . . . . . . .
      //    1 . . . . K . . . .
      //    0 . . . . * . . . .
      //      a b c d e f g h i
      const fen = '5k3/9/5r3/9/9/9/2n6/9/4K4/9 w - - 0 1';
      engine.setPosition(fen);
      expect(engine.legalMoves()).toEqual(['e1e0']);
    });

    it('a piece pinned by a rook cannot leave the file; the king cannot face the other king', () => {
      // Horse e2 shields its king from the rook e7. King e0: f0 would face the black king.
      //    9 . . . . . k . . .
      //    8 . . . . . . . . .
      //    7 . . . . r . . . .
      //  6-3  (empty)
      //    2 . . . . N . . . .
      //    1 . . . . * . . . .
      //    0 . . . * K . . . .
      //      a b c d e f g h i
      const fen = '5k3/9/4r4/9/9/9/9/4N4/9/4K4 w - - 0 1';
      expect(movesFrom(fen, 'e2')).toEqual([]);
      expect(movesFrom(fen, 'e0')).toEqual(sorted(['e0d0', 'e0e1']));
    });

    it('neither of two screens may leave the file of a cannon aimed at the king', () => {
      // Cannon e7, screens e2 and e1: moving either leaves exactly one screen. King e0: f0 faces
      // the black king, so d0 is the only legal move.
      //    9 . . . . . k . . .
      //    8 . . . . . . . . .
      //    7 . . . . c . . . .
      //  6-3  (empty)
      //    2 . . . . N . . . .
      //    1 . . . . A . . . .
      //    0 . . . * K . . . .
      //      a b c d e f g h i
      const fen = '5k3/9/4c4/9/9/9/9/4N4/4A4/4K4 w - - 0 1';
      engine.setPosition(fen);
      expect(engine.legalMoves()).toEqual(['e0d0']);
    });
  });

  describe('check detection', () => {
    // Red king e0, red to move, black king d9, unless the FEN says otherwise.
    it.each([
      ['rook on the file', '3k5/9/9/9/4r4/9/9/9/9/4K4 w - - 0 1', true],
      ['rook on the rank', '3k5/9/9/9/9/9/9/9/9/r3K4 w - - 0 1', true],
      ['rook on another file', '3k5/9/9/9/3r5/9/9/9/9/4K4 w - - 0 1', false],
      ['horse d2, leg d1 free', '3k5/9/9/9/9/9/9/3n5/9/4K4 w - - 0 1', true],
      ['horse d2, leg d1 blocked', '3k5/9/9/9/9/9/9/3n5/3N5/4K4 w - - 0 1', false],
      ['horse d2, e1 taken (not its leg)', '3k5/9/9/9/9/9/9/3n5/4A4/4K4 w - - 0 1', true],
      ['horse c1, leg d1 free', '3k5/9/9/9/9/9/9/9/2n6/4K4 w - - 0 1', true],
      ['cannon e5 over one screen (e2)', '3k5/9/9/9/4c4/9/9/4B4/9/4K4 w - - 0 1', true],
      ['cannon e5 over a black screen (e3)', '3k5/9/9/9/4c4/9/4n4/9/9/4K4 w - - 0 1', true],
      ['cannon e5 with no screen', '3k5/9/9/9/4c4/9/9/9/9/4K4 w - - 0 1', false],
      ['cannon e5 over two screens (e3, e2)', '3k5/9/9/9/4c4/9/4P4/4B4/9/4K4 w - - 0 1', false],
      ['pawn in front (e1)', '3k5/9/9/9/9/9/9/9/4p4/4K4 w - - 0 1', true],
      ['pawn beside (d0)', '3k5/9/9/9/9/9/9/9/9/3pK4 w - - 0 1', true],
      ['pawn diagonal (d1)', '3k5/9/9/9/9/9/9/9/3p5/4K4 w - - 0 1', false],
      ['pawn behind (king e1, pawn e0)', '3k5/9/9/9/9/9/9/9/4K4/4p4 w - - 0 1', false],
      ['black king: red rook on the file', '4k4/9/9/9/9/4R4/9/9/9/3K5 b - - 0 1', true],
      ['black king: red horse f7, leg f8 free', '4k4/9/5N3/9/9/9/9/9/9/3K5 b - - 0 1', true],
      ['black king: red cannon over the advisor e8', '4k4/4a4/9/9/9/4C4/9/9/9/3K5 b - - 0 1', true],
      ['black king: red pawn in front (e8)', '4k4/4P4/9/9/9/9/9/9/9/3K5 b - - 0 1', true],
      ['black king: red pawn beside (f9)', '4kP3/9/9/9/9/9/9/9/9/3K5 b - - 0 1', true],
    ] as const)('%s: %s in check = %s', (_what, fen, expected) => {
      expect(checkIn(fen)).toBe(expected);
    });
  });

  describe('end of the game', () => {
    function statusOf(fen: string, moves: string[] = []): GameStatus {
      engine.setPosition(fen, moves);
      return engine.status();
    }

    it('a game in progress is not over', () => {
      expect(statusOf(START_FEN)).toEqual({ turn: 'red', inCheck: false, over: false });
    });

    it('checkmate: the mated side loses', () => {
      // Black king e9 in check from a9; d9, f9 and e8 are all covered.
      //    9 R . . . k . . . .
      //    8 R . . . . . . . .
      //  7-1  (empty)
      //    0 . . . K . . . . .
      //      a b c d e f g h i
      const fen = 'R3k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1';
      expect(statusOf(fen)).toEqual({ turn: 'black', inCheck: true, over: true, result: '1-0', reason: 'checkmate' });
      expect(engine.legalMoves()).toEqual([]);
      // Red mated: king f0 in check from i0, e0 and f1 covered.
      //    9 . . . k . . . . .
      //  8-2  (empty)
      //    1 . . . . . . . . r
      //    0 . . . . . K . . r
      //      a b c d e f g h i
      const red = '3k5/9/9/9/9/9/9/9/8r/5K2r w - - 0 1';
      expect(statusOf(red)).toEqual({ turn: 'red', inCheck: true, over: true, result: '0-1', reason: 'checkmate' });
    });

    it('checkmate reached by a move', () => {
      // b0b9 mates: rank 9 covered by the new rook, rank 8 by a8.
      //    9 . . . . k . . . .
      //    8 R . . . . . . . .
      //  7-1  (empty)
      //    0 . R . K . . . . .
      //      a b c d e f g h i
      const fen = '4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1';
      expect(statusOf(fen).over).toBe(false);
      expect(statusOf(fen, ['b0b9'])).toEqual({
        turn: 'black',
        inCheck: true,
        over: true,
        result: '1-0',
        reason: 'checkmate',
      });
    });

    it('stalemate: no legal move without being in check also loses', () => {
      // Black king d9 is not in check, but d8 (rook i8) and e9 (rook e1) are covered.
      //    9 . . . k . . . . .
      //    8 . . . . . . . . R
      //  7-2  (empty)
      //    1 . . . . R . . . .
      //    0 . . . . . K . . .
      //      a b c d e f g h i
      const fen = '3k5/8R/9/9/9/9/9/9/4R4/5K3 b - - 0 1';
      expect(statusOf(fen)).toEqual({ turn: 'black', inCheck: false, over: true, result: '1-0', reason: 'stalemate' });
      expect(engine.legalMoves()).toEqual([]);
      // Red king d0: d1 covered by the rook a1, e0 by the rook e8.
      //    9 . . . . . k . . .
      //    8 . . . . r . . . .
      //  7-2  (empty)
      //    1 r . . . . . . . .
      //    0 . . . K . . . . .
      //      a b c d e f g h i
      const red = '5k3/4r4/9/9/9/9/9/9/r8/3K5 w - - 0 1';
      expect(statusOf(red)).toEqual({ turn: 'red', inCheck: false, over: true, result: '0-1', reason: 'stalemate' });
    });
  });

  describe('60-move rule (120 plies without a capture)', () => {
    //    9 . . . . . k . . .
    //  8-6  (empty)
    //    5 p . . . . . . . .
    //  4-1  (empty)
    //    0 R . . K . . . . .
    //      a b c d e f g h i
    const fen = '5k3/9/9/9/p8/9/9/9/9/R2K5 w - - 119 70';
    const draw = { turn: 'black', inCheck: false, over: true, result: '1/2-1/2', reason: 'move-limit' };

    it('the 120th quiet ply draws', () => {
      engine.setPosition(fen);
      expect(engine.status().over).toBe(false);
      engine.play('a0a1');
      expect(engine.fen()).toBe('5k3/9/9/9/p8/9/9/9/R8/3K5 b - - 120 70');
      expect(engine.status()).toEqual(draw);
    });

    it('the 119th does not', () => {
      engine.setPosition(fen.replace(' 119 ', ' 118 '), ['a0a1']);
      expect(engine.status()).toEqual({ turn: 'black', inCheck: false, over: false });
    });

    it('a capture resets the count', () => {
      engine.setPosition(fen, ['a0a5']);
      expect(engine.fen()).toBe('5k3/9/9/9/R8/9/9/9/9/3K5 b - - 0 70');
      expect(engine.status()).toEqual({ turn: 'black', inCheck: false, over: false });
    });

    it('a mate on the 120th ply is still a mate', () => {
      engine.setPosition('4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 119 80', ['b0b9']);
      expect(engine.status()).toEqual({ turn: 'black', inCheck: true, over: true, result: '1-0', reason: 'checkmate' });
    });
  });

  describe('repetition', () => {
    const knights = ['h0g2', 'h9g7', 'g2h0', 'g7h9'];

    it('the third occurrence of a position with idle moves is a draw', () => {
      engine.setPosition(START_FEN, knights);
      expect(engine.status().over).toBe(false); // second occurrence
      engine.setPosition(START_FEN, [...knights, ...knights.slice(0, 3)]);
      expect(engine.status().over).toBe(false);
      engine.play('g7h9'); // third occurrence
      expect(engine.status()).toEqual({
        turn: 'red',
        inCheck: false,
        over: true,
        result: '1/2-1/2',
        reason: 'repetition',
      });
    });

    it('counts positions, not move sequences', () => {
      engine.setPosition(START_FEN, [...knights, 'b0c2', 'b9c7', 'c2b0']);
      expect(engine.status().over).toBe(false);
      engine.play('c7b9');
      expect(engine.status()).toMatchObject({ over: true, result: '1/2-1/2', reason: 'repetition' });
    });

    it('a position is the same whichever of two like pieces stands where', () => {
      // The rooks a1 and a0 trade places in four moves (a1b1, a0a1, b1b0, b0a0) while the black
      // king steps e9-e8 and back twice: after eight plies the start position is back.
      //    9 . . . . k . . . .
      //  8-2  (empty)
      //    1 R . . . . . . . .
      //    0 R . . . . K . . .
      //      a b c d e f g h i
      const fen = '4k4/9/9/9/9/9/9/9/R8/R4K3 w - - 0 1';
      const swap = ['a1b1', 'e9e8', 'a0a1', 'e8e9', 'b1b0', 'e9e8', 'b0a0', 'e8e9'];
      engine.setPosition(fen, [...swap, ...swap.slice(0, 7)]);
      expect(engine.status().over).toBe(false);
      engine.play('e8e9'); // third occurrence
      expect(engine.fen()).toBe(fen.replace(' 0 1', ' 16 9'));
      expect(engine.status()).toEqual({
        turn: 'red',
        inCheck: false,
        over: true,
        result: '1/2-1/2',
        reason: 'repetition',
      });
    });

    // Red's rook checks on every move (a9 then a8) while Black's king shuffles f9-f8.
    //    9 . . . . . k . . .
    //    8 R . . . . . . . .
    //  7-1  (empty)
    //    0 . . . K . . . . .
    //      a b c d e f g h i
    const perpetualFen = '5k3/R8/9/9/9/9/9/9/9/3K5 w - - 0 1';
    const cycle = ['a8a9', 'f9f8', 'a9a8', 'f8f9'];

    it('the side that checked on every move of the cycle loses', () => {
      engine.setPosition(perpetualFen);
      for (const [i, move] of [...cycle, ...cycle].entries()) {
        expect(engine.status().over).toBe(false);
        engine.play(move);
        expect(engine.inCheck()).toBe(i % 2 === 0); // Red's moves check, Black's do not
      }
      expect(engine.status()).toEqual({
        turn: 'red',
        inCheck: false,
        over: true,
        result: '0-1',
        reason: 'perpetual-check',
      });
    });

    it('perpetual check also loses when the third occurrence follows the checking move', () => {
      engine.setPosition(perpetualFen, [...cycle, ...cycle, 'a8a9']);
      expect(engine.status()).toEqual({
        turn: 'black',
        inCheck: true,
        over: true,
        result: '0-1',
        reason: 'perpetual-check',
      });
    });

    it('Black checking perpetually loses too', () => {
      // Black's rook checks from a0 and a1 while the red king shuffles f0-f1.
      //    9 . . . k . . . . .
      //  8-2  (empty)
      //    1 r . . . . . . . .
      //    0 . . . . . K . . .
      //      a b c d e f g h i
      const fen = '3k5/9/9/9/9/9/9/9/r8/5K3 b - - 0 1';
      const blackCycle = ['a1a0', 'f0f1', 'a0a1', 'f1f0'];
      engine.setPosition(fen, [...blackCycle, ...blackCycle]);
      expect(engine.status()).toEqual({
        turn: 'black',
        inCheck: false,
        over: true,
        result: '1-0',
        reason: 'perpetual-check',
      });
    });

    it('both sides checking on every move is a draw', () => {
      // e2f2 blocks the rook f9 and uncovers the cannon e1 (screen e7); e7f7 leaves the e-file and
      // checks over the rook f2; f2e2 blocks the cannon f7 and checks twice (rook e2, cannon e1
      // over it); f7e7 blocks both and uncovers the rook f9.
      //    9 . . . . . r . . .
      //    8 . . . . k . . . .
      //    7 . . . . c . . . .
      //  6-3  (empty)
      //    2 . . . . R . . . .
      //    1 . . . . C K . . .
      //    0 . . . . . . . . .
      //      a b c d e f g h i
      const fen = '5r3/4k4/4c4/9/9/9/9/4R4/4CK3/9 w - - 0 1';
      const mutual = ['e2f2', 'e7f7', 'f2e2', 'f7e7'];
      engine.setPosition(fen);
      expect(engine.inCheck()).toBe(true);
      for (const move of [...mutual, ...mutual]) {
        expect(engine.status().over).toBe(false);
        engine.play(move);
        expect(engine.inCheck()).toBe(true);
      }
      expect(engine.status()).toEqual({
        turn: 'red',
        inCheck: true,
        over: true,
        result: '1/2-1/2',
        reason: 'repetition',
      });
    });
  });
});
