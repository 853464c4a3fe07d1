// The packaged element: `vite build -c vite.board.config.ts` into a scratch folder, then the demo page
// served by a plain static file server (no bundler, no dev server), as a user's page would load it.
import { createReadStream, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import type { Rolldown } from 'vite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../browser/chromium.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};

let scratch: string;
let server: Server | undefined;
let url: string;
let browser: Browser | undefined;
const requests: string[] = [];

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'xiangqi-board-'));
  await build({
    configFile: join(root, 'vite.board.config.ts'),
    logLevel: 'warn',
    // dist/ beside the repository's build/ and nnue/, as in the package.
    build: { outDir: join(scratch, 'dist'), sourcemap: false },
  });
  // /web/demo.html from the repository, /dist/* from the scratch build: the same layout as the package.
  server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url!, 'http://x').pathname));
    requests.push(path);
    const file = path.startsWith('/dist/') ? join(scratch, path) : join(root, path);
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  // A server that never started has nothing to close (and would never call back).
  const started = server;
  if (started) await new Promise((r) => started.close(r));
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** The parts of custom-elements.json (the Custom Elements Manifest) that the tests read. */
interface CustomElementsManifest {
  modules: {
    declarations: {
      tagName: string;
      attributes: { name: string }[];
      events: { name: string }[];
      cssParts: { name: string }[];
      members: { name: string }[];
    }[];
  }[];
}

test('the bundle, its engine files and manifest are written', () => {
  const dist = join(scratch, 'dist');
  const js = readFileSync(join(dist, 'xiangqi-board.js'), 'utf8');
  // The engine builds and the network are the package's one copy of each (build/, nnue/), found
  // relative to the module, neither copied beside it nor inlined as base64.
  const urls = [...js.matchAll(/new URL\(`([^`]+)`,\s*import\.meta\.url\)/g)].map((m) => m[1]!).sort();
  expect(urls.filter((u) => !u.startsWith('xiangqi-worker-'))).toEqual([
    '../build/engine.js',
    '../build/engine.threads.wasm',
    '../build/engine.wasm',
    '../nnue/xiangqi.nnue',
  ]);
  // (The worker is in the scratch build's dist/; what is outside dist/ is the repository's.)
  for (const url of urls) expect(existsSync(join(url.startsWith('../') ? join(root, 'dist') : dist, url))).toBe(true);
  expect(readdirSync(dist).filter((f) => /\.(wasm|nnue)$|engine/.test(f))).toEqual([]);
  expect(/data:application\/wasm/.test(js)).toBe(false);
  // Bundlers building a page from the bundle follow those URLs (no @vite-ignore left on them) and leave
  // alone the import() of the JS build's URL, known only at run time.
  expect(/new URL\(\s*\/\*/.test(js)).toBe(false);
  expect(js.match(/import\([^'"`)]/g)).toEqual(['import(/']);
  expect(js).toContain('import(/* @vite-ignore */ /* webpackIgnore: true */ ');
  const manifest = JSON.parse(readFileSync(join(dist, 'custom-elements.json'), 'utf8')) as CustomElementsManifest;
  const cls = manifest.modules[0]!.declarations[0]!;
  expect(cls.tagName).toBe('xiangqi-board');
  expect(cls.attributes.map((a) => a.name)).toEqual(
    expect.arrayContaining([
      'fen',
      'orientation',
      'interactive',
      'piece-set',
      'coordinates',
      'show-legal',
      'computer',
      'level',
      'elo',
      'movetime',
      'depth',
      'backend',
      'premove',
    ]),
  );
  expect(cls.events.map((e) => e.name)).toEqual([
    'move',
    'change',
    'gameover',
    'error',
    'premovechange',
    'shapeschange',
  ]);
  expect(cls.cssParts.map((p) => p.name)).toEqual(
    expect.arrayContaining([
      'board',
      'point',
      'piece',
      'red',
      'black',
      'highlight',
      'dest',
      'arrow',
      'drawn',
      'premove',
    ]),
  );
  expect(cls.members.map((m) => m.name)).toEqual(
    expect.arrayContaining([
      'setPosition',
      'play',
      'undo',
      'redo',
      'flip',
      'legalMoves',
      'setShapes',
      'ready',
      'drawnShapes',
      'pendingPremove',
      'cancelPremove',
      'toSvg',
      'toPng',
    ]),
  );
});

