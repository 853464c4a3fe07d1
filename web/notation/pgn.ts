// Reading Xiangqi PGN (the XQBase convention): [Game "Chinese Chess"], the usual tags, [FEN] for
// a start other than the standard one, and [Format "ICCS"] (H2-E2), [Format "WXF"] (C2.5) or no
// Format tag for Chinese move text (炮二平五 马８进７). Every move is checked by replaying it (on a
// RuleBoard, or the engine given). Comments and recursive annotation variations are kept (`line`);
// each variation's moves are checked from the position they branch at. Two readers: readPgn keeps
// what is sound (a broken variation is cut at its first bad move, a game whose tags or main line
// are broken is left out, each with a warning); parsePgn refuses the file at its first problem.
// Either throws a PgnError naming the line, column, game and problem when no game can be read.

import { START_FEN } from '../engine/start-fen.ts';
import { detectNotation, parseMove } from './move.ts';
import { SUFFIX_NAGS, tokenize, type Place, type Token } from './pgn-lexer.ts';
import type { Color, NotationName, ReplayEngine } from './types.ts';
import { NotationError, PgnError, notationLabel } from './errors.ts';
import { LineCursor } from './line-cursor.ts';
import { RuleBoard } from './rule-board.ts';
import { cutText, type ReadWarning } from './warnings.ts';

/** A PGN result: Red won, Black won, a draw, or `*` (unknown or unfinished). */
export type PgnResult = '1-0' | '0-1' | '1/2-1/2' | '*';

/** One move of an annotated line: the comment after it, and the lines played instead of it. */
export interface PgnMove {
  /** Compact ICCS (`h2e2`). */
  move: string;
  /** The comment after the move. */
  comment?: string;
  /** Alternatives to this move, each a line from the same position (RAV). */
  variations?: PgnMove[][];
  /**
   * Its annotation glyphs as PGN numbers them (NAGs: 1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`, ...),
   * from `$n` or the move's suffix; absent when there are none.
   */
  nags?: number[];
}

/** One game of a PGN file: its tags, start position, moves and result. */
export interface PgnGame {
  /** Tag pairs as written, in file order (Game, Event, Red, Black, Result, FEN, Format, ...). */
  tags: Record<string, string>;
  /** The start position from the [FEN] tag, or null for the standard start. */
  fen: string | null;
  /** The main line, in compact ICCS (`h2e2`). */
  moves: string[];
  /** The game's result (the Result tag, or the move text's last token). */
  result: PgnResult;
  /**
   * The main line with its comments and variations. Reading always fills it; writing uses it instead
   * of `moves` when it is given.
   */
  line?: PgnMove[];
  /** A comment before the first move. */
  comment?: string;
  /** What readPgn cut from the game's variations (absent when nothing was cut). */
  warnings?: ReadWarning[];
}

/** What readPgn found in a file: the games it could read, and what it left out. */
export interface PgnFile {
  /** The games read, in file order. */
  games: PgnGame[];
  /** Variations cut and games left out, in file order (each game's own are also on the game). */
  warnings: ReadWarning[];
}

/** A move text longer than this is no move (and is cut short in messages). */
const MAX_MOVE_TEXT = 32;

/** Variations nested deeper than this are refused (real files nest a few levels; the reader recurses). */
const MAX_NESTING = 256;

const RESULTS: ReadonlySet<string> = new Set(['1-0', '0-1', '1/2-1/2', '*']);

/** A move as the lexer found it, with what follows it: comments and variations. */
interface RawMove {
  text: string;
  at: Place;
  comments: string[];
  variations: RawLine[];
  nags: number[];
}

interface RawLine {
  /** Comments before the line's first move. */
  lead: string[];
  moves: RawMove[];
}

/** A game as the lexer found it, before its moves are checked. */
interface RawGame extends RawLine {
  at: Place;
  tags: { name: string; value: string; at: Place }[];
  result?: { text: PgnResult; at: Place };
}

/** `12.`, `12...`, a lone `...`, and the bare `12` some hand-typed files use. */
function isMoveNumber(text: string): boolean {
  return /^[0-9]+\.*$/.test(text) || /^\.+$/.test(text) || text === '…';
}

