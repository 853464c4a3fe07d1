// The search as players and analysts rely on it: it finds forced wins, knows that a stalemated
// side loses, obeys the repetition rules, keeps to its limits, and both builds agree.
import { beforeAll, describe, expect, test } from 'vitest';
import { createEngine, START_FEN, type Engine, type Backend } from '../../web/engine/index.ts';
import { everyReplyLoses, forcesWinIn, shortestWin } from './solver.ts';

const engines = {} as Record<Backend, Engine>;
beforeAll(async () => {
  engines.wasm = await createEngine('wasm');
  engines.js = await createEngine('js');
});

// Positions made for these tests (Red to move). Each comment gives the winning idea.
const WINS = [
  { fen: '9/9/3k5/9/5RC2/9/9/4K4/9/9 w - - 0 1', moves: 1 }, // rook lift with the cannon screening
  { fen: '9/4a4/5k3/4P4/R8/P8/9/9/9/4K4 w - - 0 1', moves: 1 }, // rook along the rank, pawn guards
  { fen: '9/4k4/9/6P2/9/9/9/3K2R2/5C3/9 w - - 0 1', moves: 2 }, // rook and cannon against a bare king
  { fen: '6R2/9/3k5/9/9/R8/9/9/3n5/3K5 w - - 0 1', moves: 2 }, // two rooks, one checking from behind
  { fen: '6N2/3k5/9/1n7/9/9/9/5R3/9/5K3 w - - 0 1', moves: 3 }, // rook and horse
  { fen: '5k3/9/7P1/9/9/9/2N6/9/4K4/9 w - - 0 1', moves: 3 }, // horse and pawn
];
// Red wins only by leaving Black without a legal move while not in check.
const STALEMATES = [
  { fen: '9/9/4k4/9/9/9/3R5/5K3/9/9 w - - 0 1', win: 'd3d8' }, // rook seals rank 8, king the f-file
  { fen: '3k5/9/9/2N6/9/9/9/5K3/9/9 w - - 0 1', win: 'f2e2' }, // king takes the e-file, horse d8
];

