// Piece-square values (material included) per piece id and point, from Red's point of view, with
// the midgame value at PIECE_VALUES + (id * 256 + sq) * 8 and the endgame value 4 bytes on. They
// come from the weight vector (eval.ts), where each piece type has one table seen from its own
// side and folded at the central file; make/unmake keep their sums in board.ts.
import { PIECE_VALUES } from './layout';
import { st32 } from './target/mem';
import { pieceType, pieceSide, squareOf } from './pieces';
import { loadWeights, pstParam, weightMg, weightEg } from './eval';

export function initPieceValues(): void {
  loadWeights();
  for (let id = 16; id < 48; id++) {
    const type = pieceType(id);
    const s = pieceSide(id);
    for (let rank = 0; rank < 10; rank++) {
      for (let file = 0; file < 9; file++) {
        const param = pstParam(type, s == 0 ? rank : 9 - rank, s == 0 ? file : 8 - file);
        const at = PIECE_VALUES + (id * 256 + squareOf(rank, file)) * 8;
        st32(at, s == 0 ? weightMg(param) : -weightMg(param));
        st32(at + 4, s == 0 ? weightEg(param) : -weightEg(param));
      }
    }
  }
}
