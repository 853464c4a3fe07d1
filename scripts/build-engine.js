// Builds the engine twice from the same assembly/ sources: to WebAssembly with asc (release and
// a bounds-checked debug build), and to plain JavaScript with Vite, swapping only the thin
// per-target layer (assembly/target/*.ts -> assembly/target-js/*.ts: memory access, host imports).
import { helpOnly } from './help-only.js';
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, runnerImport } from 'vite';
import { inlineMore } from './inline-more.js';

// --help says what this does; it takes no other arguments.
helpOnly(
  'node scripts/build-engine.js (npm run build:engine)',
  "Builds the engine from assembly/: build/engine.wasm (and a bounds-checked debug build), build/engine.threads.wasm and build/engine.js, the endgame tables' build/egtb.wasm and build/egtb.js, then the command-line engine, the benchmarks and the trainer beside them in build/.",
);

const root = fileURLToPath(new URL('..', import.meta.url));
const asc = fileURLToPath(new URL('../node_modules/assemblyscript/bin/asc.js', import.meta.url));

for (const target of ['release', 'debug']) {
  execFileSync(process.execPath, [asc, 'assembly/api.ts', '--target', target], { cwd: root, stdio: 'inherit' });
}
inlineMore(`${root}build/engine.wasm`, `${root}build/engine.wat`);

// The threaded build (build/engine.threads.wasm): the same sources with target/ replaced by
// target-threads/ (per-slot engine blocks and one transposition table on a shared, imported
// memory), compiled from a scratch copy with its own asconfig.json, since asc merges the entries
// of ./asconfig.json into any other build. Its maximum memory comes from the facts the engine shares
// with the TypeScript side (assembly/facts.ts), where web/engine/threads.ts reads it too.
const { module: facts } = await runnerImport(`${root}assembly/facts.ts`, { configFile: false, logLevel: 'warn' });
const { THREAD_MEMORY_MAX_PAGES } = facts;
const threadsSrc = `${root}build/threads-src/`;
rmSync(threadsSrc, { recursive: true, force: true });
cpSync(`${root}assembly`, `${threadsSrc}assembly`, {
  recursive: true,
  filter: (path) => !/[\\/]target(-js|-threads)?$/.test(path),
});
cpSync(`${root}assembly/target-threads`, `${threadsSrc}assembly/target`, { recursive: true });
// The SIMD kernels are the same for both wasm builds (they reach memory through basePtr alone).
cpSync(`${root}assembly/target/vec.ts`, `${threadsSrc}assembly/target/vec.ts`);
const ascConfig = JSON.parse(readFileSync(`${root}asconfig.json`, 'utf8'));
writeFileSync(
  `${threadsSrc}asconfig.json`,
  JSON.stringify(
    {
      entries: ['assembly/target/entry.ts'],
      targets: {
        release: { ...ascConfig.targets.release, outFile: '../engine.threads.wasm', textFile: '../engine.threads.wat' },
      },
      options: {
        ...ascConfig.options,
        importMemory: true,
        sharedMemory: true,
        maximumMemory: THREAD_MEMORY_MAX_PAGES,
        // Shared memory starts zeroed: without this, asc writes the zero regions as data segments,
        // which every new instance would apply again over the other threads' memory.
        zeroFilledMemory: true,
        enable: [...(ascConfig.options.enable ?? []), 'threads'],
      },
    },
    null,
    2,
  ),
);
execFileSync(process.execPath, [asc, '--target', 'release'], { cwd: threadsSrc, stdio: 'inherit' });
inlineMore(`${root}build/engine.threads.wasm`, `${root}build/engine.threads.wat`, true);

/**
 * The JS build of a module of assembly/ (`folder`): its sources with target/ swapped for
 * target-js/, one ES module in build/.
 */
async function buildJs(folder, fileName) {
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    resolve: {
      alias: [{ find: /^\.\/target\/(\w+)$/, replacement: `${root}${folder}/target-js/$1.ts` }],
    },
    build: {
      outDir: 'build',
      emptyOutDir: false,
      target: 'es2022',
      minify: false,
      lib: { entry: `${root}${folder}/target-js/entry.ts`, formats: ['es'], fileName: () => fileName },
    },
  });
}

await buildJs('assembly', 'engine.js');

