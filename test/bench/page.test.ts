// The bench page (web/bench.html) runs a tiny suite for both builds in its worker in headless
// Chromium and shows the tables and the chart. No timing is asserted: only that it runs and reports.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../browser/chromium.ts';
import { serveBenchPage, type BenchServer } from '../../bench/serve.ts';
import { runBenchPage } from '../../bench/browser-run.ts';
import { DEFAULT_CONFIG } from '../../bench/suites.ts';

let server: BenchServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([serveBenchPage(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test('runs perft and search for wasm and JS and shows the tables and the chart', async () => {
  const config = {
    ...DEFAULT_CONFIG,
    rounds: 1,
    startDepth: 2,
    suiteDepth: 2,
    searchDepth: 2,
    searchPositions: 3,
    evaluations: 500,
  };
  const lines: string[] = [];
  const run = await runBenchPage(browser!, server!.pageUrl, config, (line) => lines.push(line));

  expect(run.results.roundsDone).toBe(1);
  expect(run.results.builds).toEqual(['wasm', 'js']);
  for (const bench of run.results.benchmarks) {
    for (const build of ['wasm', 'js']) expect(bench.builds[build]?.median, `${bench.id} ${build}`).toBeGreaterThan(0);
  }
  // Same leaves, and the same search nodes: both builds did the same work.
  for (const bench of run.results.benchmarks) expect(bench.work['wasm']).toBe(bench.work['js']);
  expect(run.results.benchmarks[0]!.work['wasm']).toBe(1920);

  const [absolute, ratios] = run.tables;
  expect(absolute![0]).toEqual(['benchmark', 'unit', 'wasm', 'js']);
  expect(absolute!.slice(1).map((row) => row[0])).toEqual([
    'perft(2), start position',
    'perft, 11 public positions, depth 2',
    'search to depth 2, 3 positions',
    'search speed, 3 positions',
    'hand-written evaluation, 3 positions',
    'network (128) from scratch',
    'network (128) updated by a move',
    'search speed with the network, depth 2',
  ]);
  expect(ratios![0]).toEqual(['benchmark', 'wasm/js']);
  expect(ratios![1]![1]).toMatch(/^\d+\.\d\dx \[/);
  expect(run.browser).toMatch(/Chrome/);
  expect(run.crossOriginIsolated).toBe(true);
  expect(lines.at(-1)).toMatch(/^\[\d+\/\d+\] round 1 /);
}, 30_000);
