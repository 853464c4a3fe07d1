// The UCI command line under thousands of fuzzed lines (garbage, mutated commands, bad FENs and moves,
// token soup), one process for the lot, half of it on each backend. After every line `isready` must
// be answered; a bad line must get `info string error:`; a good one none; the position (checked with
// `d` every few lines) must be exactly what the good lines made it; the process must never die.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { UciProcess } from '../../bench/native.ts';
import { createEngine } from '../../web/engine/index.ts';
import type { Engine } from '../../web/engine/types.ts';
import { Random } from '../../bench/lib/random.ts';
import { declaredOptions, fuzzLine, judge, START_FEN, tame, type UciOption } from './lib/uci-lines.ts';

const bin = fileURLToPath(new URL('../../bin/xiangqi-engine.js', import.meta.url));
const LINES = 4000;
const ANSWER_MS = 5000;

let uci: UciProcess | undefined;
let model: Engine;
let options: Map<string, UciOption>;
let dead: string | null = null;

/** Sends lines and collects output up to `until`, failing fast if the engine dies or goes quiet. */
async function exchange(lines: string[], until: (l: string) => boolean, context: string): Promise<string[]> {
  const last = lines.pop()!;
  for (const line of lines) uci!.send(line);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silence = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_MS} ms after ${context}`)), ANSWER_MS);
  });
  const death = uci!.exited.then((how) => {
    throw new Error(`the engine died (${how}) after ${context}\n${uci!.stderr}`);
  });
  try {
    return await Promise.race([uci!.request(last, until), silence, death]);
  } finally {
    clearTimeout(timer);
  }
}

/** Sends the lines then `isready`; a fuzzed line may itself be `isready ...`, answered first. */
function readyAfter(lines: string[], context: string): Promise<string[]> {
  let wanted = 1 + lines.filter((l) => l.trim().split(/\s+/)[0] === 'isready').length;
  return exchange([...lines, 'isready'], (l) => l === 'readyok' && --wanted === 0, context);
}

async function shownPosition(context: string): Promise<{ fen: string; moves: string }> {
  const lines = await exchange(['d'], (l) => l.startsWith('Status:'), context);
  return {
    fen: lines.find((l) => l.startsWith('Fen: '))!.slice(5),
    moves: lines.find((l) => l.startsWith('Key moves: '))!.slice(11),
  };
}

beforeAll(async () => {
  uci = new UciProcess(process.execPath, [bin]);
  void uci.exited.then((how) => (dead = how));
  model = await createEngine('wasm');
  options = declaredOptions(await exchange(['uci'], (l) => l === 'uciok', 'uci'));
});
afterAll(() => {
  uci?.quit();
  setTimeout(() => uci?.kill(), 2000).unref();
});

describe('uci fuzz', () => {
  test(`${LINES} fuzzed lines: every bad one answered with an error, every good one obeyed, never a hang or a crash`, async () => {
    expect(options.size, 'the engine declares its options').toBeGreaterThanOrEqual(4);
    const random = new Random(0x0c1);
    const fens = [
      START_FEN,
      '3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 1',
      'r1bakab1r/9/1cn4cn/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 4 3',
    ];
    const counts = { error: 0, ok: 0, position: 0, newgame: 0, search: 0 };
    for (let i = 0; i < LINES; i++) {
      if (i === LINES / 2) await readyAfter(['setoption name Backend value js'], 'switching to js');
      let line = fuzzLine(random, model, fens);
      let verdict = judge(line, model, options);
      line = tame(line, verdict);
      verdict = judge(line, model, options);
      counts[verdict.kind]++;
      const context = `line ${i} ${JSON.stringify(line.slice(0, 200))}`;
      // A search is stopped at once; `stop` waits for its bestmove, so it comes before readyok.
      const out = await readyAfter(verdict.kind === 'search' ? [line, 'stop'] : [line], context);
      const errors = out.filter((l) => l.startsWith('info string error:'));
      if (verdict.kind === 'error')
        expect(errors.length, `${context} got no error: ${out.join(' | ')}`).toBeGreaterThan(0);
      else expect(errors, context).toEqual([]);
      if (verdict.kind === 'search')
        expect(
          out.some((l) => /^bestmove \S+/.test(l)),
          `${context}: ${out.join(' | ')}`,
        ).toBe(true);
      if (verdict.kind === 'position') model.setPosition(verdict.fen, verdict.moves);
      if (verdict.kind === 'newgame') model.setPosition(START_FEN);
      if (i % 25 === 0 || verdict.kind === 'position') {
        const shown = await shownPosition(context);
        expect(shown, context).toEqual({ fen: model.fen(), moves: model.history().join(' ') || '(none)' });
      }
    }
    expect(dead).toBeNull();
    // The generator must produce every kind of line, or parts of the protocol went unfuzzed.
    expect(counts.error).toBeGreaterThan(LINES / 3);
    expect(counts.position).toBeGreaterThan(50);
    expect(counts.search).toBeGreaterThan(20);
    await readyAfter(['setoption name Backend value wasm', 'position startpos moves h2e2'], 'end');
    expect((await shownPosition('end')).fen).toBe(
      'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1',
    );
  });
});

describe('uci work that cannot be interrupted', () => {
  // `go perft` accepts depths up to 12 and counts on the command thread: from the start position
  // depth 7 is some 10^11 leaves (hours), depth 12 far beyond. Meanwhile no `isready`, `stop` or
  // `quit` is read, which the UCI protocol says must always be answered. A GUI (or a user typing
  // one digit too many) is locked out until the process is killed.
  test('isready is answered within 3 s while a deep go perft runs', async () => {
    const engine = new UciProcess(process.execPath, [bin]);
    try {
      await engine.request('isready', (l) => l === 'readyok');
      engine.send('go perft 7');
      const answered = engine.request('isready', (l) => l === 'readyok').then(() => true);
      const late = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000));
      expect(await Promise.race([answered, late]), 'no readyok 3 s after "go perft 7"').toBe(true);
    } finally {
      engine.kill();
    }
  });
});
