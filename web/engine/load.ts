// Loads one build of the engine. The URLs are written as `new URL(..., import.meta.url)` so Vite
// copies both builds next to the bundle and the element finds them relative to itself.
import type { Backend } from './types.ts';
import {
  ENGINE_EXPORTS,
  THREADED_EXPORTS,
  type Host,
  type JsBuildExports,
  type LoadedBuild,
  type RawEngine,
  type ThreadedRaw,
} from './raw.ts';
import type { ThreadSeat } from './threads.ts';

const wasmUrl = new URL('../../build/engine.wasm', import.meta.url);
const jsUrl = new URL('../../build/engine.js', import.meta.url);
const threadsWasmUrl = new URL('../../build/engine.threads.wasm', import.meta.url);
/**
 * What a relative URL in the options is relative to: this module, as for the builds above. Named
 * rather than written as `new URL(options.wasmUrl ?? wasmUrl, import.meta.url)`, which bundlers read
 * as an asset to copy: webpack, finding no file name in it, warns ("Critical dependency") and takes in
 * a whole folder.
 */
const here: string = import.meta.url;

/**
 * Where this module finds the engine builds, as absolute URLs. The search worker is told these rather
 * than resolving its own: a bundler that copies a prebuilt worker as a plain file (a page bundling
 * dist/xiangqi-board.js) renames the engine files without rewriting the worker's references to them.
 */
export function engineUrls(): { wasmUrl: string; jsUrl: string; threadsWasmUrl: string } {
  return { wasmUrl: wasmUrl.href, jsUrl: jsUrl.href, threadsWasmUrl: threadsWasmUrl.href };
}

/** Where createEngine finds the engine's builds and how a search is stopped; all optional. */
export interface LoadOptions {
  /** Where to fetch engine.wasm from, when not beside this module. */
  wasmUrl?: string | URL;
  /** Where to import engine.js (the JS build) from, when not beside this module. */
  jsUrl?: string | URL;
  /** A flag (Int32Array on a SharedArrayBuffer) another thread sets to non-zero to stop a search. */
  stopFlag?: Int32Array;
  /** Or any test the search polls; non-zero stops it. */
  stopRequested?: () => number;
  /**
   * Load the threaded build (wasm only) on a memory shared with other search threads, in this
   * seat (slot 0 searches and reports, 1.. help). See threads.ts.
   */
  thread?: ThreadSeat;
  /** Where to fetch engine.threads.wasm from, when not beside this module. */
  threadsWasmUrl?: string | URL;
}

/** The host functions a build calls; `reportIteration` is rebound by each search. */
export function createHost(options: LoadOptions): Host {
  const flag = options.stopFlag;
  return {
    now: () => performance.now(),
    stopRequested: options.stopRequested ?? (flag ? () => Atomics.load(flag, 0) : () => 0),
    reportIteration: () => {},
    probeTable: () => -1,
  };
}

let jsInstances = 0;

/** A Node built-in module where the runtime has one (Node, Deno, Bun), else undefined. */
function nodeBuiltin(id: string): unknown {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return proc?.getBuiltinModule?.(`node:${id}`);
}

