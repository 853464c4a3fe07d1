// The Asian rule book's own examples (the AXF / Hong Kong rules, Eric Wu's English translation:
// rules 1-40 with diagrams 1-104), as FEN and moves transcribed in the tests of the orange-xiangqi
// engine (github.com/danieltan1517/orange-xiangqi, tests.jai, repetition_test). Each case gives the
// outcome by each rule set, worked out from the rules, never from an engine run:
// - asian: the book's verdict for the diagram;
// - computer: Pikafish's rule, the same except that any check in the cycle draws (D37);
// - chinese: the Chinese Xiangqi Association's 2020 rules (中国象棋竞赛规则, chapter 6, art. 24),
//   given only where the rule book settles it (the reason is in the note).
import type { Outcome } from './outcome.ts';

export interface BookCase {
  /** The rule of the translation and its diagram. */
  rule: string;
  diagram: string;
  /** What the rule says. */
  text: string;
  fen: string;
  moves: string;
  asian: Outcome;
  computer: Outcome;
  chinese?: { outcome: Outcome; why: string };
}

export const AXF_BOOK_CASES: BookCase[] = [
  {
    rule: '6',
    diagram: 'D1-3',
    text: 'Perpetual check (长照) loses',
    fen: 'c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1',
    moves: 'h8h9 f9f8 h9h8 f8f9 h8h9 f9f8',
    asian: 'red loses',
    computer: 'red loses',
    chinese: { outcome: 'red loses', why: '24.9, 24.13: perpetual check is never allowed' },
  },
  {
    rule: '8',
    diagram: 'D5',
    text: 'Two checks against one check back: the perpetual checker loses',
    fen: '5c3/8R/4k2P1/3P5/5P3/6P2/5pN2/5A3/4CK3/6rn1 w - - 0 1',
    moves: 'f5e5 f3e3 e5f5 e3f3 f5e5 f3e3 e5f5 e3f3 f5e5',
    asian: 'red loses',
    computer: 'red loses',
    chinese: { outcome: 'red loses', why: '24.9: the side that checks on every move loses' },
  },
  {
    rule: '9',
    diagram: 'D6-9',
    text: 'Perpetual mate threat (长杀) is allowed',
    fen: '3ak1b2/4a4/4b4/r3C2R1/p8/9/P8/4p4/4p4/5K3 w - - 0 1',
    moves: 'h6g6 g9i7 g6h6 i7g9 h6g6 g9i7',
    asian: 'draw',
    computer: 'draw',
    chinese: { outcome: 'red loses', why: '24.10, 24.13, diagram 7: a perpetual mate threat (长杀) is forbidden' },
  },
  {
    rule: '9',
    diagram: 'D6-9',
    text: 'Perpetual mate threat (长杀) is allowed',
    fen: '2b2k3/9/4b2P1/3N5/1R6p/6P2/5p2r/8n/4p4/5K3 w - - 0 1',
    moves: 'd6c8 f9f8 c8d6 f8f9 d6c8 f9f8 c8d6',
    asian: 'draw',
    computer: 'draw',
    chinese: { outcome: 'red loses', why: '24.10, 24.13, diagram 7: a perpetual mate threat (长杀) is forbidden' },
  },
  {
    rule: '9',
    diagram: 'D6-9',
    text: 'Perpetual mate threat (长杀) is allowed',
    fen: '3aka3/4n4/4b4/4C4/p3p3p/9/2c6/2C6/4K4/9 w - - 0 1',
    moves: 'c2g2 c3g3 g2c2 g3c3 c2g2 c3g3',
    asian: 'draw',
    computer: 'draw',
    chinese: { outcome: 'red loses', why: '24.10, 24.13, diagram 7: a perpetual mate threat (长杀) is forbidden' },
  },
  {
    rule: '10',
    diagram: 'D10',
    text: 'A mate threat parried by a counter mate threat, repeated: a draw',
    fen: '5k3/2CPP4/9/9/9/9/9/B3p4/r8/4K4 w - - 0 1',
    moves: 'e8f8 f9e9 e0f0 e2f2 f8e8 e9f9 f0e0 f2e2 e8f8 f9e9',
    asian: 'draw',
    computer: 'draw',
    chinese: {
      outcome: 'draw',
      why: '24.13 and the general rule: both sides forbidden (mate threat against mate threat) draw',
    },
  },
  {
    rule: '12',
    diagram: 'D13',
    text: 'One check, one chase (一照一捉) is allowed',
    fen: '4ka3/2R1a4/C8/p7p/1P5n1/9/4n4/4B4/9/4K1B2 w - - 0 1',
    moves: 'c8c9 e8d9 c9c8 d9e8 c8c9 e8d9',
    asian: 'draw',
    computer: 'draw',
  },
  {
    rule: '12',
    diagram: 'D13',
    text: 'One check, one chase (一照一捉) is allowed',
    fen: '1R1C1abr1/4k4/4b4/p7p/2p6/9/r1P3P2/B8/9/2B1KA3 w - - 0 1',
    moves: 'b9b8 e8e9 b8b9 e9e8 b9b8 e8e9',
    asian: 'draw',
    computer: 'draw',
    chinese: {
      outcome: 'red loses',
      why: '24.13, diagram 8: one check, one chase (一将一捉) is forbidden: the rook checks from b9 and chases from b8',
    },
  },
  {
    rule: '12',
    diagram: 'D13',
    text: 'One check, one chase (一照一捉) is allowed',
    fen: 'N1ra1a3/3nk4/4b4/p1p6/6b1p/2P6/P2R4P/4B4/4A4/2B1KA3 w - - 0 1',
    moves: 'd3h3 e8e9 h3d3 e9e8 d3h3 e8e9',
    asian: 'draw',
    computer: 'draw',
  },
  {
    rule: '12',
    diagram: 'D13',
    text: 'One check, one chase (一照一捉) is allowed',
    fen: '3k1a3/4a1P2/8r/9/2R6/9/2P6/1p7/4An2n/3CKA3 w - - 0 1',
    moves: 'c5c9 d9d8 c9c5 d8d9 c5c9 d9d8',
    asian: 'draw',
    computer: 'draw',
  },
  {
    rule: '18',
    diagram: 'D37',
    text: "A rook may not perpetually chase an unprotected cannon, even when the cannon's side checks in reply",
    fen: '3ak4/4a4/4b4/p8/2p3n2/9/P1P3r2/3AB4/c3N3N/1RB1KA3 w - - 0 1',
    moves: 'b0b1 a1a0 b1b0 a0a1 b0b1 a1a0 b1b0',
    asian: 'red loses',
    computer: 'draw',
  },
  {
    rule: '18',
    diagram: 'D38',
    text: "A rook may not perpetually chase an unprotected cannon, even when the cannon's side checks in reply",
    fen: '2bakar2/9/2c6/8R/p3p1p2/9/P1P1P1P1P/B1N6/1r2A4/2B1KA3 w - - 0 1',
    moves: 'i6c6 c7h7 c6h6 h7c7 h6c6 c7h7 c6h6',
    asian: 'red loses',
    computer: 'red loses',
    chinese: {
      outcome: 'draw',
      why: "Black's cannon move to h7 threatens mate (h0, over the advisor), its return chases the horse: 一杀一捉, forbidden too; both forbidden draw",
    },
  },
  {
    rule: '28',
    diagram: 'D67',
    text: 'The king may chase perpetually',
    fen: '4ka3/4a4/4b4/p7p/9/4C4/4P4/4B4/3K5/3Ac1B2 w - - 0 1',
    moves: 'd1e1 e0f0 e1f1 f0e0 f1e1 e0f0 e1f1',
    asian: 'draw',
    computer: 'draw',
    chinese: { outcome: 'draw', why: 'diagram 15: the king may chase (帅（将）允许长捉)' },
  },
  {
    rule: '28',
    diagram: 'D68',
    text: 'The king may chase perpetually, also together with another piece',
    fen: '3k2b1r/4a4/5a2b/3PP4/7P1/9/9/B4N2B/5K3/4p4 w - - 0 1',
    moves: 'f1e1 e0d0 e1d1 d0e0 d1e1 e0d0 e1d1',
    asian: 'draw',
    computer: 'draw',
  },
  {
    rule: '29',
    diagram: 'D69',
    text: 'A pawn may chase perpetually',
    fen: '4k1b1c/7P1/3a5/9/9/9/9/9/3K5/9 w - - 0 1',
    moves: 'h8i8 i9h9 i8h8 h9i9 h8i8 i9h9 i8h8',
    asian: 'draw',
    computer: 'draw',
    chinese: { outcome: 'draw', why: "diagram 14: a pawn's own attacks are idle (兵（卒）本身允许长捉)" },
  },
  {
    rule: '29',
    diagram: 'D70',
    text: 'A pawn may chase perpetually',
    fen: '4kab2/4a4/4b1n2/4p2P1/2p5P/9/9/7C1/4A4/4K4 w - - 0 1',
    moves: 'h6g6 g7h9 g6h6 h9g7 h6g6 g7h9',
    asian: 'draw',
    computer: 'draw',
    chinese: { outcome: 'draw', why: "diagram 14: a pawn's own attacks are idle" },
  },
  {
    rule: '30-31',
    diagram: 'D71-75',
    text: "Exceptions to the king's and pawn's chases: a chase uncovered by them is a chase",
    fen: '1c1ak4/N1PNa4/9/9/5P3/9/9/4Bp3/9/3p1K1p1 w - - 0 1',
    moves: 'c8b8 b9c9 b8c8 c9b9 c8b8 b9c9 b8c8',
    asian: 'red loses',
    computer: 'red loses',
  },
  {
    rule: '30-31',
    diagram: 'D71-75',
    text: "Exceptions to the king's and pawn's chases: a chase uncovered by them is a chase",
    fen: '1Pbak2r1/4a4/4b4/2p6/9/3R5/2P6/4p2p1/3CC2N1/5K3 w - - 0 1',
    moves: 'd4e4 e2d2 e4d4 d2e2 d4e4 e2d2 e4d4 d2e2 d4e4',
    asian: 'red loses',
    computer: 'red loses',
  },
  {
    rule: '25',
    diagram: 'D59',
    text: 'Chasing an unprotected pawn that has crossed the river is a perpetual chase',
    fen: '3akabC1/9/4b4/7P1/2n6/8p/3p5/9/4A1c2/2BAK1B1C w - - 0 1',
    moves: 'g0i2 g1i1 i2g0 i1g1 g0i2 g1i1 i2g0',
    asian: 'red loses',
    computer: 'red loses',
    chinese: { outcome: 'red loses', why: 'a pawn across the river is material: chasing it is 长捉 (24.11)' },
  },
  {
    rule: '25',
    diagram: 'D60',
    text: 'Chasing a pawn that has not crossed the river is allowed',
    fen: '3akabC1/9/4b4/7P1/2n5p/9/3p5/9/4A1c2/2BAK1B1C w - - 0 1',
    moves: 'g0i2 g1i1 i2g0 i1g1 g0i2 g1i1 i2g0',
    asian: 'draw',
    computer: 'draw',
    chinese: { outcome: 'draw', why: 'a pawn still on its own side is no material: no chase' },
  },
  {
    rule: '-',
    diagram: 'D48',
    text: 'Both sides chase perpetually: a draw',
    fen: '3akc3/4a4/9/9/3n5/1R7/9/9/4A4/4KAB2 w - - 0 1',
    moves: 'b4b5 d5c3 b5c5 c3e4 c5c4 e4d6 c4d4 d6f5 d4d5 f5e3 d5e5 e3c4 e5e4 c4d6 e4d4 d6f5 d4d5',
    asian: 'draw',
    computer: 'draw',
    chinese: { outcome: 'draw', why: 'both sides chase: both forbidden, a draw' },
  },
];
