// Static evaluation from the side to move's point of view. Every term is a parameter of the weight
// vector (eval-layout.ts, values in the generated weights.ts) times a count, with a midgame and an
// endgame value blended by the phase, so the evaluation is linear in its parameters and the tuner
// (tune/) can fit them all at once. Piece-square values (with material) are kept incrementally by
// make/unmake; the rest is counted here: mobility, king safety, cannons and rooks on the king's
// file, pawn links, piece pairs, open files. `traceEvaluation` lists the counts for the tuner.
import { SQUARES, PIECE_SQ, IN_BOARD, HALF, EVAL_WEIGHTS, IO } from './layout';
import { ldU8, ld32, st32 } from './target/mem';
import { side, placement, placementEg, historyLength } from './board';
import { networkHidden, evaluateNetwork } from './nnue';
import {
  sideTag,
  pieceType,
  pieceSide,
  SLOT_ADVISOR,
  SLOT_BISHOP,
  SLOT_KNIGHT,
  SLOT_ROOK,
  SLOT_CANNON,
  SLOT_PAWN,
  SLOTS_END,
  WALL,
} from './pieces';
import {
  P_PST,
  P_ROOK_MOBILITY,
  P_HORSE_MOBILITY,
  P_CANNON_MOBILITY,
  P_KING_ATTACK,
  P_ATTACKER,
  P_HOLLOW_CANNON,
  P_SCREEN_CANNON,
  P_OPEN_KING_FILE,
  P_DEFENCE,
  P_LINKED_PAWNS,
  P_PAIRS,
  P_ROOK_OPEN_FILE,
  P_ROOK_HALF_OPEN_FILE,
  P_BATTERY,
  P_TEMPO,
  PARAMETERS,
  PHASE_MAX,
} from './eval-layout';
import { WEIGHTS } from './weights';

let accMg: i32 = 0;
let accEg: i32 = 0;
let phase: i32 = 0;
let tracing: bool = false;
let traceSign: i32 = 1;
let traceCount: i32 = 0;
/** Trace layout at IO: i32 count, i32 phase, then (parameter, count from Red's view) i32 pairs. */
const TRACE_AT: i32 = IO + 8;
const TRACE_MAX: i32 = 500;

/** Copies the generated weights into memory, where the evaluation and pst.ts read them. */
export function loadWeights(): void {
  for (let i = 0; i < PARAMETERS * 2; i++) st32(EVAL_WEIGHTS + i * 4, WEIGHTS[i]);
}

export function weightMg(param: i32): i32 {
  return ld32(EVAL_WEIGHTS + param * 8);
}
export function weightEg(param: i32): i32 {
  return ld32(EVAL_WEIGHTS + param * 8 + 4);
}

function add(param: i32, n: i32): void {
  accMg += n * ld32(EVAL_WEIGHTS + param * 8);
  accEg += n * ld32(EVAL_WEIGHTS + param * 8 + 4);
  if (tracing) record(param, n * traceSign);
}

function record(param: i32, n: i32): void {
  if (n == 0 || traceCount >= TRACE_MAX) return;
  st32(TRACE_AT + traceCount * 8, param);
  st32(TRACE_AT + traceCount * 8 + 4, n);
  traceCount++;
}

/** The piece-square parameter of piece type `type` on (rank, file) seen from its own side. */
export function pstParam(type: i32, rank: i32, file: i32): i32 {
  return P_PST + type * 50 + rank * 5 + (file > 4 ? 8 - file : file);
}

function rankOf(sq: i32): i32 {
  return (sq >> 4) - 3;
}
function fileOf(sq: i32): i32 {
  return (sq & 15) - 3;
}

/** Points a rook reaches along one line: the empty ones and an enemy piece that ends it. */
function rookRay(from: i32, step: i32, own: i32): i32 {
  let n = 0;
  let sq = from + step;
  let id = ldU8(SQUARES + sq);
  while (id == 0) {
    n++;
    sq += step;
    id = ldU8(SQUARES + sq);
  }
  return id != WALL && (id & own) == 0 ? n + 1 : n;
}

function emptyRay(from: i32, step: i32): i32 {
  let n = 0;
  let sq = from + step;
  while (ldU8(SQUARES + sq) == 0) {
    n++;
    sq += step;
  }
  return n;
}

function horseTargets(from: i32, own: i32): i32 {
  let n = 0;
  if (ldU8(SQUARES + from + 16) == 0) n += freeHorsePoint(from + 31, own) + freeHorsePoint(from + 33, own);
  if (ldU8(SQUARES + from - 16) == 0) n += freeHorsePoint(from - 31, own) + freeHorsePoint(from - 33, own);
  if (ldU8(SQUARES + from + 1) == 0) n += freeHorsePoint(from + 18, own) + freeHorsePoint(from - 14, own);
  if (ldU8(SQUARES + from - 1) == 0) n += freeHorsePoint(from - 18, own) + freeHorsePoint(from + 14, own);
  return n;
}

