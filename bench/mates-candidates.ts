// Where the mate suite's positions come from (bench/mates-mine.ts): the committed match records
// (bench/matches/*.pgn.br, engine against Fairy-Stockfish, against other UCI engines and against
// itself), replayed move by move. A decisive game ends in mate (or stalemate, which loses), so the
// winner's turns in its last plies are where forced mates are: those are the candidates, each to be
// verified by Fairy-Stockfish. Same records, same candidates, in the same order.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { parsePgn, RuleBoard, START_FEN } from '../web/notation/index.ts';

export interface Candidate {
  /** Board and side of the position, with the counters zeroed: the suite sets it up with no history. */
  fen: string;
  /** `<record file without .pgn.br>#<game number in the file>@<ply>`: where the position was reached. */
  source: string;
}

/** A FEN's board and side alone (the counters are the game's, not the position's). */
export function positionKey(fen: string): string {
  return fen.split(' ').slice(0, 2).join(' ');
}

/** The FEN the suite keeps: board and side, no castling or en passant, counters 0 and 1. */
export function suiteFen(fen: string): string {
  return `${positionKey(fen)} - - 0 1`;
}

/** The record names (`.pgn.br` left off) of bench/matches/, in name order (they start with the date). */
export function recordNames(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.pgn.br'))
    .map((name) => name.slice(0, -'.pgn.br'.length))
    .sort();
}

/**
 * The winner's positions among the last `plies` plies of each decisive game in one record file, in
 * game order, the latest first within a game. A game that does not replay is skipped (none do now).
 */
export function candidatesFromRecord(file: string, plies: number): Candidate[] {
  const stem = file.replace(/^.*\//, '').replace(/\.pgn\.br$/, '');
  const text = brotliDecompressSync(readFileSync(file)).toString('utf8');
  const board = new RuleBoard();
  const out: Candidate[] = [];
  // Only decisive games are parsed: the draws are most of the text and hold no mate.
  text.split(/\n(?=\[Game )/).forEach((chunk, index) => {
    if (!/\[Result "(1-0|0-1)"\]/.test(chunk)) return;
    let moves: string[];
    let start: string | null;
    try {
      const [game] = parsePgn(chunk, board);
      if (!game) return;
      ({ moves, fen: start } = game);
    } catch {
      return;
    }
    board.setPosition(start ?? START_FEN);
    const fens: string[] = [];
    for (const move of moves) {
      fens.push(board.fen());
      board.play(move);
    }
    // The winner made the last move: its turns are 1, 3, 5, ... plies before the end.
    for (let back = 1; back <= Math.min(plies, moves.length); back += 2) {
      const ply = moves.length - back;
      out.push({ fen: suiteFen(fens[ply]!), source: `${stem}#${index + 1}@${ply + 1}` });
    }
  });
  return out;
}

/**
 * The candidates of every record up to `upTo` (a record name; records added later would change the
 * suite), the first of each position kept (records in name order).
 */
export function allCandidates(dir: string, plies: number, upTo: string): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const name of recordNames(dir).filter((n) => n <= upTo)) {
    for (const c of candidatesFromRecord(join(dir, `${name}.pgn.br`), plies)) {
      const key = positionKey(c.fen);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(c);
    }
  }
  return out;
}
