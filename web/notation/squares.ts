// Board geometry in the terms the notations use. Squares are ICCS names a0..i9 (file a-i from
// Red's left, rank 0-9 from Red's side); the board array is indexed rank * 9 + file.
// WXF and Chinese notation instead count files from each player's own right, so Red's file 1 is
// file i and Black's file 1 is file a, and "forward" means up the board for Red, down for Black.

import type { Color, PieceLetter, PieceKind } from './types.ts';

export const FILES = 9;
export const RANKS = 10;

export interface Square {
  /** 0 = file a ... 8 = file i. */
  file: number;
  /** 0 = Red's back rank ... 9 = Black's back rank. */
  rank: number;
}

/** The engine's index of a point (rank * 9 + file), as in its board() array. */
export function pointIndex(sq: Square): number {
  return sq.rank * FILES + sq.file;
}

export function squareAt(index: number): Square {
  return { file: index % FILES, rank: Math.floor(index / FILES) };
}

export function onBoard(file: number, rank: number): boolean {
  return file >= 0 && file < FILES && rank >= 0 && rank < RANKS;
}

export function squareName(sq: Square): string {
  return String.fromCharCode(97 + sq.file) + String(sq.rank);
}

/** Reads `h2` (any case); null when it is not a square. */
export function parseSquare(text: string): Square | null {
  const m = /^([a-i])([0-9])$/i.exec(text);
  if (!m) return null;
  return { file: m[1]!.toLowerCase().charCodeAt(0) - 97, rank: Number(m[2]) };
}

/** A move as its two squares; null when `move` is not plain ICCS (`h2e2`). */
export function splitMove(move: string): { from: Square; to: Square } | null {
  if (move.length !== 4) return null;
  const from = parseSquare(move.slice(0, 2));
  const to = parseSquare(move.slice(2, 4));
  return from && to ? { from, to } : null;
}

export function joinMove(from: Square, to: Square): string {
  return squareName(from) + squareName(to);
}

/** The file number (1-9) a player uses for a board file: counted from that player's right. */
export function playerFile(color: Color, file: number): number {
  return color === 'red' ? FILES - file : file + 1;
}

/** Inverse of playerFile. */
export function boardFile(color: Color, playerFileNumber: number): number {
  return color === 'red' ? FILES - playerFileNumber : playerFileNumber - 1;
}

/** +1 when the player's forward is up the board (Red), -1 when it is down (Black). */
export function forwardSign(color: Color): 1 | -1 {
  return color === 'red' ? 1 : -1;
}

export function colorOf(piece: PieceLetter): Color {
  return piece === piece.toUpperCase() ? 'red' : 'black';
}

export function kindOf(piece: PieceLetter): PieceKind {
  return piece.toUpperCase() as PieceKind;
}

export function pieceLetter(kind: PieceKind, color: Color): PieceLetter {
  return (color === 'red' ? kind : kind.toLowerCase()) as PieceLetter;
}
