// Fuzzing the record readers (issue 28): XQF, DhtmlXQ, PGN and CBF files from real games (and the
// shapes in lib/reader-corpus.ts: deep nesting, huge comments, broken GB18030), mutated (lib/
// reader-mutate.ts). Every input must give a game or the reader's typed error (XqfError, UbbError,
// PgnError, CbfError) with a message, within a time bound; never another exception or a hang. A game
// must hold what a reader promises: a main line that is its tree's first line, and a tree whose
// every move replays from its start (what was cut is gone, what was kept is legal).
//
// Short run by default (2,000 inputs). Long run: FUZZ_READERS=120000 npx vitest run
// test/hardening/fuzz-readers.test.ts (or npm run fuzz:readers); FUZZ_READERS_SEED picks the seed.
// Each input has its own seed (format, index), so a failure names what replays it.
import { beforeAll, describe, expect, test } from 'vitest';
import { Random } from '../../bench/lib/random.ts';
import { createEngine } from '../../web/engine/index.ts';
import type { Engine } from '../../web/engine/types.ts';
import {
  CbfError,
  PgnError,
  RuleBoard,
  START_FEN,
  UbbError,
  XqfError,
  mainLine,
  readCbf,
  readPgn,
  readUbb,
  readXqf,
  type MoveNode,
  type PgnFile,
  type PgnMove,
  type ReplayEngine,
  type TreeGame,
} from '../../web/notation/index.ts';
import { encodeGb18030 } from '../../web/notation/gb18030.ts';
import { buildCorpus, type Corpus } from './lib/reader-corpus.ts';
import { SYNTAX, breakGb18030, mutateBytes, mutateText } from './lib/reader-mutate.ts';

const TOTAL = Number(process.env['FUZZ_READERS'] ?? 0) || 2_000;
const SEED = Number(process.env['FUZZ_READERS_SEED'] ?? 0x28);
/**
 * The most CPU time one input may take (the largest inputs hold 300,000-character comments; they take
 * tens of milliseconds). CPU time, not the clock: on a machine shared with other jobs, a process
 * waiting for a core can see seconds pass. The clock's bound only catches a hang.
 */
const BOUND_CPU_MS = 2_000;
const BOUND_WALL_MS = 60_000;

type Input = Uint8Array | string;
interface Format {
  name: string;
  error: new (...args: never[]) => Error;
  make(random: Random, corpus: Corpus): Input;
  read(input: Input, engine: ReplayEngine | undefined): TreeGame | PgnFile;
}

const FORMATS: Format[] = [
  {
    name: 'XQF',
    error: XqfError,
    make: (random, corpus) => mutateBytes(random.pick(corpus.xqf), random, 0x400),
    read: (input, engine) => readXqf(input as Uint8Array, engine),
  },
  {
    name: 'DhtmlXQ',
    error: UbbError,
    make: (random, corpus) => text(random, random.pick(corpus.ubb), SYNTAX.ubb),
    read: (input, engine) => readUbb(input as string, engine),
  },
  {
    name: 'PGN',
    error: PgnError,
    make: (random, corpus) => text(random, random.pick(corpus.pgn), SYNTAX.pgn),
    read: (input, engine) => readPgn(input as string, engine),
  },
  {
    name: 'CBF',
    error: CbfError,
    make: (random, corpus) => {
      const seed = random.pick(corpus.cbf);
      if (random.chance(0.5))
        return text(random, typeof seed === 'string' ? seed : new TextDecoder().decode(seed), SYNTAX.cbf);
      return mutateBytes(typeof seed === 'string' ? new TextEncoder().encode(seed) : seed, random);
    },
    read: (input, engine) => readCbf(input, engine),
  },
];

function text(random: Random, seed: string, syntax: readonly string[]): string {
  const mutated = mutateText(seed, random, syntax);
  return random.chance(0.15) ? breakGb18030(mutated, random, encodeGb18030) : mutated;
}

/** Every line of the tree replays from `fen`: depth first, taking each move back after its subtree. */
function replaysTree(fen: string, children: readonly MoveNode[]): void {
  const board = new RuleBoard(fen);
  // A node to play, or (null) the move to take back once its subtree is done.
  const stack: (MoveNode | null)[] = [...children].reverse();
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (item === null) {
      board.undo();
      continue;
    }
    board.play(item.move);
    stack.push(null, ...[...item.children].reverse());
  }
}

