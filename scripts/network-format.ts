// The network evaluation's format as data, for a trainer in another language (a Python one reads
// tune/format.generated.json): the inputs and their index, the sizes, the quantisation, the file's byte
// layout and the training records', all taken from where the engine and the TypeScript trainer take
// them (assembly/facts.ts, web/engine/nnue-file.ts, tune/records.ts), with worked examples of the
// feature index and of the file's size for checks on the other side.
import {
  BOARD_POINTS,
  featureIndex,
  NNUE_FILE_HIDDEN_MAX,
  NNUE_HIDDEN_MAX,
  NNUE_HIDDEN_MIN,
  NNUE_HIDDEN_STEP,
  NNUE_INPUTS,
  NNUE_OUTPUT_SCALE,
  NNUE_QA,
  NNUE_QB,
  PIECE_TYPES,
} from '../assembly/facts.ts';
import {
  NNUE_HEADER_BYTES,
  NNUE_MAGIC,
  NNUE_PIECE_TYPES,
  NNUE_VERSION,
  networkFileLength,
} from '../web/engine/nnue-file.ts';
import { RECORD_BYTES, SCORE_CLIP } from '../tune/records.ts';
import { kingBucketFormat } from '../tune/nnue-format.ts';

export function networkFormat(): object {
  const examples: object[] = [];
  for (const [perspective, colour, pieceType, rank, file] of [
    [0, 0, 0, 0, 4],
    [1, 0, 0, 0, 4],
    [1, 1, 4, 9, 0],
    [0, 1, 4, 9, 0],
    [0, 0, 6, 6, 8],
    [1, 0, 6, 6, 8],
  ] as const) {
    examples.push({
      perspective,
      colour,
      pieceType,
      rank,
      file,
      index: featureIndex(perspective, colour, pieceType, rank, file),
    });
  }
  return {
    generated:
      'By `npm run generate` (scripts/network-format.ts) from assembly/facts.ts, web/engine/nnue-file.ts and tune/records.ts: edit those, not this file.',
    board: {
      points: BOARD_POINTS,
      point: "rank * 9 + file; a0 = 0 (Red's left corner), i9 = 89; ranks 0-9 from Red's side",
      pieceTypes: NNUE_PIECE_TYPES,
      pieceTypeCount: PIECE_TYPES,
    },
    inputs: {
      perPerspective: NNUE_INPUTS,
      perspectives: ['red', 'black'],
      featureIndex:
        "kind * 90 + seenRank * 9 + file, where kind = pieceType (0..6, K A B N R C P) for a piece of the perspective's own colour and 7 + pieceType for the other colour, and seenRank = rank for Red's perspective, 9 - rank for Black's (files are not flipped)",
      examples,
    },
    network: {
      hidden: {
        min: NNUE_HIDDEN_MIN,
        step: NNUE_HIDDEN_STEP,
        engineMax: NNUE_HIDDEN_MAX,
        fileMax: NNUE_FILE_HIDDEN_MAX,
      },
      forward: [
        'acc_p = b1 + sum of the W1 rows of the inputs active for perspective p',
        'h = clamp(acc_side_to_move, 0, 1) ++ clamp(acc_other_side, 0, 1) (2H values)',
        'output = b2 + w2 . h; centipawns for the side to move = output * outputScale',
      ],
      quantisation: {
        qa: NNUE_QA,
        qb: NNUE_QB,
        outputScale: NNUE_OUTPUT_SCALE,
        w1: 'int16 round(W1 * qa)',
        b1: 'int16 round(b1 * qa)',
        w2: 'int16 round(w2 * qb)',
        b2: 'int32 round(b2 * qa * qb)',
        integerPass:
          'acc = b1 + sum W1 rows (int16, wrapping); hq = clamp(acc, 0, qa); out = b2 + sum hq * w2 (int32, wrapping); centipawns = trunc(out * outputScale / (qa * qb))',
      },
    },
    file: {
      endianness: 'little',
      magic: NNUE_MAGIC,
      version: NNUE_VERSION,
      headerBytes: NNUE_HEADER_BYTES,
      header: [
        { offset: 0, type: 'ascii[4]', value: NNUE_MAGIC },
        { offset: 4, type: 'uint16', name: 'version' },
        { offset: 6, type: 'uint16', name: 'hidden' },
      ],
      sections: [
        { name: 'w1', type: 'int16', shape: ['inputs', 'hidden'], order: "one input's hidden weights together" },
        { name: 'b1', type: 'int16', shape: ['hidden'] },
        { name: 'w2', type: 'int16', shape: [2, 'hidden'], order: "the side to move's half first" },
        { name: 'b2', type: 'int32', shape: [] },
      ],
      exampleLength: { hidden: 128, bytes: networkFileLength(128) },
    },
    /** The king-bucketed network (file version 2), as tables the PyTorch trainer (tune/nnue_train.py) uses. */
    kingBucketed: kingBucketFormat(),
    trainingRecords: {
      recordBytes: RECORD_BYTES,
      scoreClip: SCORE_CLIP,
      layout: [
        'bytes 0-44: the 90 points, two to a byte, the even point in the low nibble: 0 empty, 1-7 Red K A B N R C P, 9-15 Black k a b n r c p',
        "byte 45: bit 0 the side to move (0 Red, 1 Black); bits 1-2 the game's result for Red (0 lost, 1 draw, 2 won)",
        "bytes 46-47: int16, the search's score in centipawns for the side to move",
      ],
    },
  };
}
