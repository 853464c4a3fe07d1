// EvalFile and Use NNUE on the command line: a network file is checked when it is named (a bad one
// is refused by name and the evaluation in use stays), Use NNUE switches the search threads to it and
// says so, and with one thread or several the network changes what the search sees.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UciProcess } from '../../bench/native.ts';
import { encodeNetwork } from '../../web/engine/nnue-file.ts';
import { Random } from '../../bench/lib/random.ts';

const bin = fileURLToPath(new URL('../../bin/xiangqi-engine.js', import.meta.url));
let engine: UciProcess;
const dir = mkdtempSync(join(tmpdir(), 'xq-nnue-'));
const networkFile = join(dir, 'random.nnue');

beforeAll(() => {
  const random = new Random(5);
  const spread = (n: number, width: number) => Int16Array.from({ length: n }, () => random.below(2 * width + 1) - width);
  writeFileSync(networkFile, encodeNetwork({ hidden: 16, w1: spread(1260 * 16, 40), b1: spread(16, 120), w2: spread(32, 60), b2: 0 }));
  writeFileSync(join(dir, 'not.nnue'), 'hello');
  engine = new UciProcess(process.execPath, [bin]);
});
afterAll(() => engine.quit());

const ask = (command: string, until: (line: string) => boolean) => engine.request(command, until);
const readyAfter = (command: string) => {
  engine.send(command);
  return ask('isready', (l) => l === 'readyok');
};
/** The node count of a fixed-depth search from a middlegame position. */
async function nodesAtDepth(): Promise<number> {
  await readyAfter('position fen r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKABR1 w - - 0 1');
  await readyAfter('ucinewgame');
  const lines = await ask('go depth 5', (l) => l.startsWith('bestmove'));
  const last = lines.filter((l) => / depth 5 /.test(l)).at(-1)!;
  return Number(/ nodes (\d+)/.exec(last)![1]);
}

describe('uci network evaluation', () => {
  test('offers Use NNUE (off) and EvalFile', async () => {
    const lines = await ask('uci', (l) => l === 'uciok');
    expect(lines).toContain('option name Use NNUE type check default false');
    expect(lines).toContain('option name EvalFile type string default <empty>');
  });

  test('a missing or broken file is refused by name, a good one used once Use NNUE is on', async () => {
    const hand = await nodesAtDepth();
    let lines = await readyAfter(`setoption name EvalFile value ${join(dir, 'missing.nnue')}`);
    expect(lines.some((l) => l.startsWith('info string error: EvalFile') && l.includes('missing.nnue'))).toBe(true);
    lines = await readyAfter(`setoption name EvalFile value ${join(dir, 'not.nnue')}`);
    expect(lines.some((l) => /^info string error: EvalFile ".*not\.nnue": .*at byte/.test(l))).toBe(true);
    lines = await readyAfter(`setoption name EvalFile value ${networkFile}`);
    expect(lines).toContain('info string evaluation: hand-written');
    expect(await nodesAtDepth()).toBe(hand);

    lines = await readyAfter('setoption name Use NNUE value true');
    expect(lines.some((l) => l.startsWith(`info string evaluation: network ${networkFile}`) && l.includes('16 hidden units'))).toBe(true);
    const network = await nodesAtDepth();
    expect(network).not.toBe(hand);
    expect(await nodesAtDepth()).toBe(network);

    // Several threads take the network too (their searches are not deterministic: only that they run).
    await readyAfter('setoption name Threads value 2');
    const threaded = await ask('go depth 6', (l) => l.startsWith('bestmove'));
    expect(threaded.at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d/);
    await readyAfter('setoption name Threads value 1');
    expect(await nodesAtDepth()).toBe(network);

    lines = await readyAfter('setoption name Use NNUE value maybe');
    expect(lines).toContain('info string error: Use NNUE must be true or false, not "maybe"');
    await readyAfter('setoption name Use NNUE value false');
    expect(await nodesAtDepth()).toBe(hand);
  });
});
