// Iterative deepening alpha-beta (negamax, principal-variation search) with aspiration windows,
// a transposition table, quiescence on captures (all evasions when in check), ordering by hash
// move, MVV-LVA, killers and history, null-move pruning guarded against zugzwang, late-move
// reductions, check extension, mate scores by distance, and the Xiangqi repetition rules.
// The threaded build runs it on several threads at once (Lazy SMP with shared-out moves).
import {
  MAX_PLY, KILLERS, HISTORY_SCORES, PV_TABLE, PV_LENGTH, PV_OUT, ROOT_MOVES, ROOT_SCORES,
  MOVE_SCORES, SQUARES, PIECE_SQ, MAX_LINES, LINE_PVS,
} from './layout';
import { ldU8, ld32, st32 } from './target/mem';
import { now, stopRequested, reportIteration, publishNodes } from './target/host';
import {
  SHARED_SEARCH, searchedElsewhere, beginMove, endMove, forgetMovesInProgress, publishLeaderDepth, leaderDepth,
} from './target/smp';
import {
  side, halfmove, keyLo, keyHi, makeMove, unmakeMove, makeNullMove, unmakeNullMove, markLastMoveCheck,
} from './board';
import { inCheck } from './attacks';
import { generatePseudo, isLegalMove, moveListAt } from './movegen';
import { evaluate, evaluateLazy } from './eval';
import { repetitionInSearch, REPETITION_DRAW, REPETITION_MOVER_LOSES, REPETITION_NONE, MOVE_LIMIT_PLIES } from './rules';
import { probe, store, newSearch, attachTable, hitMove, hitDepth, hitBound, hitScore, BOUND_EXACT, BOUND_LOWER, BOUND_UPPER } from './tt';
import {
  sideTag, pieceType, squareTo90, moveFrom, moveTo, SLOT_KNIGHT, SLOT_ROOK, SLOT_CANNON, SLOT_PAWN,
} from './pieces';

export const MATE: i32 = 30000;
export const MATE_BOUND: i32 = MATE - MAX_PLY;
/** Scores for a win or loss by the repetition rules: beyond any evaluation, short of mate. */
export const RULE_WIN: i32 = 20000;
const INFINITE: i32 = 32000;
const SEARCH_PLY_LIMIT: i32 = MAX_PLY - 8;
/** Margin per ply of depth for futility pruning near the leaves (centipawns). */
const FUTILITY_MARGIN: i32 = 100;
/** Search threads share out the moves of nodes this deep or deeper (shallower ones are too quick). */
const SHARE_DEPTH: i32 = 3;

// Limits of the current search.
let deadline: f64 = 0;      // ms on the host clock; 0 = none
let softDeadline: f64 = 0;  // do not start a new iteration after this
let nodeLimit: f64 = 0;     // 0 = none
let startTime: f64 = 0;

// Progress.
export let nodes: f64 = 0;
let pollCounter: i32 = 0;
let stopped: bool = false;
let seldepth: i32 = 0;
let rootCount: i32 = 0;
let excludedRoots: i32 = 0;   // root moves already reported in earlier MultiPV lines

// Lazy SMP (threaded build only): 0 is the main search, which reports and decides; helpers
// (1, 2, ...) search the same root and only fill the shared transposition table. A helper works
// on the iteration the main search is on (or the one after), and in every node the threads share
// out the moves (target-threads/smp.ts), so the two split the work instead of repeating it.
let helper: i32 = 0;
let iterationDepth: i32 = 0;
/** A helper's iteration was dropped because the main search has completed that depth. */
let overtaken: bool = false;

// Result.
export let bestMove: i32 = 0;
export let ponderMove: i32 = 0;
export let bestScore: i32 = 0;
export let completedDepth: i32 = 0;

