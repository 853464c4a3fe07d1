// The command line as a GUI sees it: spawned, spoken to over stdin, answers read from stdout.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
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
const readyAfter = (command: string) => {
  engine.send(command);
  return ask('isready', (l) => l === 'readyok');
};

describe('uci command line', () => {
  test('go searchmoves searches only the moves given, wherever the keyword stands; one not legal is named', async () => {
    await readyAfter('position startpos');
    const isBest = (l: string) => l.startsWith('bestmove');
    const limited = await ask('go searchmoves a0a1 i0i1 depth 5', isBest);
    expect(limited.at(-1)).toMatch(/^bestmove (a0a1|i0i1)( |$)/);
    const firstMoves = limited.filter((l) => l.includes(' pv ')).map((l) => / pv (\S+)/.exec(l)![1]);
    expect(firstMoves.length).toBeGreaterThan(0);
    expect(firstMoves.every((m) => m === 'a0a1' || m === 'i0i1')).toBe(true);
    const someIllegal = await ask('go depth 3 searchmoves h2e2 a0a5', isBest);
    expect(someIllegal).toContain('info string searchmoves: a0a5 is not legal here and left out');
    expect(someIllegal.at(-1)).toMatch(/^bestmove h2e2( |$)/);
    const noneLegal = await ask('go depth 2 searchmoves a0a5', isBest);
    expect(noneLegal).toContain('info string searchmoves: a0a5 is not legal here; searching every move');
    const empty = await readyAfter('go depth 2 searchmoves');
    expect(empty.join('\n')).toContain('go searchmoves needs at least one move');
  });

  test('identifies itself and its options', async () => {
    const lines = await ask('uci', (l) => l === 'uciok');
    expect(lines[0]).toMatch(/^id name xiangqi-wasm/);
    expect(lines).toContain('option name Backend type combo default wasm var wasm var js');
    expect(lines.some((l) => /^option name Hash type spin default 16 /.test(l))).toBe(true);
    expect(lines).toContain(
      'option name Rule type combo default computer var computer var asian var chinese var check-only',
    );
  });

  test('Rule judges repetitions by the chosen set, in d and in the search; a bad name is refused', async () => {
    // Black's rook chases the red cannon with every move; one of them uncovers a check (Fairy-
    // Stockfish's rule tests): a draw by the computer rule, Black's loss by the Asian rules.
    const cycle = 'd1d3 b1b3 d3d1 b3b1';
    const position = `position fen 3k5/9/9/9/9/9/9/9/cr1CAK3/9 w - - 0 1 moves ${cycle} ${cycle}`;
    const status = async () => (await ask('d', (l) => l.startsWith('Status:'))).at(-1);
    await readyAfter(position);
    expect(await status()).toBe('Status: 1/2-1/2 repetition');
    await readyAfter('setoption name Rule value asian');
    expect(await status()).toBe('Status: 1-0 perpetual-chase');
    const refused = await readyAfter('setoption name Rule value fide');
    expect(
      refused.some((l) => /error: Rule must be one of computer, asian, chinese, check-only, not "fide"/.test(l)),
    ).toBe(true);
    expect(await status()).toBe('Status: 1-0 perpetual-chase');
    // The search thread judges by the same rule: Black, far behind, may not take the repetition.
    await readyAfter(`position fen 3k5/9/9/9/7RR/9/9/5A3/cr1CAK3/9 w - - 0 1 moves ${cycle} d1d3 b1b3 d3d1`);
    const asian = await ask('go depth 5', (l) => l.startsWith('bestmove'));
    expect(asian.at(-1)).not.toMatch(/^bestmove b3b1/);
    await readyAfter('setoption name Rule value computer');
    const computer = await ask('go depth 5', (l) => l.startsWith('bestmove'));
    expect(computer.at(-1)).toMatch(/^bestmove b3b1/);
  });

  test('SearchParams reaches the search thread, also one started afresh; a bad pair is refused by name', async () => {
    const nodesAtDepth = async () => {
      await readyAfter('ucinewgame');
      await readyAfter('position startpos moves h2e2 h9g7');
      const lines = await ask('go depth 7', (l) => l.startsWith('bestmove'));
      return Number(/ nodes (\d+)/.exec(lines.filter((l) => l.includes(' nodes ')).at(-1)!)![1]);
    };
    await readyAfter('setoption name OwnBook value false');
    const shipped = await nodesAtDepth();
    await readyAfter('setoption name SearchParams value rfp_margin=40 lmr_divisor=150');
    const tuned = await nodesAtDepth();
    expect(tuned).not.toBe(shipped);
    // A new search runner (another backend) takes the setting too: the JS build searches the same tree.
    await readyAfter('setoption name Backend value js');
    expect(await nodesAtDepth()).toBe(tuned);
    await readyAfter('setoption name Backend value wasm');
    const refused = await readyAfter('setoption name SearchParams value rfp_margin=999');
    expect(refused.some((l) => /error: "rfp_margin=999": rfp_margin must be between 30 and 200/.test(l))).toBe(true);
    expect(await nodesAtDepth()).toBe(tuned);
    await readyAfter('setoption name SearchParams value <empty>');
    expect(await nodesAtDepth()).toBe(shipped);
    await readyAfter('setoption name OwnBook value true');
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
    const lines = await ask('d', (l) => l.startsWith('Status:'));
    expect(lines).toContain('Fen: rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2');
  });

  test('bad input is reported and the last good position kept', async () => {
    const fenBefore = (await ask('d', (l) => l.startsWith('Status:'))).find((l) => l.startsWith('Fen:'));
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
      expect(
        lines.some((l) => message.test(l)),
        `${command} -> ${lines.join(' | ')}`,
      ).toBe(true);
    }
    const fenAfter = (await ask('d', (l) => l.startsWith('Status:'))).find((l) => l.startsWith('Fen:'));
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

  test('d ends with the game status of the last position, the verdict status() gives', async () => {
    const model = await createEngine('wasm');
    const twice = (moves: string[]) => [...moves, ...moves];
    const cases: [string, string[], string][] = [
      ['startpos', [], 'Status: ongoing'],
      ['fen R3k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1', [], 'Status: 1-0 checkmate'],
      ['fen 3k5/8R/9/9/9/9/9/9/4R4/5K3 b - - 0 1', [], 'Status: 1-0 stalemate'],
      [
        'fen 5k3/R8/9/9/9/9/9/9/9/3K5 w - - 0 1',
        twice(['a8a9', 'f9f8', 'a9a8', 'f8f9']),
        'Status: 0-1 perpetual-check',
      ],
      // The red rook attacks the lone black cannon anew with each move: Red chases and loses.
      [
        'fen 5k3/9/c8/9/1R7/9/9/9/9/3K5 w - - 0 1',
        twice(['b5a5', 'a7b7', 'a5b5', 'b7a7']),
        'Status: 0-1 perpetual-chase',
      ],
      ['startpos', twice(['h0g2', 'h9g7', 'g2h0', 'g7h9']), 'Status: 1/2-1/2 repetition'],
      ['fen 5k3/9/9/9/p8/9/9/9/9/R2K5 w - - 119 70', ['a0a1'], 'Status: 1/2-1/2 move-limit'],
      ['fen 4k4/4a4/9/9/9/9/9/9/4A4/3K5 w - - 0 1', [], 'Status: 1/2-1/2 insufficient-material'],
    ];
    for (const [spec, moves, expected] of cases) {
      const command = `position ${spec}${moves.length ? ` moves ${moves.join(' ')}` : ''}`;
      await readyAfter(command);
      const lines = await ask('d', (l) => l.startsWith('Status:'));
      expect(lines.at(-1), command).toBe(expected);
      model.setPosition(spec === 'startpos' ? START_FEN : spec.slice(4), moves);
      const status = model.status();
      expect(expected).toBe(status.over ? `Status: ${status.result} ${status.reason}` : 'Status: ongoing');
    }
    // A bad position command keeps the last good position, and d still judges that one.
    await readyAfter('position startpos moves h2h2');
    expect((await ask('d', (l) => l.startsWith('Status:'))).at(-1)).toBe('Status: 1/2-1/2 insufficient-material');
  });
});

describe('pondering', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const isBest = (l: string) => l.startsWith('bestmove');

  test('the Ponder option is announced and accepted', async () => {
    const lines = await ask('uci', (l) => l === 'uciok');
    expect(lines).toContain('option name Ponder type check default false');
    const answer = await readyAfter('setoption name Ponder value true');
    expect(answer.filter((l) => l.startsWith('info string error'))).toEqual([]);
    const bad = await readyAfter('setoption name Ponder value maybe');
    expect(bad.some((l) => /error: Ponder must be true or false/.test(l))).toBe(true);
  });

  test('go ponder searches without answering; ponderhit starts the movetime from then on', async () => {
    await readyAfter('position startpos moves h2e2 h9g7');
    engine.send('go ponder movetime 400');
    await sleep(600);
    // Longer than the movetime already: a clock counted from `go ponder` would have answered.
    const meanwhile = await ask('isready', (l) => l === 'readyok');
    expect(meanwhile.some((l) => l.startsWith('info depth'))).toBe(true);
    expect(meanwhile.filter(isBest)).toEqual([]);
    const hit = Date.now();
    const answer = await ask('ponderhit', isBest);
    const elapsed = Date.now() - hit;
    expect(answer.at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d( ponder [a-i]\d[a-i]\d)?$/);
    expect(elapsed).toBeGreaterThanOrEqual(300);
    expect(elapsed).toBeLessThan(400 + 1500); // the movetime, and slack for a loaded machine
  });

  test('stop during pondering answers with bestmove', async () => {
    await readyAfter('position startpos');
    engine.send('go ponder wtime 60000 btime 60000');
    await sleep(200);
    const answer = await ask('stop', isBest);
    expect(answer.at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d/);
    // The search is over: another ponderhit has nothing to hit.
    const late = await readyAfter('ponderhit');
    expect(late.some((l) => /error: ponderhit without a "go ponder" search/.test(l))).toBe(true);
  });

  test('a ponder search that ends by itself still waits for ponderhit (or stop)', async () => {
    await readyAfter('position startpos');
    engine.send('go ponder depth 2');
    await sleep(300);
    const meanwhile = await ask('isready', (l) => l === 'readyok');
    expect(meanwhile.some((l) => /^info depth 2 /.test(l))).toBe(true);
    expect(meanwhile.filter(isBest)).toEqual([]);
    const answer = await ask('ponderhit', isBest);
    expect(answer).toHaveLength(1);
    expect(answer[0]).toMatch(/^bestmove [a-i]\d[a-i]\d/);
    engine.send('go ponder depth 1');
    await sleep(200);
    expect((await ask('stop', isBest)).at(-1)).toMatch(/^bestmove /);
  });

  test('ponderhit on a clock answers within the time budget', async () => {
    await readyAfter('position startpos moves b2e2');
    engine.send('go ponder wtime 10000 btime 3000 binc 0 winc 0');
    await sleep(300);
    const hit = Date.now();
    const answer = await ask('ponderhit', isBest);
    expect(answer.at(-1)).toMatch(/^bestmove /);
    // Black has 3 s: a share of about 90 ms a move; far less than a second even on a loaded machine.
    expect(Date.now() - hit).toBeLessThan(1500);
  });
});

