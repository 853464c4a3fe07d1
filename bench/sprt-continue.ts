// `npm run match -- --sprt ... --continue RECORD.json`: a sequential test that had to stop before it
// decided (a session's time ran out) goes on where it stopped. The earlier run's finished pairs,
// recounted from its PGN, come first, so the test decides on all the pairs together; the new run's
// record names the runs it continues. A run may only continue one of the same test: the same SPRT
// bounds, time control, referee, play limit and engines (by name and UCI id, and our engine's build
// by its bench signature where both records have one). It may not reuse a seed:
// at a fixed node count the same openings in the same order would replay the very same games.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { finishedPairs } from './match-report.ts';
import { recordedGames } from './match-records.ts';
import { sprtState, type SprtSettings } from './sprt.ts';

/** The earlier run as the test takes it up. */
export interface EarlierRun {
  record: string;
  seed: number | null;
  pairs: [number, number][];
  /** The runs it took up in turn (their records, beside it). */
  continues: string[];
}

/** What the new run must share with every run it continues. */
export interface ContinuedTest {
  sprt: SprtSettings;
  time: unknown;
  opponentTime: unknown;
  rule: string;
  maxPlies: number;
  seed: number | null;
  ours: RecordedEngine;
  opponent: RecordedEngine;
}

/** An engine as a record names it; `bench` is our engine's bench signature (null for others, absent in older records). */
export interface RecordedEngine {
  name: string;
  id: string;
  bench?: number | null;
}

interface SavedRecord {
  settings: {
    time: unknown;
    opponentTime: unknown;
    rule: string;
    maxPlies: number;
    seed: number | null;
    sprt: SprtSettings | null;
  };
  engines: { ours: RecordedEngine; opponent: RecordedEngine };
  summary?: { sprt?: { decision?: string | null; continues?: { record: string }[] } | null };
  pgn: string;
}

export class ContinueError extends Error {}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Reads a match record's summary; throws a ContinueError that names the file when it is not one. */
function readRecord(file: string): SavedRecord {
  if (!existsSync(file)) {
    throw new ContinueError(`--continue: ${file} does not exist (the records of one test are kept in one folder)`);
  }
  let record: Partial<SavedRecord>;
  try {
    record = JSON.parse(readFileSync(file, 'utf8')) as Partial<SavedRecord>;
  } catch (error) {
    throw new ContinueError(`--continue: ${file} is not JSON (${(error as Error).message})`);
  }
  if (!record.settings || !record.engines || typeof record.pgn !== 'string') {
    throw new ContinueError(`--continue: ${file} is not a match summary (no settings, engines or pgn)`);
  }
  return record as SavedRecord;
}

/** Checks that `file` ran the test `now` runs, and returns its finished pairs in game order. */
export function earlierRun(file: string, now: ContinuedTest): EarlierRun {
  const record = readRecord(file);
  const { settings, engines } = record;
  const differences: string[] = [];
  const bounds = (t: SprtSettings) => `elo0=${t.elo0} elo1=${t.elo1} alpha=${t.alpha} beta=${t.beta}`;
  if (!settings.sprt) differences.push('it was not an SPRT');
  else if (bounds(settings.sprt) !== bounds(now.sprt)) differences.push(`its test was ${bounds(settings.sprt)}`);
  if (!same(settings.time, now.time) || !same(settings.opponentTime, now.opponentTime))
    differences.push(`its time control was ${JSON.stringify(settings.time)}`);
  if (settings.rule !== now.rule) differences.push(`its referee judged by the ${settings.rule} rules`);
  if (settings.maxPlies !== now.maxPlies) differences.push(`its games stopped at ${settings.maxPlies} plies`);
  for (const side of ['ours', 'opponent'] as const) {
    const then = engines[side];
    const label = side === 'ours' ? 'our engine' : 'the opponent';
    if (then.name !== now[side].name || then.id !== now[side].id)
      differences.push(`${label} was ${then.name} (${then.id})`);
    // Two builds of our engine share a UCI id: their bench signatures tell them apart.
    else if (then.bench != null && now[side].bench != null && then.bench !== now[side].bench)
      differences.push(`${label} was another build of ${then.id} (bench ${then.bench}, now ${now[side].bench})`);
  }
  if (differences.length) throw new ContinueError(`--continue: ${file} is another test: ${differences.join('; ')}`);
  const decided = record.summary?.sprt?.decision;
  if (decided) throw new ContinueError(`--continue: ${file} has decided already (${decided} accepted)`);
  if (settings.seed === now.seed)
    throw new ContinueError(
      `--continue: ${file} used seed ${String(settings.seed)} too; give another --seed, or the same openings come again in the same order`,
    );

  const games = recordedGames(join(dirname(file), record.pgn), engines.ours.name).map((game) => {
    if (!game.ourColor || !Number.isInteger(game.index) || game.index < 1)
      throw new ContinueError(
        `--continue: a game of ${record.pgn} has no round, or ${engines.ours.name} does not play it`,
      );
    return { ...game, ourColor: game.ourColor };
  });
  const continues = (record.summary?.sprt?.continues ?? []).map((c) => join(dirname(file), c.record));
  return { record: file, seed: settings.seed, pairs: finishedPairs(games), continues };
}

/**
 * The runs to continue, oldest first: each record with the runs it took up itself (so continuing the
 * latest run of a test takes up the whole test), each once, and no two under one seed.
 */
export function earlierRuns(files: readonly string[], now: ContinuedTest): EarlierRun[] {
  const runs: EarlierRun[] = [];
  const taken = new Set<string>();
  const take = (file: string): void => {
    const key = resolve(file);
    if (taken.has(key)) return;
    taken.add(key);
    const run = earlierRun(file, now);
    for (const before of run.continues) take(before);
    const twin = runs.find((r) => r.seed === run.seed);
    if (twin)
      throw new ContinueError(`--continue: ${twin.record} and ${file} used the same seed (${String(run.seed)})`);
    runs.push(run);
  };
  for (const file of files) take(file);
  const whole = sprtState(
    now.sprt,
    runs.flatMap((r) => r.pairs),
  );
  if (whole.decision) {
    throw new ContinueError(
      `--continue: together the runs have decided already (${whole.decision} accepted after ${whole.pairs} pairs, LLR ${whole.llr.toFixed(2)})`,
    );
  }
  return runs;
}
