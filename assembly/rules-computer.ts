// What a move chases under the computer rule (Pikafish's, also the chessdb cloud book's): a side
// chases a piece when one of its pieces other than king and pawn could capture it with a legal
// move and the capture is a real threat: a horse or cannon against a rook, an advisor or elephant
// against a rook, horse or cannon, always; anything else only when the victim's side could not
// legally capture back on that point afterwards, and, between two pieces of one type, only when the
// victim could not legally capture the attacker first (a blocked horse leg, a pin). Kings and
// pawns still on their own side of the river are never chased. A move chases the pieces chased
// after it that were not chased before it. A chase set is a mask of victim ids: bit (id & 31), ids
// 16..47 being stable identities of the pieces.
import { side, setProbeSide } from './board';
import { generatePseudo, isMoveSafe } from './movegen';
import { MAX_MOVES, SQUARES, PIECE_SQ, HALF, CHASE_LISTS } from './layout';
import { ldU8, stU8, ld32 } from './target/mem';
import { pieceType, KING, ADVISOR, BISHOP, KNIGHT, ROOK, CANNON, PAWN, moveFrom, moveTo } from './pieces';

const CAPTURES: i32 = CHASE_LISTS;
const REPLIES: i32 = CHASE_LISTS + MAX_MOVES * 4;

/** Whether side `s` has a legal capture from `from` to `to` on the board as it stands. */
function canCapture(s: i32, from: i32, to: i32): bool {
  const saved = side;
  setProbeSide(s);
  const wanted = from | (to << 8);
  const n = generatePseudo(REPLIES, true);
  let found = false;
  for (let i = 0; i < n; i++) {
    if (ld32(REPLIES + (i << 2)) == wanted) {
      found = isMoveSafe(wanted);
      break;
    }
  }
  setProbeSide(saved);
  return found;
}

/** Whether side `s` could legally capture back on `to` after the capture `mv` by the other side. */
function defendedAfter(mv: i32, s: i32): bool {
  const from = moveFrom(mv);
  const to = moveTo(mv);
  const piece: i32 = ldU8(SQUARES + from);
  const victim: i32 = ldU8(SQUARES + to);
  stU8(SQUARES + to, piece);
  stU8(SQUARES + from, 0);
  stU8(PIECE_SQ + piece, to);
  stU8(PIECE_SQ + victim, 0);
  const saved = side;
  setProbeSide(s);
  const n = generatePseudo(REPLIES, true);
  let defended = false;
  for (let i = 0; i < n; i++) {
    const reply = ld32(REPLIES + (i << 2));
    if (moveTo(reply) == to && isMoveSafe(reply)) {
      defended = true;
      break;
    }
  }
  setProbeSide(saved);
  stU8(SQUARES + from, piece);
  stU8(SQUARES + to, victim);
  stU8(PIECE_SQ + piece, from);
  stU8(PIECE_SQ + victim, to);
  return defended;
}

/** The pieces side `c` chases in the current position (whoever is to move), as a mask of ids. */
export function chasedBy(c: i32): i32 {
  const saved = side;
  setProbeSide(c);
  const n = generatePseudo(CAPTURES, true);
  let mask = 0;
  for (let i = 0; i < n; i++) {
    const mv = ld32(CAPTURES + (i << 2));
    const from = moveFrom(mv);
    const to = moveTo(mv);
    const attacker: i32 = ldU8(SQUARES + from);
    const victim: i32 = ldU8(SQUARES + to);
    const byType = pieceType(attacker);
    const ofType = pieceType(victim);
    if (byType == KING || byType == PAWN || ofType == KING) continue;
    // A pawn is a target only once it stands on c's half of the board.
    if (ofType == PAWN && (ldU8(HALF + to) & (1 << c)) == 0) continue;
    const bit = 1 << (victim & 31);
    if ((mask & bit) != 0 || !isMoveSafe(mv)) continue;
    if (
      ((byType == KNIGHT || byType == CANNON) && ofType == ROOK) ||
      ((byType == ADVISOR || byType == BISHOP) && (ofType == ROOK || ofType == KNIGHT || ofType == CANNON))
    ) {
      mask |= bit;
      continue;
    }
    if (defendedAfter(mv, c ^ 1)) continue;
    if (byType == ofType && canCapture(c ^ 1, to, from)) continue;
    mask |= bit;
  }
  setProbeSide(saved);
  return mask;
}
