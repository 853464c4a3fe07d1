// Benchmark settings from the environment, shared by `npm run bench` and `npm run bench:browser`:
// ROUNDS, PERFT_DEPTH (start position), SUITE_DEPTH, SEARCH_DEPTH, SEARCH_POSITIONS, EVALUATIONS
// (per position, for the evaluation benchmarks).
import { DEFAULT_CONFIG, type BenchConfig } from './suites.ts';

const SETTINGS: [variable: string, key: keyof BenchConfig][] = [
  ['ROUNDS', 'rounds'],
  ['PERFT_DEPTH', 'startDepth'],
  ['SUITE_DEPTH', 'suiteDepth'],
  ['SEARCH_DEPTH', 'searchDepth'],
  ['SEARCH_POSITIONS', 'searchPositions'],
  ['EVALUATIONS', 'evaluations'],
];

/** The variables, for the scripts' --help. */
export const ENV_SETTINGS = SETTINGS.map(([variable]) => variable).join(', ');

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): BenchConfig {
  const config = { ...DEFAULT_CONFIG };
  for (const [variable, key] of SETTINGS) {
    const text = env[variable];
    if (text === undefined || text === '') continue;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`${variable} must be a whole number >= 1, not "${text}"`);
    config[key] = value;
  }
  return config;
}
