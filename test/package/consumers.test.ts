// The package in the hands of the tools its users have, beside Vite and the script tag (package.test.ts):
// a webpack 5 production build, a React 19 app that renders <xiangqi-board> in typed JSX, and the
// imports a server does while rendering (Next.js, Astro) in plain Node with no DOM. One pack and
// install (lib/install.ts), one Chromium for the pages.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { build, createLogger } from 'vite';
import webpack from 'webpack';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium } from '../browser/chromium.ts';
import { serveStatic, type StaticServer } from '../hardening/lib/static-server.ts';
import { packAndInstall, run, typeCheck, type Installed } from './lib/install.ts';
import { computerAnswers, openPage } from './lib/page.ts';

let installed: Installed | undefined;
let app: string;
let browser: Browser | undefined;
const servers: StaticServer[] = [];

beforeAll(async () => {
  installed = await packAndInstall('xiangqi-consumers-', ['react', 'react-dom', '@types/react', '@types/react-dom']);
  app = installed.app;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => s.close()));
  installed?.remove();
});

/** Serves `dir` (every path under it) with the strict CSP of the other page tests, or with none (`null`). */
async function serve(dir: string, csp?: null): Promise<StaticServer> {
  const server = await serveStatic(dir, ['/'], csp);
  servers.push(server);
  return server;
}

test('a server imports the board and the notation in plain Node, with no DOM, without a crash', async () => {
  writeFileSync(
    join(app, 'server.js'),
    `const dom = () => [typeof document, typeof window, typeof HTMLElement, typeof customElements];
const before = dom();
const notation = await import('xiangqi-wasm/notation');
const afterNotation = dom();
const board = await import('xiangqi-wasm');
const engine = await import('xiangqi-wasm/engine');
console.log(JSON.stringify({
  before, afterNotation, after: dom(),
  read: notation.readPgn('1. 炮二平五 马8进7 *').games[0].moves,
  board: typeof board.XiangqiBoard,
  // Lit's Node build brings a stand-in registry; the element is in it, once.
  defined: globalThis.customElements?.get('xiangqi-board') === board.XiangqiBoard,
  engine: typeof engine.createEngine,
}));
`,
  );
  const { stdout, stderr } = await run(process.execPath, ['server.js'], { cwd: app });
  expect(stderr).toBe('');
  expect(JSON.parse(stdout)).toEqual({
    before: ['undefined', 'undefined', 'undefined', 'undefined'],
    // The notation touches no global.
    afterNotation: ['undefined', 'undefined', 'undefined', 'undefined'],
    // Lit's shim: a registry, and no document or window that would make other code think it is in a page.
    after: ['undefined', 'undefined', 'undefined', 'object'],
    read: ['h2e2', 'h9g7'],
    board: 'function',
    defined: true,
    engine: 'function',
  });
});

test('in a page, the element is defined once however many copies of it load', async () => {
  // The entry module under two URLs (evaluated twice, sharing its element module) and the one-file
  // bundle (a class of its own): three definitions tried, of two classes.
  // Lit's modules come from node_modules by an import map, as a page without a bundler would map them.
  const lit = (name: string, main: string) => ({
    [name]: `/node_modules/${name}/${main}`,
    [`${name}/`]: `/node_modules/${name}/`,
  });
  const imports = {
    ...lit('lit', 'index.js'),
    ...lit('lit-html', 'lit-html.js'),
    ...lit('lit-element', 'index.js'),
    ...lit('@lit/reactive-element', 'reactive-element.js'),
  };
  writeFileSync(
    join(app, 'twice.html'),
    `<!doctype html><script type="importmap">${JSON.stringify({ imports })}</script>
<xiangqi-board></xiangqi-board>
<script type="module">
const first = await import('/node_modules/xiangqi-wasm/dist/board/index.js');
const second = await import('/node_modules/xiangqi-wasm/dist/board/index.js?again');
const bundle = await import('/node_modules/xiangqi-wasm/dist/xiangqi-board.js');
await document.querySelector('xiangqi-board').ready;
window.result = {
  copies: new Set([first.XiangqiBoard, second.XiangqiBoard, bundle.XiangqiBoard]).size,
  definedIsFirst: customElements.get('xiangqi-board') === first.XiangqiBoard,
  upgraded: document.querySelector('xiangqi-board') instanceof first.XiangqiBoard,
};
</script>`,
  );
  // An inline module and import map: no CSP on this page.
  const server = await serve(app, null);
  const { page, problems } = await openPage(browser!, `${server.url}/twice.html`);
  await page.waitForFunction(() => 'result' in window, null, { timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { result: unknown }).result)).toEqual({
    copies: 2,
    definedIsFirst: true,
    upgraded: true,
  });
  expect(problems).toEqual([]);
  await page.close();
});

