// The position: pieces on the mailbox, piece list, side to move, Zobrist key, counters and the
// history of moves played (game and search alike), with make and unmake.
import {
  SQUARES,
  PIECE_SQ,
  IN_BOARD,
  ZOBRIST_LO,
  ZOBRIST_HI,
  HISTORY,
  HISTORY_ENTRY,
  H_MOVE,
  H_KEY_LO,
  H_KEY_HI,
  H_CAPTURED,
  H_CHECK,
  H_HALFMOVE,
  SNAPSHOT,
  SNAPSHOT_SCALARS,
  PIECE_VALUES,
} from './layout';
import { ldU8, stU8, ld16, st16, ld32, st32 } from './target/mem';
import { sideKeyLo, sideKeyHi } from './tables';
import { moveFrom, moveTo, SLOT_PAWN, WALL } from './pieces';
import { networkHidden, noteMove, forgetAccumulators } from './nnue';

export let side: i32 = 0;
export let keyLo: i32 = 0;
export let keyHi: i32 = 0;
/** The low half of the Zobrist key of both sides' pawns alone (the correction history's index). */
export let pawnKey: i32 = 0;
/** The low halves of the Zobrist keys of each side's other pieces, Red's and Black's (the non-pawn correction histories). */
export let nonPawnKeyRed: i32 = 0;
export let nonPawnKeyBlack: i32 = 0;
/** Plies since the last capture (the 60-move rule counts 120 of them). */
export let halfmove: i32 = 0;
/** Full-move number of the position the history starts from. */
export let startFullmove: i32 = 1;
/** Side to move when the history starts (so the full-move number can be derived). */
export let startSide: i32 = 0;
/** Number of history entries: moves made since the position was set. */
export let historyLength: i32 = 0;
/** Material and placement of all pieces from Red's point of view, midgame and endgame (pst.ts), kept up to date by make/unmake. */
export let placement: i32 = 0;
export let placementEg: i32 = 0;
/** Pieces on the board, kings included (the endgame tables are probed only where few are left). */
export let pieceTotal: i32 = 0;

export function pieceAt(sq: i32): i32 {
  return ldU8(SQUARES + sq);
}
export function clearBoard(): void {
  for (let sq = 0; sq < 256; sq++) stU8(SQUARES + sq, ldU8(IN_BOARD + sq) != 0 ? 0 : WALL);
  for (let id = 0; id < 48; id++) stU8(PIECE_SQ + id, 0);
  side = 0;
  keyLo = 0;
  keyHi = 0;
  pawnKey = 0;
  nonPawnKeyRed = 0;
  nonPawnKeyBlack = 0;
  halfmove = 0;
  startFullmove = 1;
  startSide = 0;
  historyLength = 0;
  placement = 0;
  placementEg = 0;
  pieceTotal = 0;
  forgetAccumulators();
}

/** Keeps the current position aside, so a FEN that fails validation can leave it untouched. */
export function saveSnapshot(): void {
  for (let i = 0; i < 256 + 48; i++) stU8(SNAPSHOT + i, ldU8(SQUARES + i));
  const at = SNAPSHOT_SCALARS;
  st32(at, side);
  st32(at + 4, keyLo);
  st32(at + 8, keyHi);
  st32(at + 12, halfmove);
  st32(at + 16, startFullmove);
  st32(at + 20, startSide);
  st32(at + 24, historyLength);
  st32(at + 28, placement);
  st32(at + 32, placementEg);
}

export function restoreSnapshot(): void {
  for (let i = 0; i < 256 + 48; i++) stU8(SQUARES + i, ldU8(SNAPSHOT + i));
  const at = SNAPSHOT_SCALARS;
  side = ld32(at);
  keyLo = ld32(at + 4);
  keyHi = ld32(at + 8);
  halfmove = ld32(at + 12);
  startFullmove = ld32(at + 16);
  startSide = ld32(at + 20);
  historyLength = ld32(at + 24);
  placement = ld32(at + 28);
  placementEg = ld32(at + 32);
  pawnKey = 0;
  nonPawnKeyRed = 0;
  nonPawnKeyBlack = 0;
  pieceTotal = 0;
  for (let id = 16; id < 48; id++) {
    const sq = ldU8(PIECE_SQ + id);
    if (sq == 0) continue;
    toggleKeys(id, ld32(ZOBRIST_LO + (id * 256 + sq) * 4));
    pieceTotal++;
  }
  forgetAccumulators();
}

