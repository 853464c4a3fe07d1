// The layers import only downward (ARCHITECTURE.md): every relative import of every source file is
// read and checked against the table below, so an import that points up (the engine importing web/,
// the page importing bench/, the trainer importing bench/) fails here, naming the file and the import.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Each layer, from the ground up, with what it may import besides itself. A path ending in `/` is a
 * folder; otherwise one file. The first layer whose folder holds a file is its layer.
 */
const LAYERS: { layer: string; may: string[] }[] = [
  // The engine: one source for the wasm and JS builds. It imports nothing outside assembly/.
  { layer: 'assembly/', may: [] },
  // The search worker is a shell, like the UCI engine's search thread: it loads the endgame tables'
  // module for the tables handed to its search.
  { layer: 'web/engine/worker.ts', may: ['web/engine/', 'web/egtb/', 'assembly/facts.ts'] },
  // The adapter stands on the engine's builds and on the one module of facts both sides read.
  { layer: 'web/engine/', may: ['assembly/facts.ts'] },
  { layer: 'web/notation/', may: ['web/engine/'] },
  // Endgame tables: their own module's builds (assembly/egtb/), probed by FEN.
  { layer: 'web/egtb/', may: ['web/engine/', 'web/notation/'] },
  // The board element: its computer plays from the endgame tables when asked (`tablebases`).
  { layer: 'web/board/', may: ['web/egtb/', 'web/engine/', 'web/notation/'] },
  // Reviewing games: the judgement and the annotation the page and `xiangqi-engine analyse` share.
  { layer: 'web/analysis/', may: ['web/engine/', 'web/notation/'] },
  { layer: 'web/app/', may: ['web/board/', 'web/analysis/', 'web/egtb/', 'web/engine/', 'web/notation/'] },
  // The command-line tools' common code (seeded random numbers, openings, the command line).
  { layer: 'lib/', may: ['web/engine/', 'web/notation/', 'assembly/facts.ts', 'package.json'] },
  // The tools stand on the adapter: the UCI engine, the benchmarks (which run the UCI engine, and
  // whose pages, web/bench*.html, run bench/page/), the trainer (which reads the evaluation's layout).
  {
    layer: 'bin/',
    may: ['lib/', 'web/analysis/', 'web/egtb/', 'web/engine/', 'web/notation/', 'assembly/facts.ts', 'package.json'],
  },
  {
    layer: 'bench/',
    may: [
      'bin/',
      'lib/',
      'web/analysis/',
      'web/egtb/',
      'web/engine/',
      'web/notation/',
      'assembly/facts.ts',
      'package.json',
    ],
  },
  {
    layer: 'tune/',
    // The search tuner (spsa.ts) plays its games with the match runner's game and players.
    may: [
      'bench/',
      'bin/',
      'lib/',
      'web/analysis/',
      'web/engine/',
      'web/notation/',
      'assembly/facts.ts',
      'assembly/eval-layout.ts',
      'package.json',
    ],
  },
  // The build and the generators stand on everything they build or read from.
  { layer: 'scripts/', may: ['assembly/', 'web/', 'bin/', 'bench/', 'tune/', 'lib/', 'package.json'] },
];

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return /\.(ts|js|mjs)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function layerOf(path: string): string | null {
  return LAYERS.find((l) => path.startsWith(l.layer))?.layer ?? null;
}

/** The relative imports of a file: `from '...'`, `import '...'`, `import('...')`, `new URL('...ts', ...)`. */
function importsOf(text: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*|new URL\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const m of text.matchAll(pattern))
    if (/\.(ts|js|mjs|json)$/.test(m[1]!) || !/\.\w+$/.test(m[1]!)) found.push(m[1]!);
  return found;
}

test('every import points down or within its own layer', () => {
  const files = ['assembly', 'web', 'lib', 'bin', 'bench', 'tune', 'scripts'].flatMap(sources);
  expect(files.length).toBeGreaterThan(200);
  const wrong: string[] = [];
  for (const file of files) {
    const own = layerOf(file);
    const may = LAYERS.find((l) => l.layer === own)?.may;
    if (!own || !may) {
      wrong.push(`${file} is in no layer: add its folder to LAYERS (and to ARCHITECTURE.md)`);
      continue;
    }
    for (const spec of importsOf(readFileSync(join(root, file), 'utf8'))) {
      const target = relative(root, join(root, dirname(file), spec)).replaceAll('\\', '/');
      // asc resolves extensionless imports inside assembly/ (./board -> ./board.ts).
      const path = /\.\w+$/.test(target) ? target : `${target}.ts`;
      if (path.startsWith(own)) continue;
      if (may.some((m) => (m.endsWith('/') ? path.startsWith(m) : path === m))) continue;
      // Built files and data the tools load at run time (build/engine.wasm, book/, asc) are not a layer's imports.
      if (/^(build|book|nnue|node_modules)\//.test(path)) continue;
      wrong.push(`${file} imports ${spec} (${path}), above or beside its layer ${own}`);
    }
  }
  expect(wrong).toEqual([]);
});

test('nothing under assembly/ imports web/', () => {
  const offenders = sources('assembly').filter((f) =>
    /from\s+['"](\.\.\/)+web\//.test(readFileSync(join(root, f), 'utf8')),
  );
  expect(offenders).toEqual([]);
});
