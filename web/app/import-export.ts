// Reading a pasted or opened game (PGN, DhtmlXQ/UBB, an XQF or CBF file, or a FEN position), or each
// game of a PGN that holds several, and writing the game out (PGN, UBB). Reading uses a scratch
// engine, never the game's own: a bad file changes nothing, and the caller only replaces the game
// once a record that replays is in hand. What the readers left out of a slightly broken file (a side
// line cut at a bad move, a game skipped) comes back as warnings for the page to show.
import { messageOf } from '../engine/errors.ts';
import { START_FEN } from '../engine/index.ts';
import type { Engine, GameStatus } from '../engine/types.ts';
import {
  PgnError,
  detectNotation,
  isCbf,
  isUbb,
  readCbf,
  readPgn,
  readUbb,
  readXqf,
  writePgn,
  writeUbb,
  type NotationName,
  type PgnFile,
  type PgnGame,
  type PgnResult,
  type TreeGame,
} from '../notation/index.ts';
import { decodeRecordText, looksLikeXqf } from '../notation/record-file.ts';
import { readRecords } from '../analysis/records.ts';
import type { GameRecord } from './game.ts';
import { commandsOf, lineFromTree, nodesFromTree, noted, treeFromLine, treeFromNodes } from './tree-pgn.ts';
import { commentWithShapes } from './drawn-shapes.ts';

export type ImportResult =
  | {
      ok: true;
      record: GameRecord;
      kind: 'fen' | 'pgn' | 'ubb' | 'xqf' | 'cbf';
      games: number;
      tags: Record<string, string>;
      /** What the reader left out of the file, one message each (empty when it was sound). */
      warnings: string[];
    }
  | { ok: false; reason: string };

const FEN_PLACEMENT = /^[1-9kabnrcpehKABNRCPEH]+(\/[1-9kabnrcpehKABNRCPEH]+)+(\s|$)/;

