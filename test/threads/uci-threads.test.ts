// The UCI `Threads` option: offered with the default of 1, and a search with 2 threads
// answers with a legal move that counts every thread's nodes; back to 1 thread, the search is the
// deterministic one-thread search.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { UciProcess } from '../../bench/native.ts';
import { createEngine, START_FEN } from '../../web/engine/index.ts';

const bin = fileURLToPath(new URL('../../bin/xiangqi-engine.js', import.meta.url));
let engine: UciProcess;
beforeAll(() => {
  engine = new UciProcess(process.execPath, [bin]);
});
afterAll(() => engine.quit());

const ask = (command: string, until: (line: string) => boolean) => engine.request(command, until);

describe('uci Threads', () => {
  test('is offered with the default of 1 (the UCI convention), 1 to 8', async () => {
    const lines = await ask('uci', (l) => l === 'uciok');
    expect(lines).toContain('option name Threads type spin default 1 min 1 max 8');
  });

  test('a 2-thread search plays a legal move', async () => {
    engine.send('setoption name Threads value 2');
    // The test is about the threaded search: the opening book would answer this position at once.
    engine.send('setoption name OwnBook value false');
    await ask('isready', (l) => l === 'readyok');
    engine.send('position startpos moves h2e2 h9g7');
    const lines = await ask('go movetime 300', (l) => l.startsWith('bestmove'));
    const move = lines.at(-1)!.split(' ')[1]!;
    const checker = await createEngine('wasm');
    checker.setPosition(START_FEN, ['h2e2', 'h9g7']);
    expect(checker.legalMoves()).toContain(move);
    expect(lines.some((l) => /^info depth \d+ .* nodes \d+/.test(l))).toBe(true);
  });

  test('stop ends a 2-thread infinite search at once', async () => {
    engine.send('position startpos');
    engine.send('go infinite');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopAt = performance.now();
    const lines = await ask('stop', (l) => l.startsWith('bestmove'));
    expect(performance.now() - stopAt).toBeLessThan(500);
    expect(lines.at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d/);
  });

  test('Threads 1 gives the one-thread result again', async () => {
    engine.send('setoption name Threads value 1');
    engine.send('ucinewgame');
    engine.send('position startpos');
    const lines = await ask('go depth 9', (l) => l.startsWith('bestmove'));
    const alone = await createEngine('wasm');
    // The command-line engine evaluates with the shipped network by default.
    alone.setNetwork(new Uint8Array(readFileSync(new URL('../../nnue/xiangqi.nnue', import.meta.url))));
    const expected = alone.search({ depth: 9 });
    expect(lines.find((l) => l.startsWith('info depth 9 '))).toContain(
      ` score cp ${(expected.score as { cp: number }).cp} nodes ${expected.nodes} `,
    );
    expect(lines.at(-1)).toMatch(new RegExp(`^bestmove ${expected.bestMove}`));
  });
});
