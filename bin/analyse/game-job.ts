// One game's analysis on an engine of the caller's: what a worker thread does with each game it is
// given. The table and the move-ordering history are cleared first (as after `ucinewgame`), so a
// game's result depends only on the game and the limit, never on which worker had it or what it
// analysed before: the output is the same for any number of workers.
import { analyseLine, type GameAnalysis } from '../../web/analysis/analyse-game.ts';
import { annotate } from '../../web/analysis/annotate.ts';
import type { JudgedMove, SideSummary } from '../../web/analysis/judgement.ts';
import { START_FEN } from '../../web/engine/start-fen.ts';
import type { Engine, SearchLimits, TableProber } from '../../web/engine/types.ts';
import { writePgn } from '../../web/notation/pgn-write.ts';
import type { PgnGame } from '../../web/notation/pgn.ts';
import type { NotationName } from '../../web/notation/types.ts';

export interface GameJob {
  index: number;
  game: PgnGame;
  limits: SearchLimits;
  /** The Analysis tag's value. */
  label: string;
  notation: NotationName;
}

/** A judged move as the report lists it. */
export interface MarkedMove {
  /** 1: the game's first move. */
  ply: number;
  side: 'red' | 'black';
  /** The move played and the engine's choice (ICCS). */
  move: string;
  best: string | null;
  judgement: NonNullable<JudgedMove['judgement']>;
  /** Centipawns lost. */
  loss: number;
}

/** The tags of a game the report names it by. */
const NAMING_TAGS = ['Event', 'Site', 'Date', 'Round', 'Red', 'Black', 'Result', 'Title'];

export interface GameReport {
  /** The game's naming tags (Event, Site, Date, Round, Red, Black, Result, Title) that it has. */
  tags: Record<string, string>;
  plies: number;
  red: SideSummary;
  black: SideSummary;
  marked: MarkedMove[];
}

export interface GameResult {
  index: number;
  /** The annotated game as PGN text (one game, ending in a newline). */
  pgn: string;
  report: GameReport;
  /** Positions searched. */
  positions: number;
}

/**
 * Analyses `job`'s game on `engine`; `onPosition` hears of each position done, and `tablesFor` (when
 * given) names the endgame tables each position's search probes.
 */
export async function runGameJob(
  engine: Engine,
  job: GameJob,
  onPosition?: () => void,
  tablesFor?: (fen: string) => TableProber | null,
): Promise<GameResult> {
  const fen = job.game.fen ?? START_FEN;
  const moves = job.game.moves;
  engine.clearHash();
  engine.setPosition(fen);
  const first = engine.turn();
  const analysis: GameAnalysis = await analyseLine(moves, first, (ply) => {
    engine.setPosition(fen, moves.slice(0, ply));
    if (tablesFor) engine.useTables(tablesFor(engine.fen()));
    const result = engine.search(job.limits);
    onPosition?.();
    return result;
  });
  const annotated = annotate(job.game, analysis, job.label);
  const pgn = writePgn(annotated, engine, { format: job.notation });
  const marked: MarkedMove[] = [];
  for (const m of analysis.moves) {
    if (!m.judgement) continue;
    marked.push({
      ply: m.ply + 1,
      side: m.mover,
      move: moves[m.ply]!,
      best: m.best,
      judgement: m.judgement,
      loss: m.loss,
    });
  }
  return {
    index: job.index,
    pgn,
    report: {
      tags: Object.fromEntries(
        NAMING_TAGS.flatMap((name) => (name in job.game.tags ? [[name, job.game.tags[name]!]] : [])),
      ),
      plies: moves.length,
      red: analysis.red,
      black: analysis.black,
      marked,
    },
    positions: moves.length + 1,
  };
}