function shouldStop(): bool {
  if (stopped) return true;
  pollCounter++;
  if ((pollCounter & 1023) == 0) {
    if (stopRequested() != 0 || (deadline > 0 && now() >= deadline)) stopped = true;
    else if (helper > 0 && leaderDepth() >= iterationDepth) stopped = overtaken = true;
    publishNodes(nodes);
  }
  if (nodeLimit > 0 && nodes >= nodeLimit) stopped = true;
  return stopped;
}

function scoreToTable(score: i32, ply: i32): i32 {
  if (score > MATE_BOUND) return score + ply;
  if (score < -MATE_BOUND) return score - ply;
  return score;
}
function scoreFromTable(score: i32, ply: i32): i32 {
  if (score > MATE_BOUND) return score - ply;
  if (score < -MATE_BOUND) return score + ply;
  return score;
}

// Ordering values, by piece type (king last as a victim never happens; first as attacker cheapest).
function victimValue(id: i32): i32 {
  const t = pieceType(id);
  return t == 4 ? 9 : t == 3 ? 4 : t == 5 ? 5 : t == 6 ? 1 : t == 0 ? 20 : 2;
}

const SCORE_HASH: i32 = 1 << 30;
const SCORE_CAPTURE: i32 = 1 << 24;
const SCORE_KILLER: i32 = 1 << 22;
/** Ordering scores below the hash move's fit in this many bits. */
const ORDER_BITS: i32 = 25;

function scoreMoves(list: i32, n: i32, ply: i32, hashMove: i32): void {
  const scores = MOVE_SCORES + (list - moveListAt(0));
  const killer1 = ld32(KILLERS + ply * 8);
  const killer2 = ld32(KILLERS + ply * 8 + 4);
  for (let i = 0; i < n; i++) {
    const mv = ld32(list + (i << 2));
    const piece = ldU8(SQUARES + moveFrom(mv));
    const victim = ldU8(SQUARES + moveTo(mv));
    let s = 0;
    if (mv == hashMove) s = SCORE_HASH;
    else if (victim != 0) s = SCORE_CAPTURE + victimValue(victim) * 32 - victimValue(piece);
    else if (mv == killer1) s = SCORE_KILLER + 1;
    else if (mv == killer2) s = SCORE_KILLER;
    else s = ld32(HISTORY_SCORES + (piece * 256 + moveTo(mv)) * 4);
    st32(scores + (i << 2), s);
  }
}

/** Moves the best-scored remaining move to position i and returns it. */
function pickMove(list: i32, n: i32, i: i32): i32 {
  const scores = MOVE_SCORES + (list - moveListAt(0));
  let best = i;
  let bestValue = ld32(scores + (i << 2));
  for (let j = i + 1; j < n; j++) {
    const v = ld32(scores + (j << 2));
    if (v > bestValue) {
      bestValue = v;
      best = j;
    }
  }
  if (best != i) {
    const mv = ld32(list + (best << 2));
    st32(list + (best << 2), ld32(list + (i << 2)));
    st32(list + (i << 2), mv);
    st32(scores + (best << 2), ld32(scores + (i << 2)));
    st32(scores + (i << 2), bestValue);
  }
  return ld32(list + (i << 2));
}

function updatePv(ply: i32, mv: i32): void {
  const row = PV_TABLE + ply * MAX_PLY * 4;
  const next = PV_TABLE + (ply + 1) * MAX_PLY * 4;
  st32(row + ply * 4, mv);
  const end = ld32(PV_LENGTH + (ply + 1) * 4);
  for (let i = ply + 1; i < end; i++) st32(row + i * 4, ld32(next + i * 4));
  st32(PV_LENGTH + ply * 4, end);
}

/** Can the side to move pass without risking zugzwang? It needs real attacking material. */
function nullMoveIsSafe(): bool {
  const own = sideTag(side);
  let heavy = 0;
  for (let slot = SLOT_KNIGHT; slot < SLOT_PAWN; slot++) {
    if (ldU8(PIECE_SQ + own + slot) != 0) heavy += slot >= SLOT_ROOK && slot < SLOT_CANNON ? 2 : 1;
  }
  return heavy >= 3;
}

