// Loads one build of the engine. The URLs are written as `new URL(..., import.meta.url)` so Vite
// copies both builds next to the bundle and the element finds them relative to itself.
import type { Backend } from './types.ts';
import type { LoadedBuild, RawEngine } from './raw.ts';

const wasmUrl = new URL('../../build/engine.wasm', import.meta.url);
const jsUrl = new URL('../../build/engine.js', import.meta.url);

export interface LoadOptions {
  /** Where to fetch engine.wasm from, when not beside this module. */
  wasmUrl?: string | URL;
  /** Where to import engine.js (the JS build) from, when not beside this module. */
  jsUrl?: string | URL;
}

async function wasmBytes(url: URL): Promise<ArrayBuffer | Response> {
  if (url.protocol === 'file:') {
    // Node: fetch() cannot read files. The specifier is built at run time so browser bundles
    // never try to include node:fs.
    const fs = (await import(/* @vite-ignore */ ['node', 'fs/promises'].join(':'))) as typeof import('node:fs/promises');
    const data = await fs.readFile(url);
    return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load the engine from ${url.href}: HTTP ${response.status}`);
  return response;
}

export async function loadBuild(backend: Backend, options: LoadOptions = {}): Promise<LoadedBuild> {
  if (backend === 'js') {
    const module = (await import(/* @vite-ignore */ String(options.jsUrl ?? jsUrl))) as RawEngine & {
      memoryBuffer(): ArrayBuffer;
    };
    return { raw: module, buffer: () => module.memoryBuffer() };
  }
  if (backend !== 'wasm') throw new Error(`Unknown engine backend "${String(backend)}" (use "wasm" or "js")`);
  const url = new URL(options.wasmUrl ?? wasmUrl, import.meta.url);
  const source = await wasmBytes(url);
  const imports = { env: { abort: () => { throw new Error('engine aborted'); } } };
  const { instance } =
    source instanceof Response
      ? await WebAssembly.instantiateStreaming(source, imports).catch(async () =>
          WebAssembly.instantiate(await (await fetch(url)).arrayBuffer(), imports))
      : await WebAssembly.instantiate(source, imports);
  const exports = instance.exports as unknown as RawEngine & { memory: WebAssembly.Memory };
  return { raw: exports, buffer: () => exports.memory.buffer };
}
