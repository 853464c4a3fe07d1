// `xiangqi-engine analyse`: reads the games, continues (or begins) the run's record, analyses the
// games it lacks on the worker pool, and writes the annotated PGN and the report; or, with
// --shard, one part of the games into a part file; or, with --join, the parts merged.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GameJob } from './game-job.ts';
import { readInputs } from './inputs.ts';
import type { AnalyseOptions } from './options.ts';
import { annotatedPgn, report } from './output.ts';
import { appendLine, joinParts, openPart, readPart, shardIndexes, type Part, type PartHeader } from './parts.ts';
import { analyseGames } from './pool.ts';
import { duration, Progress } from './progress.ts';

export interface AnalyseUrls {
  thread: URL;
  wasm: URL;
  js: URL;
  network: URL;
}

/**
 * Runs the command. Games that cannot be read or analysed are skipped and listed (on standard error
 * and in the report), not failed: running again would not read them either.
 */
export async function runAnalyse(options: AnalyseOptions, urls: AnalyseUrls, engineName: string): Promise<void> {
  if (options.join) {
    join(options);
    return;
  }
  const inputs = readInputs(options.inputs);
  const header: PartHeader = {
    format: 'xiangqi-analyse',
    version: 1,
    engine: engineName,
    evaluation: options.nnue ? 'network' : 'hand-written',
    tables: options.tables,
    limit: options.limitText,
    notation: options.notation,
    digest: inputs.digest,
    games: inputs.entries.length,
    shard: options.shard ?? { k: 0, n: 1 },
  };
  // A shard's part file is its own record; a whole run keeps one beside its output until it is done.
  const recordPath =
    options.shard && options.out
      ? options.out
      : options.out
        ? `${options.out}.progress.jsonl`
        : `xiangqi-analyse-${createHash('sha256').update(JSON.stringify(header)).digest('hex').slice(0, 12)}.progress.jsonl`;
  const part = openPart(recordPath, header);
  const resumed = part.lines.size;
  const label =
    `${engineName}, ${options.limitText}` +
    `${options.nnue ? '' : ', hand-written evaluation'}${options.tables ? '' : ', no endgame tables'}`;
  const jobs: GameJob[] = [];
  const skipped: string[] = [];
  const where = (file: string, number: number) => `${file} game ${number}`;
  for (const index of shardIndexes(inputs.entries.length, header.shard)) {
    if (part.lines.has(index)) continue;
    const entry = inputs.entries[index]!;
    const warnings = entry.warnings.length > 0 ? { warnings: entry.warnings } : {};
    if (!entry.game) {
      const problem = entry.problem!;
      appendLine(recordPath, part, { index, file: entry.file, number: entry.number, skipped: problem, ...warnings });
      skipped.push(
        `skipped ${where(entry.file, entry.number)}${problem.ply ? `, ply ${problem.ply}` : ''}: ${problem.reason}`,
      );
      continue;
    }
    jobs.push({ index, game: entry.game, limits: options.limits, label, notation: options.notation });
  }
  const run = new Progress(
    options.progress,
    jobs.length,
    jobs.reduce((n, job) => n + job.game.moves.length + 1, 0),
    resumed + skipped.length,
  );
  for (const line of skipped) run.note(line);
  if (resumed > 0) run.note(`continuing ${recordPath}: ${resumed} games were done before`);
  // Longest games first: the workers then finish together instead of one waiting out a long last
  // game (the output is in file order whatever the order of the work).
  jobs.sort((a, b) => b.game.moves.length - a.game.moves.length || a.index - b.index);
  await analyseGames(
    jobs,
    {
      threadUrl: urls.thread,
      workers: options.workers,
      wasmUrl: urls.wasm.href,
      jsUrl: urls.js.href,
      hashMb: options.hashMb,
      network: options.nnue ? new Uint8Array(readFileSync(fileURLToPath(urls.network))) : null,
      tables: options.tables,
    },
    {
      position: () => run.position(),
      result: (result) => {
        const entry = inputs.entries[result.index]!;
        const warnings = entry.warnings.length > 0 ? { warnings: entry.warnings } : {};
        appendLine(recordPath, part, {
          index: result.index,
          file: entry.file,
          number: entry.number,
          result: { pgn: result.pgn, report: result.report },
          ...warnings,
        });
        const { red, black } = result.report;
        run.game(
          `${where(entry.file, entry.number)}: Red ${red.accuracy?.toFixed(1) ?? '-'}%, Black ${black.accuracy?.toFixed(1) ?? '-'}%`,
        );
      },
      failed: (index, message) => {
        const entry = inputs.entries[index]!;
        appendLine(recordPath, part, {
          index,
          file: entry.file,
          number: entry.number,
          skipped: { reason: `the analysis failed: ${message}` },
        });
        run.note(`skipped ${where(entry.file, entry.number)}: the analysis failed: ${message}`);
      },
    },
  );
  run.done();
  const seconds = run.elapsedMs / 1000;
  const analysed = jobs.length;
  const summary =
    `analysed ${analysed} game${analysed === 1 ? '' : 's'} in ${duration(seconds)}` +
    (analysed > 0
      ? ` (${((analysed / seconds) * 60).toFixed(1)} games a minute, ${Math.round(run.rate)} positions/s)`
      : '');
  if (options.shard) {
    if (options.progress !== 'none') {
      process.stderr.write(`${summary}; part ${options.shard.k}/${options.shard.n} is in ${recordPath}\n`);
    }
    return;
  }
  write(part, options);
  rmSync(recordPath, { force: true });
  const skippedAll = countSkipped(part);
  if (options.progress !== 'none') {
    process.stderr.write(`${summary}${skippedAll > 0 ? `; ${skippedAll} skipped (listed in the report)` : ''}\n`);
  }
}

function countSkipped(part: Part): number {
  return [...part.lines.values()].filter((l) => l.skipped).length;
}

function join(options: AnalyseOptions): void {
  const parts = options.inputs.map((path) => readPart(path));
  const whole = joinParts(parts, options.inputs);
  write(whole, options);
  if (options.progress !== 'none') {
    const skipped = countSkipped(whole);
    process.stderr.write(`joined ${parts.length} parts: ${whole.lines.size - skipped} games, ${skipped} skipped\n`);
  }
}

function write(part: Part, options: AnalyseOptions): void {
  const pgn = annotatedPgn(part);
  if (options.out) writeFileSync(options.out, pgn);
  else process.stdout.write(pgn);
  if (options.json) writeFileSync(options.json, JSON.stringify(report(part), null, 2) + '\n');
}
