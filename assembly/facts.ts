// The facts the engine shares with the TypeScript side (the adapter, the board, the command-line
// engine, the tools and the trainer), written ONCE, at the engine's level: both compilers read this
// file (asc for the engine, TypeScript and Vite for everything else; web/engine/shared.ts re-exports it
// for the adapter, and a Python trainer reads tune/format.generated.json, generated from it). So it
// holds only integer constants and small functions on i32 (to TypeScript a number, declared in
// assembly/integer-types.d.ts), and no strings: asc lays out every string constant of a file in memory,
// used or not (START_FEN lives in web/engine/start-fen.ts for that reason).

// ---- search and the engine's interface -------------------------------------------------------------

/** Search depth limit, also the number of move-list slots (assembly/layout.ts). */
export const MAX_PLY = 128;
/** The score of being mated now; a mate found n plies from the root scores MATE - n. */
export const MATE = 30000;
/** Scores beyond this are mates (no line is longer than MAX_PLY). */
export const MATE_BOUND = MATE - MAX_PLY;
/** Bytes of the IO region: FEN text in and out, move lists out. Longer FEN is refused. */
export const IO_SIZE = 4096;
/** MultiPV lines the search keeps per iteration. */
export const MAX_LINES = 32;
/** The skill level of full strength (the search weakens on purpose below it; UCI `Skill Level` 0-20). */
export const FULL_STRENGTH = 20;
/** The engine's own scale of strength (assembly/weakness.ts): a skill level is 100 of it; this is full strength. */
export const STRENGTH_FULL = 2000;
/** The largest transposition table, in MB (the Hash option's maximum). */
export const HASH_MAX_MB = 1024;
/** The transposition table an engine starts with, in MB (the Hash option's default). */
export const HASH_DEFAULT_MB = 16;
/** Search threads the threaded build has blocks for (one per slot of its shared memory). */
export const MAX_THREADS = 8;
/**
 * Room in the threaded build's shared memory besides the table, in MB: the engine blocks (one per
 * thread and one to start in, each assembly/layout.ts's CORE_SIZE, about 6.3 MB, the king-bucketed
 * network's int8 first layer its largest part) and the threads' control words (assembly/target-threads/mem.ts).
 */
export const THREAD_BLOCKS_MB = 64;
/** Pages (64 KiB) of the threaded build's shared memory at most: the largest table and the blocks. */
export const THREAD_MEMORY_MAX_PAGES = (HASH_MAX_MB + THREAD_BLOCKS_MB) * 16;

// Moves cross the boundary as from90 | to90 << 8 (points rank * 9 + file, 0..89).
export const MOVE90_SHIFT = 8;
export const MOVE90_MASK = 255;

// ---- FEN error codes (assembly/fen.ts), with what ERROR_INFO's two details (a, b) hold ------------

export const FEN_OK = 0;
export const FEN_EMPTY = 1; // nothing but spaces
export const FEN_ROWS = 2; // a: rows found
export const FEN_ROW_WIDTH = 3; // a: row (0 = rank 9), b: points it describes
export const FEN_CHAR = 4; // a: character code, b: offset in the text
export const FEN_TOO_MANY = 5; // a: piece letter
export const FEN_BAD_SQUARE = 6; // a: piece letter, b: square (rank * 9 + file)
export const FEN_NO_KING = 7; // a: side
export const FEN_SIDE = 8; // a: character code (0 when missing), b: offset
export const FEN_COUNTER = 9; // b: offset of the field
export const FEN_IN_CHECK = 10; // a: side that is in check without being to move
export const FEN_TOO_LONG = 11; // a: length
export const FEN_COUNTER_RANGE = 12; // a: the value, b: offset of the field
/** Larger ply clocks cannot come from play (120 plies end a game) and would not fit the history. */
export const FEN_MAX_PLY_CLOCK = 9999;

// ---- game status (assembly/rules.ts), packed: result in the low bits, reason from STATUS_REASON_SHIFT up

export const STATUS_REASON_SHIFT = 4;
export const STATUS_RESULT_MASK = 15;
export const RESULT_NONE = 0;
export const RESULT_RED_WINS = 1;
export const RESULT_BLACK_WINS = 2;
export const RESULT_DRAW = 3;
export const REASON_CHECKMATE = 1;
export const REASON_STALEMATE = 2;
export const REASON_PERPETUAL_CHECK = 3;
export const REASON_REPETITION = 4;
export const REASON_MOVE_LIMIT = 5;
export const REASON_PERPETUAL_CHASE = 6;
export const REASON_INSUFFICIENT_MATERIAL = 7;
/** Chinese rules: a side repeated attacking moves that were not all checks nor all chases (mate threats, check and chase). */
export const REASON_PERPETUAL_ATTACK = 8;

// ---- repetition rule sets (assembly/rules.ts), the engine option `Rule` (web/engine/rule-sets.ts names them)

export const RULE_COMPUTER = 0;
export const RULE_ASIAN = 1;
export const RULE_CHINESE = 2;
export const RULE_CHECK_ONLY = 3;

// ---- the network evaluation's format ----------------------------------------------------------------
// The engine evaluates with it (assembly/nnue.ts), web/engine/nnue-file.ts reads and writes its file
// (the byte layout and the integer reference pass), tune/ trains it. A change of the format is a
// change here (and of the file's version there).