describe('isready', () => {
  test('answers once the setup sent before it is done, so the next search starts at once', async () => {
    const timed = async (command: string, until: (line: string) => boolean) => {
      const start = performance.now();
      const lines = await ask(command, until);
      return { lines, ms: performance.now() - start };
    };
    await readyAfter('setoption name Hash value 1024');
    await readyAfter('position fen r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKABR1 w - - 0 1');
    // Clearing a 1 GB table takes the search thread a while: isready waits for it, not the search after.
    engine.send('ucinewgame');
    const ready = await timed('isready', (l) => l === 'readyok');
    const search = await timed('go depth 1', (l) => l.startsWith('bestmove'));
    expect(ready.lines.filter((l) => l.startsWith('info string error'))).toEqual([]);
    expect(search.lines.at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d/);
    expect(search.ms).toBeLessThan(ready.ms);
    await readyAfter('setoption name Hash value 16');
  });

  test('during a search it answers at once', async () => {
    await readyAfter('position startpos moves h2e2');
    engine.send('go infinite');
    const lines = await ask('isready', (l) => l === 'readyok');
    expect(lines.filter((l) => l.startsWith('bestmove'))).toEqual([]);
    expect((await ask('stop', (l) => l.startsWith('bestmove'))).at(-1)).toMatch(/^bestmove /);
  });
});

