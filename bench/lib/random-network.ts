// A network of random weights in the engine's format (web/engine/nnue-file.ts), whose accumulators
// land on both sides of the clipping range: what the benchmarks time and the tests check the
// engine's arithmetic on (its speed and correctness do not depend on trained weights).
import { NNUE_INPUTS, type QuantisedNetwork } from '../../web/engine/nnue-file.ts';
import { KB_INPUTS, KB_QA, KB_QB, type KingBucketNetwork } from '../../web/engine/nnue-kb.ts';
import { Random } from '../../lib/random.ts';

export function randomNetwork(hidden: number, seed: number): QuantisedNetwork {
  const random = new Random(seed);
  const spread = (n: number, width: number): Int16Array =>
    Int16Array.from({ length: n }, () => random.below(2 * width + 1) - width);
  return {
    hidden,
    w1: spread(NNUE_INPUTS * hidden, 40),
    b1: spread(hidden, 120),
    w2: spread(2 * hidden, 60),
    b2: random.below(200001) - 100000,
  };
}

/** A king-bucketed network (web/engine/nnue-kb.ts) of random weights, the same way. */
export function randomKingBucketNetwork(
  hidden: number,
  outputBuckets: number,
  seed: number,
  qa: number = KB_QA,
  qb: number = KB_QB,
): KingBucketNetwork {
  const random = new Random(seed);
  const spread = (n: number, width: number): number[] =>
    Array.from({ length: n }, () => random.below(2 * width + 1) - width);
  return {
    version: 2,
    hidden,
    outputBuckets,
    qa,
    qb,
    w1: Int8Array.from(spread(KB_INPUTS * hidden, 24)),
    b1: Int16Array.from(spread(hidden, 40)),
    w2: Int16Array.from(spread(outputBuckets * 2 * hidden, 60)),
    b2: Int32Array.from(spread(outputBuckets, 50000)),
  };
}
