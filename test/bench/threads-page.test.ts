// The threads bench page (web/bench-threads.html) in headless Chromium, served cross-origin
// isolated: it loads one search worker and a two-thread setup, runs a tiny measurement and shows the
// report. No speed is asserted (the machine is shared): only that both setups searched and reported.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../browser/chromium.ts';
import { serveBenchPage, type BenchServer } from '../../bench/serve.ts';
import { runThreadsPage } from '../../bench/threads-browser-run.ts';

let server: BenchServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([serveBenchPage(undefined, 'bench-threads.html'), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test('measures one thread against two in the browser and shows the report', async () => {
  const config = { threads: 2, rounds: 1, movetimeMs: 100, depth: 5, positions: 2 };
  const lines: string[] = [];
  const { run, report, crossOriginIsolated } = await runThreadsPage(browser!, server!.pageUrl, config, (line) =>
    lines.push(line),
  );

  expect(crossOriginIsolated).toBe(true);
  for (const series of [run.one, run.many]) {
    expect(series.nps).toHaveLength(1);
    expect(series.nps[0]).toBeGreaterThan(0);
    expect(series.depthMs[0]).toBeGreaterThan(0);
    expect(series.reached[0]).toBeGreaterThanOrEqual(1);
  }
  expect(run.npsRatio).toBeGreaterThan(0);
  expect(report).toMatch(/^threads\s+M nodes\/s/);
  expect(report).toMatch(/\n2\s+\d+\.\d\d\s+\d+\s+\d+\.\d/);
  expect(report).toMatch(/time to depth 5: \d+\.\d\dx faster/);
  expect(lines).toEqual([
    expect.stringMatching(/^round 1, 1 thread\(s\): /),
    expect.stringMatching(/^round 1, 2 thread\(s\): /),
  ]);
}, 60_000);