function quiesce(alpha: i32, beta: i32, ply: i32): i32 {
  nodes += 1;
  if (ply > seldepth) seldepth = ply;
  if (shouldStop()) return 0;
  const checked = inCheck(side);
  if (ply >= SEARCH_PLY_LIMIT) return checked ? 0 : evaluate();
  let best = -MATE + ply;
  if (!checked) {
    const stand = evaluateLazy(alpha, beta);
    if (stand >= beta) return stand;
    if (stand > alpha) alpha = stand;
    best = stand;
  }
  const list = moveListAt(ply);
  const n = generatePseudo(list, !checked);
  scoreMoves(list, n, ply, 0);
  const king = ldU8(PIECE_SQ + sideTag(side));
  for (let i = 0; i < n; i++) {
    const mv = pickMove(list, n, i);
    if (!isLegalMove(mv, king, checked)) continue;
    makeMove(mv);
    const score = -quiesce(-beta, -alpha, ply + 1);
    unmakeMove();
    if (stopped) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        if (score >= beta) break;
      }
    }
  }
  return best;
}

function search(depth: i32, alpha: i32, beta: i32, ply: i32, allowNull: bool): i32 {
  st32(PV_LENGTH + ply * 4, ply);
  if (ply > 0) {
    const rep = repetitionInSearch();
    if (rep != REPETITION_NONE) {
      if (rep == REPETITION_DRAW) return 0;
      return rep == REPETITION_MOVER_LOSES ? -RULE_WIN + ply : RULE_WIN - ply;
    }
    if (halfmove >= MOVE_LIMIT_PLIES) return 0;
    // Mate-distance pruning: no line from here beats a mate already found nearer the root.
    const mateAlpha = -MATE + ply;
    const mateBeta = MATE - ply - 1;
    if (alpha < mateAlpha) alpha = mateAlpha;
    if (beta > mateBeta) beta = mateBeta;
    if (alpha >= beta) return alpha;
  }
  const checked = inCheck(side);
  if (checked) depth++;
  if (depth <= 0) return quiesce(alpha, beta, ply);
  nodes += 1;
  if (ply > seldepth) seldepth = ply;
  if (shouldStop()) return 0;
  if (ply >= SEARCH_PLY_LIMIT) return evaluate();

  const pvNode = beta - alpha > 1;
  let hashMove = 0;
  if (probe()) {
    hashMove = hitMove;
    if (!pvNode && ply > 0 && hitDepth >= depth) {
      const s = scoreFromTable(hitScore, ply);
      if (hitBound == BOUND_EXACT || (hitBound == BOUND_LOWER && s >= beta) || (hitBound == BOUND_UPPER && s <= alpha)) {
        return s;
      }
    }
  }

  const staticEval = checked ? -INFINITE : evaluate();
  const quietWindow = beta < RULE_WIN && alpha > -RULE_WIN;
  // Reverse futility: far enough above beta near the leaves, a quiet position will stay there.
  if (!pvNode && !checked && quietWindow && depth <= 3 && staticEval - FUTILITY_MARGIN * depth >= beta) {
    return staticEval - FUTILITY_MARGIN * depth;
  }

  if (!pvNode && !checked && allowNull && depth >= 3 && nullMoveIsSafe() && staticEval >= beta) {
    const reduction = 2 + (depth >= 7 ? 1 : 0);
    makeNullMove();
    const score = -search(depth - 1 - reduction, -beta, -beta + 1, ply + 1, false);
    unmakeNullMove();
    if (stopped) return 0;
    if (score >= beta) return score >= MATE_BOUND ? beta : score;
  }

  const list = moveListAt(ply);
  const n = generatePseudo(list, false);
  scoreMoves(list, n, ply, hashMove);
  const king = ldU8(PIECE_SQ + sideTag(side));
  // Futility: too far below alpha near the leaves, quiet moves that give no check are not tried.
  const futile = !pvNode && !checked && quietWindow && depth <= 2 && staticEval + FUTILITY_MARGIN * 2 * depth <= alpha;
  const scores = MOVE_SCORES + (list - moveListAt(0));
  // Moves another search thread is busy with wait at the front of the list (whose first slots
  // are spent) until the others are done, with their rank packed above their ordering score so
  // that they are reduced as if searched in turn; see target-threads/smp.ts.
  const sharing = SHARED_SEARCH && depth >= SHARE_DEPTH;
  let deferred = 0;
  let best = -INFINITE;
  let bestHere = 0;
  let legal = 0;
  let bound = BOUND_UPPER;
  for (let i = 0; ; i++) {
    let mv = 0;
    let order = 0;
    let rank = 0;  // this move's place among the legal moves in order (reductions depend on it)
    if (i < n) {
      mv = pickMove(list, n, i);
      order = ld32(scores + (i << 2));
      if (ply == 0 && isExcludedRoot(mv)) continue;
      if (!isLegalMove(mv, king, checked)) continue;
      rank = ++legal;
      if (sharing && rank > 1 && searchedElsewhere(keyLo, keyHi, mv, depth)) {
        st32(list + (deferred << 2), mv);
        st32(scores + (deferred << 2), order | ((rank < 63 ? rank : 63) << ORDER_BITS));
        deferred++;
        continue;
      }
    } else if (i < n + deferred) {
      mv = ld32(list + ((i - n) << 2));
      const kept = ld32(scores + ((i - n) << 2));
      order = kept & ((1 << ORDER_BITS) - 1);
      rank = kept >>> ORDER_BITS;
    } else {
      break;
    }
    const capture = ldU8(SQUARES + moveTo(mv)) != 0;
    const moveKeyLo = keyLo;
    const moveKeyHi = keyHi;
    makeMove(mv);
    const givesCheck = inCheck(side);
    if (futile && rank > 1 && !capture && !givesCheck) {
      unmakeMove();
      if (best < staticEval) best = staticEval;
      continue;
    }
    markLastMoveCheck(givesCheck);
    if (sharing) beginMove(moveKeyLo, moveKeyHi, mv, depth);
    let score = 0;
    if (rank == 1) {
      score = -search(depth - 1, -beta, -alpha, ply + 1, true);
    } else {
      let reduction = 0;
      if (depth >= 3 && rank > 3 && !capture && !checked && !givesCheck && order < SCORE_KILLER) {
        reduction = rank > 10 ? 2 : 1;
      }
      score = -search(depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, true);
      if (score > alpha && reduction > 0) score = -search(depth - 1, -alpha - 1, -alpha, ply + 1, true);
      if (score > alpha && score < beta) score = -search(depth - 1, -beta, -alpha, ply + 1, true);
    }
    if (sharing) endMove(moveKeyLo, moveKeyHi, mv, depth);
    unmakeMove();
    if (stopped) return 0;
    if (score > best) {
      best = score;
      bestHere = mv;
      if (score > alpha) {
        alpha = score;
        bound = BOUND_EXACT;
        updatePv(ply, mv);
        if (score >= beta) {
          bound = BOUND_LOWER;
          if (!capture) {
            const k1 = KILLERS + ply * 8;
            if (ld32(k1) != mv) {
              st32(k1 + 4, ld32(k1));
              st32(k1, mv);
            }
            const h = HISTORY_SCORES + (ldU8(SQUARES + moveFrom(mv)) * 256 + moveTo(mv)) * 4;
            const bumped = ld32(h) + depth * depth;
            st32(h, bumped > SCORE_KILLER - 1 ? SCORE_KILLER - 1 : bumped);
          }
          break;
        }
      }
    }
  }
  // No legal move loses, in check or not.
  if (legal == 0) return ply == 0 && excludedRoots > 0 ? -INFINITE : -MATE + ply;
  store(bestHere, depth, bound, scoreToTable(best, ply));
  return best;
}

