// The command line as a GUI sees it: spawned, spoken to over stdin, answers read from stdout.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { UciProcess } from '../../bench/native.ts';

const bin = fileURLToPath(new URL('../../bin/xiangqi-engine.js', import.meta.url));
let engine: UciProcess;

beforeAll(async () => {
  engine = new UciProcess(process.execPath, [bin]);
});
afterAll(() => engine.quit());

const ask = (command: string, until: (line: string) => boolean) => engine.request(command, until);
const readyAfter = (command: string) => {
  engine.send(command);
  return ask('isready', (l) => l === 'readyok');
};

describe('uci command line', () => {
  test('identifies itself and its options', async () => {
    const lines = await ask('uci', (l) => l === 'uciok');
    expect(lines[0]).toMatch(/^id name xiangqi-wasm/);
    expect(lines).toContain('option name Backend type combo default wasm var wasm var js');
    expect(lines.some((l) => /^option name Hash type spin default 16 /.test(l))).toBe(true);
  });

  test('go perft prints a divide whose lines add up to the published count', async () => {
    await readyAfter('position startpos');
    const lines = await ask('go perft 3', (l) => l.startsWith('Nodes searched'));
    const divide = lines.filter((l) => /^[a-i]\d[a-i]\d: \d+$/.test(l));
    expect(divide).toHaveLength(44);
    const sum = divide.reduce((total, l) => total + Number(l.split(': ')[1]), 0);
    expect(sum).toBe(79666);
    expect(lines.at(-1)).toBe('Nodes searched: 79666');
  });

  test('position with moves, then d shows the resulting FEN', async () => {
    await readyAfter('position startpos moves h2e2 h9g7');
    const lines = await ask('d', (l) => l.startsWith('Checkers'));
    expect(lines).toContain('Fen: rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2');
  });

  test('bad input is reported and the last good position kept', async () => {
    const fenBefore = (await ask('d', (l) => l.startsWith('Checkers'))).find((l) => l.startsWith('Fen:'));
    const bad = [
      ['position fen rnbakabnr/9/1c5c1 w', /error: FEN has 3 rows/],
      ['position startpos moves h2e2 h2e2', /error: Illegal move "h2e2"/],
      ['position startpos moves zz', /error: "zz" is not a move/],
      ['go perft many', /error: go perft needs a depth/],
      ['frobnicate', /error: unknown command "frobnicate"/],
      ['setoption name Hash value lots', /error: Hash must be a whole number/],
    ] as const;
    for (const [command, message] of bad) {
      const lines = await readyAfter(command);
      expect(lines.some((l) => message.test(l)), `${command} -> ${lines.join(' | ')}`).toBe(true);
    }
    const fenAfter = (await ask('d', (l) => l.startsWith('Checkers'))).find((l) => l.startsWith('Fen:'));
    expect(fenAfter).toBe(fenBefore);
  });

  test('the JS backend answers the same perft as the wasm backend, keeping the position', async () => {
    await readyAfter('position startpos moves b2e2 b9c7');
    const wasm = await ask('go perft 2', (l) => l.startsWith('Nodes searched'));
    await readyAfter('setoption name Backend value js');
    const js = await ask('go perft 2', (l) => l.startsWith('Nodes searched'));
    expect(js).toEqual(wasm);
    await readyAfter('setoption name Backend value wasm');
  });
});
