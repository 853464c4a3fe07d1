// The evaluation tuner's pipeline: the training records, the engine's trace of its evaluation
// (which the tuner's arithmetic must reproduce exactly, on both builds), self-play games, and the
// generated weights module.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BENCH_POSITIONS } from '../../bin/bench-positions.ts';
import { decodeRecord, encodeRecord, recordFen, RECORD_BYTES } from '../../tune/records.ts';
import { playSelfPlayGame } from '../../tune/selfplay-game.ts';
import type { Progress } from '../../tune/selfplay-shards.ts';
import { PARAMETERS, PHASE_MAX, readWeights } from '../../tune/parameters.ts';
import { engineFor, Random, START_FEN } from '../engine/helpers.ts';
import type { Engine } from '../../web/engine/index.ts';

/** The evaluation from Red's view as the tuner computes it from a trace. */
function fromTrace(trace: { phase: number; terms: Int32Array }, weights: [number, number][]): number {
  let mg = 0;
  let eg = 0;
  for (let k = 0; k < trace.terms.length; k += 2) {
    const [wm, we] = weights[trace.terms[k]!]!;
    mg += trace.terms[k + 1]! * wm;
    eg += trace.terms[k + 1]! * we;
  }
  return (mg * trace.phase + eg * (PHASE_MAX - trace.phase)) / PHASE_MAX;
}

/** Positions to check the evaluation on: the bench set and random games from the start. */
function positions(engine: Engine): string[] {
  const fens = BENCH_POSITIONS.map((p) => p.fen);
  const random = new Random(7);
  for (let game = 0; game < 12; game++) {
    engine.setPosition(START_FEN);
    for (let ply = 0; ply < 120 && !engine.status().over; ply++) {
      const moves = engine.legalMoves();
      engine.play(moves[random.below(moves.length)]!);
      if (ply % 10 === 9) fens.push(engine.fen());
    }
  }
  return fens;
}

describe('training records', () => {
  it('keep the board, side, result and score through encoding', async () => {
    const engine = await engineFor('wasm');
    engine.setPosition('2bak4/4a4/4b4/9/2c6/9/4C4/9/4A4/3AK1B2 b - - 0 1');
    const out = new Uint8Array(RECORD_BYTES * 2);
    const position = { board: engine.board(), blackToMove: true, result: 0.5, score: -123 };
    encodeRecord(position, out, RECORD_BYTES);
    const back = decodeRecord(out, RECORD_BYTES);
    expect(back).toEqual(position);
    expect(recordFen(back)).toBe('2bak4/4a4/4b4/9/2c6/9/4C4/9/4A4/3AK1B2 b - - 0 1');
    encodeRecord({ ...position, result: 1, score: 99999 }, out, 0);
    expect(decodeRecord(out, 0)).toMatchObject({ result: 1, score: 3000 });
  });

  it('refuse a board that is not 90 points or holds an unknown letter', () => {
    const out = new Uint8Array(RECORD_BYTES);
    expect(() => encodeRecord({ board: [], blackToMove: false, result: 0, score: 0 }, out, 0)).toThrow(/90 points/);
    const board = new Array<string | null>(90).fill(null);
    board[4] = 'X';
    expect(() => encodeRecord({ board, blackToMove: false, result: 0, score: 0 }, out, 0)).toThrow(/"X"/);
  });
});

describe('the evaluation trace', () => {
  const weights = readWeights(new URL('../../tune/weights.json', import.meta.url).pathname).weights;

  it("gives back the engine's evaluation from the weights, on the wasm and the JS build alike", async () => {
    const wasm = await engineFor('wasm');
    const js = await engineFor('js');
    const fens = positions(wasm);
    expect(fens.length).toBeGreaterThan(100);
    for (const fen of fens) {
      wasm.setPosition(fen);
      js.setPosition(fen);
      const trace = wasm.evaluationTrace();
      const red = wasm.turn() === 'red' ? 1 : -1;
      expect(trace.score, fen).toBe(wasm.staticEval());
      // The engine divides the blend by PHASE_MAX in integers; the tuner does not round.
      expect(Math.abs(fromTrace(trace, weights) - red * trace.score), fen).toBeLessThan(1);
      const jsTrace = js.evaluationTrace();
      expect(jsTrace.score, fen).toBe(trace.score);
      expect(Array.from(jsTrace.terms), fen).toEqual(Array.from(trace.terms));
    }
  });

  it('is symmetric: a position and its colour-flipped mirror evaluate the same for the side to move', async () => {
    const engine = await engineFor('wasm');
    for (const fen of positions(engine).slice(0, 60)) {
      engine.setPosition(fen);
      const score = engine.staticEval();
      const [placement, side] = fen.split(' ');
      const flipped = placement!
        .split('/')
        .reverse()
        .map((rank) =>
          [...rank]
            .reverse()
            .map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()))
            .join(''),
        )
        .join('/');
      engine.setPosition(`${flipped} ${side === 'w' ? 'b' : 'w'} - - 0 1`);
      expect(engine.staticEval(), fen).toBe(score);
    }
  });

  it('counts every parameter the weights file has', () => {
    expect(weights).toHaveLength(PARAMETERS);
  });
});

