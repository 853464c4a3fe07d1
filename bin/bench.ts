// `xiangqi-engine bench [depth] [backend]` and the UCI command `bench`: a fixed-depth search of
// each position of bench-positions.ts, on one thread, from a fresh 16 MB hash table and cleared
// move-ordering history each time (as after `ucinewgame`), so the total node count depends on
// nothing but the build: it is the search's signature. A change that must not change the search
// (a refactoring, a speed-up) shows the same count; the wasm and js builds show the same count.
import { createEngine, type Backend } from '../web/engine/index.ts';
import { BENCH_POSITIONS } from './bench-positions.ts';

export const BENCH_DEFAULT_DEPTH = 11;
export const BENCH_MAX_DEPTH = 30;
/** The table every bench search starts from, whatever the session's `Hash`. */
export const BENCH_HASH_MB = 16;

export interface BenchOptions {
  depth: number;
  backend: Backend;
}

/** Parses `[depth] [backend]` (either order); throws an Error that names the bad token. */
export function parseBenchArgs(args: readonly string[], defaultBackend: Backend = 'wasm'): BenchOptions {
  let depth: number | undefined;
  let backend: Backend | undefined;
  for (const token of args) {
    if (/^\d+$/.test(token)) {
      const n = Number(token);
      if (depth !== undefined || n < 1 || n > BENCH_MAX_DEPTH) {
        throw new Error(
          depth !== undefined
            ? `bench takes one depth, not "${depth}" and "${token}"`
            : `bench depth must be a whole number from 1 to ${BENCH_MAX_DEPTH}, not "${token}"`,
        );
      }
      depth = n;
    } else if (token === 'wasm' || token === 'js') {
      if (backend !== undefined) throw new Error(`bench takes one backend, not "${backend}" and "${token}"`);
      backend = token;
    } else {
      throw new Error(
        `bench expects [depth] [wasm|js], not "${token}" (depth: a whole number from 1 to ${BENCH_MAX_DEPTH})`,
      );
    }
  }
  return { depth: depth ?? BENCH_DEFAULT_DEPTH, backend: backend ?? defaultBackend };
}

export interface BenchUrls {
  wasm: URL;
  js: URL;
}

export interface BenchTotals {
  nodes: number;
  ms: number;
}

/**
 * Runs the bench on a fresh engine of its own (the session's engines and search thread are not
 * touched) and writes one line per position, then the totals as Stockfish does.
 */
export async function runBench(
  options: BenchOptions,
  out: (line: string) => void,
  urls?: BenchUrls,
): Promise<BenchTotals> {
  const engine = await createEngine(options.backend, urls ? { wasmUrl: urls.wasm, jsUrl: urls.js } : {});
  engine.setHashSize(BENCH_HASH_MB);
  const count = BENCH_POSITIONS.length;
  const width = String(count).length;
  let nodes = 0;
  let ms = 0;
  out(`bench: depth ${options.depth}, backend ${options.backend}, 1 thread, Hash ${BENCH_HASH_MB}, ${count} positions`);
  for (const [i, position] of BENCH_POSITIONS.entries()) {
    engine.clearHash();
    engine.setPosition(position.fen);
    const start = performance.now();
    const result = engine.search({ depth: options.depth });
    const elapsed = performance.now() - start;
    nodes += result.nodes;
    ms += elapsed;
    out(
      `Position ${String(i + 1).padStart(width)}/${count}: nodes ${String(result.nodes).padStart(9)}  time ${elapsed.toFixed(0).padStart(5)} ms  ` +
        `bestmove ${result.bestMove ?? '(none)'}  ${position.name}`,
    );
  }
  const totalMs = Math.round(ms);
  out('');
  out('===========================');
  out(`Total time (ms) : ${totalMs}`);
  out(`Nodes searched  : ${nodes}`);
  out(`Nodes/second    : ${Math.round((nodes / Math.max(ms, 1)) * 1000)}`);
  return { nodes, ms };
}
