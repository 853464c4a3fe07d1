// The facts the engine (assembly/, compiled by asc to wasm and by Vite to JS) and the TypeScript
// side (adapter, board, UCI engine, build script) must agree on, written ONCE. Both compilers read
// this file, so it holds only integer constants with literal initializers and no type annotations:
// asc types an integer literal as i32, TypeScript has no i32. No strings: asc lays out every string
// constant of the file in memory, used or not (START_FEN lives in start-fen.ts for that reason).
// It lives in web/engine (not assembly/) because the package compiles web/ alone to dist/.

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
/** The largest transposition table, in MB (the Hash option's maximum). */
export const HASH_MAX_MB = 1024;
/** The transposition table an engine starts with, in MB (the Hash option's default). */
export const HASH_DEFAULT_MB = 16;
/** The skill level of full strength (the search weakens on purpose below it; UCI `Skill Level` 0-20). */
export const FULL_STRENGTH = 20;
/** The engine's own scale of strength (assembly/weakness.ts): a skill level is 100 of it; this is full strength. */
export const STRENGTH_FULL = 2000;
/** Search threads the threaded build has blocks for (one per slot of its shared memory). */
export const MAX_THREADS = 8;
/** Pages of the threaded build's shared memory: 1 GiB of table (HASH_MAX_MB) + the per-thread blocks (9 of about 4.8 MB). */
export const THREAD_MEMORY_MAX_PAGES = 17152;
/** The largest network (hidden units) the engine holds: its first layer takes 1,260 x this x 2 bytes. */
export const NETWORK_HIDDEN_MAX = 256;

// Moves cross the boundary as from90 | to90 << 8 (points rank * 9 + file, 0..89).
export const MOVE90_SHIFT = 8;
export const MOVE90_MASK = 255;

// FEN error codes (assembly/fen.ts), with what ERROR_INFO's two details (a, b) hold.
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

// Game status (assembly/rules.ts), packed: result in the low bits, reason from STATUS_REASON_SHIFT up.
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

// Repetition rule sets (assembly/rules.ts), the engine option `Rule`.
export const RULE_COMPUTER = 0;
export const RULE_ASIAN = 1;
export const RULE_CHINESE = 2;
export const RULE_CHECK_ONLY = 3;
