// A private copy of build/ for the length of a match. Several people rebuild build/ in this
// working tree while a match runs for an hour; without a copy, later games would play a different
// engine than earlier ones, or catch half-written files and "crash".
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BuildSnapshot {
  /** The UCI entry point in the copy (what bin/xiangqi-engine.js loads from build/). */
  uci: string;
  wasmUrl: URL;
  jsUrl: URL;
  /** Short hash of the engine files: tells whether two match results played the same engine. */
  fingerprint: string;
  remove(): void;
}

/**
 * Copies the directory holding this bundle (build/) to a fresh temporary directory, as `build/`
 * beside copies of `book/` and `nnue/`: the engine finds its opening book at `../book/` and its
 * network at `../nnue/` from its bundle (without them it would quietly play without).
 */
export function snapshotBuild(buildDir: URL = new URL('./', import.meta.url)): BuildSnapshot {
  const root = mkdtempSync(join(tmpdir(), 'xiangqi-match-'));
  const dir = join(root, 'build');
  cpSync(fileURLToPath(buildDir), dir, { recursive: true });
  const shipped = ['book/xiangqi.book', 'nnue/xiangqi.nnue'];
  for (const file of shipped) {
    const from = new URL(`../${file}`, buildDir);
    if (existsSync(from)) cpSync(fileURLToPath(from), join(root, file));
  }
  const url = pathToFileURL(dir + '/');
  const hash = createHash('sha256');
  for (const file of [
    'build/uci.js',
    'build/search-thread.js',
    'build/engine.wasm',
    'build/engine.js',
    'nnue/xiangqi.nnue',
  ]) {
    if (existsSync(join(root, file))) hash.update(readFileSync(join(root, file)));
  }
  return {
    fingerprint: hash.digest('hex').slice(0, 12),
    uci: join(dir, 'uci.js'),
    wasmUrl: new URL('engine.wasm', url),
    jsUrl: new URL('engine.js', url),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
