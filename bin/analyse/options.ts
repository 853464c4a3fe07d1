// `xiangqi-engine analyse`'s command line: which files, how deep, how many workers, where the
// annotated games and the report go, and the shard of a run split across jobs (or the join of the
// shards). Parsed once here, so the run, the shards and the join agree on what a setting means.
import { availableParallelism } from 'node:os';
import { CommandLineError, readCommandLine, helpText, wholeNumber, type CommandSpec } from '../../lib/cli.ts';
import type { SearchLimits } from '../../web/engine/types.ts';
import type { NotationName } from '../../web/notation/types.ts';

export const ANALYSE_DEFAULT_DEPTH = 12;

export const ANALYSE_SPEC = {
  usage: 'xiangqi-engine analyse',
  about:
    'Analyses every game of the files given (PGN of many games, XQF, DhtmlXQ/UBB, CBF; a folder: its files) on W ' +
    'worker threads and writes them annotated: [%eval] after each move, $6/$2/$4 with the better line for an ' +
    "inaccuracy, mistake or blunder, and each side's accuracy and average centipawn loss as tags; --json writes " +
    'the report. Stopped and run again with the same command, it goes on where it stopped. With --shard k/N it ' +
    'analyses games i with i mod N = k into a part file; --join merges the parts into what one run would write.',
  options: {
    depth: {
      type: 'string',
      value: 'D',
      help: `search each position to this depth (default ${ANALYSE_DEFAULT_DEPTH})`,
    },
    nodes: { type: 'string', value: 'N', help: 'search each position this many nodes instead' },
    movetime: {
      type: 'string',
      value: 'MS',
      help: 'search each position this long instead (output then varies from run to run)',
    },
    workers: {
      type: 'string',
      value: 'W',
      help: `worker threads, each its own engine (default: the cores, ${availableParallelism()} here)`,
    },
    hash: { type: 'string', value: 'MB', default: '32', help: "each worker's hash table" },
    out: {
      type: 'string',
      value: 'FILE',
      help: 'the annotated games (PGN; default: standard output); with --shard, the part file',
    },
    json: {
      type: 'string',
      value: 'FILE',
      help: 'the report: per game and side accuracy, ACPL, counts; what was skipped',
    },
    notation: {
      type: 'string',
      value: 'ICCS|WXF|chinese',
      default: 'ICCS',
      help: 'the move notation of the annotated PGN',
    },
    'no-nnue': { type: 'boolean', help: 'evaluate with the hand-written evaluation instead of the shipped network' },
    'no-tables': {
      type: 'boolean',
      help: 'search without the endgame tables (by default each search probes those its captures reach)',
    },
    shard: {
      type: 'string',
      value: 'k/N',
      help: 'analyse only games i with i mod N = k (0 ≤ k < N), into the part file --out',
    },
    join: {
      type: 'boolean',
      help: 'the positionals are part files of one sharded run: merge them into --out and --json',
    },
    progress: {
      type: 'string',
      value: 'bar|lines|none',
      help: 'how progress shows on standard error (default: bar on a terminal, lines otherwise)',
    },
  },
  positionals: 'FILE|FOLDER...',
} satisfies CommandSpec;

export interface AnalyseOptions {
  inputs: string[];
  limits: SearchLimits;
  /** `depth 12`, `nodes 100000`, `movetime 500`: the limit in the Analysis tag and the part headers. */
  limitText: string;
  workers: number;
  hashMb: number;
  out: string | null;
  json: string | null;
  notation: NotationName;
  nnue: boolean;
  /** Whether the searches probe the endgame tables. */
  tables: boolean;
  shard: { k: number; n: number } | null;
  join: boolean;
  progress: 'bar' | 'lines' | 'none';
}

/** Reads the arguments after `analyse`; throws CommandLineError saying what is wrong. */
export function parseAnalyseArgs(argv: readonly string[], isTerminal: boolean): AnalyseOptions | 'help' {
  const line = readCommandLine(ANALYSE_SPEC, argv);
  if (line.help) return 'help';
  const v = line.values;
  if (line.positionals.length === 0) {
    throw new CommandLineError(
      v.join ? '--join needs the part files to merge' : 'name at least one game file or folder',
    );
  }
  const given = (['depth', 'nodes', 'movetime'] as const).filter((k) => v[k] !== undefined);
  if (given.length > 1)
    throw new CommandLineError(
      `give one of --depth, --nodes and --movetime, not ${given.map((k) => `--${k}`).join(' and ')}`,
    );
  let limits: SearchLimits;
  let limitText: string;
  if (v.nodes !== undefined) {
    limits = { nodes: wholeNumber(v.nodes, '--nodes', { min: 1 }) };
    limitText = `nodes ${limits.nodes}`;
  } else if (v.movetime !== undefined) {
    limits = { movetime: wholeNumber(v.movetime, '--movetime', { min: 1 }) };
    limitText = `movetime ${limits.movetime}`;
  } else {
    limits = { depth: wholeNumber(v.depth, '--depth', { min: 1, max: 60, fallback: ANALYSE_DEFAULT_DEPTH }) };
    limitText = `depth ${limits.depth}`;
  }
  const notations: Record<string, NotationName> = { iccs: 'ICCS', wxf: 'WXF', chinese: 'chinese' };
  const notation = notations[v.notation.toLowerCase()];
  if (!notation) throw new CommandLineError(`--notation must be ICCS, WXF or chinese, not "${v.notation}"`);
  let shard: AnalyseOptions['shard'] = null;
  if (v.shard !== undefined) {
    const m = /^(\d+)\/(\d+)$/.exec(v.shard.trim());
    if (!m || Number(m[2]) < 1 || Number(m[1]) >= Number(m[2])) {
      throw new CommandLineError(`--shard must be k/N with 0 ≤ k < N (as 0/4), not "${v.shard}"`);
    }
    shard = { k: Number(m[1]), n: Number(m[2]) };
    if (!v.out) throw new CommandLineError('--shard needs --out: the part file that --join merges');
    if (v.join) throw new CommandLineError('--shard analyses one part; --join merges parts: give one of them');
  }
  const progress = v.progress ?? (isTerminal ? 'bar' : 'lines');
  if (progress !== 'bar' && progress !== 'lines' && progress !== 'none') {
    throw new CommandLineError(`--progress must be bar, lines or none, not "${progress}"`);
  }
  return {
    inputs: line.positionals,
    limits,
    limitText,
    workers: wholeNumber(v.workers, '--workers', { min: 1, max: 256, fallback: availableParallelism() }),
    hashMb: wholeNumber(v.hash, '--hash', { min: 1, max: 1024 }),
    out: v.out ?? null,
    json: v.json ?? null,
    notation,
    nnue: !v['no-nnue'],
    tables: !v['no-tables'],
    shard,
    join: v.join ?? false,
    progress,
  };
}

export { helpText };