function isExcludedRoot(mv: i32): bool {
  for (let i = 0; i < excludedRoots; i++) {
    if (ld32(ROOT_MOVES + (i << 2)) == mv) return true;
  }
  return false;
}

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
      for (let w = 0; w <= MAX_PLY; w++) swapWords(LINE_PVS + j * LINE_BYTES + w * 4, LINE_PVS + (j - 1) * LINE_BYTES + w * 4);
    }
  }
}

function report(depth: i32, line: i32): void {
  const at = LINE_PVS + line * LINE_BYTES;
  const length = ld32(at);
  for (let i = 0; i < length; i++) {
    const mv = ld32(at + 4 + i * 4);
    st32(PV_OUT + i * 4, squareTo90(moveFrom(mv)) | (squareTo90(moveTo(mv)) << 8));
  }
  reportIteration(depth, seldepth, ld32(ROOT_SCORES + line * 4), nodes, line + 1, length);
}

/** Searches one root line at `depth` with aspiration around `guess`; returns its score. */
function searchRootLine(depth: i32, guess: i32): i32 {
  let delta = 35;
  let alpha = depth >= 4 ? guess - delta : -INFINITE;
  let beta = depth >= 4 ? guess + delta : INFINITE;
  while (true) {
    const score = search(depth, alpha, beta, 0, false);
    if (stopped) return score;
    if (score <= alpha && alpha > -INFINITE) {
      alpha = delta > 600 ? -INFINITE : alpha - delta;
    } else if (score >= beta && beta < INFINITE) {
      beta = delta > 600 ? INFINITE : beta + delta;
    } else {
      return score;
    }
    delta += delta;
  }
}

