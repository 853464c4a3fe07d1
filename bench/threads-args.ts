// The command-line options both threads benches take (Node: threads.ts, Chromium: threads-browser.ts).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DEFAULT_THREADS_CONFIG, THREADS_POSITIONS, type ThreadsConfig } from './threads-measure.ts';

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | undefined>;

/** The measurement's settings, and the values of any `extra` options a bench adds. */
export function parseThreadsArgs(extra: Options): { config: ThreadsConfig; values: Values } {
  const values = parseArgs({
    options: {
      threads: { type: 'string', default: String(DEFAULT_THREADS_CONFIG.threads) },
      rounds: { type: 'string', default: String(DEFAULT_THREADS_CONFIG.rounds) },
      movetime: { type: 'string', default: String(DEFAULT_THREADS_CONFIG.movetimeMs) },
      depth: { type: 'string', default: String(DEFAULT_THREADS_CONFIG.depth) },
      positions: { type: 'string', default: String(DEFAULT_THREADS_CONFIG.positions) },
      ...extra,
    },
  }).values as Values;
  const number = (name: string, min: number, max: number): number => {
    const value = Number(values[name]);
    if (Number.isInteger(value) && value >= min && value <= max) return value;
    console.error(`--${name} wants a whole number from ${min} to ${max}, not ${String(values[name])}`);
    process.exit(2);
  };
  return {
    config: {
      threads: number('threads', 2, 8),
      rounds: number('rounds', 1, 100),
      movetimeMs: number('movetime', 1, 600_000),
      depth: number('depth', 1, 64),
      positions: number('positions', 1, THREADS_POSITIONS.length),
    },
    values,
  };
}
