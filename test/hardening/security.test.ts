// Security: no string-to-code (eval, new Function, string timers) in the sources or the built files;
// no HTML sinks in the page's own code; the built site and the board demo work under
//   Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'
// (served by a tiny static server that sends it, in Chromium, watching for violation reports); and
// attribute values and imported text never become markup.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../browser/chromium.ts';
import { serveStatic, type StaticServer } from './lib/static-server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function files(dir: string, pattern: RegExp): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) out.push(...files(path, pattern));
    else if (pattern.test(name)) out.push(path);
  }
  return out;
}

/** String-to-code: eval, the Function constructor, and timers given a string. */
const CODE_FROM_TEXT = /\beval\s*\(|\bnew\s+Function\b|(?<![.\w])Function\s*\(|\bset(?:Timeout|Interval)\s*\(\s*['"`]/;
/** Ways to turn a string into markup. Lit's html`` templates escape what they bind, these do not. */
const HTML_SINKS =
  /\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write|unsafeHTML|unsafeSVG|createContextualFragment|DOMParser/;

function offenders(paths: string[], pattern: RegExp): string[] {
  const found: string[] = [];
  for (const path of paths) {
    readFileSync(join(root, path), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (pattern.test(line)) found.push(`${path}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
  }
  return found;
}

describe('no code from strings', () => {
  test('the patterns catch what they are meant to', () => {
    for (const bad of [
      'eval(x)',
      'window.eval (x)',
      'new Function("a", b)',
      'Function("return this")()',
      "setTimeout('go()', 1)",
      'el.innerHTML = s',
    ]) {
      expect(CODE_FROM_TEXT.test(bad) || HTML_SINKS.test(bad), bad).toBe(true);
    }
    for (const fine of [
      "'wasm-unsafe-eval'",
      'isFunction(x)',
      'typeof f === "function"',
      'setTimeout(run, 1)',
      'evaluate(x)',
    ]) {
      expect(CODE_FROM_TEXT.test(fine) || HTML_SINKS.test(fine), fine).toBe(false);
    }
  });

  test('no eval, new Function or string timers in web/, assembly/, bin/ or the built dist/ and build/ JavaScript', () => {
    const sources = ['web', 'assembly', 'bin'].flatMap((dir) => files(dir, /\.(ts|js|mjs|html)$/));
    const built = ['dist', 'build'].flatMap((dir) => files(dir, /\.(js|mjs|html)$/));
    expect(sources.length).toBeGreaterThan(40);
    expect(built.some((f) => f.startsWith('dist/site/assets/'))).toBe(true);
    expect(offenders([...sources, ...built], CODE_FROM_TEXT)).toEqual([]);
  });

  test('the page, board, engine and notation code never write strings as HTML', () => {
    // bench/page/ (the benchmark page's code, not part of the game) draws its chart with innerHTML from a
    // builder that escapes its text; the shipped code has no such sink at all.
    const shipped = ['web/app', 'web/board', 'web/engine', 'web/notation'].flatMap((dir) => files(dir, /\.ts$/));
    expect(shipped.length).toBeGreaterThan(30);
    expect(offenders(shipped, HTML_SINKS)).toEqual([]);
  });
});

let server: StaticServer | undefined;
/** The same files without the policy: the markup checks must not lean on CSP, nor fail with it. */
let plain: StaticServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  // The built files are what is checked: `npm test` builds them first (pretest).
  for (const built of ['dist/site/index.html', 'dist/xiangqi-board.js']) {
    if (!existsSync(join(root, built))) throw new Error(`${built} is missing: run npm run build first`);
  }
  [server, plain, browser] = await Promise.all([
    serveStatic(root, ['/dist/', '/build/', '/nnue/', '/web/demo.html']),
    serveStatic(root, ['/dist/', '/build/', '/nnue/'], null),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await plain?.close();
});

interface Watched {
  page: Page;
  /** Violation reports and console errors, deduplicated. */
  problems: () => Promise<string[]>;
}

/** A page that records every CSP violation report and console error (its own and its workers'). */
async function watchedPage(storage: Record<string, unknown> = {}): Promise<Watched> {
  const context = await browser!.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await context.addInitScript((entries) => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile.replace(location.origin, '')}:${e.lineNumber})`,
      );
    });
    if (!sessionStorage.getItem('preset')) {
      sessionStorage.setItem('preset', '1');
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(`xiangqi-wasm.${k}`, JSON.stringify(v));
    }
  }, storage);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const onConsole = (m: { type(): string; text(): string }) => {
    if (m.type() === 'error') consoleErrors.push(m.text().slice(0, 160));
  };
  page.on('console', onConsole);
  page.on('worker', (w) => w.on('console', onConsole));
  page.on('pageerror', (e) => consoleErrors.push(`uncaught: ${e.message}`));
  return {
    page,
    problems: async () => {
      const reports = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp).catch(() => []);
      // Chrome words each blocked inline style with its own hash: one line per kind of problem.
      return [
        ...new Set([
          ...reports,
          ...consoleErrors.map((t) => t.replace(/ a hash \('sha256-[^']*'\),/, ' a hash,').slice(0, 110)),
        ]),
      ];
    },
  };
}

const cell = (page: Page, square: string) =>
  page.locator(`xiangqi-board [role="gridcell"]:is([aria-label^="${square},"], [aria-label="${square}"])`);

describe(`under default-src 'self'; script-src 'self' 'wasm-unsafe-eval'`, () => {
  test('the built site loads, shows the board, and a move against the computer gets an answer, with no violation', async () => {
    const { page, problems } = await watchedPage({
      settings: { lang: 'en', notation: 'ICCS', level: 1, red: 'human', black: 'computer' },
    });
    await page.goto(`${server!.url}/dist/site/index.html`);
    await page.waitForFunction(
      () => !!(window as unknown as { xiangqi?: { board?: { engine?: unknown } } }).xiangqi?.board?.engine,
      undefined,
      { timeout: 10_000 },
    );
    const board = await page.locator('xiangqi-board').boundingBox();
    let played = 'yes';
    try {
      await cell(page, 'h2').click({ timeout: 2000 });
      await cell(page, 'e2').click({ timeout: 2000 });
      await page.waitForFunction(
        () => document.querySelectorAll('.move-list ol .mv:not(.empty)').length >= 2,
        undefined,
        { timeout: 8000 },
      );
    } catch (error) {
      played = `no: ${(error as Error).message.split('\n')[0]}`;
    }
    const seen = { problems: await problems(), boardHeight: Math.round(board?.height ?? 0) > 300, played };
    expect(
      server!.requests.some((p) => /\.wasm$/.test(p)),
      'the engine came from the CSP server',
    ).toBe(true);
    await page.context().close();
    expect(seen).toEqual({ problems: [], boardHeight: true, played: 'yes' });
  });

  test('the board demo page draws its three boards and takes a move, with no violation', async () => {
    const { page, problems } = await watchedPage();
    await page.goto(`${server!.url}/web/demo.html`);
    await page.waitForFunction(
      () => [...document.querySelectorAll('xiangqi-board')].every((b) => b.engine),
      undefined,
      { timeout: 10_000 },
    );
    const heights = await page
      .locator('xiangqi-board')
      .evaluateAll((boards) => boards.map((b) => Math.round(b.getBoundingClientRect().height)));
    let played = 'yes';
    try {
      await cell(page, 'h2').first().click({ timeout: 2000 });
      await cell(page, 'e2').first().click({ timeout: 2000 });
      const fen = await page
        .locator('xiangqi-board')
        .first()
        .evaluate((b) => (b as unknown as { fen: string }).fen);
      if (fen !== 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1')
        played = `no: the position is ${fen}`;
    } catch (error) {
      played = `no: ${(error as Error).message.split('\n')[0]}`;
    }
    const seen = { problems: await problems(), visible: heights.every((h) => h > 300), played };
    await page.context().close();
    expect(seen).toEqual({ problems: [], visible: true, played: 'yes' });
  });
});

describe('text never becomes markup', () => {
  // Each payload would create an element or run code if it reached an HTML parser; `__pwned` is set
  // by any that runs. The built site is served without CSP: CSP would stop a payload's script but
  // not the element it creates, and these checks look at the DOM itself.
  const PAYLOADS = [
    '<img src=x onerror="window.__pwned=1">',
    '<svg onload="window.__pwned=2"></svg>',
    '"><script>window.__pwned=3</script>',
    '<iframe src="javascript:window.__pwned=4"></iframe>',
  ];

  /** Elements a payload could have created, anywhere (shadow roots included), and the flag. */
  function injected(page: Page): Promise<{ elements: string[]; pwned: number }> {
    return page.evaluate(() => {
      const found: string[] = [];
      const visit = (node: Document | ShadowRoot) => {
        for (const el of node.querySelectorAll('*')) {
          const tag = el.tagName.toLowerCase();
          const handlers = [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name);
          if (
            tag === 'img' ||
            tag === 'iframe' ||
            (tag === 'script' && !(el as HTMLScriptElement).src) ||
            handlers.length
          ) {
            found.push(`${tag}${handlers.length ? ` [${handlers.join(' ')}]` : ''}`);
          }
          if (el.shadowRoot) visit(el.shadowRoot);
        }
      };
      visit(document);
      return { elements: found, pwned: (window as unknown as { __pwned?: number }).__pwned ?? 0 };
    });
  }

  test('PGN tags, comments, bad moves and FENs with markup, imported in the game page, stay text', async () => {
    const { page } = await watchedPage({
      settings: { lang: 'en', notation: 'ICCS', level: 1, red: 'human', black: 'human' },
    });
    await page.goto(`${plain!.url}/dist/site/index.html`);
    await page.waitForFunction(
      () => !!(window as unknown as { xiangqi?: { board?: { engine?: unknown } } }).xiangqi?.board?.engine,
      undefined,
      { timeout: 10_000 },
    );
    const app = (text: string) =>
      page.evaluate(
        (text) => (window as unknown as { xiangqi: { importText(t: string): boolean } }).xiangqi.importText(text),
        text,
      );
    const [img, svg, script, iframe] = PAYLOADS as [string, string, string, string];
    const tag = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"'); // PGN escapes
    // A good game whose tags, comments and variations carry markup: imported, shown (comments are in the
    // move list now), exported.
    const pgn = `[Event "${tag(img)}"]\n[Red "${tag(svg)}"]\n[Black "${tag(script)}"]\n[Site "${tag(iframe)}"]\n[Format "ICCS"]\n\n1. H2-E2 {${img}} H9-G7 ; ${svg}\n2. H0-G2 (2. B0-C2 {${script}}) *\n`;
    expect(await app(pgn)).toBe(true);
    expect(await page.locator('.move-list .comment').first().innerText()).toContain('<script>');
    // A variation with markup in place of a move is cut as a bad move: the game opens, and the warning
    // that quotes the markup is shown as text.
    expect(await app(`[Format "ICCS"]\n\n1. H2-E2 (${script}) *`)).toBe(true);
    expect(await page.locator('[data-testid="import-warnings"] li').first().innerText()).toContain('<script');
    await page.evaluate(() => (window as unknown as { xiangqi: { closeDialog(): void } }).xiangqi.closeDialog());
    // Refused texts whose error messages quote the markup back.
    for (const payload of PAYLOADS) {
      expect(await app(`[Format "ICCS"]\n\n1. ${payload} *`)).toBe(false);
      expect(await app(payload)).toBe(false);
      expect(await app(`rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/${payload} w`)).toBe(false);
    }
    // The error is on screen as text, markup and all.
    await page.click('[data-action="import"]');
    await page.fill('[data-testid="import-text"]', `1. ${img} *`);
    await page.click('[data-action="do-import"]');
    expect(await page.locator('[data-testid="import-error"]').innerText()).toContain('<img');
    await page.evaluate(() => (window as unknown as { xiangqi: { closeDialog(): void } }).xiangqi.closeDialog());
    // The move box reads typed text as a move, never as markup.
    await page.fill('#move-box', svg, { timeout: 3000 });
    await page.press('#move-box', 'Enter', { timeout: 3000 });
    // The board's fen attribute and setPosition with markup.
    await page.evaluate((payloads) => {
      const board = document.querySelector('xiangqi-board')!;
      for (const p of payloads) {
        board.setAttribute('fen', p);
        board.setPosition(`${p} w - - 0 1`);
        board.play(p);
      }
    }, PAYLOADS);
    await page.waitForTimeout(200);
    expect(await injected(page)).toEqual({ elements: [], pwned: 0 });
    await page.context().close();
  });

  test('a saved game with markup in place of its FEN and moves does not come back as markup', async () => {
    const [img, svg] = PAYLOADS as [string, string];
    const { page } = await watchedPage({
      settings: { lang: 'en', level: 1, red: 'human', black: 'human' },
      game: { startFen: img, moves: [svg, 'h2e2'], cursor: 2 },
    });
    await page.goto(`${plain!.url}/dist/site/index.html`);
    await page.waitForFunction(
      () => !!(window as unknown as { xiangqi?: { board?: { engine?: unknown } } }).xiangqi?.board?.engine,
      undefined,
      { timeout: 10_000 },
    );
    expect(await injected(page)).toEqual({ elements: [], pwned: 0 });
    await page.context().close();
  });
});