// The modules (sharing the app's Lit) and the one-file bundle, as with Vite in package.test.ts.
test.each(['xiangqi-wasm', 'xiangqi-wasm/xiangqi-board.js'])(
  'a webpack 5 production build of an app importing %s follows the engine URLs, and its computer answers',
  async (specifier) => {
    const site = join(app, `webpack-app-${specifier.replace(/\W/g, '-')}`);
    mkdirSync(join(site, 'src'), { recursive: true });
    writeFileSync(join(site, 'src/main.js'), `import '${specifier}';\n`);
    const out = join(site, 'dist');
    const stats = await new Promise<webpack.Stats>((resolve, reject) => {
      webpack(
        {
          mode: 'production',
          context: site,
          entry: './src/main.js',
          output: { path: out, filename: 'main.js', clean: true },
          performance: { hints: false },
          infrastructureLogging: { level: 'error' },
        },
        (error, result) => (error || !result ? reject(error ?? new Error('no stats')) : resolve(result)),
      );
    });
    const info = stats.toJson({ all: false, errors: true, warnings: true });
    expect(info.errors ?? []).toEqual([]);
    expect((info.warnings ?? []).map((w) => w.message)).toEqual([]);
    writeFileSync(
      join(out, 'index.html'),
      '<!doctype html><html><body><xiangqi-board computer="black" depth="2"></xiangqi-board><script src="main.js"></script></body></html>',
    );
    const emitted = readdirSync(out);
    // webpack emitted the engine builds and the network itself, under names of its own.
    expect(emitted.filter((f) => f.endsWith('.wasm')).length).toBeGreaterThanOrEqual(1);
    expect(emitted.filter((f) => f.endsWith('.nnue'))).toHaveLength(1);

    const server = await serve(out);
    const { page, problems } = await openPage(browser!, `${server.url}/index.html`);
    await computerAnswers(page);
    // The engine and the network the page used are files webpack wrote.
    const used = server.requests.filter((r) => /\.(wasm|nnue)$/.test(r));
    expect(used.some((r) => r.endsWith('.wasm'))).toBe(true);
    expect(used.some((r) => r.endsWith('.nnue'))).toBe(true);
    for (const request of used) expect(emitted).toContain(request.slice(1));
    expect(problems).toEqual([]);
    await page.close();
  },
);

