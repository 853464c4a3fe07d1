// `xiangqi-engine bench` on the command line and `bench` in a UCI session: the node count is a
// signature of the build's search, so it must not depend on the run, the backend or what the
// session did before. Depth 5 keeps it quick; the default depth is the same code deeper.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { UciProcess } from '../../bench/native.ts';
import { BENCH_POSITIONS } from '../../bin/bench-positions.ts';

const bin = fileURLToPath(new URL('../../bin/xiangqi-engine.js', import.meta.url));
const run = promisify(execFile);

async function bench(...args: string[]): Promise<string[]> {
  const { stdout } = await run(process.execPath, [bin, 'bench', ...args]);
  return stdout.trimEnd().split('\n');
}

function nodesSearched(lines: string[]): number {
  const line = lines.find((l) => l.startsWith('Nodes searched'));
  const match = /^Nodes searched\s*: (\d+)$/.exec(line ?? '');
  if (!match) throw new Error(`no "Nodes searched" line in:\n${lines.join('\n')}`);
  return Number(match[1]);
}

describe('bench on the command line', () => {
  let first: string[];
  beforeAll(async () => {
    first = await bench('5');
  });

  test('prints a line per position, then the totals as Stockfish does', () => {
    expect(first[0]).toBe(`bench: depth 5, backend wasm, 1 thread, Hash 16, ${BENCH_POSITIONS.length} positions`);
    const positions = first.filter((l) => l.startsWith('Position '));
    expect(positions).toHaveLength(BENCH_POSITIONS.length);
    const perPosition = positions.map((l) => {
      const match = /^Position +\d+\/\d+: nodes +(\d+) +time +(\d+) ms +bestmove [a-i]\d[a-i]\d +\S/.exec(l);
      expect(match, l).not.toBeNull();
      return Number(match![1]);
    });
    expect(first.slice(-4)).toEqual([
      '===========================',
      expect.stringMatching(/^Total time \(ms\) : \d+$/),
      expect.stringMatching(/^Nodes searched {2}: \d+$/),
      expect.stringMatching(/^Nodes\/second {4}: \d+$/),
    ]);
    expect(nodesSearched(first)).toBe(perPosition.reduce((a, b) => a + b, 0));
  });

  test('gives the same node count every time, on wasm and on js', async () => {
    const again = await bench('5');
    const js = await bench('5', 'js');
    expect(js[0]).toMatch(/backend js/);
    expect(nodesSearched(again)).toBe(nodesSearched(first));
    expect(nodesSearched(js)).toBe(nodesSearched(first));
    // The same tree, move for move: the per-position lines agree but for the times.
    const withoutTimes = (lines: string[]) =>
      lines.filter((l) => l.startsWith('Position ')).map((l) => l.replace(/time +\d+ ms/, ''));
    expect(withoutTimes(js)).toEqual(withoutTimes(first));
  });

  test('a bad argument is refused with a clear error and exit code 2', async () => {
    for (const [args, message] of [
      [['deep'], /bench expects \[depth\] \[wasm\|js\], not "deep"/],
      [['0'], /bench depth must be a whole number from 1 to 30, not "0"/],
      [['5', '6'], /bench takes one depth/],
    ] as const) {
      await expect(run(process.execPath, [bin, 'bench', ...args]), args.join(' ')).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringMatching(message) as unknown,
      });
    }
  });
});

describe('bench in a UCI session', () => {
  let engine: UciProcess;
  beforeAll(() => {
    engine = new UciProcess(process.execPath, [bin]);
  });
  afterAll(() => engine.quit());
  const ask = (command: string, until: (line: string) => boolean) => engine.request(command, until);
  const untilNodes = (l: string) => l.startsWith('Nodes/second');

  test("gives the command line's count whatever the session did before, and keeps its position", async () => {
    const expected = nodesSearched(await bench('5'));
    engine.send('setoption name Hash value 1');
    engine.send('position startpos moves h2e2 h9g7');
    await ask('go depth 6', (l) => l.startsWith('bestmove'));
    expect(nodesSearched(await ask('bench 5', untilNodes))).toBe(expected);
    engine.send('setoption name Backend value js');
    const js = await ask('bench 5', untilNodes);
    expect(js[0]).toMatch(/backend js/); // the session's backend by default
    expect(nodesSearched(js)).toBe(expected);
    expect(nodesSearched(await ask('bench wasm 5', untilNodes))).toBe(expected);
    const board = await ask('d', (l) => l.startsWith('Checkers'));
    expect(board).toContain('Key moves: h2e2 h9g7');
  });

  test('a bad argument is reported and the session goes on', async () => {
    engine.send('bench 5 chess');
    const lines = await ask('isready', (l) => l === 'readyok');
    expect(lines).toContain(
      'info string error: bench expects [depth] [wasm|js], not "chess" (depth: a whole number from 1 to 30)',
    );
    expect(lines.some((l) => l.startsWith('Position '))).toBe(false);
  });
});
