// The network's fit: Adam over shuffled mini-batches minimising the mean squared error between
// sigmoid(K * cp_net) and the target lambda * result + (1 - lambda) * sigmoid(K * search score), as
// fit.ts does for the linear evaluation, every 20th position held out. Each training position is
// read left-right mirrored half the time at random: Xiangqi is symmetric that way, so this doubles
// the data. Single-threaded and deterministic: the same data, settings and seed give the same bits.
import { seededRandom } from '../lib/random.ts';
import { NNUE_OUTPUT_SCALE } from '../web/engine/nnue-file.ts';
import type { NetworkDataset } from './nnue-data.ts';
import {
  Adam,
  backward,
  createScratch,
  forward,
  initialNetwork,
  networkViews,
  type FloatNetwork,
} from './nnue-model.ts';

export interface TrainSettings {
  hidden: number;
  epochs: number;
  seed: number;
  /** Adam's learning rate in the first epoch. */
  lr: number;
  /** The learning rate is multiplied by this after each epoch (1: constant). */
  decay: number;
  batch: number;
  /** The sigmoid's scale, per centipawn. */
  k: number;
  /** Weight of the game result in the target (0: search scores only). */
  lambda: number;
}

export interface EpochReport {
  epoch: number;
  /** Mean error over the epoch's training positions (as the weights moved), and on the held-out ones after it. */
  train: number;
  heldOut: number;
  seconds: number;
}

export interface Split {
  training: Int32Array;
  heldOut: Int32Array;
}

/** Every 20th position (index 19, 39, ...) is held out, as in fit.ts. */
export function splitDataset(data: NetworkDataset): Split {
  const training: number[] = [];
  const heldOut: number[] = [];
  for (let i = 0; i < data.count; i++) (i % 20 === 19 ? heldOut : training).push(i);
  return { training: Int32Array.from(training), heldOut: Int32Array.from(heldOut) };
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

function targets(data: NetworkDataset, k: number, lambda: number): Float32Array {
  const out = new Float32Array(data.count);
  for (let i = 0; i < data.count; i++) out[i] = lambda * data.result[i]! + (1 - lambda) * sigmoid(k * data.score[i]!);
  return out;
}

/** The mean error of the network on the positions, read as they are. */
export function meanError(
  net: FloatNetwork,
  data: NetworkDataset,
  indexes: Int32Array,
  k: number,
  lambda: number,
): number {
  const scratch = createScratch(net.hidden);
  const kOut = k * NNUE_OUTPUT_SCALE;
  let sum = 0;
  for (const i of indexes) {
    const out = forward(
      net,
      scratch,
      data.codes,
      data.offsets[i]!,
      data.offsets[i + 1]!,
      data.blackToMove[i] === 1,
      false,
    );
    const diff = sigmoid(kOut * out) - (lambda * data.result[i]! + (1 - lambda) * sigmoid(k * data.score[i]!));
    sum += diff * diff;
  }
  return indexes.length > 0 ? sum / indexes.length : 0;
}

/** Trains a network from its seeded start; `onEpoch` hears each epoch's errors (epoch 0: before training). */
export function trainNetwork(
  data: NetworkDataset,
  split: Split,
  settings: TrainSettings,
  onEpoch: (report: EpochReport) => void = () => {},
): FloatNetwork {
  const random = seededRandom(settings.seed);
  const net = initialNetwork(settings.hidden, random);
  const grad = networkViews(settings.hidden);
  const adam = new Adam(net, settings.lr);
  const scratch = createScratch(settings.hidden);
  const target = targets(data, settings.k, settings.lambda);
  const kOut = settings.k * NNUE_OUTPUT_SCALE;
  const order = split.training.slice();
  onEpoch({
    epoch: 0,
    train: meanError(net, data, split.training, settings.k, settings.lambda),
    heldOut: meanError(net, data, split.heldOut, settings.k, settings.lambda),
    seconds: 0,
  });
  for (let epoch = 1; epoch <= settings.epochs; epoch++) {
    const epochStart = performance.now();
    adam.rate = settings.lr * settings.decay ** (epoch - 1);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      const x = order[i]!;
      order[i] = order[j]!;
      order[j] = x;
    }
    let sum = 0;
    for (let b = 0; b < order.length; b += settings.batch) {
      const end = Math.min(order.length, b + settings.batch);
      grad.params.fill(0);
      for (let n = b; n < end; n++) {
        const i = order[n]!;
        const mirror = random() < 0.5;
        const out = forward(
          net,
          scratch,
          data.codes,
          data.offsets[i]!,
          data.offsets[i + 1]!,
          data.blackToMove[i] === 1,
          mirror,
        );
        const p = sigmoid(kOut * out);
        const diff = p - target[i]!;
        sum += diff * diff;
        backward(net, scratch, grad, 2 * diff * p * (1 - p) * kOut);
      }
      adam.update(grad.params, end - b);
    }
    const seconds = (performance.now() - epochStart) / 1000;
    onEpoch({
      epoch,
      train: sum / Math.max(order.length, 1),
      heldOut: meanError(net, data, split.heldOut, settings.k, settings.lambda),
      seconds,
    });
  }
  return net;
}
