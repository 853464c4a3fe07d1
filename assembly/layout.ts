// Byte offsets of every region the engine uses, relative to the start of its memory block.
// Both builds lay memory out identically, so the adapter reads positions and move lists
// through the same views on either backend.
import {
  MAX_PLY,
  IO_SIZE,
  MAX_LINES,
  BOARD_POINTS,
  NNUE_INPUTS,
  NNUE_HIDDEN_MAX,
  KB_INPUTS,
  KB_OUTPUT_BUCKETS_MAX,
} from './facts';
// Sizes the TypeScript side needs too live in facts.ts; the engine's modules take them from here.
export { MAX_PLY, IO_SIZE, MAX_LINES } from './facts';

export const MAX_MOVES: i32 = 256; // per move list; the most legal moves known in Xiangqi is far below
/** Entries of a table by piece id (0..47) and mailbox square (0..255). */
export const PIECE_SQUARES: i32 = 48 * 256;
/** Moves a ply remembers having searched without a cutoff, for the histories to punish: quiets, then captures. */
export const TRIED_QUIETS: i32 = 64;
export const TRIED_CAPTURES: i32 = 32;
export const TRIED_PER_PLY: i32 = TRIED_QUIETS + TRIED_CAPTURES;
export const MAX_HISTORY: i32 = 8192; // game plies plus search plies kept for repetition and undo
export const HISTORY_ENTRY: i32 = 16; // bytes, these fields (offsets in an entry):
export const H_MOVE: i32 = 0; //   i32: the move (0 for a null move)
export const H_KEY_LO: i32 = 4; //   i32: the key before it, low half
export const H_KEY_HI: i32 = 8; //   i32: the key before it, high half
export const H_CAPTURED: i32 = 12; //   u8: the piece id it captured, 0 for none
export const H_CHECK: i32 = 13; //   u8: 1 when it gave check
export const H_HALFMOVE: i32 = 14; //   i16: the ply clock before it