describe('searches only stop ends', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const isBest = (l: string) => l.startsWith('bestmove');
  // Red mates in one (a7d7, and only so: Black's pawn has a move, so a7a8 does not stalemate): the
  // search proves it at once and ends by itself.
  const mateInOne = 'position fen 3k5/9/R8/2p6/9/9/9/9/9/4K3R w - - 0 1';

  test('go infinite answers only after stop, even when the search has ended by itself', async () => {
    await readyAfter(mateInOne);
    engine.send('go infinite');
    await sleep(500);
    const meanwhile = await ask('isready', (l) => l === 'readyok');
    expect(meanwhile.some((l) => / score mate 1 /.test(l))).toBe(true);
    expect(meanwhile.filter(isBest)).toEqual([]);
    expect(await ask('stop', isBest)).toEqual(['bestmove a7d7']);
  });

  test('go ponder infinite goes on after ponderhit until stop', async () => {
    await readyAfter(mateInOne);
    engine.send('go ponder infinite');
    await sleep(300);
    engine.send('ponderhit');
    await sleep(300);
    const meanwhile = await ask('isready', (l) => l === 'readyok');
    expect(meanwhile.filter(isBest)).toEqual([]);
    expect((await ask('stop', isBest)).at(-1)).toBe('bestmove a7d7');
  });

  test('a depth or node count of 0 is searched as 1: the GUI still gets a move', async () => {
    await readyAfter('position startpos');
    for (const go of ['go depth 0', 'go nodes 0', 'go depth -3']) {
      const lines = await ask(go, isBest);
      expect(lines.filter((l) => l.startsWith('info string error'))).toEqual([]);
      expect(lines.at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d/);
    }
  });

  test('when its input ends, an infinite search is stopped and answered, and the engine exits', async () => {
    const child = spawn(process.execPath, [bin], { stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.stdin.end(`${mateInOne}\ngo infinite\n`);
    const killer = setTimeout(() => child.kill(), 15000);
    expect(await exited).toBe(0);
    clearTimeout(killer);
    expect(out.trim().split('\n').at(-1)).toBe('bestmove a7d7');
  });
});
