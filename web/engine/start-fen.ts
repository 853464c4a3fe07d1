// The standard start position, the one copy the engine adapter, notation, board and tools use.
// (Not in shared.ts: asc would put the string into the engine's memory although it never reads it.)
/** The standard start position as FEN, Red to move. */
export const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
