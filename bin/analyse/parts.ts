// The record of a run, one JSON line per game as it is done: the progress file beside the output
// (a stopped run goes on from it), and a shard's part file (what --join merges). Both start with a
// header naming the games (their digest and count), the engine and the limit, so that only a run
// of the same command continues a file, and only parts of one run are merged.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { GameResult } from './game-job.ts';

export interface PartHeader {
  format: 'xiangqi-analyse';
  version: 1;
  engine: string;
  evaluation: 'network' | 'hand-written';
  /** Whether the searches probed the endgame tables. */
  tables: boolean;
  limit: string;
  notation: string;
  /** The inputs' digest and how many games they hold (readable or not). */
  digest: string;
  games: number;
  shard: { k: number; n: number };
}

/** One game of the inputs: analysed, or skipped with the reason. */
export interface PartLine {
  index: number;
  file: string;
  /** The game's number in its file. */
  number: number;
  result?: Omit<GameResult, 'index' | 'positions'>;
  skipped?: { reason: string; ply?: number };
  /** What the reader cut from the game (side lines with a bad move). */
  warnings?: string[];
}

export interface Part {
  header: PartHeader;
  lines: Map<number, PartLine>;
}

/** Whether two headers describe the same run (`shard` aside when `anyShard`). */
export function sameRun(a: PartHeader, b: PartHeader, anyShard = false): boolean {
  const strip = (h: PartHeader) =>
    JSON.stringify(Object.entries({ ...h, shard: anyShard ? null : h.shard }).sort(([x], [y]) => (x < y ? -1 : 1)));
  return strip(a) === strip(b);
}

/** A part or progress file; a last line cut short (the run was killed while writing it) is dropped. */
export function readPart(path: string): Part {
  const text = readFileSync(path, 'utf8');
  const rows = text.split('\n').filter((row) => row.trim() !== '');
  let first: { format?: unknown; version?: unknown };
  try {
    first = JSON.parse(rows[0] ?? '') as typeof first;
  } catch {
    throw new Error(`${path} is not an analysis part or progress file (its first line is no header)`);
  }
  if (first.format !== 'xiangqi-analyse' || first.version !== 1) {
    throw new Error(`${path} is not an analysis part or progress file of this version`);
  }
  // Runs from before the endgame tables searched without them.
  const header = { tables: false, ...(first as Partial<PartHeader>) } as PartHeader;
  const lines = new Map<number, PartLine>();
  rows.slice(1).forEach((row, i) => {
    try {
      const line = JSON.parse(row) as PartLine;
      lines.set(line.index, line);
    } catch (error) {
      if (i < rows.length - 2) throw new Error(`${path} line ${i + 2} is broken: ${(error as Error).message}`);
    }
  });
  return { header, lines };
}

/** The part at `path` continued if it belongs to this run, or begun; throws when it is another run's. */
export function openPart(path: string, header: PartHeader): Part {
  if (existsSync(path)) {
    const part = readPart(path);
    if (!sameRun(part.header, header)) {
      throw new Error(
        `${path} holds the progress of another analysis (other games, engine or settings); delete it to start this one`,
      );
    }
    // Rewrite without a line cut short, so that appending starts on a line of its own.
    writeFileSync(path, [header, ...part.lines.values()].map((l) => JSON.stringify(l) + '\n').join(''));
    return part;
  }
  writeFileSync(path, JSON.stringify(header) + '\n');
  return { header, lines: new Map() };
}

/** Adds a game's line: written at once, so a run stopped after it does not do it again. */
export function appendLine(path: string, part: Part, line: PartLine): void {
  part.lines.set(line.index, line);
  appendFileSync(path, JSON.stringify(line) + '\n');
}

/** The indexes of the games a shard takes. */
export function shardIndexes(games: number, shard: { k: number; n: number }): number[] {
  const out: number[] = [];
  for (let i = shard.k; i < games; i += shard.n) out.push(i);
  return out;
}

/** Merges the parts of one sharded run: all N shards, each complete, each once. */
export function joinParts(parts: readonly Part[], names: readonly string[]): Part {
  const first = parts[0]!;
  const n = first.header.shard.n;
  const seen = new Map<number, string>();
  parts.forEach((part, i) => {
    const name = names[i]!;
    if (!sameRun(part.header, first.header, true)) {
      throw new Error(`${name} is a part of another analysis than ${names[0]!} (other games, engine or settings)`);
    }
    if (part.header.shard.n !== n)
      throw new Error(`${name} is shard ${part.header.shard.k}/${part.header.shard.n}, not of ${n}`);
    const k = part.header.shard.k;
    if (seen.has(k)) throw new Error(`${name} and ${seen.get(k)!} are both shard ${k}/${n}`);
    seen.set(k, name);
    const missing = shardIndexes(part.header.games, part.header.shard).filter((index) => !part.lines.has(index));
    if (missing.length > 0) {
      throw new Error(
        `${name} (shard ${k}/${n}) is not finished: ${missing.length} of its games are not analysed yet; run its command again`,
      );
    }
  });
  const absent = shardIndexes(n, { k: 0, n: 1 }).filter((k) => !seen.has(k));
  if (absent.length > 0)
    throw new Error(`shard${absent.length > 1 ? 's' : ''} ${absent.map((k) => `${k}/${n}`).join(', ')} missing`);
  const lines = new Map<number, PartLine>();
  for (const part of parts) for (const [index, line] of part.lines) lines.set(index, line);
  return { header: { ...first.header, shard: { k: 0, n: 1 } }, lines };
}
