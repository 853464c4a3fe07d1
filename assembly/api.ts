// The engine's whole exported surface: integers and offsets in, integers out. Text and lists
// cross through the IO region of the memory block (see layout.ts), read as views by the adapter.
import { IO, ERROR_INFO, MAX_PLY, MAX_HISTORY, MAX_MOVES, ROOT_ALLOWED } from './layout';
import { stU8, st32, ld32, basePtr, selectSlot } from './target/mem';
import { initTables } from './tables';
import { squareOf, squareFrom90, makeMoveCode, packMove90, moveTo } from './pieces';
import {
  side,
  makeMove,
  unmakeMove,
  markLastMoveCheck,
  historyLength,
  historyMove,
  pieceAt,
  keyLo,
  keyHi,
} from './board';
import { inCheck, inCheckAfter, givesCheck } from './attacks';
import { generateLegal, moveListAt } from './movegen';
import { readFen, writeFen, letterOf } from './fen';
import { perft } from './perft';
import { gameStatus, setRuleSet, ruleSet } from './rules';
import { initPieceValues } from './pst';
import { setTableSize, clearTable, hashfull, attachTable } from './tt';
import { think, helpSearch, bestMove, ponderMove, bestScore, elapsedMs } from './think';
import { nodes, allowRootMoves } from './search';
import { initSearchTables, resetHeuristics, fillReductionTable } from './ordering';
import { setParam, param, lmrBase, lmrDivisor } from './params';
import { evaluate, traceEvaluation } from './eval';
import { networkAddress, useNetwork, useKingBucketNetwork, forgetAccumulators } from './nnue';
import { PV_OUT, TABLE_PIECES } from './layout';
import { tableHits, markTableMaterial as markTable, clearTableMaterials as clearTables } from './tablebase';
import { HASH_DEFAULT_MB } from './facts';
import { see, seeBelow, initSeeValues } from './see';

initTables();
initSeeValues();
initPieceValues();
initSearchTables();
fillReductionTable(lmrBase, lmrDivisor);
setTableSize(HASH_DEFAULT_MB);

/**
 * Makes this instance work in engine block `slot` from now on. Only the threaded build has more
 * than one (slot 0 for the main search, 1.. for helpers, one per thread on the shared memory);
 * the new block starts with the tables set up and no position. Returns 1 if the slot exists.
 */
export function useThreadSlot(slot: i32): i32 {
  if (!selectSlot(slot)) return 0;
  attachTable();
  return 1;
}

/** Offset of the engine's memory block in the build's memory (0 in the JS build). */
export function memoryBase(): i32 {
  return basePtr();
}
export function ioOffset(): i32 {
  return IO;
}
export function errorInfoOffset(): i32 {
  return ERROR_INFO;
}

/** Sets the position from the FEN text of `length` bytes written at IO; 0 or a FEN_* error code. */
export function setFen(length: i32): i32 {
  return readFen(length);
}

/** Writes the FEN at IO and returns its length. */
export function getFen(): i32 {
  return writeFen();
}

export function sideToMove(): i32 {
  return side;
}

export function isInCheck(): i32 {
  return inCheck(side) ? 1 : 0;
}

/** Writes the 90 points (rank * 9 + file) at IO as FEN letter codes, 0 for empty. */
export function writeBoard(): void {
  for (let rank = 0; rank < 10; rank++) {
    for (let file = 0; file < 9; file++) {
      const id = pieceAt(squareOf(rank, file));
      stU8(IO + rank * 9 + file, id == 0 ? 0 : letterOf(id));
    }
  }
}

/** Writes the legal moves at IO as i32 `from90 | to90 << 8`; returns how many. */
export function writeLegalMoves(): i32 {
  const list = moveListAt(MAX_PLY - 1);
  const n = generateLegal(list);
  for (let i = 0; i < n; i++) {
    const mv = ld32(list + (i << 2));
    st32(IO + (i << 2), packMove90(mv));
  }
  return n;
}

/** The move between two points (0..89) if it is legal in the current position, else 0. */
function legalMove(from90: i32, to90: i32): i32 {
  if (from90 < 0 || from90 > 89 || to90 < 0 || to90 > 89) return 0;
  const wanted = makeMoveCode(squareFrom90(from90), squareFrom90(to90));
  const list = moveListAt(MAX_PLY - 1);
  const n = generateLegal(list);
  for (let i = 0; i < n; i++) if (ld32(list + (i << 2)) == wanted) return wanted;
  return 0;
}

