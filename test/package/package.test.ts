// The package as a user gets it: `npm pack` (of the files `npm test`'s pretest already built; no second
// build), installed offline into an empty project, then used the three ways the README shows: imported
// in plain Node (engine, notation, board), run as `npx xiangqi-engine`, and put on a page, both through
// a Vite production build of a tiny app and by a plain <script type=module> with no bundler. What the
// tarball holds: each file once, its size as the README gives it, every file the README links to.
// (webpack, React and server-side imports: consumers.test.ts.)
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, createLogger, createServer } from 'vite';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium } from '../browser/chromium.ts';
import { serveStatic, type StaticServer } from '../hardening/lib/static-server.ts';
import { START_FEN, writeXqf, type MoveNode, type TreeGame } from '../../web/notation/index.ts';
import { computerAnswers, openPage as openPageIn } from './lib/page.ts';
import { cleanEnv, packAndInstall, root, run, typeCheck, type Installed, type Packed } from './lib/install.ts';

/** `path`'s bytes as gzip leaves them (npm packs with gzip). */
const gzipped = (path: string): number => gzipSync(readFileSync(join(root, path)), { level: 9 }).length;
// Most of the tarball is data that gzip barely shrinks, each file shipped once: the network (1.94 MB,
// 0.86 MB gzipped, its rows of inputs no position activates being zeros), the opening book (0.26 MB, 0.16 MB) and the docs' pictures. Everything else (the
// engine builds, the modules and their types, the board bundle, the UCI engine, the docs' text) has
// 0.50 MB: 0.37 MB of it used when this was written, 0.45 MB once the endgame tables' module (for the
// UCI engine's Tablebases option) and its docs came, 0.479 MB with the search's probes of the tables
// inside its tree and the board's computer playing from them (dist/egtb and its worker), 0.491 MB
// with the bundle's search worker probing them too (the tables' module as a chunk it loads): a
// second copy of the engine builds (0.09 MB) or of the network would not fit.
const DATA_PACKED = ['nnue/xiangqi.nnue', 'book/xiangqi.book'].reduce((n, path) => n + gzipped(path), 0);
const OTHER_PACKED = 0.5e6;

let installed: Installed | undefined;
let app: string;
let packed: Packed;
let browser: Browser | undefined;
const servers: StaticServer[] = [];

/** The README's section `## title`, up to the next `## `. */
function readmeSection(title: string): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n## ${title}\n`);
  expect(start).toBeGreaterThanOrEqual(0);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The code blocks of the README's Install section, by language, in order. */
function installSnippets(lang: string): string[] {
  return [...readmeSection('Install').matchAll(/```(\w+)\n([\s\S]*?)```/g)]
    .filter((m) => m[1] === lang)
    .map((m) => m[2]!);
}

beforeAll(async () => {
  installed = await packAndInstall('xiangqi-package-');
  ({ app, packed } = installed);
  console.log(
    `npm pack: ${(packed.size / 1e6).toFixed(3)} MB packed, ${(packed.unpackedSize / 1e6).toFixed(3)} MB unpacked, ${packed.entryCount} files`,
  );
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => s.close()));
  installed?.remove();
});

test('the tarball holds what a user needs and nothing else, the network and each engine build once', () => {
  const files = packed.files.map((f) => f.path);
  expect(files.filter((f) => f.endsWith('.nnue'))).toEqual(['nnue/xiangqi.nnue']);
  expect(files.filter((f) => /\.wasm$/.test(f)).sort()).toEqual([
    'build/egtb.wasm',
    'build/engine.threads.wasm',
    'build/engine.wasm',
  ]);
  const pictures = packed.files.filter((f) => f.path.startsWith('docs/images/')).reduce((n, f) => n + f.size, 0);
  console.log(
    `packed: network and book ${(DATA_PACKED / 1e6).toFixed(3)} MB, docs' pictures ${(pictures / 1e6).toFixed(3)} MB, the rest ${((packed.size - DATA_PACKED - pictures) / 1e6).toFixed(3)} MB`,
  );
  expect(packed.size).toBeLessThanOrEqual(DATA_PACKED + pictures + OTHER_PACKED);
  // The target for the whole package, the network in it.
  expect(packed.size).toBeLessThanOrEqual(1.8e6);
  for (const needed of [
    'package.json',
    'README.md',
    'LICENSE',
    'bin/xiangqi-engine.js',
    'build/uci.js',
    'build/engine.wasm',
    'build/engine.js',
    'build/engine.threads.wasm',
    // The endgame tables' module, which the command line's Tablebases option loads.
    'build/egtb.wasm',
    'dist/xiangqi-board.js',
    'dist/custom-elements.json',
    'dist/engine/entry.js',
    'dist/engine/entry.d.ts',
    'dist/engine/worker.js',
    'dist/notation/index.js',
    'dist/notation/index.d.ts',
    'dist/board/index.js',
    'dist/board/index.d.ts',
    'dist/board/react.d.ts',
    'book/xiangqi.book',
    'nnue/xiangqi.nnue',
  ]) {
    expect(files).toContain(needed);
  }
  // The docs: their pages and pictures (their names are theirs: docs/benchmarks.md is wanted).
  expect(files.filter((f) => /^docs\/.+\.md$/.test(f)).length).toBeGreaterThan(5);
  const code = files.filter((f) => !f.startsWith('docs/'));
  const unwanted = code.filter((f) =>
    /^(test|assembly|web|bench|scripts)\/|^dist\/(site|types)\/|\.(map|wat)$|debug|bench|threads-src|(?<!\.d)\.ts$/.test(
      f,
    ),
  );
  expect(unwanted).toEqual([]);
});

