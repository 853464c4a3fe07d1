// The positions of `xiangqi-engine bench` (see bench.ts): the start position, openings and
// middlegames with most of the pieces, and a few endgames, with both sides to move. Changing,
// adding or reordering a position changes the bench's node count signature, so do it only on
// purpose and say so in the commit.

export interface BenchPosition {
  /** What the position is, for the per-position line. */
  name: string;
  fen: string;
}

export const BENCH_POSITIONS: readonly BenchPosition[] = [
  { name: 'start position', fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1' },
  // Openings and middlegames.
  {
    name: 'central cannon, black to move',
    fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1',
  },
  {
    name: 'central cannon against screen horse',
    fen: 'r1bakabr1/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 2 3',
  },
  { name: 'both horses out', fen: 'r2akabr1/9/1cn1b1n2/p1p1p3p/6p2/2P6/P3P1P1P/1CN1B1N2/9/R2AKABR1 w - - 0 8' },
  { name: 'rooks off', fen: '2bakab2/9/2n1c1n2/p3p3p/2p3p2/6P2/P1P1P3P/2N1C1N2/4A4/2BAK1B2 w - - 0 12' },
  { name: 'open middlegame', fen: 'r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1' },
  { name: 'attack on the black king', fen: 'r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1' },
  { name: 'cannons in the corner', fen: '1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1' },
  {
    name: 'rooks on the wing, move 16',
    fen: '2baka3/9/2n1b1n1c/p3p1C1p/1r4c2/1NR6/P3P1P1P/4C1N2/4A4/2B1KAB2 w - - 5 16',
  },
  // Endgames.
  { name: 'rook and cannon against rook and horse', fen: '5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1' },
  { name: 'horse and pawns against advisors', fen: '4k4/4a4/4ba3/9/2p3p2/4P4/2N3P2/4B4/4A4/4K4 w - - 0 1' },
  { name: 'cannon and pawns, black to move', fen: '3ak4/4a4/4b4/p3p4/9/2P3P2/9/4BC3/4A4/3AK4 b - - 0 1' },
  { name: 'rook, horse and cannon each, move 28', fen: '2baka3/4n4/2N5b/2P5p/p8/9/P2rP3P/4C4/2R6/2B1KA3 w - - 3 28' },
  { name: 'bare advisors and bishops', fen: '3k5/4a4/4b4/9/2b6/9/9/4B4/4A4/3AK4 w - - 0 40' },
];
