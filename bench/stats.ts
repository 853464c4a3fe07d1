// Output helpers for the Node benchmarks (machine description, JSON files under bench/results/).
// The pure helpers live in format.ts so the browser bench page can use them too.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cpus, loadavg, platform, release } from 'node:os';
import { repoRoot } from '../lib/repo.ts';

export { summarize, table, millions, type Summary } from './format.ts';

export function machine(): Record<string, string> {
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: String(cpus().length),
    os: `${platform()} ${release()}`,
    // Other processes share the cores: the 1/5/15-minute load when the run started.
    load: loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
  };
}

export { repoRoot };

/**
 * Which engine was measured: the commit, whether the engine sources differed from it, and short
 * hashes of the two builds (others rebuild build/ in this working tree, so the commit alone may
 * not tell).
 */
export function buildInfo(): Record<string, string> {
  const root = repoRoot();
  const hash = (name: string) => {
    const file = new URL(`build/${name}`, root);
    return existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12) : 'missing';
  };
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, {
        cwd: fileURLToPath(root),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      return '';
    }
  };
  const dirty = git('status', '--porcelain', '--', 'assembly');
  return {
    commit: git('rev-parse', '--short', 'HEAD') || 'unknown',
    engineSources: dirty ? 'changed since the commit' : 'as committed',
    wasm: hash('engine.wasm'),
    js: hash('engine.js'),
  };
}

/** bench/results/, or the folder in BENCH_RESULTS_DIR (the match tool's tests write to a scratch one). */
function resultsDir(): URL {
  const dir = process.env['BENCH_RESULTS_DIR'];
  return dir ? pathToFileURL(dir.endsWith('/') ? dir : `${dir}/`) : new URL('bench/results/', repoRoot());
}

/** Writes text to bench/results/<name> (see resultsDir); returns the file's path. */
export function writeResult(name: string, text: string): string {
  const dir = resultsDir();
  mkdirSync(dir, { recursive: true });
  const file = new URL(name, dir);
  writeFileSync(file, text);
  return file.pathname;
}

export function writeJson(name: string, data: unknown): string {
  return writeResult(name, JSON.stringify(data, null, 2) + '\n');
}
