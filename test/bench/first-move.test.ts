// `npm run bench:first-move` measures what a new visitor waits for (bench/first-move-run.ts): here its
// visits run once on the built site, and what they record must hold for any machine. A first visit
// fetches the page, the engine and the network over the wire and the computer then moves; a second
// visit in the same browser gets them from the service worker's cache, and the computer moves again.
// The times are only checked for their order (the benchmark reports them; a test never times).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../browser/chromium.ts';
import { SCENARIOS, scenarioUrl, visitTwice } from '../../bench/first-move-run.ts';
import { requireSite, serveSite, type SiteServer } from '../app/site-fixture.ts';

let browser: Browser | undefined;
let server: SiteServer | undefined;
beforeAll(async () => {
  requireSite();
  [browser, server] = await Promise.all([launchChromium(), serveSite()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the first computer move after a cold load', () => {
  test('a position by link opens with the computer to move', () => {
    const url = scenarioUrl('http://host', SCENARIOS[1]!);
    expect(url).toMatch(/^http:\/\/host\/index\.html#game=[\w-]+&ply=0$/);
    expect(scenarioUrl('http://host', SCENARIOS[0]!)).toBe('http://host/index.html');
  });

  test.each(SCENARIOS.map((s) => [s.name, s] as const))(
    '%s: the computer moves on a first visit and again from the cache',
    async (_name, scenario) => {
      const [cold, warm] = await visitTwice(browser!, server!.url, scenario);
      for (const v of [cold, warm]) {
        expect(v.move).toMatch(/\S/);
        expect(v.domReadyMs).toBeGreaterThan(0);
        expect(v.domReadyMs).toBeLessThanOrEqual(v.boardReadyMs);
        expect(v.boardReadyMs).toBeLessThanOrEqual(v.firstMoveMs);
      }
      expect(warm.warm).toBe(true);
      // The first visit fetched the network evaluation (compressed on the wire, still over 100 KiB),
      // before the first move or after it: the page does not wait for it.
      const network = cold.fetched.find((f) => f.file.endsWith('.nnue'));
      expect(network?.bytes).toBeGreaterThan(100 * 1024);
      expect(cold.networkMs).toBe(network!.doneMs);
      // Before its first move the page had its scripts and the engine over the wire, with or without the network.
      const beforeMove = cold.fetched.filter((f) => f.doneMs <= cold.firstMoveMs);
      expect(beforeMove.some((f) => f.file.endsWith('.wasm'))).toBe(true);
      expect(cold.bytes).toBeGreaterThan(network!.doneMs <= cold.firstMoveMs ? network!.bytes : 10 * 1024);
      // The second came from the service worker's cache: headers at most, no file over the wire again.
      expect(warm.fetched.every((f) => f.bytes < 1024)).toBe(true);
    },
    60_000,
  );
});
