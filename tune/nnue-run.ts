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
  VALID_HIDDEN,
} from '../web/engine/nnue-file.ts';
import { readNetworkDataset } from './nnue-data.ts';
import { B2_CLIP, W1_CLIP, W2_CLIP, type FloatNetwork } from './nnue-model.ts';
import { quantisationError, quantiseWithBias } from './nnue-quantise.ts';
import { splitDataset, trainNetwork, type EpochReport, type TrainSettings } from './nnue-trainer.ts';
import { numberOption, readCommandLine, type CliValues, type CommandSpec } from '../lib/cli.ts';

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

/** The trainer's command line (`npm run nnue-train -- --help`). */
export const NNUE_COMMAND = {
  usage: 'npm run nnue-train -- [options]',
  about:
    'Trains the network evaluation on the self-play data and writes the network (web/engine/nnue-file.ts) with a JSON sidecar of its settings and errors. See tune/README.md.',
  options: {
    data: {
      type: 'string',
      value: 'FILE',
      default: NNUE_DEFAULTS.data,
      help: 'the training records (tune/records.ts)',
    },
    hidden: {
      type: 'string',
      value: 'H',
      default: String(NNUE_DEFAULTS.hidden),
      help: `hidden units (${VALID_HIDDEN})`,
    },
    epochs: { type: 'string', value: 'N', default: String(NNUE_DEFAULTS.epochs), help: 'passes over the data' },
    positions: {
      type: 'string',
      value: 'N',
      help: 'records to take, spread over the file (default: all; at least 20)',
    },
    seed: {
      type: 'string',
      value: 'N',
      default: String(NNUE_DEFAULTS.seed),
      help: 'the seed of the weights and the order',
    },
    lr: { type: 'string', value: 'X', default: String(NNUE_DEFAULTS.lr), help: "Adam's learning rate" },
    decay: {
      type: 'string',
      value: 'X',
      default: String(NNUE_DEFAULTS.decay),
      help: 'the learning rate times this an epoch, in (0, 1]',
    },
    batch: { type: 'string', value: 'N', default: String(NNUE_DEFAULTS.batch), help: 'positions a step' },
    k: {
      type: 'string',
      value: 'K',
      default: String(NNUE_DEFAULTS.k),
      help: 'the sigmoid scale of centipawns (tune/fit.ts fits it)',
    },
    lambda: {
      type: 'string',
      value: 'L',
      default: String(NNUE_DEFAULTS.lambda),
      help: "the game result's share of the target, 0-1",
    },
    out: { type: 'string', value: 'FILE', default: NNUE_DEFAULTS.out, help: 'the network to write' },
  },
} as const satisfies CommandSpec;

/** The trainer's settings from its options' values; throws CommandLineError for a value it cannot take. */
export function nnueOptions(values: CliValues<(typeof NNUE_COMMAND)['options']>): NnueOptions {
  const whole = (min: number) => (n: number) => Number.isInteger(n) && n >= min;
  const positive = (n: number) => n > 0 && Number.isFinite(n);
  return {
    data: values.data,
    out: values.out,
    hidden: numberOption(values.hidden, '--hidden', isValidHidden, VALID_HIDDEN, NNUE_DEFAULTS.hidden),
    epochs: numberOption(values.epochs, '--epochs', whole(1), 'a whole number >= 1', NNUE_DEFAULTS.epochs),
    positions: numberOption(
      values.positions,
      '--positions',
      whole(20),
      'a whole number >= 20',
      NNUE_DEFAULTS.positions,
    ),
    seed: numberOption(values.seed, '--seed', whole(0), 'a whole number >= 0', NNUE_DEFAULTS.seed),
    lr: numberOption(values.lr, '--lr', positive, 'a positive number', NNUE_DEFAULTS.lr),
    decay: numberOption(values.decay, '--decay', (n) => n > 0 && n <= 1, 'in (0, 1]', NNUE_DEFAULTS.decay),
    batch: numberOption(values.batch, '--batch', whole(1), 'a whole number >= 1', NNUE_DEFAULTS.batch),
    k: numberOption(values.k, '--k', positive, 'a positive number', NNUE_DEFAULTS.k),
    lambda: numberOption(values.lambda, '--lambda', (n) => n >= 0 && n <= 1, 'between 0 and 1', NNUE_DEFAULTS.lambda),
  };
}

/** The settings of a command line (argv without node and the script); throws CommandLineError on a bad one. */
export function parseNnueArgs(argv: readonly string[]): NnueOptions {
  return nnueOptions(readCommandLine(NNUE_COMMAND, argv).values);
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
  return trainAndWriteNetwork(parseNnueArgs(argv), log);
}

/** Trains, quantises, checks and writes a network with these settings. */
export function trainAndWriteNetwork(options: NnueOptions, log: (line: string) => void = console.log): NnueSummary {
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
