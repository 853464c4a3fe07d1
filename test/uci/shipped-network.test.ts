// An engine copied without its nnue/ folder plays with the hand-written evaluation, far weaker: it
// must say so (as an error, at the first isready), or a match between two builds measures the
// evaluations instead of the change. Choosing the evaluation by an option silences it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UciProcess } from '../../bench/native.ts';
import { snapshotBuild, type BuildSnapshot } from '../../bench/match-snapshot.ts';

let copy: BuildSnapshot;
beforeAll(() => {
  copy = snapshotBuild(new URL('../../build/', import.meta.url));
  rmSync(join(dirname(dirname(copy.uci)), 'nnue'), { recursive: true, force: true });
});
afterAll(() => copy.remove());

/** The lines a fresh engine from the copy answers to `commands` and an isready, up to readyok. */
async function linesUpToReady(uci: string, commands: string[]): Promise<string[]> {
  const engine = new UciProcess(process.execPath, [uci]);
  try {
    await engine.request('uci', (l) => l === 'uciok');
    for (const command of commands) engine.send(command);
    const first = await engine.request('isready', (l) => l === 'readyok');
    const second = await engine.request('isready', (l) => l === 'readyok');
    return [...first, '--', ...second];
  } finally {
    engine.quit();
  }
}

describe('the shipped network', () => {
  test('missing: the first isready says so as an error, naming the file, and the second says nothing', async () => {
    const lines = await linesUpToReady(copy.uci, []);
    const errors = lines.filter((l) => l.startsWith('info string error:'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/shipped network is not loaded: EvalFile ".*nnue[\\/]xiangqi\.nnue"/);
    expect(errors[0]).toMatch(/hand-written evaluation is in use/);
    expect(lines.indexOf(errors[0]!)).toBeLessThan(lines.indexOf('--'));
  });

  test('missing, but Use NNUE=false or another EvalFile chosen: no error', async () => {
    for (const choice of [
      'setoption name Use NNUE value false',
      `setoption name EvalFile value ${join(process.cwd(), 'nnue', 'xiangqi.nnue')}`,
    ]) {
      const lines = await linesUpToReady(copy.uci, [choice]);
      expect(
        lines.filter((l) => l.startsWith('info string error:')),
        choice,
      ).toEqual([]);
    }
  });

  test('present (the engine in build/): no error', async () => {
    const lines = await linesUpToReady(join(process.cwd(), 'build', 'uci.js'), []);
    expect(lines.filter((l) => l.startsWith('info string error:'))).toEqual([]);
  });
});
