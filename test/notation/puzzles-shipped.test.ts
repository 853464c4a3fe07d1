// The shipped puzzle file (puzzles/puzzles.txt, made by `npm run puzzles`) re-checked with the engine:
// every line reads, every solution is a legal line ending on the player's move (a mate line in mate),
// and a sample of puzzles is searched again as the miner confirmed them (tune/puzzle-find.ts: the
// network evaluation, MultiPV 2 at its confirming depth): the first move is the best, and the best
// and the best other move still make the puzzle's theme (only that move wins, or only it holds).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { createEngine, type Engine } from '../../web/engine/index.ts';
import { mateLength, parsePuzzles } from '../../web/notation/puzzles.ts';
import { prepareJudge, themeOf, twoLines } from '../../tune/puzzle-find.ts';

const file = new URL('../../puzzles/puzzles.txt', import.meta.url);
const puzzles = parsePuzzles(readFileSync(file, 'utf8'));
const progress = JSON.parse(readFileSync(new URL('../../puzzles/puzzles.txt.json', import.meta.url), 'utf8')) as {
  settings: { verifyDepth: number };
};
/** How many puzzles are searched again (spread evenly over the file). */
const SAMPLE = 6;

let engine: Engine;

beforeAll(async () => {
  engine = await createEngine('wasm');
  prepareJudge(engine, new Uint8Array(readFileSync(new URL('../../nnue/xiangqi.nnue', import.meta.url))));
});

describe('the shipped puzzles', () => {
  test('at least 1,000, with every kind of theme and a spread of difficulties', () => {
    expect(puzzles.length).toBeGreaterThanOrEqual(1000);
    const themes = new Set(puzzles.map((p) => p.theme));
    for (const theme of ['mate1', 'mate2', 'mate3', 'material', 'defence'] as const) expect(themes).toContain(theme);
    const ratings = new Set(puzzles.map((p) => p.rating));
    expect(ratings.size).toBeGreaterThanOrEqual(5);
  });

  test('every solution is legal and ends on the player move; mates end in mate', () => {
    expect(puzzles.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const p of puzzles) {
      try {
        engine.setPosition(p.fen, p.moves);
      } catch (error) {
        problems.push(`${p.fen} ${p.moves.join(' ')}: ${(error as Error).message}`);
        continue;
      }
      const mover = p.fen.split(' ')[1] === 'w' ? '1-0' : '0-1';
      if (mateLength(p.theme)) {
        const status = engine.status();
        if (!status.over || status.result !== mover) problems.push(`${p.fen}: ${p.theme} line does not mate`);
        if (p.moves.length !== 2 * mateLength(p.theme) - 1)
          problems.push(`${p.fen}: ${p.theme} has ${p.moves.length} moves`);
      }
    }
    expect(problems).toEqual([]);
  });

  test(`a sample of ${SAMPLE} is confirmed again by the engine`, () => {
    const step = Math.max(1, Math.floor(puzzles.length / SAMPLE));
    const sample = puzzles.filter((_, i) => i % step === 0).slice(0, SAMPLE);
    for (const p of sample) {
      engine.setPosition(p.fen);
      const lines = twoLines(engine, progress.settings.verifyDepth)!;
      expect(lines.best.move, p.fen).toBe(p.moves[0]);
      expect(themeOf(lines), p.fen).toBe(p.theme);
    }
  }, 300_000);
});
