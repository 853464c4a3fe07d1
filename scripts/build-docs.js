// `npm run docs`: the API reference of the package's entry points (xiangqi-wasm/engine, /notation,
// /board, /react; typedoc.json) written by TypeDoc to dist/site/api/, where the game page's footer
// links to it (`api/`). The last step of `npm run build`, so the built site always has what it links
// to: the site's `vite build` empties dist/site, and a reference written before it would be wiped.
// test/structure/api-docs.test.ts checks the doc comments without it.
import { helpOnly } from './help-only.js';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// --help says what this does; it takes no other arguments.
helpOnly(
  'node scripts/build-docs.js (npm run docs)',
  "Writes the API reference of the package's entry points (typedoc.json) to dist/site/api/ with TypeDoc. Run after npm run build, whose site build empties dist/site.",
);

const root = fileURLToPath(new URL('..', import.meta.url));
const typedoc = fileURLToPath(new URL('../node_modules/typedoc/bin/typedoc', import.meta.url));
if (!existsSync(`${root}dist/site/index.html`)) {
  console.warn('dist/site has no game page yet: run npm run build first (its site build would empty dist/site/api)');
}
const started = performance.now();
execFileSync(process.execPath, [typedoc, '--options', `${root}typedoc.json`, '--logLevel', 'Warn'], {
  cwd: root,
  stdio: 'inherit',
});
console.log(`dist/site/api/: the API reference (${((performance.now() - started) / 1000).toFixed(1)} s)`);
