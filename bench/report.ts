// Turns benchmark results into table cells (absolute figures, ratios, targets), shared by the Node
// runners (plain text) and the bench page (HTML). No node: imports here.
import { table, type Summary } from './format.ts';
import type { BenchmarkResult, BenchResults, Progress } from './suites.ts';

export const NATIVE = 'fairy-stockfish';

export interface Cells {
  header: string[];
  rows: string[][];
}

const unitLabel = (b: BenchmarkResult) => (b.unit === 's' ? 'seconds' : `M ${b.unit}`);
const figure = (b: BenchmarkResult, n: number) => (b.unit === 's' ? n.toFixed(2) : (n / 1e6).toFixed(2));
const range = (b: BenchmarkResult, s: Summary) => `${figure(b, s.median)} [${figure(b, s.min)}-${figure(b, s.max)}]`;

/** Median [min-max] per build and benchmark. */
export function absoluteCells(results: BenchResults): Cells {
  return {
    header: ['benchmark', 'unit', ...results.builds],
    rows: results.benchmarks.map((b) => [
      b.title,
      unitLabel(b),
      ...results.builds.map((name) => (b.builds[name] ? range(b, b.builds[name]) : '-')),
    ]),
  };
}

export interface Ratio {
  /** How many times faster `a` is than `b`: ratio of the medians. */
  median: number;
  /** The same ratio within each round (runs alternate, so a round's figures are comparable). */
  min: number;
  max: number;
}

export function speedup(bench: BenchmarkResult, a: string, b: string): Ratio | null {
  const x = bench.builds[a];
  const y = bench.builds[b];
  if (!x || !y) return null;
  const ratio = (p: number, q: number) => (bench.higherIsBetter ? p / q : q / p);
  const rounds = Math.min(x.runs.length, y.runs.length);
  const paired = Array.from({ length: rounds }, (_, i) => ratio(x.runs[i]!, y.runs[i]!));
  return { median: ratio(x.median, y.median), min: Math.min(...paired), max: Math.max(...paired) };
}

/** Columns of the ratio table: wasm against every other build present. */
export function ratioColumns(results: BenchResults): { label: string; other: string }[] {
  return results.builds
    .filter((name) => name !== 'wasm')
    .map((other) => ({ label: `wasm/${other === NATIVE ? 'native' : other}`, other }));
}

const times = (r: Ratio | null) => (r ? `${r.median.toFixed(2)}x [${r.min.toFixed(2)}-${r.max.toFixed(2)}]` : '-');

export function ratioCells(results: BenchResults): Cells {
  const columns = ratioColumns(results);
  return {
    header: ['benchmark', ...columns.map((c) => c.label)],
    rows: results.benchmarks.map((b) => [b.title, ...columns.map((c) => times(speedup(b, 'wasm', c.other)))]),
  };
}

export interface Target {
  goal: string;
  measured: string;
  met: boolean | null;
}

/** The targets, reported, never asserted: met is null when a figure is missing. */
/**
 * The speed targets (issue 31, "Speed II"): perft at 5x native Fairy-Stockfish, about 0.7x Pikafish's
 * native build; the wasm build at least 1.5x the JS build on perft and on search.
 */
export function targets(results: BenchResults): Target[] {
  const out: Target[] = [];
  const bench = (id: string) => results.benchmarks.find((b) => b.id === id)!;
  for (const id of ['perft-start', 'perft-suite']) {
    const b = bench(id);
    const native = speedup(b, 'wasm', NATIVE);
    const js = speedup(b, 'wasm', 'js');
    out.push({
      goal: `${b.title}: wasm >= 5x native Fairy-Stockfish`,
      measured: native ? `${native.median.toFixed(2)}x` : 'not measured',
      met: native ? native.median >= 5 : null,
    });
    out.push({
      goal: `${b.title}: wasm >= 1.5x JS`,
      measured: js ? `${js.median.toFixed(2)}x` : 'not measured',
      met: js ? js.median >= 1.5 : null,
    });
  }
  const nps = bench('search-nps').builds['wasm'];
  out.push({
    goal: 'search: wasm >= 2 M nodes/s',
    measured: nps ? `${(nps.median / 1e6).toFixed(2)} M nodes/s` : 'not measured',
    met: nps ? nps.median >= 2e6 : null,
  });
  const searchJs = speedup(bench('search-nps'), 'wasm', 'js');
  out.push({
    goal: 'search speed: wasm >= 1.5x JS',
    measured: searchJs ? `${searchJs.median.toFixed(2)}x` : 'not measured',
    met: searchJs ? searchJs.median >= 1.5 : null,
  });
  for (const id of ['eval-network-fresh', 'eval-network-update']) {
    const b = results.benchmarks.find((x) => x.id === id);
    if (!b) continue;
    const js = speedup(b, 'wasm', 'js');
    out.push({
      goal: `${b.title}: wasm SIMD >= 3x JS`,
      measured: js ? `${js.median.toFixed(2)}x` : 'not measured',
      met: js ? js.median >= 3 : null,
    });
  }
  return out;
}

/** Work that should be equal across builds but is not (e.g. search nodes), as warnings. */
export function workMismatches(results: BenchResults): string[] {
  return results.benchmarks.flatMap((b) => {
    const counts = new Set(Object.values(b.work));
    return counts.size > 1 ? [`${b.title}: builds did different work (${JSON.stringify(b.work)})`] : [];
  });
}

/** The whole report as plain text, for the terminal. */
export function textReport(results: BenchResults): string {
  const abs = absoluteCells(results);
  const rat = ratioCells(results);
  const mark = (t: Target) => (t.met === null ? '?' : t.met ? 'met' : 'NOT met');
  return [
    `${results.roundsDone} rounds, median [min-max]`,
    table(abs.header, abs.rows),
    '',
    'Ratios: how many times faster wasm is (median of the medians [range of the per-round ratios])',
    table(rat.header, rat.rows),
    '',
    'Targets (reported, not asserted)',
    ...targets(results).map((t) => `  ${t.goal}: ${t.measured} (${mark(t)})`),
    ...workMismatches(results).map((w) => `warning: ${w}`),
  ].join('\n');
}

/** One line for a finished run: `[done/total] round r build: benchmark: figure`. */
export function progressLine(p: Progress): string {
  const bench = p.results.benchmarks.find((b) => b.id === p.benchmark)!;
  const runs = bench.builds[p.build]?.runs ?? [];
  const last = runs[runs.length - 1];
  const figure =
    last === undefined
      ? ''
      : bench.unit === 's'
        ? `: ${last.toFixed(2)} s`
        : `: ${(last / 1e6).toFixed(2)} M ${bench.unit}`;
  return `[${p.done}/${p.total}] round ${p.round} ${p.build}: ${bench.title}${figure}`;
}