/** The bytes of a wasm file: read from disk under Node, fetched elsewhere. */
export async function wasmBytes(url: URL): Promise<ArrayBuffer | Response> {
  if (url.protocol === 'file:') {
    // Node: fetch() cannot read files. process.getBuiltinModule (Node 20.16+) instead of an import,
    // so no bundler ever sees a node: module in this file and browser bundles stay free of one.
    const fs = nodeBuiltin('fs/promises') as { readFile(path: URL): Promise<Uint8Array> } | undefined;
    if (fs) {
      const data = await fs.readFile(url);
      return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
    }
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load the engine from ${url.href}: HTTP ${response.status}`);
  return response;
}

export async function loadBuild(backend: Backend, options: LoadOptions = {}): Promise<LoadedBuild> {
  const host = createHost(options);
  if (backend === 'js') {
    // A module is instantiated once per URL: a query makes each engine a fresh instance, as a
    // new WebAssembly.Instance is for the wasm build.
    const url = new URL(options.jsUrl ?? jsUrl, here);
    url.searchParams.set('instance', String(++jsInstances));
    const module = (await import(/* @vite-ignore */ /* webpackIgnore: true */ url.href)) as object;
    checkExports<RawEngine & JsBuildExports>(module, [...ENGINE_EXPORTS, 'memoryBuffer', 'setHost'], url);
    module.setHost(host);
    return { raw: module, buffer: () => module.memoryBuffer(), host };
  }
  const named: string = backend; // typed, but a page's script may pass anything
  if (named !== 'wasm') throw new Error(`Unknown engine backend "${named}" (use "wasm" or "js")`);
  const seat = options.thread;
  const url = seat
    ? new URL(options.threadsWasmUrl ?? threadsWasmUrl, here)
    : new URL(options.wasmUrl ?? wasmUrl, here);
  const source = await wasmBytes(url);
  const imports = {
    env: {
      ...(seat ? { memory: seat.memory } : {}),
      abort: () => {
        throw new Error('engine aborted');
      },
      now: () => host.now(),
      stopRequested: () => host.stopRequested(),
      reportIteration: (
        depth: number,
        seldepth: number,
        score: number,
        nodes: number,
        multipv: number,
        pvLength: number,
      ) => host.reportIteration(depth, seldepth, score, nodes, multipv, pvLength),
      probeTable: (count: number, side: number) => host.probeTable(count, side),
    },
  };
  const { instance } =
    source instanceof Response
      ? await WebAssembly.instantiateStreaming(source, imports).catch(async () =>
          WebAssembly.instantiate(await (await fetch(url)).arrayBuffer(), imports),
        )
      : await WebAssembly.instantiate(source, imports);
  if (seat) {
    const raw: object = instance.exports;
    checkExports<RawEngine & ThreadedRaw>(raw, [...ENGINE_EXPORTS, ...THREADED_EXPORTS], url);
    return seatThreadedBuild(raw, seat, host);
  }
  const raw: object = instance.exports;
  checkExports<RawEngine>(raw, ENGINE_EXPORTS, url);
  const memory = instance.exports['memory'];
  if (!(memory instanceof WebAssembly.Memory)) throw new Error(`The engine at ${url.href} exports no memory`);
  return { raw, buffer: () => memory.buffer, host };
}

/**
 * Asserts that a build's exports are as the adapter's types say, once each of `names` is there as a function: the
 * types come from assembly/api.ts (raw.generated.ts), and a build older or newer than this adapter
 * is refused here by name instead of failing later.
 */
function checkExports<T extends object>(
  exports: object,
  names: readonly (keyof T & string)[],
  url: URL,
): asserts exports is T {
  const table = exports as Record<string, unknown>;
  const missing = names.filter((name) => typeof table[name] !== 'function');
  if (missing.length > 0) {
    throw new Error(
      `The engine at ${url.href} lacks ${missing.join(', ')}: it was built from other sources than this adapter (npm run build:engine)`,
    );
  }
}

/** Moves a threaded instance into its seat; node counts of the other seats come through memory. */
function seatThreadedBuild(raw: RawEngine & ThreadedRaw, seat: ThreadSeat, host: Host): LoadedBuild {
  if (raw.useThreadSlot(seat.slot) !== 1) {
    throw new RangeError(`Thread slot ${seat.slot} does not exist (0 to ${raw.threadSlots() - 1})`);
  }
  const memory = seat.memory;
  const counts = () => new Float64Array(memory.buffer, raw.threadControlOffset() + 64, raw.threadSlots());
  return {
    raw,
    buffer: () => memory.buffer,
    host,
    threads: {
      slot: seat.slot,
      helperNodes: () => counts().reduce((sum, n, slot) => (slot === seat.slot ? sum : sum + n), 0),
      resetHelperNodes: () => counts().fill(0, 1),
      help: (index) => raw.searchAsHelper(index),
    },
  };
}
