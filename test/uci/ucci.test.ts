// UCCI, the dialect of ElephantEye-era GUIs: the same command line, switched by `ucci`.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { UciProcess } from '../../bench/native.ts';
import { createEngine } from '../../web/engine/index.ts';
import { parseUcciGo, ucciScore } from '../../bin/ucci-format.ts';

const bin = fileURLToPath(new URL('../../bin/xiangqi-engine.js', import.meta.url));
let engine: UciProcess;

beforeAll(() => {
  engine = new UciProcess(process.execPath, [bin]);
});
afterAll(() => engine.kill());

const ask = (command: string, until: (line: string) => boolean) => engine.request(command, until);
const readyAfter = (command: string) => {
  engine.send(command);
  return ask('isready', (l) => l === 'readyok');
};
const isBest = (l: string) => l.startsWith('bestmove') || l === 'nobestmove';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const errors = (lines: string[]) => lines.filter((l) => l.startsWith('info string error'));
/** The first moves of the pv of every `info depth` line. */
const pvMoves = (lines: string[]) =>
  lines.filter((l) => l.startsWith('info depth')).map((l) => / pv (\S+)/.exec(l)?.[1]);

describe('ucci command line', () => {
  test('the handshake names the engine and its options in UCCI form', async () => {
    const lines = await ask('ucci', (l) => l === 'ucciok');
    expect(lines[0]).toMatch(/^id name xiangqi-wasm/);
    expect(lines).toContain('option hashsize type spin min 1 max 1024 default 16');
    expect(lines).toContain('option ponder type check default false');
    expect(lines).toContain('option usemillisec type check default true');
    expect(lines).toContain('option useegtb type check default true');
    expect(lines.some((l) => /^option threads type spin min 1 max \d+ default 1$/.test(l))).toBe(true);
    // Only what works is announced: there is no opening book.
    expect(lines.some((l) => l.startsWith('option usebook'))).toBe(false);
    expect(lines.at(-1)).toBe('ucciok');
  });

  test('setoption takes the option name and value without the words name and value', async () => {
    for (const command of [
      'setoption hashsize 32',
      'setoption threads 1',
      'setoption ponder true',
      'setoption newgame',
    ]) {
      expect(errors(await readyAfter(command)), command).toEqual([]);
    }
    expect(errors(await readyAfter('setoption hashsize lots')).join()).toMatch(/hashsize must be a whole number/);
    expect(errors(await readyAfter('setoption name Hash value 32')).join()).toMatch(/unknown option "name"/);
  });

  test('position and go depth answer bestmove, the score in info without cp', async () => {
    await readyAfter('position startpos moves h2e2');
    const lines = await ask('go depth 4', isBest);
    const infos = lines.filter((l) => l.startsWith('info depth'));
    expect(infos).toHaveLength(4);
    for (const info of infos) expect(info).toMatch(/^info depth \d+ score -?\d+ pv [a-i]\d[a-i]\d( [a-i]\d[a-i]\d)*$/);
    expect(lines.some((l) => /^info time \d+ nodes \d+$/.test(l))).toBe(true);
    expect(lines.join('\n')).not.toMatch(/\bcp\b/);
    expect(lines.at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d( ponder [a-i]\d[a-i]\d)?$/);
  });

  test('the endgame tables answer a covered position, and `setoption useegtb false` turns them off', async () => {
    // Rook against advisor and elephant: the table's mate, scored as ElephantEye scores mates (10000 - plies).
    const fen = '3k5/9/4ba3/9/9/9/9/R8/9/4K4 w - - 0 1';
    const scores = async () => {
      await readyAfter(`position fen ${fen}`);
      return (await ask('go depth 3', isBest))
        .filter((l) => l.startsWith('info depth'))
        .map((l) => Number(/ score (-?\d+)/.exec(l)![1]));
    };
    expect((await scores()).at(-1)).toBeGreaterThan(9000);
    await readyAfter('setoption useegtb false');
    expect((await scores()).at(-1)).toBeLessThan(9000);
    await readyAfter('setoption useegtb true');
  });

  test('stop with no search answers nobestmove', async () => {
    expect(await ask('stop', (l) => l === 'nobestmove')).toEqual(['nobestmove']);
  });

  test('a mated side answers nobestmove', async () => {
    await readyAfter('position fen R3k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1');
    expect((await ask('go depth 3', isBest)).at(-1)).toBe('nobestmove');
  });

  test('banmoves keeps moves out of the next search, until the next position', async () => {
    // newgame (an empty table) before each search makes the searches repeat exactly.
    await readyAfter('setoption newgame');
    const free = await ask('go depth 3', isBest);
    const best = /^bestmove (\S+)/.exec(free.at(-1)!)![1]!;
    await readyAfter('setoption newgame');
    await readyAfter(`banmoves ${best}`);
    const banned = await ask('go depth 3', isBest);
    expect(banned.at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d/);
    expect(banned.at(-1)).not.toMatch(new RegExp(`^bestmove ${best}`));
    expect(pvMoves(banned)).not.toContain(best);
    expect(pvMoves(banned).length).toBe(3); // one line a depth, the best allowed
    // A new position lifts the ban.
    await readyAfter('setoption newgame');
    await readyAfter('position startpos');
    expect((await ask('go depth 3', isBest)).at(-1)).toMatch(new RegExp(`^bestmove ${best}`));
  });

  test('banning every move but one leaves that one; banning all answers nobestmove', async () => {
    const fen = '3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 1';
    const model = await createEngine('wasm');
    model.setPosition(fen);
    const legal = model.legalMoves();
    expect(legal.length).toBeGreaterThan(1);
    await readyAfter(`position fen ${fen}`);
    await readyAfter(`banmoves ${legal.slice(1).join(' ')}`);
    const lines = await ask('go depth 4', isBest);
    expect(lines.at(-1)).toMatch(new RegExp(`^bestmove ${legal[0]}`));
    expect(pvMoves(lines).every((move) => move === legal[0])).toBe(true);
    await readyAfter(`banmoves ${legal.join(' ')}`);
    expect((await ask('go depth 4', isBest)).at(-1)).toBe('nobestmove');
    expect(errors(await readyAfter('banmoves h2e2 zz')).join()).toMatch(/"zz" is not a move/);
  });

  test("go time is the side to move's clock, opptime the other one's", async () => {
    // 100 s for the side to move: far more than half a second of thought. Were opptime (50 ms) taken
    // for its clock, the answer would come at once.
    for (const moves of ['', ' moves h2e2']) {
      await readyAfter(`position startpos${moves}`);
      engine.send('go time 100000 increment 0 opptime 50 oppincrement 0');
      await sleep(500);
      const meanwhile = await ask('isready', (l) => l === 'readyok');
      expect(meanwhile.filter(isBest), moves).toEqual([]);
      expect((await ask('stop', isBest)).at(-1)).toMatch(/^bestmove /);
    }
    // A short clock answers soon.
    await readyAfter('position startpos');
    const start = Date.now();
    expect((await ask('go time 3000 increment 0 opptime 100000', isBest)).at(-1)).toMatch(/^bestmove /);
    expect(Date.now() - start).toBeLessThan(1500);
  });

  test('with usemillisec false, times are in seconds', async () => {
    await readyAfter('setoption usemillisec false');
    await readyAfter('position startpos');
    engine.send('go time 100 increment 0');
    await sleep(500);
    // 100 s leaves seconds for this move; 100 ms would have been answered at once.
    const meanwhile = await ask('isready', (l) => l === 'readyok');
    expect(meanwhile.filter(isBest)).toEqual([]);
    engine.send('stop');
    await readyAfter('setoption usemillisec true');
  });

  test('go ponder waits for ponderhit; ponderhit draw is accepted', async () => {
    await readyAfter('position startpos moves h2e2 h9g7');
    engine.send('go ponder time 5000 increment 0');
    await sleep(300);
    const meanwhile = await ask('isready', (l) => l === 'readyok');
    expect(meanwhile.filter(isBest)).toEqual([]);
    const answer = await ask('ponderhit draw', isBest);
    expect(answer.at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d/);
    expect(errors(answer)).toEqual([]);
  });

  test('quit answers bye', async () => {
    const lines = await ask('quit', (l) => l === 'bye');
    expect(lines.at(-1)).toBe('bye');
    expect(await engine.exited).toBe('exit code 0');
  });
});