/** Minified ES build of `entry` without what `external` names: its chunks' total gzip size. */
async function gzipOfBuild(entry: string | string[], external: (id: string) => boolean): Promise<number> {
  const out = (await build({
    configFile: false,
    logLevel: 'silent',
    root,
    build: {
      write: false,
      target: 'es2022',
      lib: { entry, formats: ['es'], fileName: (_format, name) => `${name}.js` },
      rolldownOptions: { external },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const chunks = (Array.isArray(out) ? out : [out]).flatMap((o) => o.output).filter((c) => c.type === 'chunk');
  return chunks.reduce((n, c) => n + gzipSync(c.code).length, 0);
}

test("the element's own code stays small (gzip, without Lit, the engine, the glyph outlines and the pictures)", async () => {
  // The Han glyph outlines are data, and the pictures (toSvg, toPng: picture*.ts) a part of their own: both
  // measured on their own below.
  // The endgame tables' client (web/egtb/) counts with the engine: a module of its own, whose worker
  // starts only where the `tablebases` attribute is on; the package test weighs it.
  const shared = (id: string) =>
    id === 'lit' || id.startsWith('lit/') || id.includes('/engine/') || id.includes('/egtb/');
  const gzip = await gzipOfBuild(
    'web/board/index.ts',
    (id) => shared(id) || id.includes('glyphs.generated') || /\/board\/picture[\w-]*\.ts$/.test(id),
  );
  console.log(`<xiangqi-board> own code: ${(gzip / 1024).toFixed(1)} KiB gzip`);
  // 15 KiB until the `rule` attribute (15.1 KiB with it): the budget grows with features, slowly.
  expect(gzip).toBeLessThan(16 * 1024);
  // The pictures: the scene, its SVG writer and its canvas painter (what they share with the element, such
  // as the layout and the piece sets, counted above).
  const pictures = await gzipOfBuild(
    ['web/board/picture-svg.ts', 'web/board/picture-canvas.ts'],
    (id) => shared(id) || id.includes('glyphs.generated') || /\/board\/(?!picture)[\w-]+\.ts$/.test(id),
  );
  console.log(`<xiangqi-board> pictures (toSvg, toPng): ${(pictures / 1024).toFixed(1)} KiB gzip`);
  expect(pictures).toBeLessThan(3 * 1024);
  // 31 characters' outlines (pieces, river, numerals), so no font is needed: they must stay a small part.
  const glyphs = gzipSync(readFileSync(join(root, 'web/board/glyphs.generated.ts'))).length;
  console.log(`<xiangqi-board> glyph outlines: ${(glyphs / 1024).toFixed(1)} KiB gzip`);
  expect(glyphs).toBeLessThan(9 * 1024);
});

test('the demo page works with nothing but the script tag', async () => {
  const page = await browser!.newPage({ viewport: { width: 1000, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${url}/web/demo.html`);
  await page.waitForFunction(
    () => document.querySelectorAll('xiangqi-board').length === 3 && !!customElements.get('xiangqi-board'),
  );
  await page.evaluate(() => Promise.all([...document.querySelectorAll('xiangqi-board')].map((b) => b.ready)));
  const first = page.locator('xiangqi-board').first();
  await first.locator('[aria-label^="h2"]').click();
  await first.locator('[aria-label^="e2"]').click();
  expect(await first.getAttribute('fen')).toMatch(
    /^rnbakabnr\/9\/1c5c1\/p1p1p1p1p\/9\/9\/P1P1P1P1P\/1C2C4\/9\/RNBAKABNR b/,
  );
  // Chinese labels on the board inside lang="zh".
  expect(await page.locator('xiangqi-board').nth(1).locator('[aria-label^="g7"]').getAttribute('aria-label')).toBe(
    'g7，黑马',
  );
  expect(requests).toContain('/build/engine.wasm');
  // The element alone, on someone else's page, installs nothing: no service worker (the game page's
  // offline app is the page's own, web/app/app-updates.ts).
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
  expect(readFileSync(join(scratch, 'dist/xiangqi-board.js'), 'utf8')).not.toMatch(/serviceWorker/);
  expect(errors).toEqual([]);
  await page.screenshot({ path: join(root, 'test-results/demo.png'), fullPage: true });
  await page.close();
});
