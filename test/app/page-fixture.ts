// The game page in headless Chromium for the page suites: one server and browser per file, and
// `open(settings)` for a fresh page (1280x800, English locale) with the settings stored before it
// loads, resolved once the board's engine is ready. Errors the page logs are collected.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../browser/chromium.ts';
import { startServer, type TestServer } from '../browser/server.ts';

export interface OpenedPage {
  page: Page;
  /** Uncaught exceptions and console errors of the page. */
  errors: string[];
}

export interface OpenOptions {
  /** Store the settings only on the first load, so a reload keeps what the page saved since. */
  once?: boolean;
}

/** Waits until the page's board has its engine (the page is usable). */
export async function boardReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !!(window as unknown as { xiangqi?: { board: { engine: unknown } | null } }).xiangqi?.board?.engine,
  );
}

/** Registers the file's server and browser; call at the top level of a test file. */
export function pageFixture(): {
  open: (settings: Record<string, unknown>, options?: OpenOptions) => Promise<OpenedPage>;
} {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
  });

  // A test's pages close when it ends: a page left open goes on searching and takes a core from the next.
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(settings: Record<string, unknown>, options: OpenOptions = {}): Promise<OpenedPage> {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    contexts.push(context);
    await context.addInitScript(
      ([s, once]) => {
        if (once) {
          if (sessionStorage.getItem('preset')) return;
          sessionStorage.setItem('preset', '1');
        }
        localStorage.setItem('xiangqi-wasm.settings', JSON.stringify(s));
      },
      [settings, options.once ?? false] as const,
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`${server!.url}/web/index.html`);
    await boardReady(page);
    return { page, errors };
  }

  return { open };
}
