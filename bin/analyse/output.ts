// What a finished run writes: the annotated games in the order of the inputs, and the report. Both
// come from the record of the games alone (parts.ts), never from timings, so that one run, a run
// on more workers and the join of its shards write the same bytes.
import type { GameReport } from './game-job.ts';
import type { Part } from './parts.ts';

export interface AnalyseReport {
  engine: string;
  evaluation: string;
  limit: string;
  games: ({ index: number; file: string; number: number } & GameReport)[];
  skipped: { index: number; file: string; number: number; ply?: number; reason: string }[];
  warnings: { index: number; file: string; number: number; message: string }[];
  totals: { games: number; analysed: number; skipped: number; positions: number };
}

/** The annotated games, one after another, as one PGN text. */
export function annotatedPgn(part: Part): string {
  return ordered(part)
    .flatMap((line) => (line.result ? [line.result.pgn] : []))
    .join('\n');
}

export function report(part: Part): AnalyseReport {
  const out: AnalyseReport = {
    engine: part.header.engine,
    evaluation: part.header.evaluation,
    limit: part.header.limit,
    games: [],
    skipped: [],
    warnings: [],
    totals: { games: part.header.games, analysed: 0, skipped: 0, positions: 0 },
  };
  for (const line of ordered(part)) {
    const where = { index: line.index, file: line.file, number: line.number };
    for (const message of line.warnings ?? []) out.warnings.push({ ...where, message });
    if (line.skipped) {
      out.skipped.push({ ...where, ...line.skipped });
      continue;
    }
    const r = line.result!;
    out.games.push({ ...where, ...r.report });
    out.totals.positions += r.report.plies + 1;
  }
  out.totals.analysed = out.games.length;
  out.totals.skipped = out.skipped.length;
  return out;
}

function ordered(part: Part) {
  return [...part.lines.values()].sort((a, b) => a.index - b.index);
}