/** Plays the move between two points (0..89) if it is legal; returns 1 if played, else 0. */
export function playMove(from90: i32, to90: i32): i32 {
  if (hasHistoryRoom() == 0) return 0;
  const mv = legalMove(from90, to90);
  if (mv == 0) return 0;
  makeMove(mv);
  markLastMoveCheck(inCheck(side));
  return 1;
}

/**
 * For tests: the static exchange of a legal move (what the side to move gains on the target point,
 * both sides stopping at their best moment) at IO as an i32, and at IO + 4 whether the search's
 * shortcut seeBelow says it is below `threshold` (1 or 0). Returns 1, or 0 when the move is not legal.
 */
export function staticExchange(from90: i32, to90: i32, threshold: i32): i32 {
  const mv = legalMove(from90, to90);
  if (mv == 0) return 0;
  st32(IO, see(mv));
  st32(IO + 4, seeBelow(mv, threshold) ? 1 : 0);
  return 1;
}

/** Writes the position's 64-bit hash key (what the table and the repetition rules go by) at IO: low word, then high. */
export function positionKey(): void {
  st32(IO, keyLo);
  st32(IO + 4, keyHi);
}

/**
 * For tests: plays each legal move of the position and counts those after which the search's
 * shortcuts answer otherwise than the full inCheck: inCheckAfter once the move is made, givesCheck
 * before (0 when they all agree).
 */
export function checkShortcutDisagreements(): i32 {
  const list = moveListAt(MAX_PLY - 1);
  const n = generateLegal(list);
  let wrong = 0;
  for (let i = 0; i < n; i++) {
    const mv = ld32(list + (i << 2));
    const before = givesCheck(mv, side);
    makeMove(mv);
    const check = inCheck(side);
    if (inCheckAfter(mv, side) != check) wrong++;
    if (before != check) wrong++;
    unmakeMove();
  }
  return wrong;
}

/** Takes back the last move; returns it as `from90 | to90 << 8`, or -1 when there is none. */
export function undoMove(): i32 {
  if (historyLength == 0) return -1;
  const mv = historyMove(historyLength - 1);
  unmakeMove();
  return packMove90(mv);
}

export function movesPlayed(): i32 {
  return historyLength;
}

/** 1 while another move fits in the history, leaving room for a search's plies. */
export function hasHistoryRoom(): i32 {
  return historyLength < MAX_HISTORY - MAX_PLY ? 1 : 0;
}

/** Chooses the repetition rules (a RULE_* code of facts.ts); 1 if the code is known, else 0. */
export function setRule(rule: i32): i32 {
  return setRuleSet(rule) ? 1 : 0;
}

export function rule(): i32 {
  return ruleSet;
}

/**
 * Sets the search's named constant `index` (assembly/params.ts; web/engine/search-params.ts names
 * them) for a tuner; 1 if there is such a constant, else 0. The value is not checked here.
 */
export function setSearchParam(index: i32, value: i32): i32 {
  return setParam(index, value);
}

/** The value of the search's named constant `index` (0 when there is none). */
export function searchParam(index: i32): i32 {
  return param(index);
}

/** Result in the low 4 bits (0 none, 1 Red wins, 2 Black wins, 3 draw), reason above (see rules.ts). */
export function status(): i32 {
  return gameStatus();
}

export function perftCount(depth: i32): f64 {
  return perft(depth);
}

/** Sizes the transposition table (MB); returns 1 on success. */
export function setHashSize(megabytes: i32): i32 {
  return setTableSize(megabytes) ? 1 : 0;
}

/** Forgets everything learned by earlier searches: the table and the move-ordering history. */
export function clearHash(): void {
  clearTable();
  resetHeuristics();
}

/**
 * Limits the next searches to the `count` root moves at IO (i32 `from90 | to90 << 8` each, as
 * writeLegalMoves gives them); 0 lifts the limit. Returns how many were taken: `count` when every
 * one is legal in the current position, else 0 (and the limit is lifted).
 */
export function setRootMoves(count: i32): i32 {
  allowRootMoves(0);
  if (count <= 0 || count > MAX_MOVES) return 0;
  for (let i = 0; i < count; i++) {
    const packed = ld32(IO + (i << 2));
    const mv = legalMove(packed & 0xff, (packed >> 8) & 0xff);
    if (mv == 0) return 0;
    st32(ROOT_ALLOWED + (i << 2), mv);
  }
  allowRootMoves(count);
  return count;
}

/**
 * Searches the current position (see think.ts; below STRENGTH_FULL weakened on purpose, with its
 * blind spots fixed by `seed`, weakness.ts); each finished iteration is reported
 * through the host's reportIteration with its PV at pvOffset(). Returns the completed depth.
 */
