// The benchmark's pure parts: the public suite's tasks, settings from the environment, ratios, the
// chart, and the docs/benchmarks.md section between its markers.
import { describe, expect, test } from 'vitest';
import { PUBLIC_SUITE } from '../../bench/public-suite.ts';
import { DEFAULT_CONFIG, perftTasks, type BenchResults } from '../../bench/suites.ts';
import { configFromEnv } from '../../bench/env-config.ts';
import { speedup, targets, textReport } from '../../bench/report.ts';
import { chartSvg } from '../../bench/chart.ts';
import { summarize } from '../../bench/format.ts';
import { benchmarkSection, END_MARKER, replaceSection, START_MARKER } from '../../bench/readme-section.ts';

test('the public suite at depth 4-5 stays within the leaf budget and skips the start position', () => {
  const { start, suite } = perftTasks(DEFAULT_CONFIG);
  expect(start).toEqual({ fen: PUBLIC_SUITE[0]!.fen, depth: 5, leaves: 133312995 });
  expect(suite).toHaveLength(PUBLIC_SUITE.length - 1);
  expect(new Set(suite.map((t) => t.depth))).toEqual(new Set([4, 5]));
  expect(Math.max(...suite.map((t) => t.leaves!))).toBeLessThanOrEqual(DEFAULT_CONFIG.suiteMaxLeaves);
});

test('settings come from the environment, and bad ones are refused', () => {
  expect(configFromEnv({ ROUNDS: '5', SEARCH_DEPTH: '8' })).toMatchObject({ rounds: 5, searchDepth: 8, startDepth: 5 });
  expect(() => configFromEnv({ ROUNDS: '0' })).toThrow(/ROUNDS/);
});

const results: BenchResults = {
  config: DEFAULT_CONFIG,
  builds: ['wasm', 'js', 'fairy-stockfish'],
  roundsDone: 2,
  benchmarks: [
    {
      id: 'perft-start',
      title: 'perft(5), start position',
      unit: 'leaves/s',
      higherIsBetter: true,
      work: {},
      builds: {
        wasm: summarize([30e6, 20e6]),
        js: summarize([10e6, 10e6]),
        'fairy-stockfish': summarize([10e6, 12e6]),
      },
    },
    {
      id: 'perft-suite',
      title: 'perft suite',
      unit: 'leaves/s',
      higherIsBetter: true,
      work: {},
      builds: { wasm: summarize([30e6, 30e6]), js: summarize([20e6, 20e6]) },
    },
    {
      id: 'search-time',
      title: 'search <to> depth',
      unit: 's',
      higherIsBetter: false,
      work: {},
      builds: { wasm: summarize([1, 2]), js: summarize([4, 4]) },
    },
    {
      id: 'search-nps',
      title: 'search speed',
      unit: 'nodes/s',
      higherIsBetter: true,
      work: {},
      builds: { wasm: summarize([3e6, 1.5e6]), js: summarize([1e6, 1e6]) },
    },
  ],
};

describe('report', () => {
  test('ratios say how many times faster wasm is, per round and of the medians', () => {
    expect(speedup(results.benchmarks[0]!, 'wasm', 'js')).toEqual({ median: 2.5, min: 2, max: 3 });
    // Times: lower is better, so the ratio is the other's time over wasm's.
    expect(speedup(results.benchmarks[2]!, 'wasm', 'js')).toEqual({ median: 4 / 1.5, min: 2, max: 4 });
    expect(speedup(results.benchmarks[1]!, 'wasm', 'fairy-stockfish')).toBeNull();
  });

  test('targets are reported with what was measured', () => {
    // perft(5): 2.27x native (short of 5x), 2.5x JS; the suite: no native run, 1.5x JS; search: 2.25 M nodes/s, 2.25x JS.
    expect(targets(results).map((t) => t.met)).toEqual([false, true, null, true, true, true]);
    expect(textReport(results)).toMatch(/wasm\/native/);
  });

  test('the chart is one SVG with a bar per build and escaped titles', () => {
    const svg = chartSvg(results, 'a & b');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('search &lt;to&gt; depth');
    expect(svg).toContain('a &amp; b');
    expect(svg.match(/<rect /g)!.length).toBe(1 + 3 + 3 + 2 + 2 + 2); // background, legend, bars
  });
});

describe('docs/benchmarks.md section', () => {
  test('is added once at the end, then replaced between the markers only', () => {
    const first = replaceSection('# Title\n\ntext\n', 'one');
    expect(first).toBe(`# Title\n\ntext\n\n## Benchmarks\n\n${START_MARKER}\none\n${END_MARKER}\n`);
    const edited = first.replace('## Benchmarks\n', '## Benchmarks\n\nhand-written\n') + '\n## After\n';
    const second = replaceSection(edited, 'two');
    expect(second).toContain('hand-written');
    expect(second).toContain(`${START_MARKER}\ntwo\n${END_MARKER}\n\n## After`);
    expect(second).not.toContain('one');
  });

  test('lists machine, versions and load, and explains the ratios', () => {
    const machine = {
      date: '2026-11-30T12:00:00Z',
      node: 'v20.20.2',
      cpu: 'AMD EPYC',
      cores: '2',
      os: 'linux',
      load: '1.00 1.00 1.00',
    };
    const text = benchmarkSection(
      { machine, native: 'Fairy-Stockfish 11.1', results },
      {
        machine: { ...machine, chromium: 'Chromium 156', loadAfter: '2.00 2.00 2.00' },
        results: { ...results, builds: ['wasm', 'js'] },
      },
    );
    expect(text).toContain('Node v20.20.2, native Fairy-Stockfish 11.1');
    expect(text).toContain('Chromium 156 headless');
    expect(text).toContain('2026-11-30');
    expect(text).toContain('load average (1, 5, 15 min) 1.00 1.00 1.00 before, 2.00 2.00 2.00 after');
    expect(text).toContain(
      '| perft(5), start position | M leaves/s | 25.00 [20.00-30.00] | 10.00 [10.00-10.00] | 11.00 [10.00-12.00] |',
    );
    expect(text).toMatch(/above 1 means wasm is faster/);
    expect(text).toContain('search: wasm >= 2 M nodes/s: 2.25 M nodes/s, met');
    expect(text).toContain('Chromium ran the JS build 1.00x as fast as Node did at perft');
    expect(text).not.toContain('not ahead');
    expect(text).not.toContain('undefined');
  });

  test('says where wasm is not ahead of JS', () => {
    const machine = {
      date: '2026-11-30T12:00:00Z',
      node: 'v20.20.2',
      cpu: 'AMD EPYC',
      cores: '2',
      load: '1.00 1.00 1.00',
    };
    const slow = structuredClone(results);
    slow.benchmarks[3]!.builds['wasm'] = summarize([0.5e6, 0.5e6]);
    const text = benchmarkSection({ machine, results: slow }, null);
    expect(text).toContain('In Node the wasm build is not ahead of the JS build in: search speed.');
    expect(text).toContain('search: wasm >= 2 M nodes/s: 0.50 M nodes/s, **not met**');
  });
});
