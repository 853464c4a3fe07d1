// The search's named constants, as values a tuner can change (tune/spsa.ts sets them through the
// UCI option SearchParams; web/engine/search-params.ts names them, with their ranges). Each is a
// global read where the search uses it, so the defaults here are the shipped search, and a build
// with them searches exactly as one with the numbers written in place.
import { fillReductionTable } from './ordering';

/** Reverse futility: the margin a ply of depth (less a ply when improving). */
export let rfpMargin: i32 = 90;
/** Razoring: the static evaluation this far below alpha, plus `razorDepth` a ply, tries quiescence. */
export let razorBase: i32 = 200;
export let razorDepth: i32 = 220;
/** Null move: centipawns above beta per extra ply of reduction (at most 3 more). */
export let nullEvalDivisor: i32 = 200;
/** Late-move pruning: quiets after (lmpBase + depth^2), halved when not improving. */
export let lmpBase: i32 = 3;
/** Futility pruning of quiets: static evaluation + base + depth * (reduced depth) at or below alpha. */
export let futilityBase: i32 = 100;
export let futilityDepth: i32 = 100;
/** History pruning: quiets whose history is below -historyPrune * depth. */
export let historyPrune: i32 = 4000;
/** Exchange pruning: quiets losing more than seeQuiet * d^2, captures more than seeCapture * depth. */
export let seeQuiet: i32 = 25;
export let seeCapture: i32 = 120;
/** Singular extension: the other moves must fall this much per ply of depth below the hash score. */
export let singularMargin: i32 = 2;
/** Late-move reductions: history divided by this is taken off the reduction of a quiet. */
export let historyReduction: i32 = 12000;
/** Late-move reductions: lmrBase / 100 + ln(depth) ln(move) / (lmrDivisor / 100) plies (ordering.ts's table). */
export let lmrBase: i32 = 50;
export let lmrDivisor: i32 = 210;
/** The first aspiration window's half-width at the root. */
export let aspirationDelta: i32 = 35;
/** Quiescence's delta pruning: a capture that cannot lift the evaluation within this of alpha is skipped. */
export let deltaMargin: i32 = 150;

/**
 * Sets constant `index` (the order above, as web/engine/search-params.ts numbers them) to `value`;
 * 1 if there is such a constant, else 0. The reduction table is filled again when its constants change.
 */
export function setParam(index: i32, value: i32): i32 {
  switch (index) {
    case 0:
      rfpMargin = value;
      break;
    case 1:
      razorBase = value;
      break;
    case 2:
      razorDepth = value;
      break;
    case 3:
      nullEvalDivisor = value;
      break;
    case 4:
      lmpBase = value;
      break;
    case 5:
      futilityBase = value;
      break;
    case 6:
      futilityDepth = value;
      break;
    case 7:
      historyPrune = value;
      break;
    case 8:
      seeQuiet = value;
      break;
    case 9:
      seeCapture = value;
      break;
    case 10:
      singularMargin = value;
      break;
    case 11:
      historyReduction = value;
      break;
    case 12:
      lmrBase = value;
      break;
    case 13:
      lmrDivisor = value;
      break;
    case 14:
      aspirationDelta = value;
      break;
    case 15:
      deltaMargin = value;
      break;
    default:
      return 0;
  }
  if (index == 12 || index == 13) fillReductionTable(lmrBase, lmrDivisor);
  return 1;
}

/** The value of constant `index` (0 when there is none). */
export function param(index: i32): i32 {
  switch (index) {
    case 0:
      return rfpMargin;
    case 1:
      return razorBase;
    case 2:
      return razorDepth;
    case 3:
      return nullEvalDivisor;
    case 4:
      return lmpBase;
    case 5:
      return futilityBase;
    case 6:
      return futilityDepth;
    case 7:
      return historyPrune;
    case 8:
      return seeQuiet;
    case 9:
      return seeCapture;
    case 10:
      return singularMargin;
    case 11:
      return historyReduction;
    case 12:
      return lmrBase;
    case 13:
      return lmrDivisor;
    case 14:
      return aspirationDelta;
    case 15:
      return deltaMargin;
    default:
      return 0;
  }
}