test('a React 19 app renders the board in typed JSX: its props reach the element, its handlers get the events', async () => {
  const site = join(app, 'react-app');
  mkdirSync(site);
  writeFileSync(
    join(site, 'main.tsx'),
    `import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import 'xiangqi-wasm';
import type {} from 'xiangqi-wasm/react';
import type { MoveDetail, Shape } from 'xiangqi-wasm/board';

const arrows: Shape[] = [{ from: 'b2', to: 'b9', brush: 'blue' }];

function App() {
  const [orientation, setOrientation] = useState<'red' | 'black'>('black');
  const [moves, setMoves] = useState<string[]>([]);
  const [fen, setFen] = useState('');
  const [shapes, setShapes] = useState<Shape[]>([]);
  return (
    <>
      <xiangqi-board
        orientation={orientation}
        computer="none"
        showLegal={false}
        shapes={shapes}
        animationDuration={0}
        onmove={(event) => {
          const detail: MoveDetail = event.detail;
          setMoves((played) => [...played, detail.move]);
        }}
        onchange={(event) => setFen(event.detail.fen)}
      />
      <p id="moves">{moves.join(' ')}</p>
      <p id="fen">{fen}</p>
      <button id="flip" onClick={() => setOrientation((o) => (o === 'red' ? 'black' : 'red'))}>flip</button>
      <button id="arrows" onClick={() => setShapes(arrows)}>arrows</button>
    </>
  );
}

// The props are typed: no such orientation, no such event handler argument.
// @ts-expect-error 'up' is not an orientation
export const wrongOrientation = <xiangqi-board orientation="up" />;
// @ts-expect-error a move's detail has no 'score'
export const wrongDetail = <xiangqi-board onmove={(event) => event.detail.score} />;

createRoot(document.getElementById('root')!).render(<App />);
`,
  );
  writeFileSync(
    join(site, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  );
  const compilerOptions = {
    noEmit: true,
    strict: true,
    // The package's declarations, react.d.ts among them, are checked too.
    skipLibCheck: false,
    target: 'es2022',
    module: 'esnext',
    moduleResolution: 'bundler',
    jsx: 'react-jsx',
    lib: ['es2022', 'dom', 'dom.iterable'],
    types: [],
  };
  writeFileSync(join(site, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['main.tsx'] }));
  expect(await typeCheck(site)).toBe('');

  const warnings: string[] = [];
  const logger = createLogger('warn');
  logger.warn = (message) => warnings.push(message);
  logger.warnOnce = (message) => warnings.push(message);
  // Vite turns the JSX into React's automatic runtime by itself; no plugin.
  // React DOM and the board in one chunk are over Vite's 500 kB hint (the board's part: about 105 kB).
  await build({
    root: site,
    configFile: false,
    logLevel: 'warn',
    customLogger: logger,
    build: { outDir: 'dist', chunkSizeWarningLimit: 1000 },
  });
  expect(warnings).toEqual([]);

  const server = await serve(join(site, 'dist'));
  const { page, problems } = await openPage(browser!, `${server.url}/index.html`);
  const board = page.locator('xiangqi-board');
  await page.waitForFunction(() => document.querySelector('xiangqi-board')?.shadowRoot?.querySelector('svg'));
  // Props set as properties (the element has them): the string reflected to its attribute, the boolean
  // false (as an attribute it would be "false", which is true), and later an array of objects.
  const props = () =>
    page.evaluate(() => {
      const el = document.querySelector('xiangqi-board')!;
      return {
        orientation: el.orientation,
        attribute: el.getAttribute('orientation'),
        shapes: el.shapes,
        showLegal: el.showLegal,
      };
    });
  expect(await props()).toEqual({ orientation: 'black', attribute: 'black', shapes: [], showLegal: false });
  await page.locator('#flip').click();
  await page.locator('#arrows').click();
  await expect.poll(props).toEqual({
    orientation: 'red',
    attribute: 'red',
    shapes: [{ from: 'b2', to: 'b9', brush: 'blue' }],
    showLegal: false,
  });
  // The handlers: a move made on the board reaches React's state through `onmove` and `onchange`.
  await board.locator('[aria-label^="h2"]').click();
  await board.locator('[aria-label^="e2"]').click();
  await expect.poll(() => page.locator('#moves').textContent()).toBe('h2e2');
  expect(await page.locator('#fen').textContent()).toMatch(
    /^rnbakabnr\/9\/1c5c1\/p1p1p1p1p\/9\/9\/P1P1P1P1P\/1C2C4\/9\/RNBAKABNR b/,
  );
  expect(problems).toEqual([]);
  await page.close();
});