export function searchPosition(
  maxDepth: i32,
  moveTimeMs: f64,
  softTimeMs: f64,
  maxNodes: f64,
  multiPv: i32,
  strength: i32,
  seed: i32,
  keepMajors: i32,
): i32 {
  return think(maxDepth, moveTimeMs, softTimeMs, maxNodes, multiPv, strength, seed, keepMajors);
}

/**
 * Lazy SMP helper `index` (>= 1) searches the current position without limits or reports, only
 * filling the shared transposition table, until the host's stop flag is raised.
 */
export function searchAsHelper(index: i32): i32 {
  return index > 0 ? helpSearch(index) : 0;
}

function to90(mv: i32): i32 {
  return mv == 0 ? -1 : packMove90(mv);
}
export function searchBestMove(): i32 {
  return to90(bestMove);
}
export function searchPonderMove(): i32 {
  return to90(ponderMove);
}
export function searchScore(): i32 {
  return bestScore;
}
export function searchNodes(): f64 {
  return nodes;
}
export function searchTimeMs(): f64 {
  return elapsedMs();
}
export function pvOffset(): i32 {
  return PV_OUT;
}
/** Positions the endgame tables answered in the last search. */
export function searchTableHits(): i32 {
  return tableHits;
}

/**
 * Tells the search that the host holds the endgame table of material `key` (assembly/egtb/layout.ts
 * numbers them), whose positions have `pieces` pieces, kings included; the host answers probeTable.
 */
export function markTableMaterial(key: i32, pieces: i32): void {
  markTable(key, pieces);
}
/** The host holds no endgame tables (or holds them no more). */
export function clearTableMaterials(): void {
  clearTables();
}
/** Where a probed position's pieces lie for the host, as (point, code) byte pairs (tablebase.ts). */
export function tablePiecesOffset(): i32 {
  return TABLE_PIECES;
}
/** Static evaluation of the current position, for the side to move. */
export function staticEval(): i32 {
  return evaluate();
}

/** Where a network file's body goes (bytes after its header), relative to memoryBase(). */
export function networkOffset(): i32 {
  return networkAddress();
}

/**
 * Evaluates with the network written at networkOffset() (h hidden units), or with the hand-written
 * evaluation (h = 0); returns 0 when h is not a size the engine holds (multiple of 8, 8-256).
 */
export function setNetwork(h: i32): i32 {
  return useNetwork(h) ? 1 : 0;
}

/**
 * Evaluates with the king-bucketed network (file version 2) written at networkOffset(): h hidden
 * units (a multiple of 16, 16-256), `buckets` output buckets (1-16), scales qa and qb (64, 128 or
 * 256 each); returns 0 when it cannot hold it.
 */
export function setKingBucketNetwork(h: i32, buckets: i32, qa: i32, qb: i32): i32 {
  return useKingBucketNetwork(h, buckets, qa, qb) ? 1 : 0;
}

/**
 * For the benchmark: `count` evaluations of the current position's replies, each either from the
 * pieces (fresh = 1: the accumulators forgotten first) or brought forward by the one move from the
 * position (fresh = 0), with whichever evaluation is in use; returns the sum of the scores, so that
 * builds can be shown to have done the same work.
 */
export function benchmarkEvaluation(fresh: i32, count: i32): i32 {
  const list = moveListAt(MAX_PLY - 1);
  const n = generateLegal(list);
  if (n == 0) return 0;
  evaluate();
  let sum = 0;
  for (let i = 0; i < count; i++) {
    makeMove(ld32(list + ((i % n) << 2)));
    if (fresh != 0) forgetAccumulators();
    sum = (sum + evaluate()) | 0;
    unmakeMove();
  }
  return sum;
}

/**
 * For the tuner: writes the evaluation's parameter counts at IO (i32 count, i32 phase, then
 * (parameter, count from Red's view) pairs; see eval.ts) and returns the evaluation.
 */
export function evalTrace(): i32 {
  return traceEvaluation();
}

/**
 * 1 when the position is quiet enough to teach the evaluation: the side to move is not in check
 * and has no capture that wins material by static exchange (the position is its own quiescence leaf).
 */
export function isQuiet(): i32 {
  if (inCheck(side)) return 0;
  const list = moveListAt(MAX_PLY - 1);
  const n = generateLegal(list);
  for (let i = 0; i < n; i++) {
    const mv = ld32(list + (i << 2));
    if (pieceAt(moveTo(mv)) != 0 && see(mv) > 0) return 0;
  }
  return 1;
}

/** Per mille of the transposition table filled by the current search. */
export function hashUsage(): i32 {
  return hashfull();
}