/** Groups tokens into games; a result ends a game, and so does a tag after move text. */
function splitGames(tokens: Token[], formatOf: (g: RawGame) => NotationName): RawGame[] {
  const games: RawGame[] = [];
  let game: RawGame | null = null;
  // The lines being read: the game's main line first, the innermost open variation last.
  let lines: RawLine[] = [];
  // Comments between games: the next game's lead, if one follows (a file of comments holds no game).
  let pending: string[] = [];
  const begin = (at: Place): RawGame => {
    const g: RawGame = { at, tags: [], moves: [], lead: pending };
    pending = [];
    games.push(g);
    lines = [g];
    return g;
  };
  const inVariation = (at: Place): void => {
    if (lines.length > 1)
      throw new PgnError(at.line, at.column, 'a variation "(" is not closed before the game goes on', games.length);
  };
  for (const tok of tokens) {
    if (tok.type === 'tag') {
      inVariation(tok.at);
      if (game && (game.moves.length > 0 || game.result)) game = null;
      if (!game) game = begin(tok.at);
      game.tags.push(tok);
      continue;
    }
    if (!game && tok.type === 'comment') {
      if (tok.text) pending.push(tok.text);
      continue;
    }
    if (!game) game = begin(tok.at);
    const line = lines[lines.length - 1]!;
    const last = line.moves[line.moves.length - 1];
    if (tok.type === 'comment') {
      if (tok.text) (last ? last.comments : line.lead).push(tok.text);
      continue;
    }
    if (tok.type === 'nag') {
      // A NAG before the first move of a line belongs to no move: it is left out.
      if (last && !last.nags.includes(tok.value)) last.nags.push(tok.value);
      continue;
    }
    if (tok.type === 'open') {
      if (lines.length > MAX_NESTING)
        throw new PgnError(
          tok.at.line,
          tok.at.column,
          `variations are nested more than ${MAX_NESTING} deep`,
          games.length,
        );
      if (!last)
        throw new PgnError(
          tok.at.line,
          tok.at.column,
          'a variation "(" must follow the move it replaces',
          games.length,
        );
      const variation: RawLine = { lead: [], moves: [] };
      last.variations.push(variation);
      lines.push(variation);
      continue;
    }
    if (tok.type === 'close') {
      if (line.moves.length === 0)
        throw new PgnError(tok.at.line, tok.at.column, 'a variation has no moves', games.length);
      lines.pop();
      continue;
    }
    const text = tok.text;
    if (RESULTS.has(text)) {
      inVariation(tok.at);
      game.result = { text: text as PgnResult, at: tok.at };
      game = null;
      continue;
    }
    if (isMoveNumber(text)) continue;
    if (/^[!?]+$/.test(text)) {
      const nag = SUFFIX_NAGS[text];
      if (nag !== undefined && last) last.nags.push(nag);
      continue;
    }
    const move = (t: string, at: Place): void => {
      // `H2+3??`: the glyph glued to a move is its NAG, as if written apart.
      const glyph = /^(.+?)([!?]{1,2})$/.exec(t);
      const nag = glyph ? SUFFIX_NAGS[glyph[2]!] : undefined;
      const text = nag !== undefined ? glyph![1]! : t;
      line.moves.push({ text, at, comments: [], variations: [], nags: nag !== undefined ? [nag] : [] });
    };
    // A move glued to its number (`1.C2.5`, `12...马8进7`). WXF's `33.4` (middle of three pawns
    // on file 3) looks like a number and a move, so it is taken as a move first.
    if (formatOf(game) === 'WXF' && /^([1-9])\1[.=+-][1-9][!?+#]*$/.test(text)) {
      move(text, tok.at);
      continue;
    }
    const glued = /^([0-9]+\.+)(.+)$/.exec(text);
    if (glued) move(glued[2]!, { line: tok.at.line, column: tok.at.column + glued[1]!.length });
    else move(text, tok.at);
  }
  return games;
}

function formatFromTags(tags: RawGame['tags']): { format: NotationName; at?: Place; bad?: string } {
  const tag = tags.find((t) => t.name === 'Format');
  if (!tag) return { format: 'chinese' };
  const v = tag.value.trim().toUpperCase();
  if (v === 'ICCS') return { format: 'ICCS', at: tag.at };
  if (v === 'WXF') return { format: 'WXF', at: tag.at };
  if (v === 'CHINESE') return { format: 'chinese', at: tag.at };
  return { format: 'chinese', at: tag.at, bad: tag.value };
}

/**
 * Reads every game in a PGN text and refuses the file at its first problem (in a variation too).
 * `engine` (by default a RuleBoard) is reset with `setPosition` for each game and left at the end of
 * the last one. Throws PgnError for the first problem found.
 */
export function parsePgn(text: string, engine: ReplayEngine = new RuleBoard()): PgnGame[] {
  const raw = splitGames(tokenize(text), (g) => formatFromTags(g.tags).format);
  return raw.map((g, i) => readGame(g, i + 1, engine, null));
}

/**
 * Reads every game in a PGN text, keeping what is sound: a variation with a bad move is cut there,
 * and a game whose tags or main line are broken is left out, each with a warning. Throws the
 * PgnError of the first game when no game can be read (one saying so when the text holds none),
 * and for a file whose text is broken (a comment or variation never closed).
 */
export function readPgn(text: string, engine: ReplayEngine = new RuleBoard()): PgnFile {
  const raw = splitGames(tokenize(text), (g) => formatFromTags(g.tags).format);
  const games: PgnGame[] = [];
  const warnings: ReadWarning[] = [];
  // Set inside the callback; typed by assertion so that TypeScript does not narrow it to null below.
  let first = null as PgnError | null;
  raw.forEach((g, i) => {
    const cut: ReadWarning[] = [];
    try {
      const game = readGame(g, i + 1, engine, cut);
      if (cut.length > 0) game.warnings = cut;
      games.push(game);
      warnings.push(...cut);
    } catch (error) {
      if (!(error instanceof PgnError)) throw error;
      first ??= error;
      const moves = countRaw(g.moves);
      warnings.push({
        line: `game ${i + 1}`,
        ...(error.ply !== undefined ? { ply: error.ply } : {}),
        reason: error.reason,
        dropped: moves,
        message: `${error.message}; the game is left out (${moves === 1 ? '1 move' : `${moves} moves`})`,
      });
    }
  });
  if (games.length === 0) throw first ?? new PgnError(1, 1, 'there is no game in the text');
  return { games, warnings };
}

/** The moves of a line and of all the variations inside it. */
function countRaw(moves: readonly RawMove[]): number {
  let n = 0;
  for (const m of moves) {
    n++;
    for (const v of m.variations) n += countRaw(v.moves);
  }
  return n;
}

/** One game; `cut` collects the variations cut (readPgn), or is null to refuse them (parsePgn). */
function readGame(g: RawGame, number: number, engine: ReplayEngine, cut: ReadWarning[] | null): PgnGame {
  const fail = (at: Place, reason: string, cause?: unknown, ply?: number): never => {
    throw new PgnError(at.line, at.column, reason, number, cause, ply);
  };
  const tags: Record<string, string> = {};
  for (const t of g.tags) {
    if (Object.hasOwn(tags, t.name)) fail(t.at, `tag [${t.name}] appears twice in one game`);
    // defineProperty rather than assignment: a tag named __proto__ must stay a plain entry.
    Object.defineProperty(tags, t.name, { value: t.value, enumerable: true, writable: true, configurable: true });
  }
  const gameTag = g.tags.find((t) => t.name === 'Game');
  if (gameTag && !/^chinese\s*chess$/i.test(gameTag.value.trim()) && !/^xiangqi$/i.test(gameTag.value.trim())) {
    fail(gameTag.at, `[Game "${gameTag.value}"] is not a Xiangqi game (expected "Chinese Chess")`);
  }
  const format = formatFromTags(g.tags);
  if (format.bad !== undefined) {
    fail(format.at!, `unknown [Format "${format.bad}"]: expected "ICCS", "WXF" or no Format tag (Chinese)`);
  }
  const resultTag = g.tags.find((t) => t.name === 'Result');
  if (resultTag && !RESULTS.has(resultTag.value)) {
    fail(resultTag.at, `[Result "${resultTag.value}"] must be 1-0, 0-1, 1/2-1/2 or *`);
  }
  if (g.result && resultTag && g.result.text !== resultTag.value) {
    fail(g.result.at, `the game ends with ${g.result.text} but its [Result] tag says ${resultTag.value}`);
  }

  const fenTag = g.tags.find((t) => t.name === 'FEN');
  const fen = fenTag ? fenTag.value.trim() : null;
  try {
    engine.setPosition(fen ?? START_FEN);
  } catch (e) {
    fail(fenTag?.at ?? g.at, `invalid FEN: ${e instanceof Error ? e.message : String(e)}`, e);
  }

  const start = fen ?? START_FEN;
  const numbering = moveNumbering(start, engine.turn());
  const cursor = new LineCursor(engine, start);
  let variations = 0;
  /**
   * Reads `raw` from the position after `before` (where the engine stands). In a variation
   * (`variation` > 0) with `cut` given, a bad move ends the line there with a warning.
   */
  const readLine = (raw: RawLine, before: readonly string[], variation: number): PgnMove[] => {
    const line: PgnMove[] = [];
    const path = [...before];
    for (const [index, m] of raw.moves.entries()) {
      const color = engine.turn();
      const label = `move ${numbering(path.length)}${color === 'red' ? '.' : '...'}`;
      const shown = m.text.length > MAX_MOVE_TEXT ? `${m.text.slice(0, MAX_MOVE_TEXT)}…` : m.text;
      let problem: { reason: string; cause: unknown } | null = null;
      let move = '';
      try {
        if (m.text.length > MAX_MOVE_TEXT) {
          throw new NotationError(format.format, shown, 'syntax', `${m.text.length} characters are no move`);
        }
        move = parseMove(engine, m.text, format.format);
      } catch (e) {
        if (!(e instanceof NotationError)) throw e;
        let reason = `${label} "${shown}" (${color}): ${e.reason}`;
        const looks = detectNotation(m.text);
        if (e.code === 'syntax' && looks !== format.format) {
          reason +=
            ` (it looks like ${notationLabel(looks)}, but the game's move format is ` +
            `${notationLabel(format.format)}${format.at ? '' : ' because it has no [Format] tag'})`;
        }
        problem = { reason, cause: e };
      }
      if (!problem) {
        try {
          cursor.play(move);
        } catch (e) {
          problem = { reason: `${label} "${shown}" (${color}): the engine refused ${move}`, cause: e };
        }
      }
      if (problem) {
        if (variation === 0 || !cut) return fail(m.at, problem.reason, problem.cause, path.length + 1);
        const dropped = countRaw(raw.moves.slice(index));
        const name = `variation ${variation}`;
        cut.push({
          line: name,
          ply: path.length + 1,
          move: m.text,
          reason: problem.reason,
          dropped,
          message: new PgnError(m.at.line, m.at.column, cutText(name, problem.reason, dropped), number).message,
        });
        return line;
      }
      const entry: PgnMove = { move };
      if (m.nags.length > 0) entry.nags = [...m.nags];
      const comment = m.comments.join(' ');
      if (comment) entry.comment = comment;
      if (m.variations.length > 0) {
        // Each variation replaces this move: read it from the position before it.
        const read: PgnMove[][] = [];
        for (const v of m.variations) {
          cursor.goTo(path);
          const variationLine = readLine(v, path, ++variations);
          if (variationLine.length === 0) continue; // cut at its first move: nothing left of it
          // A comment before a variation's first move is kept with that move.
          if (v.lead.length > 0)
            variationLine[0]!.comment = [...v.lead, variationLine[0]!.comment ?? ''].join(' ').trim();
          read.push(variationLine);
        }
        if (read.length > 0) entry.variations = read;
        cursor.goTo([...path, move]);
      }
      path.push(move);
      line.push(entry);
    }
    return line;
  };
  const line = readLine(g, [], 0);
  const result = (g.result?.text ?? resultTag?.value ?? '*') as PgnResult;
  const game: PgnGame = { tags, fen, moves: line.map((m) => m.move), result, line };
  if (g.lead.length > 0) game.comment = g.lead.join(' ');
  return game;
}

/**
 * The PGN move number of the ply at `index` from the start: the FEN's full-move counter (1 when
 * absent) counts up after each Black move, so a game that starts with Black is `1...` first.
 */
export function moveNumbering(fen: string, first: Color): (index: number) => number {
  const counter = Number(fen.trim().split(/\s+/)[5]);
  const start = Number.isInteger(counter) && counter > 0 ? counter : 1;
  const offset = first === 'black' ? 1 : 0;
  return (index) => start + Math.floor((index + offset) / 2);
}