/** A FEN (one line of ranks separated by `/`) or PGN text: the game it describes, or why not. */
export function readGameText(text: string, scratch: Engine): ImportResult {
  const input = text.replace(/^\uFEFF/, '').trim();
  if (!input) return { ok: false, reason: '' };
  if (isUbb(input)) return treeResult(() => readUbb(input, scratch), 'ubb');
  if (isCbf(input)) return treeResult(() => readCbf(input, scratch), 'cbf');
  if (FEN_PLACEMENT.test(input) && !input.includes('\n')) {
    try {
      scratch.setPosition(input);
      const record = { startFen: scratch.fen(), moves: [], cursor: 0 };
      return { ok: true, kind: 'fen', games: 1, tags: {}, record, warnings: [] };
    } catch (error) {
      return { ok: false, reason: messageOf(error) };
    }
  }
  let file: PgnFile;
  try {
    file = readPgn(input, scratch);
  } catch (error) {
    // Move text without a [Format] tag is Chinese by the convention; bare WXF or ICCS moves (what
    // people type) are read as what they look like, and a problem is reported in those terms.
    const guess = /\[\s*Format\b/i.test(input) ? 'chinese' : guessNotation(input);
    if (guess === 'chinese') return { ok: false, reason: messageOf(error) };
    try {
      file = readPgn(`[Format "${guess}"]\n${input}`, scratch);
    } catch (second) {
      // One line was added in front: give the line numbers of the text as pasted.
      const e =
        second instanceof PgnError && second.line > 1
          ? new PgnError(second.line - 1, second.column, second.reason, second.game)
          : second;
      return { ok: false, reason: messageOf(e) };
    }
  }
  const game: PgnGame | undefined = file.games[0];
  if (!game) return { ok: false, reason: 'no game found in the text' };
  return pgnResult(
    game,
    file.games.length,
    file.warnings.map((w) => w.message),
  );
}

function pgnResult(game: PgnGame, games: number, warnings: string[]): ImportResult {
  const record: GameRecord = {
    startFen: game.fen ?? START_FEN,
    moves: game.moves,
    cursor: game.moves.length,
    tree: treeFromLine(game.line ?? game.moves.map((move) => ({ move }))),
    ...noted(game.comment),
  };
  return { ok: true, kind: 'pgn', games, tags: game.tags, record, warnings };
}

/**
 * A game file: XQF (by its name or its first bytes), CBF (by its name or its XML root; read from the
 * bytes, in the encoding its declaration names), otherwise text as readGameText reads it.
 */
export async function readGameFile(file: Blob & { name?: string }, scratch: Engine): Promise<ImportResult> {
  return readGameBytes(file.name ?? '', new Uint8Array(await file.arrayBuffer()), scratch);
}

function readGameBytes(name: string, bytes: Uint8Array, scratch: Engine): ImportResult {
  if (looksLikeXqf(name, bytes)) return treeResult(() => readXqf(bytes, scratch), 'xqf');
  const text = decodeRecordText(bytes);
  if (/\.cbf$/i.test(name) || isCbf(text)) return treeResult(() => readCbf(bytes, scratch), 'cbf');
  return readGameText(text, scratch);
}

/** One game of a text or file, in the order they came. */
export interface FileGame {
  /** The file's name ('' for pasted text). */
  name: string;
  /** Its number in the file (1: the first). */
  number: number;
  read: ImportResult;
}

/**
 * Every game of a file, one by one: a PGN of several games gives each in its place (records.ts, which
 * keeps a game that cannot be read as an entry with why); anything else is its one game, read as
 * readGameFile reads it (a FEN, bare WXF moves, a whole XQF tree).
 */
export async function readGamesFile(file: Blob & { name?: string }, scratch: Engine): Promise<FileGame[]> {
  const name = file.name ?? '';
  const bytes = new Uint8Array(await file.arrayBuffer());
  return gamesOf(name, bytes, scratch, () => readGameBytes(name, bytes, scratch));
}

/** Every game of a pasted text, as readGamesFile gives a file's. */
export function readGamesText(text: string, scratch: Engine): FileGame[] {
  return gamesOf('', new TextEncoder().encode(text), scratch, () => readGameText(text, scratch));
}

function gamesOf(name: string, bytes: Uint8Array, scratch: Engine, one: () => ImportResult): FileGame[] {
  const entries = readRecords(name, bytes, scratch);
  if (entries.length < 2) return [{ name, number: 1, read: one() }];
  return entries.map((e) => ({
    name,
    number: e.number,
    read: e.game ? pgnResult(e.game, 1, e.warnings) : { ok: false, reason: e.problem?.reason ?? '' },
  }));
}

function treeResult(read: () => TreeGame, kind: 'ubb' | 'xqf' | 'cbf'): ImportResult {
  let tree: TreeGame;
  try {
    tree = read();
  } catch (error) {
    return { ok: false, reason: messageOf(error) };
  }
  // The whole tree, variations and comments, as PGN import gives it (drawn shapes that our own
  // export wrote into the comments come back out of them).
  const record: GameRecord = {
    startFen: tree.fen,
    moves: tree.mainline,
    cursor: tree.mainline.length,
    tree: treeFromNodes(tree.children),
    ...noted(commandsOf(tree.comment)),
  };
  const warnings = (tree.warnings ?? []).map((w) => w.message);
  return { ok: true, kind, games: 1, tags: tree.tags, record, warnings };
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

/** The game's whole tree as DhtmlXQ (UBB) text: variations, comments, drawn shapes in the comments. */
export function gameUbb(record: GameRecord, options: Omit<ExportOptions, 'notation'>): string {
  const status = options.finalStatus;
  const result: PgnResult = status.over && status.result ? status.result : '*';
  const children = nodesFromTree(record.tree ?? treeFromLine(record.moves.map((move) => ({ move }))));
  const tags = {
    Event: options.event,
    Date: pgnDate(options.date ?? new Date()),
    Red: options.red,
    Black: options.black,
  };
  const comment = commentWithShapes(record.comment ?? '', record.shapes ?? []) || null;
  return writeUbb({ tags, fen: record.startFen, result, comment, children });
}

export function pgnFileName(date = new Date()): string {
  return exportFileName('pgn', date);
}

/** `xiangqi-YYYYMMDD-HHMM.ext`: files exported from the page, named by when. */
export function exportFileName(ext: string, date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `xiangqi-${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}.${ext}`;
}

/** Offers text as a file download. */
export function downloadText(text: string, name: string, type = 'application/x-chess-pgn'): void {
  downloadBlob(new Blob([text], { type: `${type};charset=utf-8` }), name);
}

/** Offers a file (a game, a picture) as a download. */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
