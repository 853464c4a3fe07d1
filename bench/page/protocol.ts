// Messages between the bench page and its worker.
import type { BenchConfig, BenchResults, Progress } from '../suites.ts';

export type BenchRequest = { type: 'run'; config: BenchConfig };

export type BenchReply =
  | { type: 'progress'; progress: Progress }
  | { type: 'done'; results: BenchResults }
  | { type: 'error'; message: string };