// Skill: a weaker player searches less deeply and picks, among its MultiPV lines, a move that
// is a little worse than the best on purpose (an idea from Stockfish's skill levels).
let randomState: i32 = 1;
function nextRandom(): i32 {
  let x = randomState;
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  randomState = x;
  return x & 0x7fffffff;
}

/**
 * Runs a search on the current position. Limits of 0 mean none. `multiPv` lines are reported;
 * `skill` (0..20, 20 full strength) weakens on purpose using `seed` for its choices.
 * Returns the number of completed iterations; results are in bestMove, bestScore, ponderMove.
 */
export function think(maxDepth: i32, moveTimeMs: f64, softTimeMs: f64, maxNodes: f64, multiPv: i32, skill: i32, seed: i32): i32 {
  startTime = now();
  deadline = moveTimeMs > 0 ? startTime + moveTimeMs : 0;
  softDeadline = softTimeMs > 0 ? startTime + softTimeMs : 0;
  nodeLimit = maxNodes;
  nodes = 0;
  pollCounter = 0;
  stopped = false;
  bestMove = 0;
  ponderMove = 0;
  bestScore = 0;
  completedDepth = 0;
  randomState = seed == 0 ? 0x1234567 : seed;
  overtaken = false;
  if (helper == 0) {
    newSearch();
    forgetMovesInProgress();
    publishLeaderDepth(0);
  } else {
    attachTable();  // the main search may have resized the shared table or begun a generation
  }
  publishNodes(0);
  for (let i = 0; i < MAX_PLY * 2; i++) st32(KILLERS + i * 4, 0);
  for (let i = 0; i < 48 * 256; i++) st32(HISTORY_SCORES + i * 4, ld32(HISTORY_SCORES + i * 4) >> 2);

  const list = moveListAt(MAX_PLY - 1);
  rootCount = filterRootMoves(list);
  if (rootCount == 0) return 0;
  const wanted = multiPv < MAX_LINES ? multiPv : MAX_LINES;
  const lines = skill < 20 ? (wanted > 4 ? wanted : 4) : wanted;
  const shownLines = wanted < rootCount ? wanted : rootCount;
  const searchedLines = lines < rootCount ? lines : rootCount;
  const depthCap = skill < 20 ? 1 + ((skill * 3) >> 2) : SEARCH_PLY_LIMIT - 1;
  const limit = maxDepth > 0 && maxDepth < depthCap ? maxDepth : depthCap;
  const lineScores = ROOT_SCORES;
  let guess = 0;

  for (let depth = 1; depth <= limit; depth++) {
    if (helper > 0) {
      const lead = leaderDepth();
      if (depth <= lead) depth = lead + 1;
    }
    iterationDepth = depth;
    seldepth = 0;
    for (let line = 0; line < searchedLines; line++) {
      excludedRoots = line;
      const score = searchRootLine(depth, line == 0 ? guess : ld32(lineScores + line * 4));
      if (stopped) break;
      // This line's move is excluded from the next lines.
      st32(ROOT_MOVES + line * 4, ld32(PV_TABLE));
      st32(lineScores + line * 4, score);
      saveLine(line);
    }
    excludedRoots = 0;
    if (overtaken) {
      stopped = overtaken = false;
      continue;
    }
    if (stopped) break;
    sortLines(searchedLines);
    const best = LINE_PVS;
    bestMove = ld32(best + 4);
    bestScore = ld32(lineScores);
    ponderMove = ld32(best) > 1 ? ld32(best + 8) : 0;
    guess = bestScore;
    if (helper == 0) for (let line = 0; line < shownLines; line++) report(depth, line);
    completedDepth = depth;
    publishLeaderDepth(depth);
    // A forced mate is final once the depth covers its length.
    if ((bestScore > MATE_BOUND || bestScore < -MATE_BOUND) &&
        depth >= MATE - (bestScore > 0 ? bestScore : -bestScore) + 1) break;
    if (softDeadline > 0 && now() >= softDeadline) break;
  }
  publishLeaderDepth(0);
  if (completedDepth == 0 && bestMove == 0) {
    bestMove = ld32(list);  // stopped before depth 1 finished: any legal move beats none
  }
  if (skill < 20 && completedDepth > 0 && searchedLines > 1) pickWeakerMove(skill, searchedLines, lineScores);
  return completedDepth;
}