describe('self-play', () => {
  it('plays the same game for the same index, keeping only quiet positions', async () => {
    const engine = await engineFor('wasm');
    const opening = { name: 'central cannon', fen: START_FEN, moves: ['h2e2', 'h9g7'] };
    const settings = { nodes: 300, randomPlies: 3, seed: 5 };
    const a = playSelfPlayGame(engine, opening, 11, settings);
    const b = playSelfPlayGame(engine, opening, 11, settings);
    expect(a.positions).toBeGreaterThan(10);
    expect(Buffer.from(b.records).equals(Buffer.from(a.records))).toBe(true);
    for (let i = 0; i < a.positions; i++) {
      const record = decodeRecord(a.records, i * RECORD_BYTES);
      expect(record.result).toBe(a.result);
      engine.setPosition(recordFen(record));
      expect(engine.isQuiet()).toBe(true);
    }
  });

  it('npm run selfplay plays with a network when given one, says so in its progress, and refuses a broken file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xq-selfplay-'));
    try {
      const cli = fileURLToPath(new URL('../../build/tune-selfplay.js', import.meta.url));
      const network = fileURLToPath(new URL('../../nnue/xiangqi.nnue', import.meta.url));
      const out = join(dir, 'net.bin');
      const run = (args: string[]) =>
        spawnSync(process.execPath, [cli, '--positions', '20', '--nodes', '200', '--threads', '1', ...args], {
          encoding: 'utf8',
        });
      const good = run(['--network', network, '--out', out]);
      expect(good.status, good.stderr).toBe(0);
      expect(good.stdout).toContain(`network ${network}`);
      const progress = JSON.parse(readFileSync(`${out}.json`, 'utf8')) as Progress;
      expect(progress.settings.network).toBe(network);
      expect(progress.positions).toBeGreaterThanOrEqual(20);
      expect(readFileSync(out).length).toBe(progress.positions * RECORD_BYTES);
      writeFileSync(join(dir, 'broken.nnue'), 'XQNN');
      const bad = run(['--network', join(dir, 'broken.nnue'), '--out', join(dir, 'bad.bin')]);
      expect(bad.status).not.toBe(0);
      expect(bad.stderr).toMatch(/NetworkFileError: .*at byte/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('records the winner of a game that ends in mate', async () => {
    const engine = await engineFor('wasm');
    // Red mates at once (rook to the back rank against a bare king); Black's game is lost.
    const opening = { name: 'mate', fen: '3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1', moves: [] };
    const game = playSelfPlayGame(engine, opening, 0, { nodes: 2000, randomPlies: 0, seed: 1 });
    expect(game.result).toBe(1);
  });
});

describe('the generated weights module', () => {
  it('is what tune/write-weights.ts makes from tune/weights.json', () => {
    const weights = readWeights(new URL('../../tune/weights.json', import.meta.url).pathname).weights;
    const module = readFileSync(new URL('../../assembly/weights.ts', import.meta.url), 'utf8');
    expect(module).toMatch(/^\/\/ GENERATED by tune\/write-weights\.ts/);
    const body = module
      .slice(module.indexOf('= ['))
      .split('\n')
      .filter((line) => !line.trim().startsWith('//'))
      .join('\n');
    const numbers = body.match(/-?\d+/g)!.map(Number);
    expect(numbers).toEqual(weights.flat());
  });
});
