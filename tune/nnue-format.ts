// The king-bucketed network's format as data, for the PyTorch trainer (tune/nnue_train.py): the
// `kingBucketed` part of tune/format.generated.json (scripts/network-format.ts, `npm run generate`),
// from its one home (assembly/facts.ts, web/engine/nnue-kb.ts, tune/records.ts), so the trainer
// restates none of it. Tables rather than formulas:
// the trainer computes an input as kingBucket[viewPoint[p][king]] * plane + kind * 90 + point, with
// point mirrored by mirrorFile when kingMirror says so.
import {
  KB_HEADER_BYTES,
  KB_HEAVY_PIECES_MAX,
  KB_HIDDEN_MAX,
  KB_HIDDEN_MIN,
  KB_INPUTS,
  KB_KING_BUCKETS,
  KB_OUTPUT_BUCKETS_MAX,
  KB_PLANE,
  KB_QA,
  KB_QA_MAX,
  KB_QB,
  KB_QB_MAX,
  KB_SCALE,
  KB_VERSION,
  featureIndexKB,
  kingBucket,
  viewPoint,
} from '../web/engine/nnue-kb.ts';
import { NNUE_MAGIC, NNUE_PIECE_TYPES } from '../web/engine/nnue-file.ts';
import { reachableKbInputs } from '../web/engine/nnue-reach.ts';
import { RECORD_BYTES, RECORD_LETTERS, SCORE_CLIP } from './records.ts';

const POINTS = Array.from({ length: 90 }, (_, i) => i);

/** 0/1 values as bits, the first the first byte's most significant, in base64 (numpy's unpackbits reads it). */
function packBits(bits: Uint8Array): string {
  const bytes = new Uint8Array(Math.ceil(bits.length / 8));
  bits.forEach((bit, i) => {
    if (bit) bytes[i >> 3]! |= 0x80 >> (i & 7);
  });
  return Buffer.from(bytes).toString('base64');
}

export function kingBucketFormat(): Record<string, unknown> {
  const format = {
    magic: NNUE_MAGIC,
    version: KB_VERSION,
    headerBytes: KB_HEADER_BYTES,
    pieceTypes: NNUE_PIECE_TYPES,
    plane: KB_PLANE,
    kingBuckets: KB_KING_BUCKETS,
    inputs: KB_INPUTS,
    /** The scales QA and QB: a file names its own, powers of two up to qaMax and qbMax (log2 in header bytes 10 and 11, 0 for these). */
    qa: KB_QA,
    qaMax: KB_QA_MAX,
    qbMax: KB_QB_MAX,
    qb: KB_QB,
    scale: KB_SCALE,
    hiddenMin: KB_HIDDEN_MIN,
    hiddenMax: KB_HIDDEN_MAX,
    hiddenMultiple: 16,
    outputBucketsMax: KB_OUTPUT_BUCKETS_MAX,
    heavyPiecesMax: KB_HEAVY_PIECES_MAX,
    heavyPieceTypes: 'NRC',
    /** |W1| at most 127 / QA: the int8 range. */
    w1Max: 127,
    kindOther: 7,
    /** Per perspective (0 Red, 1 Black): a point (Red's view, rank * 9 + file) as that side sees it. */
    viewPoint: [POINTS.map((q) => viewPoint(0, q)), POINTS.map((q) => viewPoint(1, q))],
    /** By the king's point in its own side's view: its bucket (-1 outside the palace). */
    kingBucket: POINTS.map((q) => kingBucket(q).bucket),
    /** By the king's point in its own side's view: 1 when that side reads the board mirrored. */
    kingMirror: POINTS.map((q) => (kingBucket(q).mirror ? 1 : 0)),
    /** A point with its file mirrored (8 - file). */
    mirrorFile: POINTS.map((q) => q - (q % 9) + 8 - (q % 9)),
    /**
     * The inputs a position can activate (web/engine/nnue-reach.ts), one bit each, input 0 the first
     * byte's most significant bit, in base64: a network writes the others' rows as zeros.
     */
    reachable: packBits(reachableKbInputs()),
    /** The training records the trainer reads (tune/records.ts). */
    records: {
      bytes: RECORD_BYTES,
      /** Bytes 0-44: the 90 points two to a byte, the even point in the low nibble; a code is its index here. */
      letters: RECORD_LETTERS,
      /** Byte 45: bit 0 side to move (1 Black), bits 1-2 the result for Red (0 lost, 1 draw, 2 won). */
      flagsByte: 45,
      /** Bytes 46-47: i16 little-endian, the search's score for the side to move. */
      scoreByte: 46,
      scoreClip: SCORE_CLIP,
    },
  };
  // The tables must give what featureIndexKB gives, for every king point, piece and point.
  for (let p = 0; p < 2; p++) {
    for (const king of POINTS.filter((q) => kingBucket(viewPoint(p, q)).bucket >= 0)) {
      for (let colour = 0; colour < 2; colour++) {
        for (const square of POINTS) {
          const v = format.viewPoint[p]![king]!;
          const point = format.kingMirror[v]
            ? format.mirrorFile[format.viewPoint[p]![square]!]!
            : format.viewPoint[p]![square]!;
          const table = format.kingBucket[v]! * KB_PLANE + ((colour === p ? 0 : 7) + 4) * 90 + point;
          if (table !== featureIndexKB(p, king, colour, 4, square))
            throw new Error('the format tables disagree with featureIndexKB');
        }
      }
    }
  }
  return format;
}
