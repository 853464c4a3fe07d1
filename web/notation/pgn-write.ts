// Writing Xiangqi PGN that parsePgn (and XQBase-style readers) read back: [Game "Chinese Chess"]
// first, the usual tags, [FEN] when the game does not start from the standard position, and
// [Format "ICCS"|"WXF"] unless the moves are in Chinese. Moves are replayed on the engine while
// writing, so a game with an illegal move is refused instead of written. An annotated game (`line`)
// is written with its comments ({...}), NAGs ($4) and variations ((...), nested), which parsePgn reads
// back.

import type { ChineseOptions } from './chinese.ts';
import { PgnError } from './errors.ts';
import { START_FEN } from '../engine/start-fen.ts';
import { RuleBoard } from './rule-board.ts';
import type { IccsStyle } from './iccs.ts';
import { formatMove } from './move.ts';
import { moveNumbering, type PgnGame, type PgnMove } from './pgn.ts';
import type { NotationName, ReplayEngine } from './types.ts';

/** Options of writePgn; all optional. */
export interface WritePgnOptions extends ChineseOptions {
  /** Move format: `ICCS` (default; written H2-E2 unless iccsStyle says otherwise), `WXF`, or `chinese`. */
  format?: NotationName;
  /** How ICCS moves are written: `dashed` (`H2-E2`, the default) or `compact` (`h2e2`). */
  iccsStyle?: IccsStyle;
  /** Move text lines are wrapped before this many characters (default 80, as PGN asks). */
  lineWidth?: number;
}

// The PGN "seven tag roster" adapted to Xiangqi, written first and in this order.
const ROSTER = ['Game', 'Event', 'Site', 'Date', 'Round', 'Red', 'Black', 'Result'];
// Tags the writer derives from the game itself.
const DERIVED = new Set(['Game', 'Result', 'FEN', 'Format']);

function quote(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ')}"`;
}

/**
 * Writes one game or several (separated by a blank line) as PGN text. The moves are replayed on
 * `engine`, or on a RuleBoard when none is given (`writePgn(game, { format: 'WXF' })`).
 */
export function writePgn(games: PgnGame | readonly PgnGame[], options?: WritePgnOptions): string;
/** Writes one game or several as PGN text, replaying the moves on `engine` (an Engine or a RuleBoard). */
export function writePgn(games: PgnGame | readonly PgnGame[], engine: ReplayEngine, options?: WritePgnOptions): string;
export function writePgn(
  games: PgnGame | readonly PgnGame[],
  engineOrOptions?: ReplayEngine | WritePgnOptions,
  options: WritePgnOptions = {},
): string {
  const given = engineOrOptions !== undefined && 'play' in engineOrOptions;
  const engine = given ? engineOrOptions : new RuleBoard();
  const chosen = given ? options : (engineOrOptions ?? options);
  const list: readonly PgnGame[] = Array.isArray(games) ? games : [games as PgnGame];
  return list.map((g, i) => writeGame(g, i + 1, engine, chosen)).join('\n');
}

function writeGame(game: PgnGame, number: number, engine: ReplayEngine, options: WritePgnOptions): string {
  const format = options.format ?? 'ICCS';
  const lines: string[] = [];
  for (const name of Object.keys(game.tags)) {
    if (!/^[A-Za-z0-9_]+$/.test(name)) {
      throw new PgnError(0, 0, `cannot write tag name "${name}": only letters, digits and _ are allowed`, number);
    }
  }
  const tags: [string, string][] = [['Game', 'Chinese Chess']];
  for (const name of ROSTER) {
    if (name === 'Game') continue;
    if (name === 'Result') tags.push(['Result', game.result]);
    else if (Object.hasOwn(game.tags, name)) tags.push([name, game.tags[name]!]);
  }
  for (const [name, value] of Object.entries(game.tags)) {
    if (!ROSTER.includes(name) && !DERIVED.has(name)) tags.push([name, value]);
  }
  if (game.fen !== null) tags.push(['FEN', game.fen]);
  if (format === 'ICCS') tags.push(['Format', 'ICCS']);
  else if (format === 'WXF') tags.push(['Format', 'WXF']);
  for (const [name, value] of tags) lines.push(`[${name} ${quote(value)}]`);
  lines.push('');

  const fen = game.fen ?? START_FEN;
  try {
    engine.setPosition(fen);
  } catch (e) {
    throw new PgnError(
      0,
      0,
      `cannot write game: invalid FEN: ${e instanceof Error ? e.message : String(e)}`,
      number,
      e,
    );
  }
  const numbering = moveNumbering(fen, engine.turn());
  const words: string[] = [];
  // PGN has no escape for "}" inside a comment: it becomes the full-width ｝.
  const comment = (text: string | undefined): void => {
    const t = text?.trim();
    if (t) words.push(`{${t.replace(/}/g, '\uff5d')}}`);
  };
  /** Writes `line` from the position after `before` (where the engine stands). */
  const writeLine = (line: readonly PgnMove[], before: readonly string[]): void => {
    const path = [...before];
    // After a comment or a variation, Black's move needs its number again (`12...`).
    let numbered = false;
    line.forEach(({ move, comment: note, variations, nags }, i) => {
      const color = engine.turn();
      if (color === 'red') words.push(`${numbering(path.length)}.`);
      else if (i === 0 || !numbered) words.push(`${numbering(path.length)}...`);
      numbered = true;
      let text: string;
      try {
        text = formatMove(engine, move, { ...options, notation: format, style: options.iccsStyle ?? 'dashed' });
        engine.play(move);
      } catch (e) {
        throw new PgnError(
          0,
          0,
          `cannot write move ${path.length + 1} (${move}): ${e instanceof Error ? e.message : String(e)}`,
          number,
          e,
        );
      }
      words.push(text);
      for (const nag of nags ?? []) words.push(`$${nag}`);
      if (note?.trim()) {
        comment(note);
        numbered = false;
      }
      for (const variation of variations ?? []) {
        if (variation.length === 0) continue;
        engine.setPosition(fen, path);
        const open = words.length;
        writeLine(variation, path);
        words[open] = `(${words[open]}`;
        words[words.length - 1] = `${words[words.length - 1]})`;
        numbered = false;
      }
      if (variations?.length) engine.setPosition(fen, [...path, move]);
      path.push(move);
    });
  };
  comment(game.comment);
  writeLine(game.line ?? game.moves.map((move) => ({ move })), []);
  words.push(game.result);

  // Wrap by display width: CJK characters take two columns in the editors people read PGN in.
  const width = options.lineWidth ?? 80;
  const columns = (s: string): number => [...s].reduce((n, c) => n + (c.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
  let current = '';
  for (const w of words) {
    if (current && columns(current) + 1 + columns(w) >= width) {
      lines.push(current);
      current = w;
    } else {
      current = current ? `${current} ${w}` : w;
    }
  }
  lines.push(current);
  return lines.join('\n') + '\n';
}