/** Adds or removes a piece's key in the pawn or non-pawn key it belongs to. */
function toggleKeys(id: i32, key: i32): void {
  if (isPawn(id)) pawnKey ^= key;
  else if (id < 32) nonPawnKeyRed ^= key;
  else nonPawnKeyBlack ^= key;
}

// Piece ids are side tag (16 Red, 32 Black) plus slot; captured squares hold 0, which is no pawn.
function isPawn(id: i32): bool {
  return (id & 15) >= SLOT_PAWN;
}

/** Places a piece while setting up a position (keeps the key in step). */
export function putPiece(id: i32, sq: i32): void {
  stU8(SQUARES + sq, id);
  stU8(PIECE_SQ + id, sq);
  const at = (id * 256 + sq) * 4;
  keyLo ^= ld32(ZOBRIST_LO + at);
  keyHi ^= ld32(ZOBRIST_HI + at);
  toggleKeys(id, ld32(ZOBRIST_LO + at));
  placement += ld32(PIECE_VALUES + at * 2);
  placementEg += ld32(PIECE_VALUES + at * 2 + 4);
  pieceTotal++;
}

export function setSideToMove(s: i32): void {
  if (s != side) {
    keyLo ^= sideKeyLo;
    keyHi ^= sideKeyHi;
  }
  side = s;
  startSide = s;
}

export function setCounters(half: i32, full: i32): void {
  halfmove = half;
  startFullmove = full;
}

export function fullmoveNumber(): i32 {
  return startFullmove + ((historyLength + startSide) >> 1);
}

export function makeMove(mv: i32): void {
  const from = moveFrom(mv);
  const to = moveTo(mv);
  const piece = ldU8(SQUARES + from);
  const captured = ldU8(SQUARES + to);
  const entry = HISTORY + historyLength * HISTORY_ENTRY;
  st32(entry + H_MOVE, mv);
  st32(entry + H_KEY_LO, keyLo);
  st32(entry + H_KEY_HI, keyHi);
  stU8(entry + H_CAPTURED, captured);
  stU8(entry + H_CHECK, 0);
  st16(entry + H_HALFMOVE, halfmove);
  historyLength++;

  let lo = keyLo ^ sideKeyLo;
  let hi = keyHi ^ sideKeyHi;
  if (captured != 0) {
    stU8(PIECE_SQ + captured, 0);
    const at = (captured * 256 + to) * 4;
    lo ^= ld32(ZOBRIST_LO + at);
    hi ^= ld32(ZOBRIST_HI + at);
    toggleKeys(captured, ld32(ZOBRIST_LO + at));
    placement -= ld32(PIECE_VALUES + at * 2);
    placementEg -= ld32(PIECE_VALUES + at * 2 + 4);
    pieceTotal--;
    halfmove = 0;
  } else {
    halfmove++;
  }
  const atFrom = (piece * 256 + from) * 4;
  const atTo = (piece * 256 + to) * 4;
  keyLo = lo ^ ld32(ZOBRIST_LO + atFrom) ^ ld32(ZOBRIST_LO + atTo);
  keyHi = hi ^ ld32(ZOBRIST_HI + atFrom) ^ ld32(ZOBRIST_HI + atTo);
  toggleKeys(piece, ld32(ZOBRIST_LO + atFrom) ^ ld32(ZOBRIST_LO + atTo));
  placement += ld32(PIECE_VALUES + atTo * 2) - ld32(PIECE_VALUES + atFrom * 2);
  placementEg += ld32(PIECE_VALUES + atTo * 2 + 4) - ld32(PIECE_VALUES + atFrom * 2 + 4);
  stU8(SQUARES + from, 0);
  stU8(SQUARES + to, piece);
  stU8(PIECE_SQ + piece, to);
  side ^= 1;
  if (networkHidden != 0) noteMove(historyLength, piece, from, to, captured);
}

