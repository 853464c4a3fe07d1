// Small statistics and output helpers shared by the benchmarks.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';

export interface Summary { median: number; min: number; max: number; runs: number[] }

export function summarize(runs: number[]): Summary {
  const sorted = [...runs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, runs };
}

export function machine(): Record<string, string> {
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: String(cpus().length),
  };
}

/**
 * bench/results/ of the repository, wherever the bundler put this module: build/ when bundled into
 * one entry, build/chunks/ when shared by several entries (perft and match).
 */
function resultsDir(): URL {
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    if (existsSync(new URL('package.json', dir))) return new URL('bench/results/', dir);
    if (new URL('../', dir).href === dir.href) return new URL('../bench/results/', import.meta.url);
  }
}

export function writeJson(name: string, data: unknown): string {
  const dir = resultsDir();
  mkdirSync(dir, { recursive: true });
  const file = new URL(name, dir);
  writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
  return file.pathname;
}

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export const millions = (n: number): string => (n / 1e6).toFixed(2) + ' M';
