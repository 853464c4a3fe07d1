// The search driver: iterative deepening with aspiration windows at the root, MultiPV lines,
// weakened play (skill levels), time management, and the Lazy SMP helpers' schedule. The tree
// search itself is search.ts.
import { aspirationDelta } from './params';
import { MAX_PLY, PV_TABLE, PV_LENGTH, PV_OUT, ROOT_MOVES, ROOT_SCORES, MAX_LINES, LINE_PVS } from './layout';
import { ld32, st32 } from './target/mem';
import { now, reportIteration, publishNodes } from './target/host';
import { forgetMovesInProgress, publishLeaderDepth, leaderDepth } from './target/smp';
import { generateLegal, generatePseudo, moveListAt } from './movegen';
import { newSearch, attachTable, enterCorner, leaveCorner } from './tt';
import { beginWeakness, endWeakness, settleRoot, rootSkips, depthCapFor, nodeCapFor } from './weakness';
import { startHeuristics, resetHeuristics, clearSearchStack } from './ordering';
import {
  INFINITE,
  SEARCH_PLY_LIMIT,
  search,
  beginSearch,
  beginRootSearch,
  forgetIterationBest,
  resumeAfterOvertaken,
  keepAllowedRoots,
  nodes,
  stopped,
  seldepth,
  overtaken,
  iterationBest,
  iterationScore,
} from './search';
import { packMove90 } from './pieces';
import { prepareAccumulators } from './nnue';
import { historyLength, side } from './board';
import { MATE, MATE_BOUND, STRENGTH_FULL } from './facts';

let startTime: f64 = 0;
let rootCount: i32 = 0;

// Result.
export let bestMove: i32 = 0;
export let ponderMove: i32 = 0;
export let bestScore: i32 = 0;
export let completedDepth: i32 = 0;

const LINE_BYTES: i32 = (MAX_PLY + 1) * 4;

/** Keeps the root PV just found as MultiPV line `line`. */
function saveLine(line: i32): void {
  const at = LINE_PVS + line * LINE_BYTES;
  const length = ld32(PV_LENGTH);
  st32(at, length);
  for (let i = 0; i < length; i++) st32(at + 4 + i * 4, ld32(PV_TABLE + i * 4));
}

function swapWords(a: i32, b: i32): void {
  const t = ld32(a);
  st32(a, ld32(b));
  st32(b, t);
}

/** Orders the first `count` lines by score, best first (their moves, scores and PVs together). */
function sortLines(count: i32): void {
  for (let i = 1; i < count; i++) {
    for (let j = i; j > 0 && ld32(ROOT_SCORES + j * 4) > ld32(ROOT_SCORES + (j - 1) * 4); j--) {
      swapWords(ROOT_SCORES + j * 4, ROOT_SCORES + (j - 1) * 4);
      swapWords(ROOT_MOVES + j * 4, ROOT_MOVES + (j - 1) * 4);
      for (let w = 0; w <= MAX_PLY; w++)
        swapWords(LINE_PVS + j * LINE_BYTES + w * 4, LINE_PVS + (j - 1) * LINE_BYTES + w * 4);
    }
  }
}

function report(depth: i32, line: i32): void {
  const at = LINE_PVS + line * LINE_BYTES;
  const length = ld32(at);
  for (let i = 0; i < length; i++) {
    const mv = ld32(at + 4 + i * 4);
    st32(PV_OUT + i * 4, packMove90(mv));
  }
  reportIteration(depth, seldepth, ld32(ROOT_SCORES + line * 4), nodes, line + 1, length);
}

/** Searches one root line at `depth` with aspiration around `guess`; returns its score. */
function searchRootLine(depth: i32, guess: i32): i32 {
  let delta = aspirationDelta;
  let alpha = depth >= 4 ? guess - delta : -INFINITE;
  let beta = depth >= 4 ? guess + delta : INFINITE;
  while (true) {
    const score = search(depth, alpha, beta, 0, false);
    if (stopped) return score;
    if (score <= alpha && alpha > -INFINITE) {
      // Nothing found in a failed-low window has been compared with the previous best.
      forgetIterationBest();
      alpha = delta > 600 ? -INFINITE : alpha - delta;
    } else if (score >= beta && beta < INFINITE) {
      beta = delta > 600 ? INFINITE : beta + delta;
    } else {
      return score;
    }
    delta += delta;
  }
}

/**
 * Runs a search on the current position. Limits of 0 mean none. `multiPv` lines are reported;
 * below STRENGTH_FULL, `strength` weakens the search on purpose (weakness.ts), its blind spots
 * fixed by `seed`, and `keepMajors` (1) keeps it from hanging a horse, cannon or rook.
 * Returns the number of completed iterations; results are in bestMove, bestScore, ponderMove.
 */
export function think(
  maxDepth: i32,
  moveTimeMs: f64,
  softTimeMs: f64,
  maxNodes: f64,
  multiPv: i32,
  strength: i32,
  seed: i32,
  keepMajors: i32,
): i32 {
  const weak = strength < STRENGTH_FULL;
  if (!weak) return run(maxDepth, moveTimeMs, softTimeMs, maxNodes, multiPv, 0);
  // A weakened search starts from nothing (the same position, strength and seed give the same
  // move), within a depth and node budget.
  beginWeakness(strength, seed, keepMajors != 0);
  enterCorner();
  resetHeuristics();
  clearSearchStack();
  const cap = depthCapFor(strength);
  const budget = nodeCapFor(strength);
  const depth = maxDepth > 0 && maxDepth < cap ? maxDepth : cap;
  const nodes = maxNodes > 0 && maxNodes < budget ? maxNodes : budget;
  const done = run(depth, moveTimeMs, softTimeMs, nodes, multiPv, 0);
  // Out of nodes before the first iteration was done: the best of the moves it looked at.
  if (done == 0 && rootCount > 0) bestMove = iterationBest != 0 ? iterationBest : firstSeenMove();
  leaveCorner();
  endWeakness();
  return done;
}

