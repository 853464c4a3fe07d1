// `npm run nnue-train` as a function (the test runs it on a small file): reads the options and the
// training file, trains (nnue-trainer.ts), quantises, reads the written bytes back and measures how
// far the integer network is from the float one on the held-out positions, then writes the network
// (web/engine/nnue-file.ts) and a JSON sidecar with the settings, data and errors. Neither file
// holds a time, so the same command gives the same bytes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  decodeNetwork,
  encodeNetwork,
  isValidHidden,
  NNUE_INPUTS,
  NNUE_OUTPUT_SCALE,
  NNUE_QA,
  NNUE_QB,
  NNUE_VERSION,
} from '../web/engine/nnue-file.ts';
import { readNetworkDataset } from './nnue-data.ts';
import { B2_CLIP, W1_CLIP, W2_CLIP, type FloatNetwork } from './nnue-model.ts';
import { quantisationError, quantiseWithBias } from './nnue-quantise.ts';
import { splitDataset, trainNetwork, type EpochReport, type TrainSettings } from './nnue-trainer.ts';
import { optionPairs } from './option-pairs.ts';

export interface NnueOptions extends TrainSettings {
  data: string;
  /** Records to take (spread over the file), Infinity for all. */
  positions: number;
  out: string;
}

export const NNUE_DEFAULTS: NnueOptions = {
  data: 'tune/data/selfplay.bin',
  hidden: 128,
  epochs: 10,
  positions: Infinity,
  seed: 1,
  lr: 0.001,
  decay: 1,
  batch: 1024,
  // Fitted by tune/fit.ts to the self-play games (a 450 cp lead scores 75%).
  k: 0.00244,
  lambda: 0,
  out: 'nnue/xiangqi.nnue',
};

export function parseNnueArgs(argv: readonly string[]): NnueOptions {
  const options = optionPairs(argv, Object.keys(NNUE_DEFAULTS));
  const number = (name: keyof NnueOptions, check: (n: number) => boolean, what: string): number => {
    const text = options.get(name);
    if (text === undefined) return NNUE_DEFAULTS[name] as number;
    const n = Number(text);
    if (!check(n)) throw new Error(`--${name} must be ${what}, not "${text}"`);
    return n;
  };
  const whole = (min: number) => (n: number) => Number.isInteger(n) && n >= min;
  return {
    data: options.get('data') ?? NNUE_DEFAULTS.data,
    out: options.get('out') ?? NNUE_DEFAULTS.out,
    hidden: number('hidden', isValidHidden, 'a multiple of 8 in 8..1024'),
    epochs: number('epochs', whole(1), 'a whole number >= 1'),
    positions: number('positions', whole(20), 'a whole number >= 20'),
    seed: number('seed', whole(0), 'a whole number >= 0'),
    lr: number('lr', (n) => n > 0 && Number.isFinite(n), 'a positive number'),
    decay: number('decay', (n) => n > 0 && n <= 1, 'in (0, 1]'),
    batch: number('batch', whole(1), 'a whole number >= 1'),
    k: number('k', (n) => n > 0 && Number.isFinite(n), 'a positive number'),
    lambda: number('lambda', (n) => n >= 0 && n <= 1, 'between 0 and 1'),
  };
}

export interface NnueSummary {
  options: NnueOptions;
  losses: EpochReport[];
  quantisation: { mean: number; max: number };
  /** The float network and the file's bytes. */
  net: FloatNetwork;
  bytes: Uint8Array;
}

const round = (x: number, digits = 7): number => Number(x.toPrecision(digits));

export function runNnueTraining(argv: readonly string[], log: (line: string) => void = console.log): NnueSummary {
  const options = parseNnueArgs(argv);
  const started = performance.now();
  const data = readNetworkDataset(readFileSync(options.data), options.positions);
  if (data.count < 20) throw new Error(`${options.data} holds ${data.count} positions; the trainer needs at least 20`);
  const split = splitDataset(data);
  log(
    `read ${data.count} of ${data.records} positions from ${options.data} (${(data.offsets[data.count]! / data.count).toFixed(1)} pieces each) in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
      `${split.training.length} to train on, ${split.heldOut.length} held out`,
  );
  log(
    `network ${NNUE_INPUTS}x2 -> ${options.hidden}x2 -> 1; Adam lr ${options.lr} x ${options.decay} an epoch, batch ${options.batch}, K ${options.k}, lambda ${options.lambda}, seed ${options.seed}`,
  );
  const losses: EpochReport[] = [];
  const net = trainNetwork(data, split, options, (report) => {
    losses.push(report);
    const rate =
      report.epoch > 0
        ? `  ${report.seconds.toFixed(1)} s (${((report.seconds * 100_000) / Math.max(split.training.length, 1)).toFixed(2)} s per 100k positions)`
        : '';
    log(
      `epoch ${report.epoch}/${options.epochs}  train ${report.train.toFixed(6)}  held out ${report.heldOut.toFixed(6)}${rate}`,
    );
  });
  const bytes = encodeNetwork(quantiseWithBias(net, data, split.training));
  const quantisation = quantisationError(net, decodeNetwork(bytes), data, split.heldOut);
  log(
    `quantised: ${quantisation.mean.toFixed(2)} cp mean, ${quantisation.max.toFixed(1)} cp most from the float network on the held-out positions`,
  );
  mkdirSync(dirname(options.out), { recursive: true });
  writeFileSync(options.out, bytes);
  const sidecar = {
    network: `XQNN version ${NNUE_VERSION}: ${NNUE_INPUTS} inputs x 2 perspectives -> ${options.hidden} x 2 -> 1 (web/engine/nnue-file.ts)`,
    hidden: options.hidden,
    quantisation: {
      qa: NNUE_QA,
      qb: NNUE_QB,
      scale: NNUE_OUTPUT_SCALE,
      clips: { w1b1: W1_CLIP, w2: W2_CLIP, b2: B2_CLIP },
    },
    data: options.data,
    records: data.records,
    positions: data.count,
    training: split.training.length,
    heldOut: split.heldOut.length,
    settings: {
      epochs: options.epochs,
      lr: options.lr,
      decay: options.decay,
      batch: options.batch,
      k: options.k,
      lambda: options.lambda,
      seed: options.seed,
      mirror: 'random per sample',
    },
    losses: losses.map(({ epoch, train, heldOut }) => ({ epoch, train: round(train), heldOut: round(heldOut) })),
    quantisedVsFloatCp: { mean: round(quantisation.mean, 4), max: round(quantisation.max, 4) },
  };
  writeFileSync(`${options.out}.json`, `${JSON.stringify(sidecar, null, 1)}\n`);
  log(
    `wrote ${options.out} (${bytes.length} bytes) and ${options.out}.json in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { options, losses, quantisation, net, bytes };
}