/** Points of the board, rank * 9 + file. */
export const BOARD_POINTS = 90;
/** Piece types, in input order: K A B N R C P. */
export const PIECE_TYPES = 7;
/** Inputs per perspective: own pieces, then the other side's, of each type, on each point (1,260). */
export const NNUE_INPUTS = 2 * PIECE_TYPES * BOARD_POINTS;
/** Quantisation of the first layer and the accumulators: a hidden unit's 1.0 is QA; they clip to [0, QA]. */
export const NNUE_QA = 255;
/** Quantisation of the output weights. */
export const NNUE_QB = 64;
/** Centipawns per unit of the float network's output. */
export const NNUE_OUTPUT_SCALE = 400;
/** Hidden units per perspective: a multiple of NNUE_HIDDEN_STEP (the SIMD width, a power of two) from MIN to MAX. */
export const NNUE_HIDDEN_MIN = 8;
export const NNUE_HIDDEN_STEP = 8;
/** The largest network the engine holds: its first layer takes NNUE_INPUTS x this x 2 bytes. */
export const NNUE_HIDDEN_MAX = 256;
/**
 * The largest hidden size a network file may declare: a different fact from what this engine holds. The
 * trainer may write larger networks (to measure them, or for another engine); this one refuses them.
 */
export const NNUE_FILE_HIDDEN_MAX = 1024;

/**
 * The input a piece activates for `perspective` (0 Red, 1 Black): the board as that side sees it, its
 * own pieces first. `colour`: the piece's (0 Red, 1 Black); `pieceType`: 0..6 (K A B N R C P); `rank`
 * 0..9 and `file` 0..8 as Red sees the board. Black's view flips the ranks only, not the files, so a
 * position and its colour-and-rank flip give the same inputs.
 */
export function featureIndex(perspective: i32, colour: i32, pieceType: i32, rank: i32, file: i32): i32 {
  const kind = (colour === perspective ? 0 : PIECE_TYPES) + pieceType;
  const seenRank = perspective === 0 ? rank : 9 - rank;
  return kind * BOARD_POINTS + seenRank * 9 + file;
}

// ---- the king-bucketed network (file version 2; web/engine/nnue-kb.ts has its file and reference pass)
// Each perspective's inputs are those of version 1, bucketed by where its own king stands in its
// palace: the rank (0-2) as that side sees the board, times file d or e, the board read mirrored left
// to right when the king is on file f. The first layer's weights are int8; one output layer per bucket
// of material (the rooks, horses and cannons on the board).

/** Inputs of one king bucket (the version 1 inputs). */
export const KB_PLANE = NNUE_INPUTS;
export const KB_KING_BUCKETS = 6;
export const KB_INPUTS = KB_PLANE * KB_KING_BUCKETS;
/**
 * The scales: an activation of 1.0 is QA (int8 first-layer weights, so |W1| <= 127 / QA), an output
 * weight of 1.0 is QB. A file names both, powers of two from KB_QA to KB_QA_MAX and from KB_QB to
 * KB_QB_MAX (as 0 in the first files: KB_QA and KB_QB). At 64 and 64 the rounding moved a 256-wide
 * network's output by 12-17 cp (mostly the output layer's, whose 512 weights each round by up to
 * 1/128), so finer scales keep what training found. The sums stay in range at the largest: int16
 * accumulators hold 32 pieces of 127 and the bias, and 512 activations of 256 times output weights
 * of 32 * 256 stay below 2^31.
 */
export const KB_QA = 64;
export const KB_QA_MAX = 256;
export const KB_QB = 64;
export const KB_QB_MAX = 256;
/** Centipawns per unit of the float network's output. */
export const KB_SCALE = 400;
/** Hidden units per perspective: a multiple of KB_HIDDEN_STEP (two SIMD rows of int8) up to NNUE_HIDDEN_MAX. */
export const KB_HIDDEN_STEP = 16;
export const KB_OUTPUT_BUCKETS_MAX = 16;
/** Rooks, horses and cannons of both sides at most: the output bucket is read from their count. */
export const KB_HEAVY_PIECES_MAX = 12;

/**
 * The input a piece activates for `perspective` whose own king stands on `kingRank`, `kingFile`;
 * the piece's `colour`, `pieceType`, `rank` and `file` as in featureIndex (Red's view of the board).
 */
export function featureIndexKB(
  perspective: i32,
  kingRank: i32,
  kingFile: i32,
  colour: i32,
  pieceType: i32,
  rank: i32,
  file: i32,
): i32 {
  const seenKingRank = perspective === 0 ? kingRank : 9 - kingRank;
  const bucket = seenKingRank * 2 + (kingFile === 4 ? 1 : 0);
  const seenFile = kingFile === 5 ? 8 - file : file;
  return bucket * KB_PLANE + featureIndex(perspective, colour, pieceType, rank, seenFile);
}

/** The output bucket for `heavy` rooks, horses and cannons on the board, of `buckets`. */
export function outputBucketKB(heavy: i32, buckets: i32): i32 {
  const capped = heavy < KB_HEAVY_PIECES_MAX ? heavy : KB_HEAVY_PIECES_MAX;
  // `| 0`: the JS build divides in floating point.
  return ((capped * buckets) / (KB_HEAVY_PIECES_MAX + 1)) | 0;
}
