// Repetition and move-limit cases that test/engine/rules.test.ts does not already pin: checks on only
// some moves of a cycle, a long irregular perpetual, the side to move as part of "the same position",
// the limit reached by moves actually played, which rule decides when two apply on the same ply, and
// undo leaving an ended game. Expected verdicts come from the rules as docs/rules.md states them.
// Drawings: rank 9 at the top, uppercase Red.
import { beforeAll, describe, expect, test } from 'vitest';
import { createEngine } from '../../web/engine/index.ts';
import type { Engine, GameStatus } from '../../web/engine/types.ts';

const going = (turn: 'red' | 'black', inCheck = false): GameStatus => ({ turn, inCheck, over: false });

describe.each(['wasm', 'js'] as const)('repetition and the move limit on the %s build', (backend) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine(backend);
  });

  /** Plays `moves` from `fen` one by one; returns the status before each move and after the last. */
  function statuses(fen: string, moves: readonly string[]): GameStatus[] {
    engine.setPosition(fen);
    const seen = [engine.status()];
    for (const move of moves) {
      engine.play(move);
      seen.push(engine.status());
    }
    return seen;
  }

  test('checking on only some moves of the cycle is no perpetual: the third occurrence draws', () => {
    // a7a9 checks the king on f9, a9a7 does not (the king has gone to f8).
    //    9 . . . . . k . . .
    //    8 . . . . . . . . .
    //    7 R . . . . . . . .
    //  6-1  (empty)
    //    0 . . . K . . . . .
    const fen = '5k3/9/R8/9/9/9/9/9/9/3K5 w - - 0 1';
    const cycle = ['a7a9', 'f9f8', 'a9a7', 'f8f9'];
    const seen = statuses(fen, [...cycle, ...cycle]);
    expect(seen.slice(0, 8).every((s) => !s.over)).toBe(true);
    expect(seen[1]).toEqual(going('black', true));
    expect(seen[8]).toEqual({ turn: 'red', inCheck: false, over: true, result: '1/2-1/2', reason: 'repetition' });
  });

  test('a perpetual over a long, irregular cycle (the king visits three points) still loses', () => {
    // The rook checks from ranks 9, 8, 7, 8 while the king walks f9-f8-f7-f8-f9. The first position
    // to stand a third time is (rook a8, king f8, Black to move), at ply 11 (plies 3, 7, 11).
    //    9 . . . . . k . . .
    //    8 R . . . . . . . .
    //  7-1  (empty)
    //    0 . . . K . . . . .
    const fen = '5k3/R8/9/9/9/9/9/9/9/3K5 w - - 0 1';
    const cycle = ['a8a9', 'f9f8', 'a9a8', 'f8f7', 'a8a7', 'f7f8', 'a7a8', 'f8f9'];
    const seen = statuses(fen, [...cycle, ...cycle.slice(0, 3)]);
    expect(seen.slice(0, 11).every((s) => !s.over)).toBe(true);
    expect(seen[11]).toEqual({ turn: 'black', inCheck: true, over: true, result: '0-1', reason: 'perpetual-check' });
  });

  test('the side to move is part of the position: the same placement with the other side to move is not a repeat', () => {
    // The rook goes round a1-a2-a3 (three moves) while the king shuffles e9-e8 (two), so the start
    // placement returns with Black to move at ply 5 and with Red to move at ply 12. Counting the
    // placement alone would end the game at ply 12 (plies 0, 5, 12); counting positions, the first
    // third occurrence is the start position at ply 24.
    //    9 . . . . k . . . .
    //  8-2  (empty)
    //    1 R . . . . . . . .
    //    0 . . . . . K . . .
    const fen = '4k4/9/9/9/9/9/9/9/R8/5K3 w - - 0 1';
    const red = ['a1a2', 'a2a3', 'a3a1'];
    const black = ['e9e8', 'e8e9'];
    const moves = Array.from({ length: 24 }, (_, ply) =>
      ply % 2 === 0 ? red[(ply / 2) % 3]! : black[((ply - 1) / 2) % 2]!,
    );
    const seen = statuses(fen, moves);
    engine.setPosition(fen, moves.slice(0, 5));
    expect(engine.fen().split(' ')[0]).toBe(fen.split(' ')[0]);
    expect(seen.slice(0, 24).filter((s) => s.over)).toEqual([]);
    expect(seen[24]).toEqual({ turn: 'red', inCheck: false, over: true, result: '1/2-1/2', reason: 'repetition' });
  });

  test('120 quiet plies actually played (not a FEN counter) draw, and no repetition comes first', () => {
    // The rook tours the board one rank at a time, never on the e-file or ranks 8-9 (no checks),
    // while the king shuffles e9-e8: no position stands three times. 60 rook moves, 60 king moves.
    //    9 . . . . k . . . .
    //  8-2  (empty)
    //    1 R . . . . . . . .
    //    0 . . . K . . . . .
    const fen = '4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1';
    const files = 'abcdfghi'; // every file but e
    const tour: string[] = [];
    for (let rank = 1; rank <= 7; rank++) {
      const row = Array.from(files, (f) => f + rank);
      tour.push(...(rank % 2 === 1 ? row : row.reverse()));
    }
    tour.push('i0', 'h0', 'g0', 'f0', 'f1'); // down the empty i-file, then along rank 0 and up once more
    const rookMoves = tour.slice(1, 61).map((to, i) => tour[i]! + to);
    const moves = rookMoves.flatMap((move, i) => [move, i % 2 === 0 ? 'e9e8' : 'e8e9']);
    expect(moves).toHaveLength(120);
    const seen = statuses(fen, moves);
    expect(seen.slice(0, 120).filter((s) => s.over)).toEqual([]);
    expect(engine.fen().split(' ')[4]).toBe('120');
    expect(seen[120]).toEqual({ turn: 'red', inCheck: false, over: true, result: '1/2-1/2', reason: 'move-limit' });
  });

  test('a FEN whose counter is already past 120 is over at once; a capture on the 120th ply is not', () => {
    engine.setPosition('4k4/9/9/9/9/9/9/9/R8/3K5 w - - 150 90');
    expect(engine.status()).toEqual({
      turn: 'red',
      inCheck: false,
      over: true,
      result: '1/2-1/2',
      reason: 'move-limit',
    });
    // The rook takes the pawn on a5 as the 120th ply: the counter starts again.
    engine.setPosition('4k4/9/9/9/p8/9/9/9/R8/3K5 w - - 119 90', ['a1a5']);
    expect(engine.status()).toEqual(going('black'));
  });

  test('when a perpetual completes on the 120th quiet ply, the perpetual decides (repetition is judged first)', () => {
    const fen = '5k3/R8/9/9/9/9/9/9/9/3K5 w - - 112 1';
    const cycle = ['a8a9', 'f9f8', 'a9a8', 'f8f9'];
    engine.setPosition(fen, [...cycle, ...cycle]);
    expect(engine.fen().split(' ')[4]).toBe('120');
    expect(engine.status()).toEqual({
      turn: 'red',
      inCheck: false,
      over: true,
      result: '0-1',
      reason: 'perpetual-check',
    });
  });

  test('undo from an ended game reopens it; setPosition forgets the earlier occurrences', () => {
    const fen = '5k3/R8/9/9/9/9/9/9/9/3K5 w - - 0 1';
    const cycle = ['a8a9', 'f9f8', 'a9a8', 'f8f9'];
    engine.setPosition(fen, [...cycle, ...cycle]);
    expect(engine.status().over).toBe(true);
    expect(engine.undo()).toBe('f8f9');
    expect(engine.status()).toEqual(going('black', true));
    engine.play('f8f9');
    expect(engine.status().reason).toBe('perpetual-check');
    // The same position set from its FEN has no history: nothing has repeated.
    engine.setPosition(engine.fen());
    expect(engine.status()).toEqual(going('red'));
  });
});