function freeHorsePoint(sq: i32, own: i32): i32 {
  const id = ldU8(SQUARES + sq);
  return id != WALL && (id & own) == 0 ? 1 : 0;
}

/** Pieces between two points on one file (both exclusive), or -1 when they are not on one file. */
function piecesBetweenOnFile(a: i32, b: i32): i32 {
  if ((a & 15) != (b & 15)) return -1;
  const step = a < b ? 16 : -16;
  let n = 0;
  for (let sq = a + step; sq != b; sq += step) {
    if (ldU8(SQUARES + sq) != 0) n++;
  }
  return n;
}

function isPawn(id: i32): bool {
  return id != 0 && (id & 15) >= SLOT_PAWN;
}

/** Everything but piece-square values, for side `s`, into the accumulators. */
function sideTerms(s: i32): void {
  const own = sideTag(s);
  const enemy = sideTag(s ^ 1);
  const enemyKing = ldU8(PIECE_SQ + enemy);
  let rooks = 0;
  let horses = 0;
  let cannons = 0;
  let onKingFile = 0;

  for (let slot = SLOT_ROOK; slot < SLOT_CANNON; slot++) {
    const sq = ldU8(PIECE_SQ + own + slot);
    if (sq == 0) continue;
    rooks++;
    add(P_ROOK_MOBILITY + rookRay(sq, 16, own) + rookRay(sq, -16, own) + rookRay(sq, 1, own) + rookRay(sq, -1, own), 1);
    let ownPawns = 0;
    let enemyPawns = 0;
    for (let at = (sq & 15) + 48; at < 208; at += 16) {
      const id = ldU8(SQUARES + at);
      if (isPawn(id)) {
        if ((id & own) != 0) ownPawns++;
        else enemyPawns++;
      }
    }
    if (ownPawns == 0) add(enemyPawns == 0 ? P_ROOK_OPEN_FILE : P_ROOK_HALF_OPEN_FILE, 1);
    if ((sq & 15) == (enemyKing & 15)) onKingFile++;
  }
  for (let slot = SLOT_KNIGHT; slot < SLOT_ROOK; slot++) {
    const sq = ldU8(PIECE_SQ + own + slot);
    if (sq == 0) continue;
    horses++;
    add(P_HORSE_MOBILITY + horseTargets(sq, own), 1);
  }
  for (let slot = SLOT_CANNON; slot < SLOT_PAWN; slot++) {
    const sq = ldU8(PIECE_SQ + own + slot);
    if (sq == 0) continue;
    cannons++;
    add(P_CANNON_MOBILITY + emptyRay(sq, 16) + emptyRay(sq, -16) + emptyRay(sq, 1) + emptyRay(sq, -1), 1);
    const between = piecesBetweenOnFile(sq, enemyKing);
    if (between == 0) add(P_HOLLOW_CANNON, 1);
    else if (between == 1) add(P_SCREEN_CANNON, 1);
    if (between >= 0) onKingFile++;
  }
  if (onKingFile >= 2) add(P_BATTERY, 1);
  phase += rooks * 2 + horses + cannons;

  // The enemy king's file: open when no enemy piece stands in front of the king.
  if (rooks > 0) {
    const forward = s == 0 ? -16 : 16;
    let open = true;
    for (let sq = enemyKing + forward; ldU8(IN_BOARD + sq) != 0; sq += forward) {
      if ((ldU8(SQUARES + sq) & enemy) != 0) {
        open = false;
        break;
      }
    }
    if (open) add(P_OPEN_KING_FILE, rooks);
  }

  // Pawns across the river standing side by side.
  let links = 0;
  const enemyHalf = 2 >> s;
  for (let slot = SLOT_PAWN; slot < SLOTS_END; slot++) {
    const sq = ldU8(PIECE_SQ + own + slot);
    if (sq != 0 && (ldU8(HALF + sq) & enemyHalf) != 0) {
      const right = ldU8(SQUARES + sq + 1);
      if (isPawn(right) && (right & own) != 0) links++;
    }
  }
  if (links > 0) add(P_LINKED_PAWNS, links);

  if (rooks == 2) add(P_PAIRS, 1);
  if (horses == 2) add(P_PAIRS + 1, 1);
  if (cannons == 2) add(P_PAIRS + 2, 1);
  if (rooks > 0 && cannons > 0) add(P_PAIRS + 3, 1);
  if (horses > 0 && cannons > 0) add(P_PAIRS + 4, 1);

  // Our king's safety: enemy pieces near our palace against our advisors and elephants.
  let attackers = 0;
  let heavy = 0;
  for (let slot = SLOT_KNIGHT; slot < SLOTS_END; slot++) {
    const sq = ldU8(PIECE_SQ + enemy + slot);
    if (sq == 0) continue;
    const rank = s == 0 ? rankOf(sq) : 9 - rankOf(sq);
    const file = fileOf(sq);
    let kind = -1;
    if (slot < SLOT_ROOK) {
      heavy++;
      if (rank <= 4 && file >= 1 && file <= 7) kind = 1;
    } else if (slot < SLOT_CANNON) {
      heavy++;
      if (rank <= 4) kind = 0;
    } else if (slot < SLOT_PAWN) {
      heavy++;
      if ((file >= 3 && file <= 5) || rank <= 2) kind = 2;
    } else if (rank <= 3 && file >= 2 && file <= 6) {
      kind = 3;
    }
    if (kind >= 0) {
      attackers++;
      add(P_ATTACKER + kind, 1);
    }
  }
  let advisors = 0;
  let elephants = 0;
  for (let slot = SLOT_ADVISOR; slot < SLOT_BISHOP; slot++) if (ldU8(PIECE_SQ + own + slot) != 0) advisors++;
  for (let slot = SLOT_BISHOP; slot < SLOT_KNIGHT; slot++) if (ldU8(PIECE_SQ + own + slot) != 0) elephants++;
  add(P_KING_ATTACK + (attackers < 6 ? attackers : 6) * 5 + advisors + elephants, 1);
  if (heavy > 0) add(P_DEFENCE + advisors * 3 + elephants, heavy);
}

