// `npm run tune -- [options]` (`--help` lists them): fits every
// evaluation parameter at once to the self-play data (Texel's method): minimise the mean squared
// error between a target and sigmoid(K * eval), where the target is
//   lambda * game result + (1 - lambda) * sigmoid(K * search score),
// K fitted first on the current weights, by Adam over shuffled mini-batches. 5% of the positions
// (every 20th) are held out to report the error on positions the fit never saw. Writes
// tune/weights.json; `npm run weights` then regenerates assembly/weights.ts.
import { fileURLToPath } from 'node:url';
import { createEngine } from '../web/engine/index.ts';
import { seededRandom } from '../lib/random.ts';
import { loadDataset, evaluateWith, type Dataset } from './dataset.ts';
import { PARAMETERS, PHASE_MAX, PARAMETER_BLOCKS, readWeights, writeWeights } from './parameters.ts';
import { commandLine, numberOption, wholeNumber } from '../lib/cli.ts';

const root = new URL('../', import.meta.url);
const tuneFile = (name: string) => fileURLToPath(new URL(`tune/${name}`, root));
const { dataPath, startPath, outPath, lambda, epochs, limit, seed, learningRate, batchSize } = commandLine(
  {
    usage: 'npm run tune -- [options]',
    about:
      "Fits every evaluation parameter at once to the self-play data (Texel's method, Adam over mini-batches), 5% of the positions held out; writes the weights (then `npm run weights` regenerates assembly/weights.ts).",
    options: {
      data: { type: 'string', value: 'FILE', default: tuneFile('data/selfplay.bin'), help: 'the training records' },
      start: { type: 'string', value: 'FILE', default: tuneFile('weights.json'), help: 'the weights to start from' },
      out: { type: 'string', value: 'FILE', default: tuneFile('weights.json'), help: 'where to write the weights' },
      lambda: { type: 'string', value: 'L', default: '0', help: "the game result's share of the target, 0-1" },
      epochs: { type: 'string', value: 'N', default: '10', help: 'passes over the data' },
      positions: { type: 'string', value: 'N', help: 'positions to take (default: all)' },
      seed: { type: 'string', value: 'N', default: '1', help: 'the seed of the order' },
      lr: { type: 'string', value: 'X', default: '2', help: "Adam's learning rate" },
      batch: { type: 'string', value: 'N', default: '16384', help: 'positions a step' },
    },
  },
  (v) => {
    const finite = (n: number) => Number.isFinite(n);
    return {
      dataPath: v.data,
      startPath: v.start,
      outPath: v.out,
      lambda: numberOption(v.lambda, '--lambda', (n) => n >= 0 && n <= 1, 'between 0 and 1', 0),
      epochs: wholeNumber(v.epochs, '--epochs', { min: 1 }),
      limit: numberOption(
        v.positions,
        '--positions',
        (n) => Number.isInteger(n) && n >= 1,
        'a whole number >= 1',
        Infinity,
      ),
      seed: numberOption(v.seed, '--seed', finite, 'a number', 1),
      learningRate: numberOption(v.lr, '--lr', (n) => n > 0 && finite(n), 'a positive number', 2),
      batchSize: wholeNumber(v.batch, '--batch', { min: 1 }),
    };
  },
);

const buildDir = new URL('./', import.meta.url);
const engine = await createEngine('wasm', {
  wasmUrl: new URL('engine.wasm', buildDir),
  jsUrl: new URL('engine.js', buildDir),
});
const start = readWeights(startPath);
const started = performance.now();
const data = loadDataset(dataPath, engine, PHASE_MAX, limit, (done, total) =>
  process.stdout.write(`\rtracing ${done}/${total}`),
);
console.log(
  `\rtraced ${data.count} positions from ${dataPath} (${(data.params.length / data.count).toFixed(1)} terms each) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);

const weights = new Float64Array(PARAMETERS * 2);
start.weights.forEach(([mg, eg], p) => {
  weights[2 * p] = mg;
  weights[2 * p + 1] = eg;
});

// The tuner's arithmetic must give the engine's evaluation (up to the engine's integer rounding).
let worst = 0;
for (let i = 0; i < Math.min(data.count, 20000); i++)
  worst = Math.max(worst, Math.abs(evaluateWith(data, i, weights) - data.engineEval[i]!));
if (worst > 2)
  throw new Error(
    `the traced terms give evaluations up to ${worst.toFixed(1)} cp from the engine's: is the build older than ${startPath}?`,
  );

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
const training: number[] = [];
const holdout: number[] = [];
for (let i = 0; i < data.count; i++) (i % 20 === 19 ? holdout : training).push(i);

