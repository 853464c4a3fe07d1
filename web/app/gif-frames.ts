// The frames of a game's animated GIF (the export dialog's "Game as GIF"): the position after each move
// of the line from the start, with the move that led to it, check, and a caption ("12. 炮二平五" as the
// move list writes it). gif-worker.ts paints and encodes them off the page's thread.
import type { NotationName } from '../notation/index.ts';
import type { PictureOptions } from '../board/picture.ts';
import type { Game } from './game.ts';
import { moveTexts } from './notation-text.ts';

export interface GifFrame {
  fen: string;
  lastMove: string | null;
  inCheck: boolean;
  caption: string;
}

/** What the worker is asked to make. */
export interface GifRequest {
  frames: GifFrame[];
  /** Milliseconds each move stays on screen (the last position three times as long). */
  delay: number;
  picture: PictureOptions;
  /** The page's font for the captions (Chinese moves and words). */
  fontUrl: string;
}

/** What the worker answers: progress after each frame, then the file or why it could not be made. */
export type GifReply =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; gif: Uint8Array<ArrayBuffer> }
  | { type: 'error'; message: string };

/** The start and the position after each of the line's first `plies` moves; the game's cursor is kept. */
export function gifFrames(game: Game, plies: number, notation: NotationName, startCaption: string): GifFrame[] {
  const texts = moveTexts(game, notation);
  const frames: GifFrame[] = [];
  for (let ply = 0; ply <= plies; ply++) {
    const e = game.seek(ply);
    const text = texts[ply - 1];
    frames.push({
      fen: e.fen(),
      lastMove: game.moves[ply - 1] ?? null,
      inCheck: e.inCheck(),
      caption: text ? `${text.number}${text.color === 'red' ? '.' : '…'} ${text.text}` : startCaption,
    });
  }
  game.seek();
  return frames;
}