function blend(mg: i32, eg: i32): i32 {
  const p = phase < PHASE_MAX ? phase : PHASE_MAX;
  return ((mg * p + eg * (PHASE_MAX - p)) / PHASE_MAX) | 0;
}

/** The position's score for the side to move: the network's when one is in use. */
export function evaluate(): i32 {
  return networkHidden != 0 ? evaluateNetwork(historyLength, side) : handEvaluate();
}

/** The hand-written (tuned linear) evaluation. */
export function handEvaluate(): i32 {
  phase = 0;
  accMg = 0;
  accEg = 0;
  traceSign = 1;
  sideTerms(0);
  const redMg = accMg;
  const redEg = accEg;
  accMg = 0;
  accEg = 0;
  traceSign = -1;
  sideTerms(1);
  let mg = placement + redMg - accMg;
  let eg = placementEg + redEg - accEg;
  const tempo = side == 0 ? 1 : -1;
  mg += tempo * weightMg(P_TEMPO);
  eg += tempo * weightEg(P_TEMPO);
  if (tracing) record(P_TEMPO, tempo);
  const red = blend(mg, eg);
  return side == 0 ? red : -red;
}

/** The phase counted from the piece list alone (for the lazy evaluation). */
function countPhase(): i32 {
  let p = 0;
  for (let s = 0; s < 2; s++) {
    const tag = sideTag(s);
    for (let slot = SLOT_KNIGHT; slot < SLOT_PAWN; slot++) {
      if (ldU8(PIECE_SQ + tag + slot) != 0) p += slot >= SLOT_ROOK && slot < SLOT_CANNON ? 2 : 1;
    }
  }
  return p;
}

/** Positional terms rarely move the score by more than this; beyond it, material decides. */
const LAZY_MARGIN: i32 = 250;

/** The evaluation, skipping the positional terms when material alone is far outside (alpha, beta). */
export function evaluateLazy(alpha: i32, beta: i32): i32 {
  if (networkHidden != 0) return evaluateNetwork(historyLength, side);
  phase = countPhase();
  const red = blend(placement, placementEg);
  const material = side == 0 ? red : -red;
  if (material - LAZY_MARGIN >= beta || material + LAZY_MARGIN <= alpha) return material;
  return handEvaluate();
}

/**
 * Writes the evaluation's parameter counts at IO (see TRACE_AT) for the tuner and returns the
 * evaluation: sum over the pairs of count * (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX
 * gives it back from Red's view, up to rounding.
 */
export function traceEvaluation(): i32 {
  tracing = true;
  traceCount = 0;
  for (let id = 16; id < 48; id++) {
    const sq = ldU8(PIECE_SQ + id);
    if (sq == 0) continue;
    const s = pieceSide(id);
    const rank = s == 0 ? rankOf(sq) : 9 - rankOf(sq);
    const file = s == 0 ? fileOf(sq) : 8 - fileOf(sq);
    record(pstParam(pieceType(id), rank, file), s == 0 ? 1 : -1);
  }
  const score = handEvaluate();
  tracing = false;
  st32(IO, traceCount);
  st32(IO + 4, phase < PHASE_MAX ? phase : PHASE_MAX);
  return score;
}
