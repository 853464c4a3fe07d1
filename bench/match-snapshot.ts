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
 * beside a copy of `book/`: the engine finds its opening book at `../book/` from its bundle.
 */
export function snapshotBuild(buildDir: URL = new URL('./', import.meta.url)): BuildSnapshot {
  const root = mkdtempSync(join(tmpdir(), 'xiangqi-match-'));
  const dir = join(root, 'build');
  cpSync(fileURLToPath(buildDir), dir, { recursive: true });
  const book = new URL('../book/xiangqi.book', buildDir);
  if (existsSync(book)) cpSync(fileURLToPath(book), join(root, 'book', 'xiangqi.book'));
  const url = pathToFileURL(dir + '/');
  const hash = createHash('sha256');
  for (const file of ['uci.js', 'search-thread.js', 'engine.wasm', 'engine.js']) {
    if (existsSync(join(dir, file))) hash.update(readFileSync(join(dir, file)));
  }
  return {
    fingerprint: hash.digest('hex').slice(0, 12),
    uci: join(dir, 'uci.js'),
    wasmUrl: new URL('engine.wasm', url),
    jsUrl: new URL('engine.js', url),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