function replaysLine(fen: string, before: string[], line: readonly PgnMove[]): void {
  const board = new RuleBoard();
  const path = [...before];
  for (const m of line) {
    for (const v of m.variations ?? []) replaysLine(fen, path, v);
    board.setPosition(fen, path);
    board.play(m.move);
    path.push(m.move);
  }
}

/** What a game read from any input must hold; throws when it does not. */
function checkResult(result: TreeGame | PgnFile): number {
  if ('games' in result) {
    if (result.games.length === 0) throw new Error('readPgn returned no game and no error');
    for (const g of result.games) {
      if (g.moves.join() !== (g.line ?? []).map((m) => m.move).join()) throw new Error('moves are not the line');
      replaysLine(g.fen ?? START_FEN, [], g.line ?? []);
    }
    return result.warnings.length;
  }
  if (result.mainline.join() !== mainLine(result.children).join()) throw new Error('mainline is not the first line');
  if (!Array.isArray(result.warnings) || result.warnings.some((w) => !w.message)) throw new Error('bad warnings');
  replaysTree(result.fen, result.children);
  return result.warnings.length;
}

interface Tally {
  inputs: number;
  games: number;
  refused: number;
  /** Games opened with at least one warning, and the warnings in all. */
  warned: number;
  warnings: number;
  /** CPU time of the slowest input, and of all (milliseconds). */
  maxCpuMs: number;
  cpuMs: number;
}

let corpus: Corpus;
let engine: Engine;

beforeAll(async () => {
  corpus = buildCorpus();
  engine = await createEngine('wasm');
}, 120_000);

describe('record readers under fuzzing', () => {
  test.each(FORMATS.map((f, i) => [f.name, f, i] as const))(
    `%s: ${Math.ceil(TOTAL / FORMATS.length).toLocaleString('en')} mutated files give a game or a typed error, in time`,
    (name, format, index) => {
      const count = Math.ceil(TOTAL / FORMATS.length);
      const tally: Tally = { inputs: 0, games: 0, refused: 0, warned: 0, warnings: 0, maxCpuMs: 0, cpuMs: 0 };
      for (let i = 0; i < count; i++) {
        const random = new Random((SEED * 0x9e3779b1 + index * 0x01000193 + i) >>> 0);
        const input = format.make(random, corpus);
        // Most inputs with the readers' own rules, one in ten with the engine.
        const reader = i % 10 === 9 ? engine : undefined;
        const replay = `(${name} input ${i}, FUZZ_READERS_SEED=${SEED})`;
        const start = performance.now();
        const cpuStart = process.cpuUsage();
        let result: TreeGame | PgnFile | null = null;
        try {
          result = format.read(input, reader);
        } catch (error) {
          if (!(error instanceof format.error))
            throw new Error(`${replay}: expected ${format.error.name}, got ${String(error)}`);
          if (error.message.length < 10) throw new Error(`${replay}: an error must say what is wrong`);
        }
        const cpu = process.cpuUsage(cpuStart);
        const cpuMs = (cpu.user + cpu.system) / 1000;
        const ms = performance.now() - start;
        if (cpuMs > BOUND_CPU_MS)
          throw new Error(`${replay}: took ${cpuMs.toFixed(0)} ms of CPU, more than ${BOUND_CPU_MS}`);
        if (ms > BOUND_WALL_MS) throw new Error(`${replay}: took ${ms.toFixed(0)} ms, more than ${BOUND_WALL_MS}`);
        tally.maxCpuMs = Math.max(tally.maxCpuMs, cpuMs);
        tally.cpuMs += cpuMs;
        tally.inputs++;
        if (result) {
          let warnings: number;
          try {
            warnings = checkResult(result);
          } catch (error) {
            throw new Error(`${replay}: the game read is not sound: ${String(error)}`);
          }
          tally.games++;
          if (warnings > 0) tally.warned++;
          tally.warnings += warnings;
        } else tally.refused++;
      }
      const rounded = { ...tally, maxCpuMs: Math.round(tally.maxCpuMs), cpuMs: Math.round(tally.cpuMs) };
      console.log(`${name}: ${JSON.stringify(rounded)}`);
      expect(tally.inputs).toBe(count);
      // The mutations must reach both outcomes, and the tolerant paths.
      expect(tally.games).toBeGreaterThan(count / 20);
      expect(tally.refused).toBeGreaterThan(count / 20);
      expect(tally.warned).toBeGreaterThan(0);
    },
    Math.max(120_000, TOTAL * 30),
  );
});