export function unmakeMove(): void {
  historyLength--;
  const entry = HISTORY + historyLength * HISTORY_ENTRY;
  const mv = ld32(entry + H_MOVE);
  const from = moveFrom(mv);
  const to = moveTo(mv);
  const piece = ldU8(SQUARES + to);
  const captured = ldU8(entry + H_CAPTURED);
  stU8(SQUARES + from, piece);
  stU8(PIECE_SQ + piece, from);
  stU8(SQUARES + to, captured);
  const atFrom = PIECE_VALUES + (piece * 256 + from) * 8;
  const atTo = PIECE_VALUES + (piece * 256 + to) * 8;
  placement += ld32(atFrom) - ld32(atTo);
  placementEg += ld32(atFrom + 4) - ld32(atTo + 4);
  toggleKeys(piece, ld32(ZOBRIST_LO + (piece * 256 + from) * 4) ^ ld32(ZOBRIST_LO + (piece * 256 + to) * 4));
  if (captured != 0) {
    stU8(PIECE_SQ + captured, to);
    toggleKeys(captured, ld32(ZOBRIST_LO + (captured * 256 + to) * 4));
    const at = PIECE_VALUES + (captured * 256 + to) * 8;
    placement += ld32(at);
    placementEg += ld32(at + 4);
    pieceTotal++;
  }
  keyLo = ld32(entry + H_KEY_LO);
  keyHi = ld32(entry + H_KEY_HI);
  halfmove = ld16(entry + H_HALFMOVE);
  side ^= 1;
}

/** Passes the turn (null move, for search); undone by unmakeNullMove. */
export function makeNullMove(): void {
  const entry = HISTORY + historyLength * HISTORY_ENTRY;
  st32(entry + H_MOVE, 0);
  st32(entry + H_KEY_LO, keyLo);
  st32(entry + H_KEY_HI, keyHi);
  stU8(entry + H_CAPTURED, 0);
  stU8(entry + H_CHECK, 0);
  st16(entry + H_HALFMOVE, halfmove);
  historyLength++;
  if (networkHidden != 0) noteMove(historyLength, 0, 0, 0, 0);
  keyLo ^= sideKeyLo;
  keyHi ^= sideKeyHi;
  side ^= 1;
}

export function unmakeNullMove(): void {
  historyLength--;
  const entry = HISTORY + historyLength * HISTORY_ENTRY;
  keyLo = ld32(entry + H_KEY_LO);
  keyHi = ld32(entry + H_KEY_HI);
  side ^= 1;
}

/** Sets the side to move alone (key untouched), for the rules' probes of what a side attacks;
 *  every caller puts the real side back before anything else reads it. */
export function setProbeSide(s: i32): void {
  side = s;
}

/** Records whether the last move made gave check (the repetition rules need it). */
export function markLastMoveCheck(check: bool): void {
  stU8(HISTORY + (historyLength - 1) * HISTORY_ENTRY + H_CHECK, check ? 1 : 0);
}

/** Whether the last move made was marked as giving check (markLastMoveCheck). */
export function lastMoveGaveCheck(): bool {
  return ldU8(HISTORY + (historyLength - 1) * HISTORY_ENTRY + H_CHECK) != 0;
}

/** Sets the check flag of history entry `i` (the chase replay puts back what makeMove cleared). */
export function setHistoryCheck(i: i32, check: bool): void {
  stU8(HISTORY + i * HISTORY_ENTRY + H_CHECK, check ? 1 : 0);
}

export function historyMove(i: i32): i32 {
  return ld32(HISTORY + i * HISTORY_ENTRY + H_MOVE);
}
export function historyKeyLo(i: i32): i32 {
  return ld32(HISTORY + i * HISTORY_ENTRY + H_KEY_LO);
}
export function historyKeyHi(i: i32): i32 {
  return ld32(HISTORY + i * HISTORY_ENTRY + H_KEY_HI);
}
export function historyGaveCheck(i: i32): bool {
  return ldU8(HISTORY + i * HISTORY_ENTRY + H_CHECK) != 0;
}