/** Runs `think` as Lazy SMP helper `index` (>= 1) until the host's stop flag is raised. */
export function helpSearch(index: i32): i32 {
  helper = index;
  const depth = think(0, 0, 0, 0, 1, 20, 0);
  helper = 0;
  return depth;
}

function pickWeakerMove(skill: i32, lines: i32, lineScores: i32): void {
  const weakness = 120 - 2 * skill;
  const top = ld32(lineScores);
  const last = ld32(lineScores + (lines - 1) * 4);
  const spread = top - last < 100 ? top - last : 100;
  let chosenValue = -INFINITE;
  for (let i = 0; i < lines; i++) {
    const s = ld32(lineScores + i * 4);
    const push = ((weakness * (top - s) + spread * (nextRandom() % weakness)) / 128) | 0;
    if (s + push > chosenValue) {
      chosenValue = s + push;
      bestMove = ld32(ROOT_MOVES + i * 4);
      bestScore = s;
      ponderMove = 0;
    }
  }
}

/** Forgets what earlier searches learned about move order (a new game). */
export function resetHeuristics(): void {
  for (let i = 0; i < 48 * 256; i++) st32(HISTORY_SCORES + i * 4, 0);
  for (let i = 0; i < MAX_PLY * 2; i++) st32(KILLERS + i * 4, 0);
}

/** Writes the legal root moves at `list`; returns how many. */
function filterRootMoves(list: i32): i32 {
  const n = generatePseudo(list, false);
  const checked = inCheck(side);
  const king = ldU8(PIECE_SQ + sideTag(side));
  let kept = 0;
  for (let i = 0; i < n; i++) {
    const mv = ld32(list + (i << 2));
    if (isLegalMove(mv, king, checked)) {
      st32(list + (kept << 2), mv);
      kept++;
    }
  }
  return kept;
}

export function elapsedMs(): f64 {
  return now() - startTime;
}
