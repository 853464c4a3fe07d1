// The package as a user gets it: `npm pack` (of the files `npm test`'s pretest already built; no second
// build), installed offline into an empty project, then used the three ways the README shows: imported
// in plain Node (engine, notation, board), run as `npx xiangqi-engine`, and put on a page, both through
// a Vite production build of a tiny app and by a plain <script type=module> with no bundler.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build, createLogger } from 'vite';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium } from '../../bench/lib/chromium.ts';
import { serveStatic, type StaticServer } from '../hardening/lib/static-server.ts';
import { START_FEN, writeXqf, type MoveNode, type TreeGame } from '../../web/notation/index.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
// The network travels twice, for the UCI engine (nnue/) and in the board's bundle (dist/); the
// issue that set its size allows it 2 MB gzipped. Everything else stays under 1 MB.
const NETWORK_PACKED = gzipSync(readFileSync(join(root, 'nnue/xiangqi.nnue')), { level: 9 }).length;
const MAX_PACKED = 1024 * 1024 + 2 * NETWORK_PACKED;

let scratch: string;
let app: string;
/** What `npm pack --json` says of the tarball (the fields read here). */
interface Packed {
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: { path: string }[];
}

let packed: Packed;
let browser: Browser | undefined;
const servers: StaticServer[] = [];

/** The code blocks of the README's Install section, by language, in order. */
function installSnippets(lang: string): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('\n## Install\n'),
    readme.indexOf('\n## ', readme.indexOf('\n## Install\n') + 1),
  );
  return [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].filter((m) => m[1] === lang).map((m) => m[2]!);
}

/** The environment without the npm_* variables of the `npm test` around us (they would steer npm). */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
}

/** `name` and everything it depends on, copied from the repository's node_modules (lit is not in the offline cache). */
function copyWithDependencies(name: string, into: string, seen = new Set<string>()): void {
  if (seen.has(name)) return;
  seen.add(name);
  const from = join(root, 'node_modules', name);
  cpSync(from, join(into, 'node_modules', name), { recursive: true, dereference: true });
  const manifest = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const dep of Object.keys(manifest.dependencies ?? {})) copyWithDependencies(dep, into, seen);
}

beforeAll(async () => {
  if (!existsSync(join(root, 'dist/engine/index.js')) || !existsSync(join(root, 'build/uci.js'))) {
    throw new Error('The package is not built: run `npm run build` (npm test does it in pretest)');
  }
  scratch = mkdtempSync(join(tmpdir(), 'xiangqi-package-'));
  const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], {
    cwd: root,
    env: cleanEnv(),
  });
  packed = (JSON.parse(stdout.slice(stdout.indexOf('['))) as Packed[])[0]!;
  const tarball = join(
    scratch,
    readdirSync(scratch).find((f) => f.endsWith('.tgz'))!,
  );
  console.log(
    `npm pack: ${(packed.size / 1024).toFixed(1)} kB packed, ${(packed.unpackedSize / 1024).toFixed(1)} kB unpacked, ${packed.entryCount} files`,
  );

  app = join(scratch, 'app');
  mkdirSync(join(app, 'node_modules'), { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  copyWithDependencies('lit', app);
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], {
    cwd: app,
    env: cleanEnv(),
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => s.close()));
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test('the tarball holds what a user needs and nothing else, under 1 MB besides the network', () => {
  const files = packed.files.map((f) => f.path);
  expect(NETWORK_PACKED).toBeLessThan(2 * 1024 * 1024);
  expect(files.filter((f) => f.endsWith('.nnue')).length).toBe(2);
  expect(packed.size).toBeLessThan(MAX_PACKED);
  for (const needed of [
    'package.json',
    'README.md',
    'bin/xiangqi-engine.js',
    'build/uci.js',
    'build/engine.wasm',
    'build/engine.js',
    'build/engine.threads.wasm',
    'dist/xiangqi-board.js',
    'dist/custom-elements.json',
    'dist/engine/entry.js',
    'dist/engine/entry.d.ts',
    'dist/engine/worker.js',
    'dist/notation/index.js',
    'dist/notation/index.d.ts',
    'dist/board/index.js',
    'dist/board/index.d.ts',
    'book/xiangqi.book',
    'nnue/xiangqi.nnue',
  ]) {
    expect(files).toContain(needed);
  }
  const unwanted = files.filter((f) =>
    /^(test|assembly|web|bench|scripts)\/|^dist\/(site|types)\/|\.(map|wat)$|debug|bench|threads-src|(?<!\.d)\.ts$/.test(
      f,
    ),
  );
  expect(unwanted).toEqual([]);
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

test("the declarations type-check a user's TypeScript (NodeNext resolution)", async () => {
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
  // skipLibCheck off: the package's own .d.ts files are checked too.
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
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['check.ts'] }));
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  // tsc exits with 2 on a type error, and prints the errors on stdout.
  const result = await run(process.execPath, [tsc, '-p', '.'], { cwd: app }).catch((e: unknown) => {
    if (e instanceof Error && 'stdout' in e && typeof e.stdout === 'string') return { stdout: e.stdout };
    throw e;
  });
  expect(result.stdout).toBe('');
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

/** Plays h2e2 for red on the page's board and waits for the computer (black) to answer. */
async function computerAnswers(page: Page): Promise<void> {
  const board = page.locator('xiangqi-board');
  await page.waitForFunction(() => customElements.get('xiangqi-board') !== undefined);
  await page.evaluate(() => document.querySelector('xiangqi-board')!.ready);
  await board.locator('[aria-label^="h2"]').click();
  await board.locator('[aria-label^="e2"]').click();
  // Black's answer, or the board's notice that the computer could not move.
  await page.waitForFunction(
    () => {
      const el = document.querySelector('xiangqi-board')!;
      return / w /.test(el.fen) || el.shadowRoot!.querySelector('.problem') !== null;
    },
    null,
    { timeout: 20_000 },
  );
  expect((await board.locator('.problem').count()) && (await board.locator('.problem').textContent())).toBe(0);
  expect(await board.getAttribute('fen')).not.toMatch(
    /^rnbakabnr\/9\/1c5c1\/p1p1p1p1p\/9\/9\/P1P1P1P1P\/1C2C4\/9\/RNBAKABNR/,
  );
}

async function openPage(url: string): Promise<{ page: Page; problems: string[] }> {
  browser ??= await launchChromium();
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(url);
  return { page, problems };
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
  expect(server.requests.some((r) => /^\/node_modules\/xiangqi-wasm\/dist\/xiangqi-engine-[\w-]+\.wasm$/.test(r))).toBe(
    true,
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