test("every file package.json names (exports, types, bin, the editors' metadata) is in the tarball", () => {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  const named = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === 'string') named.add(posix.normalize(value));
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const key of ['exports', 'types', 'bin', 'customElements', 'web-types', 'main', 'module', 'browser']) {
    collect(manifest[key]);
  }
  expect(named.size).toBeGreaterThan(10);
  const files = new Set(packed.files.map((f) => f.path));
  expect([...named].filter((path) => !files.has(path))).toEqual([]);
});

test('no file content ships twice (every file of the tarball hashed)', async () => {
  const unpacked = join(installed!.scratch, 'unpacked');
  mkdirSync(unpacked);
  await run('tar', ['-xzf', installed!.tarball, '-C', unpacked]);
  const byHash = new Map<string, string[]>();
  for (const { path } of packed.files) {
    const bytes = readFileSync(join(unpacked, 'package', path));
    // A module of nothing but `export {};` (types only) or `export * from '...'` lines reads the same as
    // .js and as .d.ts, and as another such module: a line, not a copy of anything.
    if (/^(?:export (?:\{\}|\* from '[^']+');\n)+$/.test(bytes.toString())) continue;
    const hash = createHash('sha256').update(bytes).digest('hex');
    byHash.set(hash, [...(byHash.get(hash) ?? []), path]);
  }
  expect([...byHash.values()].filter((paths) => paths.length > 1)).toEqual([]);
  expect(byHash.size).toBeGreaterThan(100);
});

test("the README's Install section gives the tarball's size, rounded to 0.1 MB", () => {
  const figure = /about (\d+\.\d) MB packed/.exec(readmeSection('Install'));
  expect(figure, 'the Install section says "about N.N MB packed"').not.toBeNull();
  expect(figure![1]).toBe((packed.size / 1e6).toFixed(1));
});

test('every relative link of the README points at a file the package ships', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8').replace(/```[\s\S]*?```/g, '');
  const targets = [
    ...[...readme.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
    ...[...readme.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!),
    ...[...readme.matchAll(/<(?:img|a|source)\b[^>]*?\s(?:src|href|srcset)="([^"]+)"/g)].map((m) => m[1]!),
  ];
  const relative = targets.filter((t) => !/^(?:[a-z][a-z\d+.-]*:|#|\/\/)/i.test(t));
  const files = new Set(packed.files.map((f) => f.path));
  const missing = relative
    .map((t) => posix.normalize(decodeURIComponent(t.replace(/[?#].*$/, ''))).replace(/^\.\//, ''))
    .filter((path) => !files.has(path) && ![...files].some((f) => f.startsWith(path.replace(/\/?$/, '/'))));
  expect(missing).toEqual([]);
});

test('each export loads in plain Node; the engine plays and searches, in both builds', async () => {
  writeFileSync(
    join(app, 'use.js'),
    `import { createEngine, START_FEN, SearchWorker } from 'xiangqi-wasm/engine';
import { toWxf, fromChinese } from 'xiangqi-wasm/notation';
const board = await import('xiangqi-wasm');
const boardToo = await import('xiangqi-wasm/board');
const out = { fen: START_FEN, board: Object.keys(board).sort(), same: board === boardToo, worker: typeof SearchWorker };
for (const backend of ['wasm', 'js']) {
  const engine = await createEngine(backend);
  out.notation = [toWxf(engine, 'h2e2'), fromChinese(engine, '炮二平五')];
  engine.play('h2e2');
  out[backend] = { fen: engine.fen(), best: engine.search({ depth: 3 }).bestMove, legal: engine.legalMoves().length };
}
console.log(JSON.stringify(out));
`,
  );
  const { stdout } = await run(process.execPath, ['use.js'], { cwd: app });
  const out = JSON.parse(stdout) as {
    board: string[];
    same: boolean;
    worker: string;
    notation: string[];
  } & Record<'wasm' | 'js', { fen: string; best: string; legal: number }>;
  expect(out.board).toEqual(expect.arrayContaining(['XiangqiBoard', 'setDefaultMoveProvider', 'START_FEN']));
  expect(out.same).toBe(true);
  expect(out.worker).toBe('function');
  expect(out.notation).toEqual(['C2.5', 'h2e2']);
  for (const backend of ['wasm', 'js'] as const) {
    expect(out[backend].fen).toMatch(/^rnbakabnr\/9\/1c5c1\/p1p1p1p1p\/9\/9\/P1P1P1P1P\/1C2C4\/9\/RNBAKABNR b/);
    expect(out[backend].best).toMatch(/^[a-i]\d[a-i]\d$/);
    expect(out[backend].legal).toBeGreaterThan(0);
  }
});

test("the README's engine example runs as written", async () => {
  const [example] = installSnippets('js');
  expect(example).toMatch(/from 'xiangqi-wasm\/engine'/);
  writeFileSync(join(app, 'readme.js'), example!);
  const { stdout } = await run(process.execPath, ['readme.js'], { cwd: app });
  expect(stdout).toMatch(/^C2\.5\n[a-i]\d[a-i]\d\n$/);
});

test("the README's game-record example runs as written, without an engine", async () => {
  const [, example] = installSnippets('js');
  expect(example).toMatch(/from 'xiangqi-wasm\/notation'/);
  expect(example).not.toMatch(/createEngine/);
  // A game with a variation whose second move is illegal: read, cut, and named in a warning.
  const node = (move: string, children: MoveNode[] = []): MoveNode => ({ move, comment: null, children });
  const game: TreeGame = {
    tags: { Title: '中炮' },
    fen: START_FEN,
    result: '*',
    comment: null,
    children: [node('h2e2', [node('h9g7'), node('b9c7', [node('e2e9')])])],
    mainline: [],
  };
  writeFileSync(join(app, 'game.xqf'), writeXqf(game, { version: 18 }));
  writeFileSync(join(app, 'records.js'), example!);
  const { stdout, stderr } = await run(process.execPath, ['records.js'], { cwd: app });
  expect(stdout).toBe('中炮 h2e2 h9g7\n');
  expect(stderr).toMatch(/^XQF byte \d+ \(0x[0-9a-f]+\), ply 3 e2e9: variation 1 is cut here: the move is not legal/);
});

test("the declarations type-check a user's TypeScript and the README's TypeScript examples (NodeNext resolution)", async () => {
  // The README's ```ts blocks as a user would paste them, each a module of its own.
  const examples = installSnippets('ts').map((code, i) => {
    writeFileSync(join(app, `readme-${i}.ts`), code);
    return `readme-${i}.ts`;
  });
  expect(examples.length).toBeGreaterThan(0);
  writeFileSync(
    join(app, 'check.ts'),
    `import { createEngine, SearchWorker, type Engine, type SearchResult } from 'xiangqi-wasm/engine';
import { parseIccs } from 'xiangqi-wasm/engine';
import { formatMove, readPgn, readXqf, type ReadWarning } from 'xiangqi-wasm/notation';
import { XiangqiBoard } from 'xiangqi-wasm';
import type { MoveDetail } from 'xiangqi-wasm/board';
const engine: Engine = await createEngine('wasm');
const result: SearchResult = engine.search({ depth: 2 });
const board: XiangqiBoard = document.createElement('xiangqi-board');
board.addEventListener('move', (event) => { const detail: MoveDetail = event.detail; void detail; });
const worker: SearchWorker = new SearchWorker('wasm');
const warnings: ReadWarning[] = [...(readXqf(new Uint8Array(1024)).warnings ?? []), ...readPgn('').warnings];
export { result, board, parseIccs, formatMove, worker, warnings };
`,
  );
  // skipLibCheck off: the package's own .d.ts files are checked too. tsc prints its errors on stdout.
  const compilerOptions = {
    noEmit: true,
    strict: true,
    skipLibCheck: false,
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    lib: ['es2022', 'dom'],
    types: [],
  };
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['check.ts', ...examples] }));
  expect(await typeCheck(app)).toBe('');
});

test('npx xiangqi-engine runs the UCI engine from the installed package', async () => {
  expect(installSnippets('sh')).toContain('npx xiangqi-engine\n');
  const child = execFile('npx', ['--offline', '--no-install', 'xiangqi-engine'], { cwd: app, env: cleanEnv() });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  child.stdin!.write('uci\nisready\nposition startpos\ngo depth 3\n');
  const deadline = Date.now() + 20_000;
  while (!/^bestmove /m.test(output) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  child.stdin!.end('quit\n');
  expect(await exited).toBe(0);
  expect(output).toMatch(/^id name xiangqi-wasm/m);
  expect(output).toMatch(/^uciok$/m);
  // The network shipped in the package is the one it evaluates with.
  expect(output).toMatch(/^option name Use NNUE type check default true$/m);
  expect(output).toMatch(
    /^option name EvalFile type string default \S*node_modules\/xiangqi-wasm\/nnue\/xiangqi\.nnue$/m,
  );
  expect(output).toMatch(/^readyok$/m);
  expect(output).toMatch(/^info depth 3 /m);
  expect(output).toMatch(/^bestmove [a-i]\d[a-i]\d/m);
});

test('npx xiangqi-engine analyse annotates a game file as the README shows, from the installed package', async () => {
  const command = /npx xiangqi-engine analyse [^\n]*/.exec(readFileSync(join(root, 'README.md'), 'utf8'))?.[0];
  expect(command).toBe('npx xiangqi-engine analyse games.pgn --out annotated.pgn --json report.json');
  writeFileSync(join(app, 'games.pgn'), '[Game "Chinese Chess"]\n[Format "ICCS"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 *\n');
  // The README's command with a shallow search, so the test stays quick.
  const args = command!.split(' ').slice(1);
  await run('npx', ['--offline', '--no-install', ...args, '--depth', '4', '--progress', 'none'], {
    cwd: app,
    env: cleanEnv(),
  });
  const annotated = readFileSync(join(app, 'annotated.pgn'), 'utf8');
  expect(annotated).toMatch(/^\[Analysis "xiangqi-wasm [\d.]+, depth 4"\]$/m);
  expect(annotated.match(/\[%eval -?\d+\.\d\d\]/g)).toHaveLength(4);
  const report = JSON.parse(readFileSync(join(app, 'report.json'), 'utf8')) as { totals: { analysed: number } };
  expect(report.totals.analysed).toBe(1);
});

async function openPage(url: string): Promise<{ page: Page; problems: string[] }> {
  browser ??= await launchChromium();
  return openPageIn(browser, url);
}

// `xiangqi-wasm` is the board as modules (Lit shared with the app); `xiangqi-wasm/xiangqi-board.js` the
// prebuilt one-file bundle, whose worker a bundler copies as is while renaming the engine files.
test.each(['xiangqi-wasm', 'xiangqi-wasm/xiangqi-board.js'])(
  'a Vite app that imports %s builds for production, and its computer answers',
  async (specifier) => {
    const site = join(app, `vite-app-${specifier.replace(/\W/g, '-')}`);
    mkdirSync(site);
    writeFileSync(
      join(site, 'index.html'),
      `<!doctype html><html><body><xiangqi-board computer="black" depth="2"></xiangqi-board><script type="module" src="./main.js"></script></body></html>`,
    );
    writeFileSync(join(site, 'main.js'), `import '${specifier}';\n`);
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain("`import 'xiangqi-wasm';`");
    const warnings: string[] = [];
    const logger = createLogger('warn');
    logger.warn = (message) => warnings.push(message);
    logger.warnOnce = (message) => warnings.push(message);
    await build({ root: site, configFile: false, logLevel: 'warn', customLogger: logger, build: { outDir: 'dist' } });
    expect(warnings).toEqual([]);
    const assets = readdirSync(join(site, 'dist/assets'));
    for (const file of assets.filter((f) => f.endsWith('.js'))) {
      expect(readFileSync(join(site, 'dist/assets', file), 'utf8')).not.toMatch(/(from|import\s*\(?)\s*["'`]node:/);
    }

    const server = await serveStatic(join(site, 'dist'), ['/']);
    servers.push(server);
    const { page, problems } = await openPage(`${server.url}/index.html`);
    await computerAnswers(page);
    // The engine the worker loaded is one of the files Vite wrote.
    const wasm = server.requests.filter((r) => r.endsWith('.wasm'));
    expect(wasm.length).toBeGreaterThan(0);
    for (const request of wasm) expect(assets).toContain(request.replace('/assets/', ''));
    expect(problems).toEqual([]);
    await page.close();
  },
);

// The dev server pre-bundles a dependency into its cache (node_modules/.vite), away from the files its
// `new URL(..., import.meta.url)` name: its optimizer must point them back into the package.
test.each(['xiangqi-wasm', 'xiangqi-wasm/xiangqi-board.js'])(
  "Vite's dev server serves an app importing %s, the engine from the package's build/",
  async (specifier) => {
    const site = join(app, `vite-dev-${specifier.replace(/\W/g, '-')}`);
    mkdirSync(site);
    writeFileSync(
      join(site, 'index.html'),
      `<!doctype html><html><head><link rel="icon" href="data:,"></head><body><xiangqi-board computer="black" depth="2"></xiangqi-board><script type="module" src="./main.js"></script></body></html>`,
    );
    writeFileSync(join(site, 'main.js'), `import '${specifier}';\n`);
    const server = await createServer({
      root: site,
      configFile: false,
      logLevel: 'error',
      server: { host: '127.0.0.1', port: 0 },
    });
    try {
      await server.listen();
      const { page, problems } = await openPage(`${server.resolvedUrls!.local[0]!}index.html`);
      const engineFiles: string[] = [];
      page.on('request', (r) => {
        if (/\.(wasm|nnue)$/.test(new URL(r.url()).pathname)) engineFiles.push(new URL(r.url()).pathname);
      });
      await computerAnswers(page);
      // (The app's node_modules is above Vite's root here, so served under /@fs/.)
      expect(engineFiles.some((f) => f.endsWith('/node_modules/xiangqi-wasm/build/engine.wasm'))).toBe(true);
      expect(problems).toEqual([]);
      await page.close();
    } finally {
      await server.close();
    }
  },
);

test("the README's script-tag page plays, and says so on the board when the engine cannot load", async () => {
  const [snippet] = installSnippets('html');
  expect(snippet).toMatch(/src="node_modules\/xiangqi-wasm\/dist\/xiangqi-board\.js"/);
  writeFileSync(join(app, 'plain.html'), `<!doctype html><html><body>\n${snippet}</body></html>`);
  const server = await serveStatic(app, [
    '/plain.html',
    '/engine.html',
    '/engine-page.js',
    '/node_modules/xiangqi-wasm/',
  ]);
  servers.push(server);
  const { page, problems } = await openPage(`${server.url}/plain.html`);
  await computerAnswers(page);
  // The bundle's engine and network: the package's one copy of each, beside dist/.
  expect(server.requests).toEqual(
    expect.arrayContaining([
      '/node_modules/xiangqi-wasm/build/engine.wasm',
      '/node_modules/xiangqi-wasm/nnue/xiangqi.nnue',
    ]),
  );
  expect(problems).toEqual([]);
  await page.close();

  // No engine file: the board tells the user, not only the page's `error` listeners.
  const broken = await browser!.newPage();
  await broken.route(/\.wasm$/, (route) => route.fulfill({ status: 404, body: 'not found' }));
  await broken.goto(`${server.url}/plain.html`);
  const notice = broken.locator('xiangqi-board .problem');
  await notice.waitFor({ state: 'visible', timeout: 10_000 });
  expect(await notice.textContent()).toMatch(/Could not load the wasm engine/);
  expect(await notice.getAttribute('role')).toBe('alert');
  // A page awaiting the board is told too, rather than waiting for good.
  expect(
    await broken.evaluate(() =>
      document.querySelector('xiangqi-board')!.ready.then(
        () => 'resolved',
        (error: unknown) => `rejected: ${error instanceof Error ? error.message : String(error)}`,
      ),
    ),
  ).toMatch(/^rejected: Could not load the wasm engine/);
  await broken.close();

  // The engine's modules straight from the package folder, no bundler: an engine on the page (JS
  // build) and a SearchWorker (wasm build in a module worker).
  writeFileSync(join(app, 'engine.html'), '<!doctype html><script type="module" src="engine-page.js"></script>');
  writeFileSync(
    join(app, 'engine-page.js'),
    `import { createEngine, SearchWorker } from './node_modules/xiangqi-wasm/dist/engine/entry.js';
const engine = await createEngine('js');
engine.play('h2e2');
const worker = new SearchWorker('wasm');
const result = await worker.search(engine.startFen(), engine.history(), { depth: 3 });
worker.dispose();
document.title = 'done ' + engine.turn() + ' ' + result.bestMove;
`,
  );
  const { page: enginePage, problems: engineProblems } = await openPage(`${server.url}/engine.html`);
  await enginePage.waitForFunction(() => document.title.startsWith('done'), null, { timeout: 15_000 });
  expect(await enginePage.title()).toMatch(/^done black [a-i]\d[a-i]\d$/);
  expect(engineProblems).toEqual([]);
  await enginePage.close();
});
