// Self-play in shards (selfplay.ts): shard k of N plays the games i < G with i mod N = k, each shard
// on a machine of its own, and joining the shards interleaves their games back into game order, so
// the joined file equals, byte for byte, one run of the G games. A shard's progress file lists the
// records of each game it appended, which is what the join needs to cut its file into games.
import { readFileSync, writeFileSync } from 'node:fs';
import { RECORD_BYTES } from './records.ts';
import type { SelfPlaySettings } from './selfplay-game.ts';

export interface Shard {
  /** This shard: 0..count - 1. */
  index: number;
  count: number;
}

/** What selfplay.ts keeps beside its data file (`<out>.json`), so a stopped run resumes and shards join. */
export interface Progress {
  settings: SelfPlaySettings;
  /** Games to play in all (`--games`); null: play until `--positions` records. */
  games: number | null;
  /** The shard this file holds (null: every game). */
  shard: Shard | null;
  /** Games appended so far (this shard's own count). */
  nextGame: number;
  positions: number;
  plies: number;
  /** Games won by Red, drawn, won by Black. */
  results: [number, number, number];
  /** Records each appended game contributed, in order. */
  gameRecords: number[];
}

/** Parses `k/N` (0 <= k < N). */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const shard = match ? { index: Number(match[1]), count: Number(match[2]) } : null;
  if (!shard || shard.count < 1 || shard.index >= shard.count)
    throw new Error(`--shard wants k/N with 0 <= k < N, e.g. 0/4, not "${text}"`);
  return shard;
}

/** The number of the `ordinal`-th game a shard plays (every game without a shard). */
export function gameNumber(ordinal: number, shard: Shard | null): number {
  return shard ? shard.index + ordinal * shard.count : ordinal;
}

/** How many of the `games` games the shard plays. */
export function gamesOfShard(games: number, shard: Shard | null): number {
  if (!shard) return games;
  return Math.max(0, Math.ceil((games - shard.index) / shard.count));
}

/**
 * Joins finished shards (their data files; each has its `.json` progress beside it) into `out`,
 * in game order, with a progress file as a single run of all the games would leave. Throws when the
 * shards do not belong together (settings, game count, shard numbers) or one is not finished.
 */
export function joinShards(files: readonly string[], out: string): Progress {
  const shards = files.map((file) => {
    const progress = JSON.parse(readFileSync(`${file}.json`, 'utf8')) as Progress;
    const data = readFileSync(file);
    if (data.length !== progress.positions * RECORD_BYTES)
      throw new Error(`${file} holds ${data.length} bytes, its progress expects ${progress.positions * RECORD_BYTES}`);
    return { file, progress, data, read: 0, game: 0 };
  });
  const first = shards[0]?.progress;
  if (!first?.shard || first.games === null)
    throw new Error('join wants the data files of shards made with --games and --shard');
  const count = first.shard.count;
  if (shards.length !== count) throw new Error(`the shards are ${count}: give all of them, not ${shards.length}`);
  const byIndex = new Map(shards.map((s) => [s.progress.shard?.index, s]));
  for (const s of shards) {
    const p = s.progress;
    if (
      JSON.stringify(p.settings) !== JSON.stringify(first.settings) ||
      p.games !== first.games ||
      p.shard?.count !== count
    )
      throw new Error(`${s.file} was made with other settings than ${shards[0]!.file}`);
    if (p.nextGame !== gamesOfShard(first.games, p.shard))
      throw new Error(`${s.file} is not finished (${p.nextGame} games)`);
  }
  if (byIndex.size !== count) throw new Error('two of the files are the same shard');
  const parts: Buffer[] = [];
  const joined: Progress = {
    settings: first.settings,
    games: first.games,
    shard: null,
    nextGame: 0,
    positions: 0,
    plies: 0,
    results: [0, 0, 0],
    gameRecords: [],
  };
  for (let i = 0; i < first.games; i++) {
    const s = byIndex.get(i % count)!;
    const records = s.progress.gameRecords[s.game++]!;
    const bytes = records * RECORD_BYTES;
    parts.push(s.data.subarray(s.read, s.read + bytes));
    s.read += bytes;
    joined.gameRecords.push(records);
    joined.positions += records;
    joined.nextGame++;
  }
  for (const s of shards) {
    joined.plies += s.progress.plies;
    s.progress.results.forEach((n, k) => (joined.results[k] += n));
  }
  writeFileSync(out, Buffer.concat(parts));
  writeFileSync(`${out}.json`, `${JSON.stringify(joined, null, 1)}\n`);
  return joined;
}
