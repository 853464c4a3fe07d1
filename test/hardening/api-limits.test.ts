// Numbers at the edges of the Engine API: nonsense search limits, perft/divide depths, and a game
// longer than the engine's history. Each must give a typed error or a bounded answer, never an
// endless search on the caller's thread or an error that contradicts isLegal().
import { beforeAll, describe, expect, test } from 'vitest';
import { createEngine, IllegalMoveError } from '../../web/engine/index.ts';
import type { Engine, SearchLimits } from '../../web/engine/types.ts';

/** Past this a search counts as endless; the engine's own stop hook ends it so the test goes on. */
const WATCHDOG_MS = 250;
let deadline = Number.POSITIVE_INFINITY;
let stoppedByWatchdog = false;

describe.each(['wasm', 'js'] as const)('limits on the %s build', (backend) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine(backend, {
      stopRequested: () => {
        if (performance.now() < deadline) return 0;
        stoppedByWatchdog = true;
        return 1;
      },
    });
  });

  // A search runs synchronously on the caller's thread: a limit read as "no limit" freezes a page or
  // a worker for good. NaN, negative and infinite numbers are mistakes (a bad parse, an unset
  // field); they should be refused with a RangeError, or at least not mean "search forever".
  test('nonsense limits (NaN, negative, infinite) are refused with a RangeError or still end', () => {
    const cases: [string, SearchLimits][] = [
      ['movetime NaN', { movetime: Number.NaN }],
      ['movetime Infinity', { movetime: Number.POSITIVE_INFINITY }],
      ['depth NaN', { depth: Number.NaN }],
      ['depth -1', { depth: -1 }],
      ['nodes NaN', { nodes: Number.NaN }],
      ['nodes -1', { nodes: -1 }],
      ['wtime NaN (Red to move)', { wtime: Number.NaN, btime: 1000 }],
    ];
    const endless: string[] = [];
    for (const [name, limits] of cases) {
      engine.setPosition('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
      stoppedByWatchdog = false;
      deadline = performance.now() + WATCHDOG_MS;
      try {
        engine.search(limits);
      } catch (error) {
        expect(error, name).toBeInstanceOf(RangeError);
        continue;
      } finally {
        deadline = Number.POSITIVE_INFINITY;
      }
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- stopRequested sets it inside search(), which TypeScript cannot see (microsoft/TypeScript#9998)
      if (stoppedByWatchdog) endless.push(name);
    }
    expect(endless, 'these searches ran until stopped from outside').toEqual([]);
  });

  test('divide checks its depth like perft (RangeError for fractions and NaN)', () => {
    for (const depth of [1.5, Number.NaN, -1]) {
      expect(() => engine.perft(depth), `perft(${depth})`).toThrow(RangeError);
      expect(() => engine.divide(depth), `divide(${depth})`).toThrow(RangeError);
    }
  });

  test('when the game outgrows the history, play() and isLegal() agree and the error says why', () => {
    // Knights out and back: legal for ever (the game is over by repetition, but play() allows
    // moving on, as analysis does). The engine keeps 8,192 plies of history for game and search.
    const knights = ['h0g2', 'h9g7', 'g2h0', 'g7h9'];
    engine.setPosition('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
    let error: unknown = null;
    let plies = 0;
    for (; plies < 9000 && !error; plies++) {
      try {
        engine.play(knights[plies % 4]!);
      } catch (e) {
        error = e;
      }
    }
    if (!error) return; // no limit at all: nothing to contradict
    const move = knights[(plies - 1) % 4]!;
    expect(error).toBeInstanceOf(IllegalMoveError);
    // Refused: then it is not a legal move either, and the message names the real reason.
    expect(engine.isLegal(move), `play("${move}") was refused after ${plies - 1} plies but isLegal() says yes`).toBe(
      false,
    );
    expect((error as Error).message).toMatch(/history|too long|limit|plies/i);
  });
});
