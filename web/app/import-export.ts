// Reading a pasted or opened game (PGN, or a FEN position) and writing the game out. Reading uses a
// scratch engine, never the game's own: a bad file changes nothing, and the caller only replaces the
// game once a record that replays is in hand.
import { START_FEN } from '../engine/index.ts';
import type { Engine, GameStatus } from '../engine/types.ts';
import { PgnError, detectNotation, parsePgn, writePgn, type NotationName, type PgnGame, type PgnResult } from '../notation/index.ts';
import type { GameRecord } from './game.ts';
import { lineFromTree, treeFromLine } from './tree-pgn.ts';
import { commentWithShapes, splitComment } from './drawn-shapes.ts';

export type ImportResult =
  | { ok: true; record: GameRecord; kind: 'fen' | 'pgn'; games: number; tags: Record<string, string> }
  | { ok: false; reason: string };

const FEN_PLACEMENT = /^[1-9kabnrcpehKABNRCPEH]+(\/[1-9kabnrcpehKABNRCPEH]+)+(\s|$)/;

/** A FEN (one line of ranks separated by `/`) or PGN text: the game it describes, or why not. */
export function readGameText(text: string, scratch: Engine): ImportResult {
  const input = text.replace(/^\uFEFF/, '').trim();
  if (!input) return { ok: false, reason: '' };
  if (FEN_PLACEMENT.test(input) && !input.includes('\n')) {
    try {
      scratch.setPosition(input);
      return { ok: true, kind: 'fen', games: 1, tags: {}, record: { startFen: scratch.fen(), moves: [], cursor: 0 } };
    } catch (error) {
      return { ok: false, reason: messageOf(error) };
    }
  }
  let games: PgnGame[];
  try {
    games = parsePgn(input, scratch);
  } catch (error) {
    // Move text without a [Format] tag is Chinese by the convention; bare WXF or ICCS moves (what
    // people type) are read as what they look like, and a problem is reported in those terms.
    const guess = /\[\s*Format\b/i.test(input) ? 'chinese' : guessNotation(input);
    if (guess === 'chinese') return { ok: false, reason: messageOf(error) };
    try {
      games = parsePgn(`[Format "${guess}"]\n${input}`, scratch);
    } catch (second) {
      // One line was added in front: give the line numbers of the text as pasted.
      const e = second instanceof PgnError && second.line > 1 ? new PgnError(second.line - 1, second.column, second.reason, second.game) : second;
      return { ok: false, reason: messageOf(e) };
    }
  }
  const game = games[0];
  if (!game) return { ok: false, reason: 'no game found in the text' };
  const startFen = game.fen ?? START_FEN;
  const record: GameRecord = { startFen, moves: game.moves, cursor: game.moves.length, tree: treeFromLine(game.line ?? game.moves.map((move) => ({ move }))) };
  if (game.comment) {
    const { text, shapes } = splitComment(game.comment);
    if (text) record.comment = text;
    if (shapes.length) record.shapes = shapes;
  }
  return { ok: true, kind: 'pgn', games: games.length, tags: game.tags, record };
}

/** The notation of the first move in a PGN text (tags, comments and move numbers skipped). */
function guessNotation(input: string): NotationName {
  const words = input
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^\d+\.+/, ''))
    .filter((w) => w && !/^\d+\.*$/.test(w) && !/^\.+$/.test(w));
  return words[0] ? detectNotation(words[0]) : 'chinese';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface ExportOptions {
  notation: NotationName;
  red: string;
  black: string;
  event: string;
  /** Status of the position at the end of the line. */
  finalStatus: GameStatus;
  date?: Date;
}

function pgnDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`;
}

/** The game's whole tree as PGN (variations, comments), moves in the chosen notation (Chinese has no [Format] tag). */
export function gamePgn(record: GameRecord, scratch: Engine, options: ExportOptions): string {
  const status = options.finalStatus;
  const result: PgnResult = status.over && status.result ? status.result : '*';
  const game: PgnGame = {
    tags: {
      Event: options.event,
      Date: pgnDate(options.date ?? new Date()),
      Red: options.red,
      Black: options.black,
    },
    fen: record.startFen === START_FEN ? null : record.startFen,
    moves: record.moves,
    result,
  };
  if (record.tree) {
    game.line = lineFromTree(record.tree);
    game.moves = game.line.map((m) => m.move);
  }
  const lead = commentWithShapes(record.comment ?? '', record.shapes ?? []);
  if (lead) game.comment = lead;
  return writePgn(game, scratch, { format: options.notation, charset: 'simplified' });
}

export function pgnFileName(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `xiangqi-${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}.pgn`;
}

/** File contents as text: UTF-8, or GB18030 for the older Chinese game collections. */
export async function readFileText(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    try {
      return new TextDecoder('gb18030').decode(bytes);
    } catch {
      return new TextDecoder('utf-8').decode(bytes);
    }
  }
}

/** Offers text as a file download. */
export function downloadText(text: string, name: string, type = 'application/x-chess-pgn'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
