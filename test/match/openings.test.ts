// bench/openings.txt, the match tool's default openings (made by `npm run openings`), and the pure
// parts of the script that makes it.
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { createEngine, START_FEN } from '../../web/engine/index.ts';
import {
  checkOpenings,
  DEFAULT_OPENINGS_FILE,
  matchOpenings,
  readOpenings,
  seededRandom,
} from '../../bench/match-openings.ts';
import {
  lineName,
  openingLine,
  parseMultiPv,
  pickMove,
  pickSystem,
  positionKey,
  SYSTEMS,
} from '../../bench/opening-gen.ts';
import { fromFairyMove } from '../../bench/native.ts';

const file = fileURLToPath(new URL('../../bench/openings.txt', import.meta.url));
const rules = await createEngine('wasm');

describe('bench/openings.txt', () => {
  const openings = readOpenings(file);

  test('is the default of the match tool, and says how it was made', () => {
    expect(DEFAULT_OPENINGS_FILE).toBe(file);
    expect(matchOpenings(null).source).toBe(file);
    expect(matchOpenings(null, '/nonexistent/openings.txt')).toMatchObject({ source: 'built-in' });
    const header = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('#'))
      .join('\n');
    expect(header).toMatch(/npm run openings/);
    expect(header).toMatch(/seed \d+/);
    expect(header).toMatch(/Fairy-Stockfish \d/);
    expect(header).toMatch(/depth \d+ scores \|eval\| <= \d+ cp/);
  });

  test('has at least 100 legal lines of 6-8 plies from the start position, none finished', () => {
    expect(openings.length).toBeGreaterThanOrEqual(100);
    for (const o of openings) {
      expect(o.fen).toBe(START_FEN);
      expect(o.moves.length).toBeGreaterThanOrEqual(6);
      expect(o.moves.length).toBeLessThanOrEqual(8);
    }
    expect(() => checkOpenings(openings, rules)).not.toThrow();
  });

  test('no two lines reach the same position, or mirror images of one', () => {
    const keys = openings.map((o) => {
      rules.setPosition(o.fen, o.moves);
      return positionKey(rules.fen());
    });
    expect(new Set(keys).size).toBe(openings.length);
    expect(new Set(openings.map((o) => o.name)).size).toBe(openings.length);
  });

  test('every line was scored balanced', () => {
    for (const line of readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))) {
      const cp = Number(/# ([+-]\d+) cp/.exec(line)?.[1]);
      expect(Math.abs(cp)).toBeLessThanOrEqual(80);
    }
  });
});

describe('the generator', () => {
  test('MultiPV output: the deepest iteration, exact scores, best first, moves translated', () => {
    const lines = [
      'info depth 7 seldepth 9 multipv 1 score cp 30 nodes 1 nps 1 time 1 pv h3e3 h10g8',
      'info depth 7 seldepth 9 multipv 3 score cp -90 nodes 1 nps 1 time 1 pv a1a2',
      'info depth 8 seldepth 9 multipv 1 score cp 41 upperbound nodes 1 nps 1 time 1 pv g4g5',
      'info depth 8 seldepth 10 multipv 1 score cp 41 nodes 1 nps 1 time 1 pv g7g6 a4a5',
      'info depth 8 seldepth 9 multipv 2 score cp 0 nodes 1 nps 1 time 1 pv h8h6 g4g5',
      'info depth 8 seldepth 9 multipv 3 score mate -3 nodes 1 nps 1 time 1 pv i10i9',
      'bestmove g7g6 ponder a4a5',
    ];
    expect(parseMultiPv(lines, fromFairyMove)).toEqual([
      { move: 'g6g5', cp: 41 },
      { move: 'h7h5', cp: 0 },
      { move: 'i9i8', cp: -99997 },
    ]);
  });

  test('moves are picked within the window of the best only', () => {
    const candidates = [
      { move: 'a', cp: 50 },
      { move: 'b', cp: 20 },
      { move: 'c', cp: 5 },
    ];
    const picked = new Set(Array.from({ length: 200 }, (_, i) => pickMove(candidates, 40, seededRandom(i))!.move));
    expect(picked).toEqual(new Set(['a', 'b']));
    expect(pickMove([], 40, Math.random)).toBeNull();
  });

  test('systems, names, keys and lines', () => {
    const random = seededRandom(3);
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      const { name } = pickSystem(random);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    expect(counts.size).toBe(SYSTEMS.length);
    expect(lineName('central cannon', ['h2e2', 'b9c7'])).toBe('central cannon vs horse');
    expect(lineName('central cannon', ['h2e2', 'a6a5'])).toBe('central cannon, a6a5');
    // The start position after h2e2 and after its mirror b2e2 is one opening.
    rules.setPosition(START_FEN, ['h2e2']);
    const left = rules.fen();
    rules.setPosition(START_FEN, ['b2e2']);
    expect(positionKey(rules.fen())).toBe(positionKey(left));
    expect(positionKey(rules.fen())).not.toBe(positionKey(START_FEN));
    expect(openingLine('x 1', ['h2e2', 'h9g7'], -12, 14)).toBe("x 1: h2e2 h9g7  # -12 cp at depth 14, Red's view");
  });
});
