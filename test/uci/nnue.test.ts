// EvalFile and Use NNUE on the command line: the shipped network is on from the start; a network
// file is checked when it is named (a bad one is refused by name and the evaluation in use stays),
// Use NNUE switches the search threads to it and says so, and with one thread or several the network
// changes what the search sees.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { uciSession } from './session.ts';
import { encodeNetwork } from '../../web/engine/nnue-file.ts';
import { randomNetwork } from '../../bench/lib/random-network.ts';

const dir = mkdtempSync(join(tmpdir(), 'xq-nnue-'));
const networkFile = join(dir, 'random.nnue');
const largeFile = join(dir, 'large.nnue');

beforeAll(() => {
  writeFileSync(networkFile, encodeNetwork(randomNetwork(16, 5)));
  writeFileSync(join(dir, 'not.nnue'), 'hello');
  writeFileSync(largeFile, encodeNetwork(randomNetwork(512, 7)));
});
const { ask, readyAfter } = uciSession();

/** The node count of a fixed-depth search from a middlegame position. */
async function nodesAtDepth(): Promise<number> {
  await readyAfter('position fen r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKABR1 w - - 0 1');
  await readyAfter('ucinewgame');
  const lines = await ask('go depth 5', (l) => l.startsWith('bestmove'));
  const last = lines.filter((l) => / depth 5 /.test(l)).at(-1)!;
  return Number(/ nodes (\d+)/.exec(last)![1]);
}

const shipped = fileURLToPath(new URL('../../nnue/xiangqi.nnue', import.meta.url));

describe('uci network evaluation', () => {
  test('offers Use NNUE (on) and EvalFile, the network shipped beside the engine', async () => {
    const lines = await ask('uci', (l) => l === 'uciok');
    expect(lines).toContain('option name Use NNUE type check default true');
    expect(lines).toContain(`option name EvalFile type string default ${shipped}`);
  });

  test('the shipped network evaluates from the start: the same search as naming it, not the hand-written one', async () => {
    const atStart = await nodesAtDepth();
    let lines = await readyAfter(`setoption name EvalFile value ${shipped}`);
    expect(
      lines.some((l) => l.startsWith(`info string evaluation: network ${shipped}`) && l.includes('256 hidden units')),
    ).toBe(true);
    expect(await nodesAtDepth()).toBe(atStart);
    lines = await readyAfter('setoption name Use NNUE value false');
    expect(lines).toContain('info string evaluation: hand-written');
    expect(await nodesAtDepth()).not.toBe(atStart);
  });

  test('a missing or broken file is refused by name, a good one used once Use NNUE is on', async () => {
    await readyAfter('setoption name Use NNUE value false');
    const hand = await nodesAtDepth();
    let lines = await readyAfter(`setoption name EvalFile value ${join(dir, 'missing.nnue')}`);
    expect(lines.some((l) => l.startsWith('info string error: EvalFile') && l.includes('missing.nnue'))).toBe(true);
    lines = await readyAfter(`setoption name EvalFile value ${join(dir, 'not.nnue')}`);
    expect(lines.some((l) => /^info string error: EvalFile ".*not\.nnue": .*at byte/.test(l))).toBe(true);
    lines = await readyAfter(`setoption name EvalFile value ${networkFile}`);
    expect(lines).toContain('info string evaluation: hand-written');
    expect(await nodesAtDepth()).toBe(hand);

    lines = await readyAfter('setoption name Use NNUE value true');
    expect(
      lines.some(
        (l) => l.startsWith(`info string evaluation: network ${networkFile}`) && l.includes('16 hidden units'),
      ),
    ).toBe(true);
    const network = await nodesAtDepth();
    expect(network).not.toBe(hand);
    expect(await nodesAtDepth()).toBe(network);

    // Several threads take the network too (their searches are not deterministic: only that they run).
    await readyAfter('setoption name Threads value 2');
    const threaded = await ask('go depth 6', (l) => l.startsWith('bestmove'));
    expect(threaded.at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d/);
    await readyAfter('setoption name Threads value 1');
    expect(await nodesAtDepth()).toBe(network);

    // A good file in a format that allows more hidden units than the engine holds is refused when it
    // is named, and the network in use stays (the search does not fail later for want of it).
    lines = await readyAfter(`setoption name EvalFile value ${largeFile}`);
    expect(
      lines.some((l) =>
        /^info string error: EvalFile ".*large\.nnue": .*512 hidden units is larger than this engine holds \(256\)/.test(
          l,
        ),
      ),
    ).toBe(true);
    expect(await nodesAtDepth()).toBe(network);

    lines = await readyAfter('setoption name Use NNUE value maybe');
    expect(lines).toContain('info string error: Use NNUE must be true or false, not "maybe"');
    await readyAfter('setoption name Use NNUE value false');
    expect(await nodesAtDepth()).toBe(hand);
  });
});