function targetOf(d: Dataset, i: number, k: number, l: number): number {
  return l * d.result[i]! + (1 - l) * sigmoid(k * d.score[i]!);
}

function meanError(indexes: readonly number[], k: number, l: number, kTarget = k): number {
  let sum = 0;
  for (const i of indexes) {
    const diff = targetOf(data, i, kTarget, l) - sigmoid(k * evaluateWith(data, i, weights));
    sum += diff * diff;
  }
  return sum / indexes.length;
}

// K: the scale that best maps the current evaluation to the game results.
let lo = 0.0005;
let hi = 0.02;
for (let step = 0; step < 40; step++) {
  const a = lo + (hi - lo) / 3;
  const b = hi - (hi - lo) / 3;
  if (meanError(training, a, 1) < meanError(training, b, 1)) hi = b;
  else lo = a;
}
const K = (lo + hi) / 2;
const report = (label: string): string =>
  `${label}: holdout error vs results ${meanError(holdout, K, 1).toFixed(6)}, vs target ${meanError(holdout, K, lambda).toFixed(6)}`;
const before = report('start');
console.log(`K = ${K.toFixed(6)} (a ${(Math.log(3) / K).toFixed(0)} cp lead scores 75%); lambda ${lambda}`);
console.log(before);

// Adam over mini-batches.
const m = new Float64Array(weights.length);
const v = new Float64Array(weights.length);
const grad = new Float64Array(weights.length);
const beta1 = 0.9;
const beta2 = 0.999;
let t = 0;
const random = seededRandom(seed);
const order = Int32Array.from(training);
for (let epoch = 1; epoch <= epochs; epoch++) {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const x = order[i]!;
    order[i] = order[j]!;
    order[j] = x;
  }
  for (let b = 0; b < order.length; b += batchSize) {
    grad.fill(0);
    const end = Math.min(order.length, b + batchSize);
    for (let n = b; n < end; n++) {
      const i = order[n]!;
      const p = sigmoid(K * evaluateWith(data, i, weights));
      const g = -2 * (targetOf(data, i, K, lambda) - p) * p * (1 - p) * K;
      const rho = data.phase[i]!;
      for (let k = data.offsets[i]!; k < data.offsets[i + 1]!; k++) {
        const at = data.params[k]! * 2;
        const c = data.counts[k]! * g;
        grad[at] += c * rho;
        grad[at + 1] += c * (1 - rho);
      }
    }
    t++;
    const scale = 1 / (end - b);
    for (let w = 0; w < weights.length; w++) {
      const gw = grad[w]! * scale;
      m[w] = beta1 * m[w]! + (1 - beta1) * gw;
      v[w] = beta2 * v[w]! + (1 - beta2) * gw * gw;
      const mHat = m[w]! / (1 - beta1 ** t);
      const vHat = v[w]! / (1 - beta2 ** t);
      weights[w] -= (learningRate * mHat) / (Math.sqrt(vHat) + 1e-8);
    }
  }
  console.log(`epoch ${epoch}/${epochs}  ${report('')}  (${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

const after = report('tuned');
const rounded: [number, number][] = [];
for (let p = 0; p < PARAMETERS; p++) rounded.push([Math.round(weights[2 * p]!), Math.round(weights[2 * p + 1]!)]);
writeWeights(outPath, {
  source:
    `tune/fit.ts on ${data.count} positions of ${dataPath.replace(fileURLToPath(root), '')}, lambda ${lambda}, K ${K.toFixed(6)}, ` +
    `${epochs} epochs, batch ${batchSize}, lr ${learningRate}, seed ${seed}, from ${start.source.slice(0, 60)}; ` +
    `holdout error vs results ${meanError(holdout, K, 1).toFixed(6)} (start ${before.match(/results ([\d.]+)/)![1]})`,
  weights: rounded,
});
console.log(after);
const show = (name: string, first: number, count: number): void => {
  console.log(
    `${name}: ${rounded
      .slice(first, first + Math.min(count, 10))
      .map(([a, b]) => `${a}/${b}`)
      .join(' ')}${count > 10 ? ' ...' : ''}`,
  );
};
for (const [name, first, count] of PARAMETER_BLOCKS.slice(1)) show(name, first, count);
console.log(`wrote ${outPath}; run \`npm run weights\` and rebuild to use it`);
