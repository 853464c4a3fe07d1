// The network trainer's view of the training file (records.ts): each position's pieces as compact
// codes, read once, so an epoch only walks typed arrays. A piece's code is its input from Red's view,
// featureIndex(0, colour, type, square) (assembly/facts.ts); the trainer maps codes to the other views by
// tables (nnue-model.ts).
import { featureIndex } from '../web/engine/nnue-file.ts';
import { RECORD_BYTES } from './records.ts';

export interface NetworkDataset {
  count: number;
  /** Pieces of position i: codes offsets[i] .. offsets[i + 1] - 1. */
  offsets: Uint32Array;
  codes: Uint16Array;
  /** 1 when Black is to move. */
  blackToMove: Uint8Array;
  /** The search's score, centipawns for the side to move. */
  score: Float32Array;
  /** The game's result for the side to move: 1 won, 0.5 draw, 0 lost. */
  result: Float32Array;
  /** Where position i's record starts in `bytes` (for checks against records.ts and the reference). */
  recordAt: Uint32Array;
  bytes: Uint8Array;
  /** Records in the file, of which `count` were taken. */
  records: number;
}

/** Takes up to `limit` records of a training file, every (records / limit)-th, to spread a sample over all the games. */
export function readNetworkDataset(bytes: Uint8Array, limit = Infinity): NetworkDataset {
  const records = Math.floor(bytes.length / RECORD_BYTES);
  const count = Math.min(records, limit);
  const stride = count > 0 ? records / count : 1;
  const offsets = new Uint32Array(count + 1);
  let codes = new Uint16Array(count * 32);
  const blackToMove = new Uint8Array(count);
  const score = new Float32Array(count);
  const result = new Float32Array(count);
  const recordAt = new Uint32Array(count);
  let used = 0;
  for (let i = 0; i < count; i++) {
    const at = Math.floor(i * stride) * RECORD_BYTES;
    recordAt[i] = at;
    // A record may (in principle) hold more than 32 pieces: grow rather than trust the rules.
    if (used + 90 > codes.length) {
      const grown = new Uint16Array(codes.length * 2 + 90);
      grown.set(codes);
      codes = grown;
    }
    for (let square = 0; square < 90; square++) {
      const code = (bytes[at + (square >> 1)]! >> ((square & 1) * 4)) & 15;
      if (code === 0) continue;
      if (code === 8) throw new Error(`record ${at / RECORD_BYTES}: point ${square} holds the unused code 8`);
      // Record codes: colour * 8 + type + 1 (records.ts).
      codes[used++] = featureIndex(0, code >> 3, (code & 7) - 1, square);
    }
    offsets[i + 1] = used;
    const flags = bytes[at + 45]!;
    const black = flags & 1;
    blackToMove[i] = black;
    const redResult = ((flags >> 1) & 3) / 2;
    result[i] = black === 1 ? 1 - redResult : redResult;
    const raw = bytes[at + 46]! | (bytes[at + 47]! << 8);
    score[i] = raw >= 0x8000 ? raw - 0x10000 : raw;
  }
  return { count, offsets, codes: codes.slice(0, used), blackToMove, score, result, recordAt, bytes, records };
}
