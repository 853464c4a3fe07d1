// The release wasm build, the JS build and the bounds-checked debug wasm build run the same
// source: along seeded random games they must agree on everything, and make/unmake must restore
// every position exactly.
import { beforeAll, describe, expect, it } from 'vitest';
import { squareIndex } from '../../web/engine/index.ts';
import type { Engine, GameStatus, PieceLetter } from '../../web/engine/index.ts';
import { BUILDS, engineFor, loadPerftData, Random, START_FEN } from './helpers.ts';
import type { BuildName } from './helpers.ts';

/** Start positions for the random games: the opening and the published perft positions. */
const STARTS = [START_FEN, ...loadPerftData().map(({ fen }) => fen)];
const PLIES_PER_GAME = 26;

interface View {
  fen: string;
  moves: string[];
  board: (PieceLetter | null)[];
  inCheck: boolean;
  status: GameStatus;
}

function view(engine: Engine): View {
  return {
    fen: engine.fen(),
    moves: engine.legalMoves(),
    board: engine.board(),
    inCheck: engine.inCheck(),
    status: engine.status(),
  };
}

/** The board after `move`, derived from the board before it: the piece moves, whatever stood there goes. */
function boardAfter(before: readonly (PieceLetter | null)[], move: string): (PieceLetter | null)[] {
  const from = squareIndex(move.slice(0, 2));
  const to = squareIndex(move.slice(2, 4));
  const after = [...before];
  after[to] = before[from]!;
  after[from] = null;
  return after;
}

/** Plays seeded random games from every start position, calling `visit` before each move. */
function walkRandomGames(engine: Engine, seed: number, visit: (ply: number) => void): number {
  const random = new Random(seed);
  let positions = 0;
  for (const start of STARTS) {
    engine.setPosition(start);
    for (let ply = 0; ply < PLIES_PER_GAME; ply++) {
      visit(ply);
      positions++;
      const moves = engine.legalMoves();
      if (moves.length === 0 || engine.status().over) break;
      engine.play(random.pick(moves));
    }
  }
  return positions;
}

describe('the three builds agree', () => {
  const engines = new Map<BuildName, Engine>();
  beforeAll(async () => {
    for (const build of BUILDS) engines.set(build, await engineFor(build));
  });

  it('on legal moves (in order), FEN, board, check and status at every ply of random games', () => {
    const [reference, ...others] = BUILDS.map((build) => [build, engines.get(build)!] as const);
    if (reference === undefined) throw new Error('no build to compare');
    const random = new Random(0x0a11ce);
    let positions = 0;
    for (const start of STARTS) {
      for (const [, engine] of engines) engine.setPosition(start);
      for (let ply = 0; ply < PLIES_PER_GAME; ply++) {
        const expected = view(reference[1]);
        for (const [build, engine] of others) {
          expect(view(engine), `${build} build, ${expected.fen}`).toEqual(expected);
        }
        positions++;
        if (expected.moves.length === 0 || expected.status.over) break;
        const move = random.pick(expected.moves);
        for (const [, engine] of engines) engine.play(move);
      }
    }
    expect(positions).toBeGreaterThanOrEqual(300);
  });

  it('on perft and divide of positions reached by random play', () => {
    const wasm = engines.get('wasm')!;
    const fens: string[] = [];
    walkRandomGames(wasm, 77, (ply) => {
      if (ply % 8 === 5) fens.push(wasm.fen());
    });
    for (const fen of fens) {
      const counts = BUILDS.map((build) => {
        const engine = engines.get(build)!;
        engine.setPosition(fen);
        return [engine.perft(3), [...engine.divide(2)]];
      });
      expect(counts[1], `js build, ${fen}`).toEqual(counts[0]);
      expect(counts[2], `debug build, ${fen}`).toEqual(counts[0]);
    }
  });
});

describe.each(BUILDS)('make/unmake on the %s build', (build) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineFor(build);
  });

  it('every legal move moves one piece, and undo restores the position exactly', () => {
    const positions = walkRandomGames(engine, 0xbeef, () => {
      const before = view(engine);
      const history = engine.history();
      for (const move of before.moves) {
        engine.play(move);
        expect(engine.board(), move).toEqual(boardAfter(before.board, move));
        expect(engine.turn()).not.toBe(before.status.turn);
        expect(engine.history()).toEqual([...history, move]);
        expect(engine.undo()).toBe(move);
        expect(engine.fen(), move).toBe(before.fen);
      }
      expect(view(engine)).toEqual(before);
      expect(engine.history()).toEqual(history);
    });
    expect(positions).toBeGreaterThanOrEqual(300);
  });

  it('undoing a whole game walks back through its positions to the start', () => {
    const random = new Random(0xfeed);
    for (const start of STARTS.slice(0, 4)) {
      engine.setPosition(start);
      const fens: string[] = [];
      const played: string[] = [];
      for (let ply = 0; ply < 80; ply++) {
        const moves = engine.legalMoves();
        if (moves.length === 0 || engine.status().over) break;
        fens.push(engine.fen());
        const move = random.pick(moves);
        played.push(move);
        engine.play(move);
      }
      expect(engine.history()).toEqual(played);
      while (fens.length > 0) {
        expect(engine.undo()).toBe(played.pop());
        expect(engine.fen()).toBe(fens.pop());
      }
      expect(engine.undo()).toBeNull();
      expect(engine.fen()).toBe(start);
      expect(engine.history()).toEqual([]);
    }
  });

  it('after a game is played and undone, repetitions are still found (history and keys restored)', () => {
    engine.setPosition(START_FEN);
    const random = new Random(0xc0ffee);
    let plies = 0;
    while (plies < 60 && engine.legalMoves().length > 0 && !engine.status().over) {
      engine.play(random.pick(engine.legalMoves()));
      plies++;
    }
    while (engine.undo() !== null);
    expect(engine.fen()).toBe(START_FEN);
    const knights = ['h0g2', 'h9g7', 'g2h0', 'g7h9'];
    for (const move of [...knights, ...knights.slice(0, 3)]) engine.play(move);
    expect(engine.status().over).toBe(false);
    engine.play('g7h9');
    expect(engine.status()).toMatchObject({ over: true, result: '1/2-1/2', reason: 'repetition' });
  });
});
