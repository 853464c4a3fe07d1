// The games of a file, each as a PGN game, whatever the file's format: a PGN of many games, or an
// XQF, DhtmlXQ (UBB) or CBF record of one. A game that cannot be read is still an entry, with the
// reason and the ply where it broke, so a collection is numbered the same however broken it is and
// the report can list what was skipped.
import { START_FEN } from '../engine/start-fen.ts';
import { messageOf } from '../engine/errors.ts';
import type { MoveNode, TreeGame } from '../notation/game-tree.ts';
import { readPgn, type PgnFile, type PgnGame, type PgnMove } from '../notation/pgn.ts';
import { decodeRecordText, looksLikeXqf } from '../notation/record-file.ts';
import { readXqf } from '../notation/xqf.ts';
import { isUbb, readUbb } from '../notation/ubb.ts';
import { isCbf, readCbf } from '../notation/cbf.ts';
import type { ReplayEngine } from '../notation/types.ts';
import { RuleBoard } from '../notation/rule-board.ts';

/** One game of a file, or why it cannot be read. */
export interface RecordEntry {
  /** The file's name as given. */
  file: string;
  /** The game's number in the file (1: the first). */
  number: number;
  /** The game, or null when it cannot be read. */
  game: PgnGame | null;
  /** Why the game cannot be read, and the ply (1: the first move) where it broke, when a move did. */
  problem: { reason: string; ply?: number } | null;
  /** What the reader cut from the game (side lines with a bad move), one message each. */
  warnings: string[];
}

/** The games of one file (`name` decides the format with the first bytes). */
export function readRecords(name: string, bytes: Uint8Array, engine: ReplayEngine = new RuleBoard()): RecordEntry[] {
  const broken = (error: unknown): RecordEntry[] => {
    const ply = (error as { ply?: unknown }).ply;
    const problem = { reason: messageOf(error), ...(typeof ply === 'number' ? { ply } : {}) };
    return [{ file: name, number: 1, game: null, problem, warnings: [] }];
  };
  const tree = (read: () => TreeGame): RecordEntry[] => {
    try {
      const t = read();
      return [
        {
          file: name,
          number: 1,
          game: pgnGameOf(t),
          problem: null,
          warnings: (t.warnings ?? []).map((w) => w.message),
        },
      ];
    } catch (error) {
      return broken(error);
    }
  };
  if (looksLikeXqf(name, bytes)) return tree(() => readXqf(bytes, engine));
  const text = decodeRecordText(bytes).replace(/^\uFEFF/, '');
  if (/\.cbf$/i.test(name) || isCbf(text)) return tree(() => readCbf(bytes, engine));
  if (isUbb(text)) return tree(() => readUbb(text, engine));
  let file: PgnFile;
  try {
    file = readPgn(text, engine);
  } catch (error) {
    return broken(error);
  }
  // readPgn leaves broken games out with a warning named `game N`: put them back in their places.
  const skipped = new Map<number, { reason: string; ply?: number }>();
  for (const w of file.warnings) {
    const n = /^game (\d+)$/.exec(w.line);
    if (n) skipped.set(Number(n[1]), { reason: w.message, ...(w.ply !== undefined ? { ply: w.ply } : {}) });
  }
  const entries: RecordEntry[] = [];
  const games = file.games[Symbol.iterator]();
  for (let number = 1; number <= file.games.length + skipped.size; number++) {
    const problem = skipped.get(number);
    if (problem) {
      entries.push({ file: name, number, game: null, problem, warnings: [] });
      continue;
    }
    const game = games.next().value as PgnGame;
    entries.push({ file: name, number, game, problem: null, warnings: (game.warnings ?? []).map((w) => w.message) });
  }
  return entries;
}

/** A tree record (XQF, DhtmlXQ, CBF) as a PGN game: the first child of each node is the main line. */
export function pgnGameOf(tree: TreeGame): PgnGame {
  const line = lineOf(tree.children);
  const game: PgnGame = {
    tags: { ...tree.tags },
    fen: tree.fen === START_FEN ? null : tree.fen,
    moves: line.map((m) => m.move),
    result: tree.result,
    line,
  };
  if (tree.comment) game.comment = tree.comment;
  return game;
}

function lineOf(children: readonly MoveNode[]): PgnMove[] {
  const line: PgnMove[] = [];
  for (let here = children; here.length > 0; here = here[0]!.children) {
    const [main, ...others] = here as [MoveNode, ...MoveNode[]];
    const entry: PgnMove = { move: main.move };
    if (main.comment) entry.comment = main.comment;
    if (others.length > 0) entry.variations = others.map((o) => lineOf([o]));
    line.push(entry);
  }
  return line;
}
