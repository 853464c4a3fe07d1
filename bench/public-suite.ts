// The published Xiangqi perft suite, the repository's one copy of it: the tests (test/engine), `npm run
// bench` and the bench page all read it from here. Sources: the chessprogramming wiki page "Chinese
// Chess Perft Results" (positions 1-11; the start position's depth 6 also appears in public engine
// test files), a folium test position, and two depth-4 positions from Fairy-Stockfish's
// tests/perft.sh. Every value up to depth 4 was cross-checked against Fairy-Stockfish 11.1 (UCI,
// `setoption name UCI_Variant value xiangqi`, `position fen ...`, `go perft N`). The FENs use side
// letter `w` for Red to move.

export interface PublicPosition {
  fen: string;
  /** Published leaf counts by depth. */
  perft: Record<number, number>;
}

export const PUBLIC_SUITE: readonly PublicPosition[] = [
  {
    fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
    perft: { 1: 44, 2: 1920, 3: 79666, 4: 3290240, 5: 133312995, 6: 5392831844 },
  },
  {
    fen: 'r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1',
    perft: { 1: 38, 2: 1128, 3: 43929, 4: 1339047, 5: 53112976 },
  },
  {
    fen: '1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1',
    perft: { 1: 7, 2: 281, 3: 8620, 4: 326201, 5: 10369923 },
  },
  {
    fen: '5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1',
    perft: { 1: 25, 2: 424, 3: 9850, 4: 202884, 5: 4739553, 6: 100055401 },
  },
  {
    fen: 'CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1',
    perft: { 1: 28, 2: 516, 3: 14808, 4: 395483, 5: 11842230 },
  },
  {
    fen: 'R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1',
    perft: { 1: 21, 2: 364, 3: 7626, 4: 162837, 5: 3500505, 6: 81195154 },
  },
  {
    fen: 'C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1',
    perft: { 1: 28, 2: 222, 3: 6241, 4: 64971, 5: 1914306, 6: 23496493 },
  },
  {
    fen: '4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1',
    perft: { 1: 23, 2: 345, 3: 8124, 4: 149272, 5: 3513104, 6: 71287903 },
  },
  {
    fen: '2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1',
    perft: { 1: 21, 2: 195, 3: 3883, 4: 48060, 5: 933096, 6: 12250386 },
  },
  {
    fen: '1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1',
    perft: { 1: 30, 2: 830, 3: 22787, 4: 649866, 5: 17920736 },
  },
  {
    fen: 'CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w - - 0 1',
    perft: { 1: 19, 2: 583, 3: 11714, 4: 376467, 5: 8148177 },
  },
  {
    fen: 'r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1',
    perft: { 1: 58, 2: 1651, 3: 90744, 4: 2605437, 5: 140822416 },
  },
  { fen: '1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1', perft: { 4: 4485547 } },
  { fen: '4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1', perft: { 4: 92741 } },
];