export const SQUARES: i32 = 0; // u8[256]: piece id or 0
export const PIECE_SQ: i32 = SQUARES + 256; // u8[48]: square of piece id, 0 when captured
export const IN_BOARD: i32 = PIECE_SQ + 64; // u8[256]: 1 on the 90 points
export const PALACE: i32 = IN_BOARD + 256; // u8[256]: bit 0 Red's palace, bit 1 Black's
export const HALF: i32 = PALACE + 256; // u8[256]: bit 0 Red's half, bit 1 Black's
export const ADVISOR_POINT: i32 = HALF + 256; // u8[256]: bit per side, the 5 advisor points
export const BISHOP_POINT: i32 = ADVISOR_POINT + 256; // u8[256]: bit per side, the 7 elephant points
export const PAWN_POINT: i32 = BISHOP_POINT + 256; // u8[256]: bit per side, points a pawn can reach
export const ZOBRIST_LO: i32 = PAWN_POINT + 256; // i32[PIECE_SQUARES], indexed by piece id and square
export const ZOBRIST_HI: i32 = ZOBRIST_LO + PIECE_SQUARES * 4;
export const MOVE_LISTS: i32 = ZOBRIST_HI + PIECE_SQUARES * 4; // i32[MAX_PLY][MAX_MOVES]
export const MOVE_SCORES: i32 = MOVE_LISTS + MAX_PLY * MAX_MOVES * 4; // i32[MAX_PLY][MAX_MOVES]
export const HISTORY: i32 = MOVE_SCORES + MAX_PLY * MAX_MOVES * 4; // entries of HISTORY_ENTRY bytes
export const IO: i32 = HISTORY + MAX_HISTORY * HISTORY_ENTRY; // u8[IO_SIZE]: FEN in and out, move lists out
export const ERROR_INFO: i32 = IO + IO_SIZE; // i32[4]: error code, then two details
export const SNAPSHOT: i32 = ERROR_INFO + 16; // squares, piece list and scalars kept while a FEN is tried
export const SNAPSHOT_SIZE: i32 = 256 + 64 + 36;
export const SNAPSHOT_SCALARS: i32 = SNAPSHOT + 256 + 64; // i32[9] after squares and piece list: side, keyLo, keyHi, halfmove, startFullmove, startSide, historyLength, placement (midgame, endgame)
export const PIECE_VALUES: i32 = SNAPSHOT + SNAPSHOT_SIZE; // i32[PIECE_SQUARES][2]: material + placement, Red's view, midgame and endgame
export const KILLERS: i32 = PIECE_VALUES + PIECE_SQUARES * 8; // i32[MAX_PLY][2]
export const HISTORY_SCORES: i32 = KILLERS + MAX_PLY * 2 * 4; // i32[PIECE_SQUARES]: by piece id and target
export const PV_TABLE: i32 = HISTORY_SCORES + PIECE_SQUARES * 4; // i32[MAX_PLY][MAX_PLY], triangular
export const PV_LENGTH: i32 = PV_TABLE + MAX_PLY * MAX_PLY * 4; // i32[MAX_PLY]
export const PV_OUT: i32 = PV_LENGTH + MAX_PLY * 4; // i32[MAX_PLY]: reported PV, from90 | to90 << 8
export const ROOT_MOVES: i32 = PV_OUT + MAX_PLY * 4; // i32[MAX_MOVES]
export const ROOT_SCORES: i32 = ROOT_MOVES + MAX_MOVES * 4; // i32[MAX_MOVES]
export const LINE_PVS: i32 = ROOT_SCORES + MAX_MOVES * 4; // i32[MAX_LINES][MAX_PLY + 1]: length, then moves
// Search heuristics (see ordering.ts): a move is known by its piece (14 kinds: type + 7 * side) and
// target point (0..89) as one "continuation index" 0..1259 (the same count as the network's inputs,
// by coincidence of the same two factors: a different fact).
// i32[MAX_MOVES]: the root moves a search may play (UCI `go searchmoves`, UCCI `banmoves`); see search.ts.
export const ROOT_ALLOWED: i32 = LINE_PVS + MAX_LINES * (MAX_PLY + 1) * 4;
export const COUNTER_MOVES: i32 = ROOT_ALLOWED + MAX_MOVES * 4; // i32[PIECE_SQUARES]: reply to a piece id's move to a point
export const CAPTURE_HISTORY: i32 = COUNTER_MOVES + PIECE_SQUARES * 4; // i16[PIECE_SQUARES * 8]: piece id, target, victim type
export const CONT_INDEXES: i32 = 14 * BOARD_POINTS;
export const CONT_HISTORY: i32 = CAPTURE_HISTORY + PIECE_SQUARES * 8 * 2; // i16[CONT_INDEXES][CONT_INDEXES]: earlier move, this move
export const STACK_ENTRY: i32 = 16; // bytes: static eval, cont index, move, excluded move
export const SEARCH_STACK: i32 = CONT_HISTORY + CONT_INDEXES * CONT_INDEXES * 2; // [MAX_PLY + 8] entries, ply p at (p + 4)
export const LMR_TABLE: i32 = SEARCH_STACK + (MAX_PLY + 8) * STACK_ENTRY; // u8[64][64]: late-move reductions by depth, move number
export const TRIED_MOVES: i32 = LMR_TABLE + 64 * 64; // i32[MAX_PLY][TRIED_PER_PLY]: quiets, then captures searched
export const SEE_SWAP_SLOTS: i32 = 32;
export const SEE_SWAP: i32 = TRIED_MOVES + MAX_PLY * TRIED_PER_PLY * 4; // i32[32] gains, then (square, id) pairs to put back
export const CHASE_LISTS: i32 = SEE_SWAP + SEE_SWAP_SLOTS * 4 + (SEE_SWAP_SLOTS + 2) * 8; // i32[2][MAX_MOVES]: chase probes (rules.ts)
// i32[MAX_HISTORY]: the moves of a repetition cycle being judged, bit 16 set where it gave check
// (rules.ts: its replay makes moves of its own, which overwrite the history beyond the replayed move).
export const CYCLE_MOVES: i32 = CHASE_LISTS + 2 * MAX_MOVES * 4;
export const EVAL_WEIGHTS: i32 = CYCLE_MOVES + MAX_HISTORY * 4; // i32[PARAMETERS][2]: the evaluation's weights (eval.ts)
// The network evaluation (nnue.ts): the network as its file stores it after the header (first
// layer one input's row of H i16 at a time, then the biases, the output weights and bias), then
// a ring of accumulators (both sides' views, i16[2][NNUE_HIDDEN_MAX]) indexed by history length,
// and per ring entry the move that led there (i32 tag: the history length it holds, -1 none;
// u8 piece, from, to, captured). 16-byte aligned for the SIMD loads.
export const NNUE_RING: i32 = 128; // a power of two
export const NNUE_NET: i32 = (EVAL_WEIGHTS + 1024 * 8 + 15) & ~15;
// Either version's body fits: version 1's int16 first layer, or version 2's int8 one over six king
// buckets with up to 16 output buckets.
const NNUE_V1_BYTES: i32 = NNUE_INPUTS * NNUE_HIDDEN_MAX * 2 + NNUE_HIDDEN_MAX * 2 + NNUE_HIDDEN_MAX * 4 + 16;
const NNUE_V2_BYTES: i32 =
  KB_INPUTS * NNUE_HIDDEN_MAX +
  NNUE_HIDDEN_MAX * 2 +
  KB_OUTPUT_BUCKETS_MAX * NNUE_HIDDEN_MAX * 4 +
  KB_OUTPUT_BUCKETS_MAX * 4 +
  16;
