// A second optimizing pass over asc's output with binaryen's wasm-opt, letting it inline larger
// functions (and functions with loops) than asc asks it to: asc's -O3 leaves small hot helpers of
// the search and the move generator (line scans, the legality tests, the exchange's attacker
// finder) as calls. Measured 2026-12-06, same tree: perft 1.3x, search with the network 1.04x.
// Raising the size from 120 to 200 (the checks after a move, the legality tests and the exchange's
// bound test are inlined too): perft about 1.08x, search about 1.02x (30 rounds, noisy), for 7 KB
// more wasm; 300 and 500 gave no more.
// asc writes the module with its function names (asconfig's "debug"); they survive the pass into
// the text file (for profiles) and are left out of the binary.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const wasmOpt = fileURLToPath(new URL('../node_modules/binaryen/bin/wasm-opt', import.meta.url));

const FEATURES = ['simd', 'bulk-memory', 'sign-ext', 'mutable-globals', 'nontrapping-float-to-int'];
const PASS = ['-O3', '--converge', '--flexible-inline-max-function-size', '200', '--inline-functions-with-loops'];

/** Optimizes `wasm` in place and rewrites `wat` from it; `threads` for the shared-memory build. */
export function inlineMore(wasm, wat, threads = false) {
  const features = [...FEATURES, ...(threads ? ['threads'] : [])].map((f) => `--enable-${f}`);
  const named = `${wasm}.named`;
  const run = (args) => execFileSync(process.execPath, [wasmOpt, ...features, ...args], { stdio: 'inherit' });
  run([wasm, '--debuginfo', ...PASS, '-o', named]);
  // No passes here: text with the names, then the binary without them.
  run([named, '--quiet', '--debuginfo', '--emit-text', '-o', wat]);
  run([named, '--quiet', '-o', wasm]);
  rmSync(named);
}
