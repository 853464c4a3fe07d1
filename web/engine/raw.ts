// The exports of either engine build (assembly/api.ts), as the adapter sees them.
export interface RawEngine {
  memoryBase(): number;
  ioOffset(): number;
  errorInfoOffset(): number;
  setFen(length: number): number;
  getFen(): number;
  sideToMove(): number;
  isInCheck(): number;
  writeBoard(): void;
  writeLegalMoves(): number;
  playMove(from90: number, to90: number): number;
  undoMove(): number;
  movesPlayed(): number;
  status(): number;
  perftCount(depth: number): number;
}

/** A loaded build: its exports and a way to reach its memory (which may be replaced when it grows). */
export interface LoadedBuild {
  raw: RawEngine;
  buffer(): ArrayBuffer;
}
