// The integer network from the float one, and how far apart the two are. Rounding w2 to 1/64 moves
// the output by sum (rounding error x h) over 2H units; since most units sit well inside (0, 1) in
// most positions, that sum is nearly the same offset everywhere (about 10 cp for H = 128 at the
// start of training), so b2q takes it back: b2q = round(b2 * QA * QB - the mean of that offset over
// training positions), instead of round(b2 * QA * QB). What is left is the part that varies.
import {
  NNUE_QA,
  NNUE_QB,
  referenceEvaluate,
  referenceOutput,
  type QuantisedNetwork,
} from '../web/engine/nnue-file.ts';
import type { PieceLetter } from '../web/engine/types.ts';
import type { NetworkDataset } from './nnue-data.ts';
import { createScratch, floatCentipawns, forward, quantise, type FloatNetwork } from './nnue-model.ts';
import { decodeRecord } from './records.ts';

/** Positions used to measure the offset: enough for a mean good to a fraction of a centipawn. */
const BIAS_SAMPLE = 20_000;

/** Each position decoded from its record by records.ts, so the trainer's inputs and nnue-file.ts's are checked against each other. */
function boardOf(data: NetworkDataset, i: number): { board: (PieceLetter | null)[]; blackToMove: boolean } {
  const record = decodeRecord(data.bytes, data.recordAt[i]!);
  return { board: record.board as (PieceLetter | null)[], blackToMove: record.blackToMove };
}

/** The quantised network with b2q correcting the mean rounding offset over (a spread sample of) `indexes`. */
export function quantiseWithBias(net: FloatNetwork, data: NetworkDataset, indexes: Int32Array): QuantisedNetwork {
  const plain = quantise(net);
  const unbiased = { ...plain, b2: 0 };
  const scratch = createScratch(net.hidden);
  const scale = NNUE_QA * NNUE_QB;
  const step = Math.max(1, indexes.length / BIAS_SAMPLE);
  let sum = 0;
  let n = 0;
  for (let s = 0; s < indexes.length; s = Math.floor(++n * step)) {
    const i = indexes[s]!;
    const { board, blackToMove } = boardOf(data, i);
    const float =
      forward(net, scratch, data.codes, data.offsets[i]!, data.offsets[i + 1]!, blackToMove, false) - net.b2[0]!;
    sum += referenceOutput(unbiased, board, blackToMove) - float * scale;
  }
  return { ...plain, b2: Math.round(net.b2[0]! * scale - (n > 0 ? sum / n : 0)) };
}

/** Mean and largest |integer - float| score in centipawns over the positions. */
export function quantisationError(
  net: FloatNetwork,
  quantised: QuantisedNetwork,
  data: NetworkDataset,
  indexes: Int32Array,
): { mean: number; max: number } {
  const scratch = createScratch(net.hidden);
  let sum = 0;
  let max = 0;
  for (const i of indexes) {
    const { board, blackToMove } = boardOf(data, i);
    const exact = referenceEvaluate(quantised, board, blackToMove);
    const float = floatCentipawns(
      forward(net, scratch, data.codes, data.offsets[i]!, data.offsets[i + 1]!, blackToMove, false),
    );
    const diff = Math.abs(exact - float);
    sum += diff;
    max = Math.max(max, diff);
  }
  return { mean: indexes.length > 0 ? sum / indexes.length : 0, max };
}
