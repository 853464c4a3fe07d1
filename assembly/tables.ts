// Geometry and Zobrist tables, written once into linear memory when the module starts.
import {
  IN_BOARD,
  PALACE,
  HALF,
  ADVISOR_POINT,
  BISHOP_POINT,
  PAWN_POINT,
  ZOBRIST_LO,
  ZOBRIST_HI,
  PIECE_TYPES,
  SQUARE90,
  SQUARE90_FLIPPED,
  CONT_BASE,
  NNUE_KIND,
} from './layout';
import { stU8, ld32, st32, st16 } from './target/mem';
import { squareOf, pieceType, pieceSide, slotType } from './pieces';
import { BOARD_POINTS, PIECE_TYPES as TYPE_COUNT, featureIndex } from './facts';

// Two generators draw the Zobrist keys. xorshift32 draws the low words, as it always has; but it is
// linear over GF(2), and the high words were once its next draw after each low one, which made
// every position's high word the same linear function of its low word: the 64-bit key held 32
// bits, and the table's check on the high word told nothing apart. The high words now come from
// Bob Jenkins' small fast generator (jsf32: add, rotate, xor), independent of the low ones. The low
// words stay as they were, so that the bucket a position takes and the correction-history entries
// it shares (indexed by the low bits of pawnKey and the non-pawn keys) stay as the tests of the
// search found them: with other low words (jsf32, or xorshift32 from other seeds) the depth-12
// searches of the ten benchmark positions took 1.48 to 1.69 M nodes instead of 1.30 M (such counts
// swing with any change of the keys), and a test at 50,000 nodes a move stopped at 44.3% without a
// decision (bench/TUNING.md, 2026-12-06).
// Every step stays in int32 (`| 0` wraps the sums in the JS build), so both builds draw alike.
let xorshiftState: i32 = 0x2545f491;

function nextXorshift(): i32 {
  let x = xorshiftState;
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  xorshiftState = x;
  return x;
}

let jsfA: i32 = 0;
let jsfB: i32 = 0;
let jsfC: i32 = 0;
let jsfD: i32 = 0;

function rotate(x: i32, k: i32): i32 {
  return (x << k) | (x >>> (32 - k));
}

function nextJsf(): i32 {
  const e = (jsfA - rotate(jsfB, 27)) | 0;
  jsfA = jsfB ^ rotate(jsfC, 17);
  jsfB = (jsfC + jsfD) | 0;
  jsfC = (jsfD + e) | 0;
  jsfD = (e + jsfA) | 0;
  return jsfD;
}

/** Both generators from their seeds; jsf32 the way its author starts it (a fixed word, 20 draws). */
function seedKeys(): void {
  xorshiftState = 0x2545f491;
  jsfA = -236298515; // 0xf1ea5eed
  jsfB = jsfC = jsfD = 0x2545f491;
  for (let i = 0; i < 20; i++) nextJsf();
}

/** A low word: xorshift32's draw, then a draw skipped where the high word used to come from. */
function nextLowWord(): i32 {
  const low = nextXorshift();
  nextXorshift();
  return low;
}

export let sideKeyLo: i32 = 0;
export let sideKeyHi: i32 = 0;

function markBoth(table: i32, rank: i32, file: i32): void {
  stU8(table + squareOf(rank, file), 1);
  stU8(table + squareOf(9 - rank, file), 2);
}

/** The lookup tables of piece ids and mailbox squares (see layout.ts). */
function initLookups(): void {
  for (let id = 0; id < 64; id++) {
    const type = id >= 16 && id < 48 ? slotType(id & 15) : 0;
    const s = pieceSide(id);
    stU8(PIECE_TYPES + id, type);
    st16(CONT_BASE + id * 2, (type + TYPE_COUNT * s) * BOARD_POINTS);
    // The piece's input on the first point of the view's own side (rank 0 for Red, 9 for Black).
    for (let view = 0; view < 2; view++)
      st16(NNUE_KIND + (view * 64 + id) * 2, featureIndex(view, s, type, view * 9, 0));
  }
  for (let rank = 0; rank < 10; rank++) {
    for (let file = 0; file < 9; file++) {
      stU8(SQUARE90 + squareOf(rank, file), rank * 9 + file);
      stU8(SQUARE90_FLIPPED + squareOf(rank, file), (9 - rank) * 9 + file);
    }
  }
}

export function initTables(): void {
  initLookups();
  for (let rank = 0; rank < 10; rank++) {
    for (let file = 0; file < 9; file++) {
      const sq = squareOf(rank, file);
      stU8(IN_BOARD + sq, 1);
      stU8(HALF + sq, rank < 5 ? 1 : 2);
      let pawn = 0;
      // A Red pawn stands on its start rank or beyond on the odd files, anywhere past the river.
      if (rank >= 5 || (rank >= 3 && (file & 1) == 0)) pawn |= 1;
      if (rank <= 4 || (rank <= 6 && (file & 1) == 0)) pawn |= 2;
      stU8(PAWN_POINT + sq, pawn);
    }
  }
  for (let rank = 0; rank < 3; rank++) {
    for (let file = 3; file < 6; file++) markBoth(PALACE, rank, file);
  }
  markBoth(ADVISOR_POINT, 0, 3);
  markBoth(ADVISOR_POINT, 0, 5);
  markBoth(ADVISOR_POINT, 1, 4);
  markBoth(ADVISOR_POINT, 2, 3);
  markBoth(ADVISOR_POINT, 2, 5);
  markBoth(BISHOP_POINT, 0, 2);
  markBoth(BISHOP_POINT, 0, 6);
  markBoth(BISHOP_POINT, 2, 0);
  markBoth(BISHOP_POINT, 2, 4);
  markBoth(BISHOP_POINT, 2, 8);
  markBoth(BISHOP_POINT, 4, 2);
  markBoth(BISHOP_POINT, 4, 6);

  // One key per (side, type, square); every id of that kind shares it, so positions that differ
  // only in which of two rooks stands where hash alike.
  seedKeys();
  for (let id = 16; id < 48; id++) {
    const first = firstIdOfKind(id);
    for (let sq = 0; sq < 256; sq++) {
      const at = (id * 256 + sq) * 4;
      if (first == id) {
        st32(ZOBRIST_LO + at, nextLowWord());
        st32(ZOBRIST_HI + at, nextJsf());
      } else {
        const src = (first * 256 + sq) * 4;
        st32(ZOBRIST_LO + at, ld32(ZOBRIST_LO + src));
        st32(ZOBRIST_HI + at, ld32(ZOBRIST_HI + src));
      }
    }
  }
  sideKeyLo = nextLowWord();
  sideKeyHi = nextJsf();
}

function firstIdOfKind(id: i32): i32 {
  const side = pieceSide(id);
  const type = pieceType(id);
  let first = 16 + 16 * side;
  while (pieceType(first) != type) first++;
  return first;
}