describe('ucci go parsing', () => {
  test('time and increment go to the side to move, opptime and oppincrement to the other', () => {
    expect(
      parseUcciGo(['time', '1000', 'increment', '5', 'opptime', '2000', 'oppincrement', '7'], 'red', true).limits,
    ).toEqual({ wtime: 1000, winc: 5, btime: 2000, binc: 7 });
    expect(
      parseUcciGo(['time', '1000', 'movestogo', '20', 'opptime', '2000', 'oppmovestogo', '20'], 'black', true).limits,
    ).toEqual({ btime: 1000, movestogo: 20, wtime: 2000 });
  });

  test('seconds without usemillisec; ponder, draw, depth, nodes and no mode', () => {
    expect(parseUcciGo(['time', '30', 'increment', '2'], 'red', false).limits).toEqual({ wtime: 30000, winc: 2000 });
    expect(parseUcciGo(['ponder', 'depth', '7'], 'red', true)).toEqual({
      limits: { depth: 7 },
      ponder: true,
      draw: false,
    });
    expect(parseUcciGo(['draw', 'nodes', '5000'], 'red', true)).toEqual({
      limits: { nodes: 5000 },
      ponder: false,
      draw: true,
    });
    expect(parseUcciGo([], 'red', true).limits).toEqual({ infinite: true });
    expect(parseUcciGo(['depth', 'infinite'], 'red', true).limits).toEqual({ infinite: true });
    expect(() => parseUcciGo(['time', 'soon'], 'red', true)).toThrow(/go time needs a whole number/);
    expect(() => parseUcciGo(['movetime', '100'], 'red', true)).toThrow(/unknown go parameter "movetime"/);
  });

  test("mate scores on ElephantEye's scale", () => {
    expect(ucciScore({ cp: -35 })).toBe(-35);
    expect(ucciScore({ mate: 1 })).toBe(9999);
    expect(ucciScore({ mate: 3 })).toBe(9995);
    expect(ucciScore({ mate: -2 })).toBe(-9996);
    expect(ucciScore({ mate: 0 })).toBe(-10000);
  });
});
