// The attacks the Chinese rules (中国象棋竞赛规则 2020, art. 24) forbid a side to repeat, besides
// checks: a chase (捉, 24.3), a capture that wins material, alone, jointly with other pieces or at
// the end of the exchange it starts (static exchange, see.ts), on any piece but the king and a pawn
// still on its own side of the river, by any piece but the king and pawns (whose attacks count as
// idle moves); and a mate threat (杀, 24.2), a check or a series of checks that would mate if the
// side could move again. A threat set is a mask of victim ids: bit (id & 31).
import { side, setProbeSide, makeMove, unmakeMove } from './board';
import { generatePseudo, isMoveSafe, moveListAt } from './movegen';
import { inCheck, mayGiveCheck } from './attacks';
import { MAX_PLY, SQUARES, HALF, CHASE_LISTS } from './layout';
import { ldU8, ld32 } from './target/mem';
import { see } from './see';
import { pieceType, KING, PAWN, moveFrom, moveTo } from './pieces';

const CAPTURES: i32 = CHASE_LISTS;

/** The pieces side `c` could win material from with one legal capture now (whoever is to move). */
export function materialThreats(c: i32): i32 {
  const saved = side;
  setProbeSide(c);
  const n = generatePseudo(CAPTURES, true);
  let set = 0;
  for (let i = 0; i < n; i++) {
    const mv = ld32(CAPTURES + (i << 2));
    const attacker = ldU8(SQUARES + moveFrom(mv));
    const to = moveTo(mv);
    const victim = ldU8(SQUARES + to);
    const bit = 1 << (victim & 31);
    if ((set & bit) != 0) continue;
    const byType = pieceType(attacker);
    const ofType = pieceType(victim);
    if (byType == KING || byType == PAWN || ofType == KING) continue;
    if (ofType == PAWN && (ldU8(HALF + to) & (1 << c)) == 0) continue;
    if (isMoveSafe(mv) && see(mv) > 0) set |= bit;
  }
  setProbeSide(saved);
  return set;
}

/** Attacker moves a mate threat may take (mate in this many moves by checks alone). */
const MATE_THREAT_MOVES: i32 = 2;

/** Move-list slots of the mate-threat search: above any ply the search reaches, below the one gameStatus uses. */
function listFor(depth: i32): i32 {
  return moveListAt(MAX_PLY - 2 - depth);
}

/** Whether the side to move mates with checks alone within `moves` of its moves. */
function matesByChecks(moves: i32, depth: i32): bool {
  const list = listFor(depth);
  const n = generatePseudo(list, false);
  for (let i = 0; i < n; i++) {
    const mv = ld32(list + (i << 2));
    if (!mayGiveCheck(mv, side) || !isMoveSafe(mv)) continue;
    makeMove(mv);
    const mates = inCheck(side) && noEscape(moves - 1, depth + 1);
    unmakeMove();
    if (mates) return true;
  }
  return false;
}

/** Whether the side to move, in check, loses: no legal move, or every one is met by mate by checks. */
function noEscape(moves: i32, depth: i32): bool {
  const list = listFor(depth);
  const n = generatePseudo(list, false);
  for (let i = 0; i < n; i++) {
    const mv = ld32(list + (i << 2));
    if (!isMoveSafe(mv)) continue;
    if (moves == 0) return false;
    makeMove(mv);
    const mated = matesByChecks(moves, depth + 1);
    unmakeMove();
    if (!mated) return false;
  }
  return true;
}

/** Whether side `c`, were it to move now, would mate by checks alone within MATE_THREAT_MOVES moves. */
export function threatensMate(c: i32): bool {
  const saved = side;
  setProbeSide(c);
  const threat = matesByChecks(MATE_THREAT_MOVES, 0);
  setProbeSide(saved);
  return threat;
}
