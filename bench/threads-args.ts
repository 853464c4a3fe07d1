// The command-line options both threads benches take (Node: threads.ts, Chromium: threads-browser.ts).
import { wholeNumber, type CliOption, type CliValues } from '../lib/cli.ts';
import { DEFAULT_THREADS_CONFIG, THREADS_POSITIONS, type ThreadsConfig } from './threads-measure.ts';

export const THREADS_OPTIONS = {
  threads: {
    type: 'string',
    value: 'N',
    default: String(DEFAULT_THREADS_CONFIG.threads),
    help: 'threads against one (2-8)',
  },
  rounds: {
    type: 'string',
    value: 'N',
    default: String(DEFAULT_THREADS_CONFIG.rounds),
    help: 'rounds over the positions',
  },
  movetime: {
    type: 'string',
    value: 'MS',
    default: String(DEFAULT_THREADS_CONFIG.movetimeMs),
    help: 'search time a position',
  },
  depth: {
    type: 'string',
    value: 'N',
    default: String(DEFAULT_THREADS_CONFIG.depth),
    help: 'the fixed depth a position',
  },
  positions: {
    type: 'string',
    value: 'N',
    default: String(DEFAULT_THREADS_CONFIG.positions),
    help: `positions (1-${THREADS_POSITIONS.length})`,
  },
} as const satisfies Record<string, CliOption>;

/** The measurement's settings from the options' values. */
export function threadsConfig(values: CliValues<typeof THREADS_OPTIONS>): ThreadsConfig {
  return {
    threads: wholeNumber(values.threads, '--threads', { min: 2, max: 8 }),
    rounds: wholeNumber(values.rounds, '--rounds', { min: 1, max: 100 }),
    movetimeMs: wholeNumber(values.movetime, '--movetime', { min: 1, max: 600_000 }),
    depth: wholeNumber(values.depth, '--depth', { min: 1, max: 64 }),
    positions: wholeNumber(values.positions, '--positions', { min: 1, max: THREADS_POSITIONS.length }),
  };
}
