// The package's ES modules: web/engine, web/notation, web/board and web/egtb (the endgame tables the
// board's computer plays from) compiled file by file (tsc, see tsconfig.lib.json) to dist/engine,
// dist/notation, dist/board and dist/egtb, each .js with its .d.ts. These are
// what `xiangqi-wasm/engine`, `/notation`, `/board` and `.` export, in Node and to bundlers. The facts
// the engine shares with the adapter (assembly/facts.ts, which web/engine/shared.ts re-exports) go
// beside the adapter, as dist/engine/facts.js.
//
// The engine builds are not copied: dist/engine/load.js asks for `new URL('../../build/engine.wasm',
// import.meta.url)`, which in the package is build/engine.wasm (shipped for the UCI engine too), and
// Vite, webpack and esbuild all follow such URLs. Only the workers' URLs name a .ts file; they are
// pointed at the compiled ones here. Run after the board bundle, whose build empties dist/.
import { helpOnly } from './help-only.js';
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// --help says what this does; it takes no other arguments.
helpOnly(
  'node scripts/build-package.js (npm run build:package)',
  "Compiles the package's modules (web/engine, web/notation, web/board, web/egtb and the facts they share with the engine) with their declarations to dist/engine, dist/notation, dist/board and dist/egtb. Run after the board bundle.",
);

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
const dirs = ['engine', 'notation', 'board', 'egtb'];

const staging = `${root}build/package-tsc/`;
rmSync(staging, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.lib.json'], { cwd: root, stdio: 'inherit' });
for (const dir of dirs) {
  rmSync(`${root}dist/${dir}`, { recursive: true, force: true });
  cpSync(`${staging}web/${dir}`, `${root}dist/${dir}`, { recursive: true });
}
for (const ext of ['js', 'd.ts']) copyFileSync(`${staging}assembly/facts.${ext}`, `${root}dist/engine/facts.${ext}`);
// The board's Han glyph outlines are under the SIL OFL, whose text must travel with them.
copyFileSync(`${root}web/board/OFL.txt`, `${root}dist/board/OFL.txt`);

function replaceOnce(file, from, to) {
  const text = readFileSync(file, 'utf8');
  if (text.split(from).length !== 2) throw new Error(`${file}: expected "${from}" once`);
  writeFileSync(file, text.replace(from, to));
}
replaceOnce(
  `${root}dist/engine/search-worker.js`,
  "new URL('./worker.ts', import.meta.url)",
  "new URL('./worker.js', import.meta.url)",
);
replaceOnce(
  `${root}dist/egtb/tablebase-worker.js`,
  "new URL('./worker.ts', import.meta.url)",
  "new URL('./worker.js', import.meta.url)",
);
// The facts now sit beside the adapter.
for (const file of ['shared.js', 'shared.d.ts']) {
  const path = `${root}dist/engine/${file}`;
  const text = readFileSync(path, 'utf8');
  const specifier = /(['"])\.\.\/\.\.\/assembly\/facts\.(?:js|ts)\1/g;
  if ((text.match(specifier) ?? []).length !== 1) throw new Error(`${path}: expected one import of assembly/facts`);
  writeFileSync(path, text.replace(specifier, "'./facts.js'"));
}
// AssemblyScript's i32 is a number to the package's users (assembly/integer-types.d.ts says so for the repository).
{
  const file = `${root}dist/engine/facts.d.ts`;
  writeFileSync(file, readFileSync(file, 'utf8').replace(/\bi32\b/g, 'number'));
}

// tsc rewrites `.ts` specifiers in the JS it writes, not in declarations: do those here (as
// web/board/build/declarations.ts does), then check that nothing still points at a source file.
for (const dir of dirs) {
  for (const name of readdirSync(`${root}dist/${dir}`)) {
    const file = `${root}dist/${dir}/${name}`;
    if (name.endsWith('.d.ts')) {
      const text = readFileSync(file, 'utf8');
      writeFileSync(file, text.replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]+)\.ts\2/g, '$1$2$3.js$2'));
    }
    const text = readFileSync(file, 'utf8');
    const bad = /(?:from\s*|import\s*\(\s*|new URL\(\s*)['"][^'"]+\.ts['"]/.exec(text);
    if (bad) throw new Error(`dist/${dir}/${name} still refers to a .ts file: ${bad[0]}`);
    const outside = /(?:from\s*|import\s*\(\s*)['"](?:\.\.\/)+assembly\//.exec(text);
    if (outside)
      throw new Error(`dist/${dir}/${name} refers to assembly/, which the package does not ship: ${outside[0]}`);
  }
}

// The JavaScript ships without its comments, which the .d.ts files keep for editors: some 0.09 MB
// unpacked and 0.04 MB of the tarball, a tenth of what is not the network, the book or a picture.
// Comments are found by the parser (never inside strings, templates or regular expressions); kept are
// licences (`/*!`) and what bundlers read (@vite-ignore, webpackIgnore, #__PURE__). A comment alone on
// its lines takes its lines with it; nothing else changes, so line breaks inside templates stay.
const KEPT_COMMENT = /^\/\*!|@license|@preserve|@vite-ignore|webpack[A-Z]|[@#]__(?:PURE|NO_SIDE_EFFECTS)__/;
function withoutComments(text, fileName) {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const ranges = new Map();
  const visit = (node) => {
    for (const range of ts.getLeadingCommentRanges(text, node.pos) ?? []) ranges.set(range.pos, range);
    for (const range of ts.getTrailingCommentRanges(text, node.end) ?? []) ranges.set(range.pos, range);
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  let out = '';
  let at = 0;
  for (const range of [...ranges.values()].sort((a, b) => a.pos - b.pos)) {
    if (range.pos < at || KEPT_COMMENT.test(text.slice(range.pos, range.end))) continue;
    const lineStart = text.lastIndexOf('\n', range.pos - 1) + 1;
    const newline = text.indexOf('\n', range.end);
    const lineEnd = newline < 0 ? text.length : newline;
    const before = text.slice(lineStart, range.pos);
    const alone = /^[ \t]*$/.test(before) && /^[ \t]*$/.test(text.slice(range.end, lineEnd));
    const start = Math.max(at, alone ? lineStart : range.pos - (before.length - before.trimEnd().length));
    out += text.slice(at, start);
    at = alone && newline >= 0 ? newline + 1 : range.end;
  }
  return out + text.slice(at);
}
for (const dir of dirs) {
  for (const name of readdirSync(`${root}dist/${dir}`).filter((n) => n.endsWith('.js'))) {
    const file = `${root}dist/${dir}/${name}`;
    writeFileSync(file, withoutComments(readFileSync(file, 'utf8'), name));
  }
}
