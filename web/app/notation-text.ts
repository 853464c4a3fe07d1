// Moves as the player reads them: the game's moves and the engine's lines in the chosen notation
// (Chinese 炮二平五 / 马8进7, WXF C2.5, ICCS h2e2), with PGN-style move numbers.
import { formatMove, moveNumbering, type NotationName } from '../notation/index.ts';
import type { Color } from '../engine/types.ts';
import type { Game, MoveNode } from './game.ts';

export interface MoveText {
  /** Ply index in the game's line (0 = the first move). */
  ply: number;
  /** Move number as printed (1. 炮二平五 马8进7 are both move 1). */
  number: number;
  color: Color;
  text: string;
}

function format(game: Game, move: string, notation: NotationName): string {
  try {
    return formatMove(game.rules, move, { notation, charset: 'simplified', style: 'compact' });
  } catch {
    return move; // a position the notation cannot describe (hand-made FEN): fall back to ICCS
  }
}

let cache: { key: string; texts: MoveText[] } | null = null;

/** Every move of the game's line (including those after the cursor), written in `notation`. */
export function moveTexts(game: Game, notation: NotationName): MoveText[] {
  const key = `${notation}|${game.startFen}|${game.moves.join(' ')}`;
  if (cache?.key === key) return cache.texts;
  const numbering = moveNumbering(game.startFen, game.turnAt(0));
  const texts: MoveText[] = [];
  const moves = game.moves;
  for (let ply = 0; ply < moves.length; ply++) {
    const e = game.seek(ply);
    texts.push({ ply, number: numbering(ply), color: e.turn(), text: format(game, moves[ply]!, notation) });
  }
  cache = { key, texts };
  return texts;
}

const treeCache = new WeakMap<Game, { key: string; texts: Map<number, MoveText> }>();

/**
 * Every move of the game's tree (variations too) by node id, written in `notation`; `ply` is the
 * move's index on its own line from the start.
 */
export function treeTexts(game: Game, notation: NotationName): Map<number, MoveText> {
  const key = `${notation}|${game.startFen}|${game.treeVersion}`;
  const hit = treeCache.get(game);
  if (hit?.key === key) return hit.texts;
  const texts = new Map<number, MoveText>();
  const e = game.seek(0);
  const numbering = moveNumbering(game.startFen, e.turn());
  const walk = (node: MoveNode, ply: number): void => {
    for (const child of node.children) {
      texts.set(child.id, { ply, number: numbering(ply), color: e.turn(), text: format(game, child.move, notation) });
      e.play(child.move);
      walk(child, ply + 1);
      e.undo();
    }
  };
  try {
    walk(game.root, 0);
  } finally {
    game.seek();
  }
  treeCache.set(game, { key, texts });
  return texts;
}

/** The move at `ply` of the line shown (or `move` instead, from the same position), written in `notation`. */
export function moveTextAt(game: Game, ply: number, notation: NotationName, move = game.moves[ply]): string {
  if (!move) return '';
  game.seek(ply);
  try {
    return format(game, move, notation);
  } finally {
    game.seek();
  }
}

/** One move of the position on the board, written in `notation`. */
export function moveText(game: Game, move: string, notation: NotationName): string {
  game.seek();
  return format(game, move, notation);
}

/** A move of an engine line as shown: its number label (`12.`, `12…` or empty) and its text. */
export interface LineWord {
  label: string;
  text: string;
}

/** The moves of `line` from the position on the board, numbered, up to the first that does not fit. */
export function lineWords(game: Game, line: readonly string[], notation: NotationName): LineWord[] {
  const start = game.cursor;
  const numbering = moveNumbering(game.startFen, game.turnAt(0));
  const e = game.seek();
  const words: LineWord[] = [];
  try {
    for (let i = 0; i < line.length; i++) {
      const move = line[i]!;
      if (!e.isLegal(move)) break;
      const n = numbering(start + i);
      const label = e.turn() === 'red' ? `${n}.` : i === 0 ? `${n}…` : '';
      words.push({ label, text: format(game, move, notation) });
      e.play(move);
    }
  } finally {
    game.seek();
  }
  return words;
}

/**
 * A line of moves from the position on the board (the engine's principal variation), numbered:
 * `12. 炮二平五 马8进7 13. …`, or `12… 马8进7 13. …` when Black moves first. Stops at the first move that
 * does not fit (a line for another position is never shown as if it were this one's).
 */
export function lineText(game: Game, line: readonly string[], notation: NotationName): string {
  const start = game.cursor;
  const numbering = moveNumbering(game.startFen, game.turnAt(0));
  const e = game.seek();
  const words: string[] = [];
  try {
    for (let i = 0; i < line.length; i++) {
      const move = line[i]!;
      if (!e.isLegal(move)) break;
      const n = numbering(start + i);
      if (e.turn() === 'red') words.push(`${n}.`);
      else if (i === 0) words.push(`${n}…`);
      words.push(format(game, move, notation));
      e.play(move);
    }
  } finally {
    game.seek();
  }
  return words.join(' ');
}