describe.each(['wasm', 'js'] as const)('%s search', (backend) => {
  test.each(WINS)('finds the forced win in $moves in $fen', ({ fen, moves }) => {
    const engine = engines[backend];
    engine.setPosition(fen);
    expect(shortestWin(engine, moves)).toBe(moves); // the position is what it claims to be
    const result = engine.search({ depth: 2 * moves + 2 });
    expect(result.score).toEqual({ mate: moves });
    engine.play(result.bestMove!);
    expect(everyReplyLoses(engine, moves - 1)).toBe(true);
  });

  test('the side about to be mated sees a negative mate score', () => {
    const engine = engines[backend];
    engine.setPosition(WINS[2]!.fen);
    engine.play(engine.search({ depth: 6 }).bestMove!);
    expect(engine.search({ depth: 6 }).score).toEqual({ mate: -1 });
  });

  test.each(STALEMATES)('takes the stalemate win in $fen', ({ fen, win }) => {
    const engine = engines[backend];
    engine.setPosition(fen);
    const result = engine.search({ depth: 4 });
    expect(result.bestMove).toBe(win);
    expect(result.score).toEqual({ mate: 1 });
    engine.play(win);
    expect(engine.status()).toMatchObject({ over: true, result: '1-0', reason: 'stalemate', inCheck: false });
  });

  test.each([
    // Black's king has one move that keeps it alive; the other lets Red take its last square.
    { fen: '6N2/3k5/3N5/9/9/9/9/5K3/9/9 b - - 0 1', trap: 'd8d9' },
    { fen: '9/5k3/2N6/9/9/R8/9/3K5/9/9 b - - 0 1', trap: 'f8f7' },
  ])('does not step into a stalemate loss in $fen', ({ fen, trap }) => {
    const engine = engines[backend];
    engine.setPosition(fen);
    engine.play(trap);
    expect(forcesWinIn(engine, 1)).toBe(true); // the trap is real
    engine.undo();
    const result = engine.search({ depth: 5 });
    expect(result.bestMove).not.toBe(trap);
    engine.play(result.bestMove!);
    expect(forcesWinIn(engine, 1)).toBe(false);
  });

  test('a capture that leaves no piece able to cross the river is scored as the draw it is', () => {
    // Red's elephant can take Black's last pawn: kings, advisors and elephants alone draw, where
    // any other move leaves Red a pawn and two advisors down.
    const engine = engines[backend];
    engine.setPosition('3aka3/9/9/9/9/9/9/4p4/9/2BK5 w - - 0 1');
    const result = engine.search({ depth: 4 });
    expect(result.bestMove).toBe('c0e2');
    expect(result.score).toEqual({ cp: 0 });
  });

  test.each([
    { fen: '2b1k4/4a4/1c7/9/9/2N6/9/9/9/2BAKAB2 w - - 0 1', ending: 'horse against cannon' },
    { fen: '3aka3/r8/9/9/9/9/9/7R1/4A4/3K5 w - - 0 1', ending: 'rook against rook' },
    { fen: '2bak4/4a4/4b4/9/9/9/9/7R1/9/3K5 w - - 0 1', ending: 'lone rook against the full defence' },
    { fen: '3k5/9/9/9/4p4/9/9/9/9/2BAKAB2 w - - 0 1', ending: 'defence alone against a pawn' },
  ])('scores a pawnless $ending within a pawn of the draw it is', ({ fen }) => {
    const engine = engines[backend];
    // As at a new game: the correction histories learned from the other tests' positions, whose
    // keys may share entries with this one, are not what a player reaching this ending would have.
    engine.clearHash();
    engine.setPosition(fen);
    const score = engine.search({ depth: 8 }).score;
    expect(score).toHaveProperty('cp');
    expect(Math.abs((score as { cp: number }).cp)).toBeLessThan(100);
  });

  test('a rook against a horse still scores as the win it is', () => {
    const engine = engines[backend];
    engine.setPosition('3aka3/9/9/9/9/9/2n6/7R1/4A4/3K5 w - - 0 1');
    const score = engine.search({ depth: 8 }).score;
    expect(score).toHaveProperty('cp');
    expect((score as { cp: number }).cp).toBeGreaterThan(200);
  });

  describe('repetition rules', () => {
    // Red's rook can check from h9 and h8 for ever; Black's two rooks outweigh it otherwise.
    const fen = '5k3/7R1/9/9/r7r/9/9/9/9/2BAKAB2 w - - 0 1';
    const cycle = ['h8h9', 'f9f8', 'h9h8', 'f8f9'];

    test('without history the check h8h9 is fine', () => {
      const engine = engines[backend];
      engine.setPosition(fen);
      expect(engine.legalMoves()).toContain('h8h9');
    });

    test('a side that has checked through the whole cycle does not repeat it: that loses', () => {
      const engine = engines[backend];
      engine.setPosition(fen, cycle);
      const result = engine.search({ depth: 6 });
      expect(result.bestMove).not.toBe('h8h9');
      expect('cp' in result.score && result.score.cp > -5000).toBe(true);
    });

    test('the side being checked welcomes the repetition as a win', () => {
      const engine = engines[backend];
      engine.setPosition(fen, [...cycle, 'h8h9']);
      const result = engine.search({ depth: 6 });
      expect(result.bestMove).toBe('f9f8');
      // A win by the rules is scored like a mate at the ply the opponent must repeat.
      expect(result.score).toEqual({ mate: 1 });
    });

    test('an idle repetition is a draw, which the weaker side takes', () => {
      // Black's lone rook against two: without history Black is lost; with a quiet cycle behind
      // it, repeating a8a7 reaches an earlier position again, a draw.
      const engine = engines[backend];
      const weak = '3k5/r8/9/9/9/9/1RR6/9/9/5K3 b - - 0 1';
      engine.setPosition(weak);
      const fresh = engine.search({ depth: 5 });
      expect('cp' in fresh.score && fresh.score.cp < -300).toBe(true);
      engine.setPosition(weak, ['a8a7', 'b3b4', 'a7a8', 'b4b3']);
      const result = engine.search({ depth: 5 });
      expect(result.bestMove).toBe('a8a7');
      expect(result.score).toEqual({ cp: 0 });
    });
  });

  describe('limits', () => {
    test('depth: reports every iteration up to the depth asked and no further', () => {
      const engine = engines[backend];
      engine.setPosition(START_FEN);
      const depths: number[] = [];
      const result = engine.search({ depth: 5 }, (info) => depths.push(info.depth));
      expect(depths).toEqual([1, 2, 3, 4, 5]);
      expect(result.depth).toBe(5);
      expect(engine.legalMoves()).toContain(result.bestMove);
    });

    test('nodes: stops at the node budget', () => {
      const engine = engines[backend];
      engine.setPosition(START_FEN);
      const result = engine.search({ nodes: 20_000 });
      expect(result.nodes).toBeLessThanOrEqual(20_001);
      expect(engine.legalMoves()).toContain(result.bestMove);
    });

    test('movetime: returns a legal move within the time (generous margin on a shared machine)', () => {
      const engine = engines[backend];
      engine.setPosition(START_FEN, ['h2e2', 'h9g7']);
      const started = performance.now();
      const result = engine.search({ movetime: 300 });
      const elapsed = performance.now() - started;
      expect(elapsed).toBeLessThan(300 + 250);
      expect(elapsed).toBeGreaterThan(150);
      expect(engine.legalMoves()).toContain(result.bestMove);
    });

    test('clock: spends a fraction of the remaining time', () => {
      const engine = engines[backend];
      engine.setPosition(START_FEN);
      const started = performance.now();
      engine.search({ wtime: 3000, btime: 3000 });
      expect(performance.now() - started).toBeLessThan(1000);
    });

    test('info lines carry the fields a GUI shows', () => {
      const engine = engines[backend];
      engine.setPosition(START_FEN);
      const infos: unknown[] = [];
      engine.search({ depth: 3 }, (info) => infos.push(info));
      // A matcher stands for a value of any type: unknown to the compiler, not any.
      const number = expect.any(Number) as unknown;
      expect(infos.at(-1)).toMatchObject({
        depth: 3,
        multipv: 1,
        score: { cp: number },
        nodes: number,
        nps: number,
        time: number,
        hashfull: number,
      });
    });

    test('multipv reports distinct lines, best first', () => {
      const engine = engines[backend];
      engine.setPosition(START_FEN);
      const last = new Map<number, { score: number; move: string }>();
      engine.search({ depth: 4, multipv: 3 }, (info) => {
        if ('cp' in info.score) last.set(info.multipv, { score: info.score.cp, move: info.pv[0]! });
      });
      const lines = [1, 2, 3].map((k) => last.get(k)!);
      expect(new Set(lines.map((l) => l.move)).size).toBe(3);
      expect(lines[0]!.score).toBeGreaterThanOrEqual(lines[1]!.score);
      expect(lines[1]!.score).toBeGreaterThanOrEqual(lines[2]!.score);
    });
  });

  test('skill level: weak levels vary their choice, full strength does not', () => {
    const engine = engines[backend];
    engine.setPosition(START_FEN);
    const weak = new Set<string>();
    const strong = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      engine.clearHash();
      weak.add(engine.search({ depth: 3, skill: 0, seed }).bestMove!);
      engine.clearHash();
      strong.add(engine.search({ depth: 3, seed }).bestMove!);
    }
    expect(weak.size).toBeGreaterThan(1);
    expect(strong.size).toBe(1);
  });
});

test('the wasm and JS builds return the same move, score and node count at a fixed depth', () => {
  const fens = [
    START_FEN,
    'r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1',
    '1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1',
    'r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1',
    '1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1',
    WINS[4]!.fen,
  ];
  for (const fen of fens) {
    const [wasm, js] = (['wasm', 'js'] as const).map((backend) => {
      const engine = engines[backend];
      engine.setPosition(fen);
      engine.clearHash();
      return engine.search({ depth: 6 });
    });
    expect(js, fen).toEqual({ ...wasm!, time: js!.time });
  }
});