// The endgame tables' module (assembly/egtb/): a small module of its own, with its own memory
// (the tables take megabytes the engine's block does not have), built the same two ways from its own
// asconfig.json (a separate folder, so asc does not merge the engine's entries into it).
execFileSync(process.execPath, [asc, '--config', 'asconfig.json', '--target', 'release'], {
  cwd: `${root}assembly/egtb`,
  stdio: 'inherit',
});
// Its tables live where the stub runtime would put its first allocation (target/heap.ts), so the
// module must allocate nothing: a local array literal, say, would write over the fixed regions.
if (readFileSync(`${root}build/egtb.wat`, 'utf8').includes('~lib/rt/stub/__alloc'))
  throw new Error('assembly/egtb/ allocates (look for `new` or an array literal in a function): it must not');
await buildJs('assembly/egtb', 'egtb.js');

// The Node entry points, next to the engine builds they load: the UCI command line (shipped in the
// package) and, with their own chunks so the package can leave them out, the benchmarks. Shared
// chunks are hashed: clear the old ones first.
const nodeBuilds = [
  {
    chunks: 'chunks',
    input: {
      uci: `${root}bin/main.ts`,
      'search-thread': `${root}bin/search-thread.ts`,
      'perft-thread': `${root}bin/perft-thread.ts`,
      'analyse-thread': `${root}bin/analyse-thread.ts`,
    },
  },
  {
    chunks: 'bench-chunks',
    input: {
      bench: `${root}bench/run.ts`,
      'bench-browser': `${root}bench/browser.ts`,
      'bench-readme': `${root}bench/readme.ts`,
      'bench-match': `${root}bench/match.ts`,
      'bench-openings': `${root}bench/make-openings.ts`,
      'bench-book': `${root}bench/make-book.ts`,
      'bench-book-worker': `${root}bench/book-worker.ts`,
      'bench-threads': `${root}bench/threads.ts`,
      'bench-threads-browser': `${root}bench/threads-browser.ts`,
      'bench-soak': `${root}bench/soak.ts`,
      'bench-stop-latency': `${root}bench/stop-latency.ts`,
      'bench-memory': `${root}bench/memory.ts`,
      'bench-ladder': `${root}bench/ladder.ts`,
      'bench-compare': `${root}bench/compare.ts`,
      'bench-scaling': `${root}bench/scaling.ts`,
      'bench-first-move': `${root}bench/first-move.ts`,
      'bench-analyse': `${root}bench/analyse.ts`,
      'bench-mates': `${root}bench/mates.ts`,
      'bench-mates-mine': `${root}bench/mates-mine.ts`,
      'bench-egtb': `${root}bench/egtb.ts`,
      'bench-egtb-check': `${root}bench/egtb-check.ts`,
      'bench-egtb-convert': `${root}bench/egtb-convert.ts`,
      'bench-egtb-nps': `${root}bench/egtb-nps.ts`,
    },
  },
  {
    // The evaluation tuner's pipeline and the network trainer (tune/README.md).
    chunks: 'tune-chunks',
    input: {
      'tune-selfplay': `${root}tune/selfplay.ts`,
      'tune-selfplay-worker': `${root}tune/selfplay-worker.ts`,
      'tune-weights': `${root}tune/write-weights.ts`,
      'tune-fit': `${root}tune/fit.ts`,
      'tune-spsa': `${root}tune/spsa.ts`,
      'tune-nnue-train': `${root}tune/nnue-train.ts`,
      'tune-puzzles': `${root}tune/puzzles.ts`,
      'tune-puzzles-worker': `${root}tune/puzzles-worker.ts`,
      'tune-puzzles-reconfirm': `${root}tune/puzzles-reconfirm.ts`,
    },
  },
];
for (const { chunks, input } of nodeBuilds) {
  rmSync(`${root}build/${chunks}`, { recursive: true, force: true });
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir: 'build',
      emptyOutDir: false,
      target: 'node20',
      minify: false,
      ssr: true,
      rollupOptions: {
        input,
        output: {
          entryFileNames: '[name].js',
          chunkFileNames: `${chunks}/[name]-[hash].js`,
          format: 'es',
          // The tables' loader finds its builds at ../../build/ from itself, as the engine's loader
          // (always shared, so always in a chunk) does: keep it in a chunk even where one entry uses it.
          manualChunks: (id) => (id.includes('/web/egtb/') ? 'egtb' : undefined),
        },
      },
    },
  });
}
