// Material and placement values per piece and point, from each piece's own side (rank 0 = its
// own back rank), written into PIECE_VALUES from Red's point of view (Black's values negated
// and mirrored). Shapes follow common Xiangqi wisdom: pawns gain value across the river and near
// the palace, horses want the centre and the enemy palace, cannons the central file, rooks
// open advanced lines, the king its home point.
import { PIECE_VALUES } from './layout';
import { st32 } from './target/mem';
import { KING, ADVISOR, BISHOP, KNIGHT, ROOK, CANNON, PAWN, pieceType, pieceSide, squareOf } from './pieces';

export const VALUE_ADVISOR: i32 = 120;
export const VALUE_BISHOP: i32 = 120;
export const VALUE_KNIGHT: i32 = 270;
export const VALUE_ROOK: i32 = 600;
export const VALUE_CANNON: i32 = 285;
export const VALUE_PAWN: i32 = 30;

function abs(x: i32): i32 {
  return x < 0 ? -x : x;
}

/** Value of a piece of `type` on (rank, file) seen from its own side. */
export function placedValue(type: i32, rank: i32, file: i32): i32 {
  const offCentre = abs(file - 4);
  if (type == KING) {
    return -(rank * 12) - (offCentre * 4);
  }
  if (type == ADVISOR) return VALUE_ADVISOR + (rank == 1 ? 8 : 0);
  if (type == BISHOP) return VALUE_BISHOP + (rank == 2 && file == 4 ? 8 : 0) - (file == 0 || file == 8 ? 6 : 0);
  if (type == KNIGHT) {
    let v = VALUE_KNIGHT + (4 - offCentre) * 4;
    if (rank == 0) v -= 12;
    else v += rank < 8 ? rank * 4 : 20;
    if (rank >= 6 && rank <= 8 && offCentre <= 2) v += 14;   // near the enemy palace
    if (file == 0 || file == 8) v -= 14;
    return v;
  }
  if (type == ROOK) {
    let v = VALUE_ROOK + rank * 3 + (offCentre == 1 ? 6 : 0);
    if (rank == 0 && (file == 0 || file == 8)) v -= 10;
    return v;
  }
  if (type == CANNON) {
    let v = VALUE_CANNON + (file == 4 ? 14 : 0) + (offCentre == 1 ? 4 : 0);
    if (rank == 9) v += 8;                                    // bottom cannon
    if (rank >= 5 && rank <= 7 && offCentre >= 3) v -= 6;
    return v;
  }
  // Pawn: little before the river, much more past it, most on the ranks next to the palace.
  if (rank <= 4) return VALUE_PAWN + (rank == 4 ? 6 : 0) + (file == 4 ? 6 : 0);
  if (rank == 9) return VALUE_PAWN + 20;
  let v = VALUE_PAWN + 40 + (rank - 5) * 10 + (4 - offCentre) * 5;
  if (rank >= 6 && rank <= 8 && offCentre <= 1) v += 12;
  return v;
}

export function initPieceValues(): void {
  for (let id = 16; id < 48; id++) {
    const type = pieceType(id);
    const s = pieceSide(id);
    for (let rank = 0; rank < 10; rank++) {
      for (let file = 0; file < 9; file++) {
        const v = placedValue(type, s == 0 ? rank : 9 - rank, s == 0 ? file : 8 - file);
        st32(PIECE_VALUES + (id * 256 + squareOf(rank, file)) * 4, s == 0 ? v : -v);
      }
    }
  }
}