export const NNUE_NET_BYTES: i32 = NNUE_V2_BYTES > NNUE_V1_BYTES ? NNUE_V2_BYTES : NNUE_V1_BYTES;
export const NNUE_ACC: i32 = NNUE_NET + NNUE_NET_BYTES;
export const NNUE_META: i32 = NNUE_ACC + NNUE_RING * 2 * NNUE_HIDDEN_MAX * 2;
// Lookup tables written once at start (tables.ts, see.ts), for what the hot paths would otherwise
// work out from a piece id or a mailbox square again and again.
export const PIECE_TYPES: i32 = NNUE_META + NNUE_RING * 8; // u8[64]: type of piece id (pieces.ts)
export const SQUARE90: i32 = PIECE_TYPES + 64; // u8[256]: rank * 9 + file of a mailbox square
export const SQUARE90_FLIPPED: i32 = SQUARE90 + 256; // u8[256]: (9 - rank) * 9 + file, Black's view
export const CONT_BASE: i32 = SQUARE90_FLIPPED + 256; // i16[64]: (type + 7 * side) * 90 of piece id (ordering.ts)
export const NNUE_KIND: i32 = CONT_BASE + 64 * 2; // i16[2][64]: the network's input of piece id on point 0, per view
export const SEE_VALUES: i32 = NNUE_KIND + 2 * 64 * 2; // i16[64][4]: exchange value of piece id by its point's HALF bits
export const CORRECTION_ENTRIES: i32 = 16384; // a power of two
// i16[3][2][CORRECTION_ENTRIES]: the correction histories (ordering.ts) by pawn structure, Red's other
// pieces and Black's other pieces, each by side to move
export const CORRECTION: i32 = SEE_VALUES + 64 * 4 * 2;
// Version 2 networks: per view and per point of the palace its king may stand on, the accumulator
// last made there (i16[NNUE_HIDDEN_MAX]) and the points of pieces 16..47 it counts (u8[32], 0 for
// none), so that a king's move recomputes only what differs (nnue.ts refreshView).
export const NNUE_CACHE_ENTRY: i32 = NNUE_HIDDEN_MAX * 2 + 32;
export const NNUE_CACHE: i32 = CORRECTION + 3 * 2 * CORRECTION_ENTRIES * 2;
// The endgame tables the host holds (tablebase.ts): a byte per material key, 1 where a table is
// there (the keys of assembly/egtb/layout.ts: 3^8 of them), then a probed position's pieces as
// (point, code) byte pairs for the host to read.
export const TABLE_KEYS: i32 = 6561;
export const TABLE_MATERIALS: i32 = NNUE_CACHE + 2 * 9 * NNUE_CACHE_ENTRY;
export const TABLE_PIECES: i32 = TABLE_MATERIALS + TABLE_KEYS;
export const CORE_SIZE: i32 = (TABLE_PIECES + 32 * 2 + 15) & ~15;
