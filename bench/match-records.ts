// The games of a match as the repository keeps them (bench/matches/, see its README): one PGN file
// with every game, each engine move commented with its score, depth and time as cutechess-cli
// writes them (`{+0.35/12 0.201s}`: pawns from the mover's side, `+M5` for a mate), compressed by
// brotli (a third smaller than gzip: the records are most of the repository's size); and a
// summary, JSON, with the settings, the engines and the tallies, which a reader can recount from
// the PGN's results (test/bench/tuning-log.test.ts does).
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { START_FEN, type Engine } from '../web/engine/index.ts';
import { writePgn, type PgnGame, type PgnMove } from '../web/notation/index.ts';
import type { GameRecord, MoveInfo } from './match-game.ts';
import { repoRoot } from './stats.ts';
import { fileURLToPath } from 'node:url';

/** bench/matches/, or BENCH_MATCHES_DIR (the match tool's tests write to a scratch folder). */
export function matchesDir(given: string | null = null): string {
  return given ?? process.env['BENCH_MATCHES_DIR'] ?? fileURLToPath(new URL('bench/matches/', repoRoot()));
}

/** A move's comment: `+0.35/12 0.201s`, `-M3/9 0.180s`, or just the time when nothing was reported. */
export function moveComment(info: MoveInfo): string {
  const time = `${(info.ms / 1000).toFixed(3)}s`;
  if (info.score === undefined) return info.depth === undefined ? time : `${info.depth} ${time}`;
  const [kind, value] = info.score.split(' ');
  const n = Number(value);
  const score =
    kind === 'mate' ? `${n < 0 ? '-' : '+'}M${Math.abs(n)}` : `${n < 0 ? '-' : '+'}${(Math.abs(n) / 100).toFixed(2)}`;
  return info.depth === undefined ? `${score} ${time}` : `${score}/${info.depth} ${time}`;
}

export interface PgnContext {
  event: string;
  date: Date;
  /** Free text: the time control as the report writes it. */
  timeControl: string;
  rule: string;
}

/** One game as PGN: tags, the opening's moves marked `book`, the engines' moves with their comments. */
export function gameToPgn(game: GameRecord, context: PgnContext): PgnGame {
  const line: PgnMove[] = game.moves.map((move, i) => {
    if (i < game.openingPlies) return { move, ...(i === game.openingPlies - 1 ? { comment: 'book' } : {}) };
    const info = game.moveInfo[i - game.openingPlies];
    return info ? { move, comment: moveComment(info) } : { move };
  });
  const date = context.date.toISOString().slice(0, 10).replace(/-/g, '.');
  return {
    tags: {
      Event: context.event,
      Date: date,
      Round: String(game.index),
      Red: game.red,
      Black: game.black,
      Opening: game.opening,
      TimeControl: context.timeControl,
      Rule: context.rule,
      Termination: game.reason,
      PlyCount: String(game.moves.length),
      ...(game.detail ? { TerminationDetail: game.detail } : {}),
    },
    fen: game.fen === START_FEN ? null : game.fen,
    moves: game.moves,
    result: game.result,
    line,
  };
}

/** Writes `<name>.pgn.br` and `<name>.json` in `dir`; returns their paths. */
export function writeMatchRecords(
  dir: string,
  name: string,
  games: readonly GameRecord[],
  context: PgnContext,
  rules: Engine,
  summary: Record<string, unknown>,
): { pgn: string; summary: string } {
  mkdirSync(dir, { recursive: true });
  const text = writePgn(
    games.map((g) => gameToPgn(g, context)),
    rules,
  );
  const pgn = join(dir, `${name}.pgn.br`);
  writeFileSync(pgn, compressPgn(text));
  const json = join(dir, `${name}.json`);
  writeFileSync(json, JSON.stringify({ ...summary, pgn: `${name}.pgn.br` }, null, 2) + '\n');
  return { pgn, summary: json };
}

/** A match's PGN as the records keep it: brotli at quality 9 with a 16 MB window (quality 10 makes
 *  it a quarter smaller again, but took four times as long: over a minute for a long test's games). */
function compressPgn(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 9,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** The text of a PGN file: brotli (`.br`), gzipped (`.gz`, older records) or plain. */
function readPgnText(file: string): string {
  const raw = readFileSync(file);
  return (file.endsWith('.br') ? brotliDecompressSync(raw) : file.endsWith('.gz') ? gunzipSync(raw) : raw).toString(
    'utf8',
  );
}

/** The tags of each game of a PGN file (compressed or not), in file order: enough to recount a match. */
export function readPgnTags(file: string): Record<string, string>[] {
  const text = readPgnText(file);
  const games: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of text.split(/\r?\n/)) {
    const tag = /^\[(\w+) "((?:[^"\\]|\\.)*)"\]$/.exec(line);
    if (tag) {
      if (!current) games.push((current = {}));
      current[tag[1]!] = tag[2]!.replace(/\\(.)/g, '$1');
    } else if (line.trim() !== '') {
      current = null;
    }
  }
  return games;
}

/**
 * Each game of a match's PGN as the score counts it: its round, our colour (null when neither
 * player has our engine's name) and its result.
 */
export function recordedGames(
  file: string,
  ourName: string,
): { index: number; ourColor: 'red' | 'black' | null; result: GameRecord['result'] }[] {
  return readPgnTags(file).map((tags) => ({
    index: Number(tags['Round']),
    ourColor: tags['Red'] === ourName ? 'red' : tags['Black'] === ourName ? 'black' : null,
    result: tags['Result'] as GameRecord['result'],
  }));
}
