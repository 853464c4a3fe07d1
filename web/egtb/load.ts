// Loads one build of the tables' module, wasm or JS, as web/engine/load.ts loads the engine's.
import type { Backend } from '../engine/types.ts';
import { wasmBytes } from '../engine/load.ts';
import { RAW_EXPORTS, type LoadedTablebases, type RawTablebases } from './raw.ts';

const wasmUrl = new URL('../../build/egtb.wasm', import.meta.url);
/**
 * The JS build, for tests and benchmarks that compare the builds. Named rather than written as
 * `new URL(...)`, which bundlers follow: the pages and the package use the wasm build only, so
 * neither copies nor ships it.
 */
const jsPath = '../../build/egtb.js';
const here: string = import.meta.url;

export interface TablebaseLoadOptions {
  /** Where to fetch egtb.wasm from, when not beside this module. */
  wasmUrl?: string | URL;
  /** Where to import egtb.js (the JS build) from, when not beside this module. */
  jsUrl?: string | URL;
}

let jsInstances = 0;

function checked(module: object, url: URL): RawTablebases {
  const missing = RAW_EXPORTS.filter((name) => typeof (module as Record<string, unknown>)[name] !== 'function');
  if (missing.length > 0)
    throw new Error(`${url.href} is not the endgame tables' module (it lacks ${missing.join(', ')}): rebuild it`);
  return module as RawTablebases;
}

export async function loadTablebaseBuild(
  backend: Backend,
  options: TablebaseLoadOptions = {},
): Promise<LoadedTablebases> {
  if (backend === 'js') {
    // A module is instantiated once per URL: a query makes each load a fresh instance.
    const url = new URL(options.jsUrl ?? jsPath, here);
    url.searchParams.set('instance', String(++jsInstances));
    const module = (await import(/* @vite-ignore */ /* webpackIgnore: true */ url.href)) as object & {
      heapBuffer?: () => ArrayBuffer;
    };
    const raw = checked(module, url);
    const heapBuffer = module.heapBuffer;
    if (typeof heapBuffer !== 'function') throw new Error(`${url.href} has no heapBuffer: rebuild it`);
    return { raw, buffer: () => heapBuffer() };
  }
  const named: string = backend;
  if (named !== 'wasm') throw new Error(`Unknown tables backend "${named}" (use "wasm" or "js")`);
  const url = new URL(options.wasmUrl ?? wasmUrl, here);
  const source = await wasmBytes(url);
  const imports = {
    env: {
      abort: () => {
        throw new Error('endgame tables module aborted');
      },
    },
  };
  const { instance } =
    source instanceof Response
      ? await WebAssembly.instantiateStreaming(source, imports).catch(async () =>
          WebAssembly.instantiate(await (await fetch(url)).arrayBuffer(), imports),
        )
      : await WebAssembly.instantiate(source, imports);
  const raw = checked(instance.exports, url);
  const memory = instance.exports['memory'];
  if (!(memory instanceof WebAssembly.Memory)) throw new Error(`${url.href} exports no memory`);
  return { raw, buffer: () => memory.buffer };
}
