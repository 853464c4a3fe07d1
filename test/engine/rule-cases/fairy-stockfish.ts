// Fairy-Stockfish's published repetition-rule tests for Xiangqi, which follow the Asian (AXF) rules:
// test.py, test_is_optional_game_end, of github.com/fairy-stockfish/Fairy-Stockfish at c19b5f6c.
// Their FENs and moves are copied as data; the ranks of the moves are translated from Fairy-Stockfish's
// 1-10 to our 0-9. `verdict` is for the side to move after the moves (at the third occurrence of the
// position): its win, its loss, or a draw; null where the test asserts only that the game has ended.
import type { RuleCase } from './play.ts';

export const FAIRY_STOCKFISH_CASES: RuleCase[] = [
  {
    name: 'Direct chase by cannon',
    fen: '2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1',
    moves: 'c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2',
    verdict: 'win',
  },
  {
    name: 'Chase with chasing side to move',
    fen: '2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1',
    moves: 'c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7',
    verdict: 'loss',
  },
  {
    name: 'Discovered chase by cannon (including pawn capture)',
    fen: '2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/CC1AKA3 w - - 0 1',
    moves: 'a4a5 a6b6 a5b5 b6a6 b5a5 a6b6 a5b5 b6a6 b5a5',
    verdict: 'win',
  },
  {
    name: 'Chase by soldier (draw)',
    fen: '2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/1C1AKA3 w - - 0 1',
    moves: 'a4a5 a6b6 a5b5 b6a6 b5a5 a6b6 a5b5 b6a6 b5a5',
    verdict: 'draw',
  },
  {
    name: 'Discovered and anti-discovered chase by cannon',
    fen: '5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1',
    moves: 'f4d4 f5d5 d4f4 d5f5 f4d4 f5d5 d4f4 d5f5',
    verdict: 'loss',
  },
  {
    name: 'Mutual chase (draw)',
    fen: '4k4/7n1/9/4pR3/9/9/4P4/9/9/4K4 w - - 0 1',
    moves: 'f6h6 h8f7 h6h7 f7g5 h7g7 g5i6 g7g6 i6h8 g6h6 h8f7 h6h7 f7g5 h7g7 g5i6 g7g6 i6h8 g6h6',
    verdict: 'draw',
  },
  {
    name: 'Perpetual check vs. intermittent checks',
    fen: '9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w - - 0 1',
    moves: 'd6e6 e4d4 e6d6 d4e4 d6e6 e4d4 e6d6 d4e4',
    verdict: 'win',
  },
  {
    name: 'Perpetual check by soldier, case 1',
    fen: '3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1',
    moves: 'f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2',
    verdict: 'win',
  },
  {
    name: 'Perpetual check by soldier, case 2',
    fen: '3k5/4P4/4b4/3C5/4c4/9/9/9/9/5K3 w - - 0 1',
    moves: 'd6e6 e7g5 e6d6 g5e7 d6e6 e7g5 e6d6 g5e7',
    verdict: 'win',
  },
  {
    name: 'Perpetual check by soldier, case 3',
    fen: '3k5/9/9/9/9/9/9/9/cr1CAK3/9 w - - 0 1',
    moves: 'd1d3 b1b3 d3d1 b3b1 d1d3 b1b3 d3d1 b3b1',
    verdict: 'win',
  },
  {
    name: 'Perpetual check by soldier, case 4',
    fen: '5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1',
    moves: 'f4d4 f5d5 d4f4 d5f5 f4d4 f5d5 d4f4 d5f5',
    verdict: 'loss',
  },
  {
    name: 'Perpetual check by soldier, case 5',
    fen: '4k4/9/4b4/2c2nR2/9/9/9/9/9/3K5 w - - 0 1',
    moves: 'g6g5 f6g8 g5g6 g8f6 g6g5 f6g8 g5g6 g8f6',
    verdict: 'win',
  },
  {
    name: 'Perpetual check by soldier, case 6',
    fen: '3P5/3k5/3nn4/9/9/9/9/9/9/5K3 w - - 0 1',
    moves: 'd9e9 d8e8 e9d9 e8d8 d9e9 d8e8 e9d9 e8d8',
    verdict: 'win',
  },
  {
    name: 'Perpetual check by soldier, case 7',
    fen: '4ck3/9/9/9/9/2r1R4/9/9/4A4/3AK4 w - - 0 1',
    moves: 'e4e3 c4c3 e3e4 c3c4 e4e3 c4c3 e3e4 c3c4',
    verdict: 'win',
  },
  {
    name: 'Perpetual check by soldier, case 8',
    fen: '4k4/9/9/c1c6/9/r8/9/9/C8/3K5 w - - 0 1',
    moves: 'a1c1 a4c4 c1a1 c4a4 a1c1 a4c4 c1a1 c4a4',
    verdict: 'win',
  },
  {
    name: 'Mutual perpetual check, case 1',
    fen: '9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1',
    moves: 'e3d3 d6e6 d3e3 e6d6 e3d3 d6e6 d3e3 e6d6',
    verdict: 'draw',
  },
  {
    name: 'Mutual perpetual check, case 2',
    fen: '3k5/6c2/9/7P1/6c2/6P2/9/9/9/5K3 w - - 0 1',
    moves: 'h6g6 g5h5 g6h6 h5g5 h6g6 g5h5 g6h6 h5g5',
    verdict: 'draw',
  },
  {
    name: 'Mutual perpetual check, case 3',
    fen: '4ck3/9/9/9/9/2r1R1N2/6N2/9/4A4/3AK4 w - - 0 1',
    moves: 'e4e3 c4c3 e3e4 c3c4 e4e3 c4c3 e3e4 c3c4',
    verdict: 'draw',
  },
  {
    name: 'Mutual perpetual check, case 4',
    fen: '5k3/9/9/c8/9/P1P6/9/2C6/9/3K5 w - - 0 1',
    moves: 'c2a2 a6c6 a2c2 c6a6 c2a2 a6c6 a2c2 c6a6',
    verdict: 'draw',
  },
  {
    name: 'Mutual perpetual check, case 5',
    fen: '4k4/9/r1r6/9/PPPP5/9/9/9/1C7/5K3 w - - 0 1',
    moves: 'b1a1 a7b7 a1c1 c7d7 c1b1 b7a7 b1d1 d7c7 d1a1 a7b7 a1c1 c7d7 c1b1 b7a7 b1d1 d7c7 d1a1',
    verdict: 'draw',
  },
  {
    name: 'D106: Chariot chases cannon, but attack actually does not change (draw)',
    fen: '3k2b2/4P4/4b4/9/8p/6Bc1/6P1P/3AB4/4pp3/1p1K3R1 w - - 0 1',
    moves: 'h0h1 h4h3 h1h0 h3h4 h0h1 h4h3 h1h0 h3h4',
    verdict: 'draw',
  },
  {
    name: 'D39: Chased chariot pinned by horse + mutual chase (controversial if pinned chariot chases), case 1',
    fen: '2baka1r1/C4rN2/9/1Rp1p4/9/9/4P4/9/4A4/4KA3 w - - 0 1',
    moves: 'b6b8 f9e8 b8b9 e8f9 b9b8 f9e8 b8b9 e8f9 b9b8',
    verdict: 'win',
  },
  {
    name: 'D39: Chased chariot pinned by horse + mutual chase (controversial if pinned chariot chases), case 2',
    fen: '5k3/9/9/9/9/9/7r1/9/2nRA3c/4K4 w - - 0 1',
    moves: 'e1f0 h3h1 f0e1 h1h3 e1f0 h3h1 f0e1 h1h3',
    verdict: 'win',
  },
  {
    name: 'Creating pins to undermine root',
    fen: '4k4/4c4/9/4p4/9/9/3rn4/3NR4/4K4/9 b - - 0 1',
    moves: 'e3g4 e1f1 g4e3 f1e1 e3g4 e1f1 g4e3 f1e1',
    verdict: 'loss',
  },
  {
    name: 'Discovered check capture threat by rook',
    fen: '5k3/9/9/9/9/1N2P1C2/9/4BC3/9/cr1RK4 w - - 0 1',
    moves: 'b4c2 b0c0 c2b4 c0b0 b4c2 b0c0 c2b4 c0b0',
    verdict: 'win',
  },
  {
    name: 'Creating a pin to undermine root + discovered check threat by horse',
    fen: '5k3/9/9/9/9/4c4/3n5/3NBA3/4A4/4K4 w - - 0 1',
    moves: 'e0d0 e4d4 d0e0 d4e4 e0d0 e4d4 d0e0 d4e4',
    verdict: 'win',
  },
  {
    name: 'Creating a pin to undermine root + discovered check threat by rook',
    fen: '5k3/9/9/9/9/4c4/3r5/3NB4/4A4/4K4 w - - 0 1',
    moves: 'e0d0 e4d4 d0e0 d4e4 e0d0 e4d4 d0e0 d4e4',
    verdict: 'win',
  },
  {
    name: 'X-Ray protected discovered check',
    fen: '5k3/9/9/9/9/9/9/9/9/3NK1cr1 w - - 0 1',
    moves: 'd0c2 h0h2 c2d0 h2h0 d0c2 h0h2 c2d0 h2h0',
    verdict: 'win',
  },
  {
    name: 'No overprotection by king',
    fen: '3k5/9/9/3n5/9/9/3r5/9/9/3NK4 w - - 0 1',
    moves: 'd0c2 d3c3 c2d0 c3d3 d0c2 d3c3 c2d0 c3d3',
    verdict: 'draw',
  },
  {
    name: 'Overprotection by king',
    fen: '3k5/9/9/9/9/9/3r5/9/9/3NK4 w - - 0 1',
    moves: 'd0c2 d3c3 c2d0 c3d3 d0c2 d3c3 c2d0 c3d3',
    verdict: 'win',
  },
  {
    name: 'Mutual pins by flying generals',
    fen: '4k4/9/9/9/4n4/9/5C3/9/4N4/4K4 w - - 0 1',
    moves: 'e1g0 e9f9 g0e1 f9e9 e1g0 e9f9 g0e1 f9e9',
    verdict: null,
  },
  {
    name: 'Fake protection by cannon',
    fen: '5k3/9/9/9/9/1C7/1r7/9/1C7/4K4 w - - 0 1',
    moves: 'b4c4 b3c3 c4b4 c3b3 b4c4 b3c3 c4b4 c3b3',
    verdict: 'win',
  },
  {
    name: 'Fake protection by cannon + mutual chase',
    fen: '4ka3/c2R1R2c/4b4/9/9/9/9/9/9/4K4 w - - 0 1',
    moves: 'f8f6 f9e8 f6f8 e8f9 f8f6 f9e8 f6f8 e8f9',
    verdict: 'draw',
  },
];
