// The standard start position, for PGN files without a [FEN] tag. Reading and checking FEN is
// the engine's job (setPosition throws FenError); this module only needs the constant.

export const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