/** The first root move the weakened player does not skip (there always is one: settleRoot). */
function firstSeenMove(): i32 {
  const list = moveListAt(MAX_PLY - 1);
  const moves = generatePseudo(moveListAt(MAX_PLY - 2), false);
  for (let i = 0; i < rootCount; i++) {
    const mv = ld32(list + (i << 2));
    if (!rootSkips(mv, moves)) return mv;
  }
  return ld32(list);
}

/** Runs `think` as Lazy SMP helper `index` (>= 1) until the host's stop flag is raised. */
export function helpSearch(index: i32): i32 {
  return run(0, 0, 0, 0, 1, index);
}

function run(maxDepth: i32, moveTimeMs: f64, softTime: f64, maxNodes: f64, multiPv: i32, helper: i32): i32 {
  startTime = now();
  beginSearch(moveTimeMs > 0 ? startTime + moveTimeMs : 0, maxNodes, helper);
  bestMove = 0;
  ponderMove = 0;
  bestScore = 0;
  completedDepth = 0;
  if (helper == 0) {
    newSearch();
    forgetMovesInProgress();
    publishLeaderDepth(0);
  } else {
    attachTable(); // the main search may have resized the shared table or begun a generation
  }
  publishNodes(0);
  startHeuristics();
  prepareAccumulators(historyLength, side);

  const list = moveListAt(MAX_PLY - 1);
  rootCount = keepAllowedRoots(list, generateLegal(list));
  if (rootCount == 0) return 0;
  const searchable = settleRoot(list, rootCount, generatePseudo(moveListAt(MAX_PLY - 2), false));
  const wanted = multiPv < MAX_LINES ? multiPv : MAX_LINES;
  const shownLines = wanted < searchable ? wanted : searchable;
  const searchedLines = shownLines;
  const depthCap = SEARCH_PLY_LIMIT - 1;
  const limit = maxDepth > 0 && maxDepth < depthCap ? maxDepth : depthCap;
  const lineScores = ROOT_SCORES;
  let guess = 0;
  // Time with a clock: the soft limit stretches while the best move keeps changing or the score
  // falls, and shrinks while both stay put.
  let instability: f64 = 0;

  for (let depth = 1; depth <= limit; depth++) {
    if (helper > 0) {
      const lead = leaderDepth();
      if (depth <= lead) depth = lead + 1;
    }
    forgetIterationBest();
    for (let line = 0; line < searchedLines; line++) {
      beginRootSearch(depth, line, line == 0 ? bestMove : 0);
      const score = searchRootLine(depth, line == 0 ? guess : ld32(lineScores + line * 4));
      if (stopped) break;
      // This line's move is excluded from the next lines.
      st32(ROOT_MOVES + line * 4, ld32(PV_TABLE));
      st32(lineScores + line * 4, score);
      saveLine(line);
    }
    if (overtaken) {
      resumeAfterOvertaken();
      continue;
    }
    if (stopped) break;
    sortLines(searchedLines);
    const best = LINE_PVS;
    instability = instability * 0.5 + (depth > 1 && ld32(best + 4) != bestMove ? 1.0 : 0.0);
    const fall = depth > 1 ? bestScore - ld32(lineScores) : 0;
    bestMove = ld32(best + 4);
    bestScore = ld32(lineScores);
    ponderMove = ld32(best) > 1 ? ld32(best + 8) : 0;
    guess = bestScore;
    if (helper == 0) for (let line = 0; line < shownLines; line++) report(depth, line);
    completedDepth = depth;
    publishLeaderDepth(depth);
    // A forced mate is final once the depth is well past its length: the selective search finds
    // a mate long before it has looked at every shorter line (a mate in 1 has none: one more ply).
    if (bestScore > MATE_BOUND || bestScore < -MATE_BOUND) {
      const plies = MATE - (bestScore > 0 ? bestScore : -bestScore);
      if (depth >= (plies <= 1 ? 2 : 2 * plies + 2)) break;
    }
    if (softTime > 0) {
      let scale = 0.6 + 0.5 * instability + (fall > 60 ? 0.6 : fall > 25 ? 0.3 : 0.0);
      if (scale > 2.0) scale = 2.0;
      if (now() - startTime >= softTime * scale) break;
    }
  }
  // Cut off in the middle of an iteration: a root move that already beat the others there is
  // the better choice (one line only; MultiPV keeps the completed lines).
  if (stopped && helper == 0 && searchedLines == 1 && completedDepth > 0 && iterationBest != 0) {
    bestMove = iterationBest;
    bestScore = iterationScore;
    ponderMove = ld32(PV_LENGTH) > 1 ? ld32(PV_TABLE + 4) : 0;
  }
  publishLeaderDepth(0);
  if (completedDepth == 0 && bestMove == 0) {
    bestMove = ld32(list); // stopped before depth 1 finished: any legal move beats none
  }
  return completedDepth;
}

export function elapsedMs(): f64 {
  return now() - startTime;
}
