// The float network the trainer fits (web/engine/nnue-file.ts has the definition and the file): one
// Float32Array of parameters, a forward and backward pass over one position that touch only the
// rows of its pieces' inputs (about 32 pieces x 2 perspectives), Adam, and quantisation.
import {
  featureIndex,
  NNUE_INPUTS,
  NNUE_OUTPUT_SCALE,
  NNUE_QA,
  NNUE_QB,
  type QuantisedNetwork,
} from '../web/engine/nnue-file.ts';
import { BOARD_POINTS, PIECE_TYPES } from '../web/engine/shared.ts';

/**
 * |W1| and |b1| stay within 3.2 (816 quantised): a position has at most 32 pieces, so an accumulator
 * is at most 33 x 816 = 26,928 < 32,767 and the engine's int16 sums never wrap.
 */
export const W1_CLIP = 3.2;
/**
 * |w2| within 32 (2,048 quantised) and |b2| within 64: with H up to 1,024 the output is at most
 * 2,048 x 255 x 2,048 + 64 x 16,320 < 2^31, so the int32 sum never wraps either. Neither limit binds
 * in practice (a 3,000 cp score is an output of 7.5).
 */
export const W2_CLIP = 32;
export const B2_CLIP = 64;

export interface FloatNetwork {
  hidden: number;
  /** Every parameter, in file order: W1 (feature-major), b1, w2, b2. Adam runs over this one array. */
  params: Float32Array;
  w1: Float32Array;
  b1: Float32Array;
  w2: Float32Array;
  b2: Float32Array;
}

/** Views over a parameter-sized array (the network itself, its gradient, Adam's moments). */
export function networkViews(
  hidden: number,
  params = new Float32Array(NNUE_INPUTS * hidden + 3 * hidden + 1),
): FloatNetwork {
  const b1At = NNUE_INPUTS * hidden;
  const w2At = b1At + hidden;
  const b2At = w2At + 2 * hidden;
  return {
    hidden,
    params,
    w1: params.subarray(0, b1At),
    b1: params.subarray(b1At, w2At),
    w2: params.subarray(w2At, b2At),
    b2: params.subarray(b2At, b2At + 1),
  };
}

/** Small random weights (uniform in +/- 1/sqrt(fan-in)); b2 starts at 0. */
export function initialNetwork(hidden: number, random: () => number): FloatNetwork {
  const net = networkViews(hidden);
  // About 30 inputs are active at once: this keeps the accumulators near the clamp's range.
  const first = 1 / Math.sqrt(32);
  const second = 1 / Math.sqrt(2 * hidden);
  for (let i = 0; i < net.w1.length; i++) net.w1[i] = (2 * random() - 1) * first * 0.25;
  for (let i = 0; i < hidden; i++) net.b1[i] = 0.25 + 0.25 * random();
  for (let i = 0; i < net.w2.length; i++) net.w2[i] = (2 * random() - 1) * second;
  return net;
}

/**
 * Tables from a piece's code (its input from Red's view, nnue-data.ts) to its input for perspective p,
 * the board read as it is (mirror 0) or left-right mirrored (mirror 1): VIEWS[(p * 2 + mirror) * NNUE_INPUTS + code].
 */
export const VIEWS: Uint16Array = (() => {
  const table = new Uint16Array(4 * NNUE_INPUTS);
  for (let code = 0; code < NNUE_INPUTS; code++) {
    // The inverse of featureIndex(0, colour, type, square), Red's own view: colour, then type, then point.
    const colour = Math.floor(code / (PIECE_TYPES * BOARD_POINTS));
    const type = Math.floor(code / BOARD_POINTS) % PIECE_TYPES;
    const square = code % BOARD_POINTS;
    const mirrored = square - (square % 9) + 8 - (square % 9);
    for (let p = 0; p < 2; p++) {
      table[p * 2 * NNUE_INPUTS + code] = featureIndex(p, colour, type, square);
      table[(p * 2 + 1) * NNUE_INPUTS + code] = featureIndex(p, colour, type, mirrored);
    }
  }
  return table;
})();

/** Per-position working memory, made once. */
export interface Scratch {
  /** The side to move's and the other side's accumulators, H each. */
  acc: Float32Array;
  /** The W1 row offsets of the side to move's inputs, then the other side's. */
  rows: Int32Array;
  count: number;
  /** d loss / d acc, 2H. */
  grad: Float32Array;
}

export function createScratch(hidden: number): Scratch {
  return {
    acc: new Float32Array(2 * hidden),
    rows: new Int32Array(2 * BOARD_POINTS),
    count: 0,
    grad: new Float32Array(2 * hidden),
  };
}

/**
 * The float output (centipawns / 400) of a position given as piece codes codes[from .. to - 1],
 * leaving the accumulators and active rows in `scratch` for backward().
 */
export function forward(
  net: FloatNetwork,
  scratch: Scratch,
  codes: Uint16Array,
  from: number,
  to: number,
  blackToMove: boolean,
  mirror: boolean,
): number {
  const h = net.hidden;
  const { acc, rows } = scratch;
  const w1 = net.w1;
  const stmTable = ((blackToMove ? 2 : 0) + (mirror ? 1 : 0)) * NNUE_INPUTS;
  const otherTable = ((blackToMove ? 0 : 2) + (mirror ? 1 : 0)) * NNUE_INPUTS;
  const n = to - from;
  acc.set(net.b1, 0);
  acc.set(net.b1, h);
  for (let k = 0; k < n; k++) {
    const code = codes[from + k]!;
    const a = VIEWS[stmTable + code]! * h;
    const b = VIEWS[otherTable + code]! * h;
    rows[k] = a;
    rows[n + k] = b;
    for (let j = 0; j < h; j++) {
      acc[j] += w1[a + j]!;
      acc[h + j] += w1[b + j]!;
    }
  }
  scratch.count = n;
  const w2 = net.w2;
  let out = net.b2[0]!;
  for (let j = 0; j < 2 * h; j++) {
    const x = acc[j]!;
    out += w2[j]! * (x <= 0 ? 0 : x >= 1 ? 1 : x);
  }
  return out;
}

/** Adds d loss / d parameters to `grad` (a parameter-sized view), given d loss / d output of the last forward(). */
export function backward(net: FloatNetwork, scratch: Scratch, grad: FloatNetwork, dOut: number): void {
  const h = net.hidden;
  const { acc, rows, count } = scratch;
  const dAcc = scratch.grad;
  const w2 = net.w2;
  const gw2 = grad.w2;
  const gb1 = grad.b1;
  grad.b2[0] += dOut;
  for (let j = 0; j < 2 * h; j++) {
    const x = acc[j]!;
    if (x <= 0) {
      dAcc[j] = 0;
    } else if (x >= 1) {
      gw2[j] += dOut;
      dAcc[j] = 0;
    } else {
      gw2[j] += dOut * x;
      dAcc[j] = dOut * w2[j]!;
    }
  }
  for (let j = 0; j < h; j++) gb1[j] += dAcc[j]! + dAcc[h + j]!;
  const gw1 = grad.w1;
  for (let k = 0; k < count; k++) {
    const a = rows[k]!;
    const b = rows[count + k]!;
    for (let j = 0; j < h; j++) {
      gw1[a + j] += dAcc[j]!;
      gw1[b + j] += dAcc[h + j]!;
    }
  }
}

/** Adam, dense over every parameter, then the clips that keep the integer sums from wrapping. */
export class Adam {
  private readonly m: Float32Array;
  private readonly v: Float32Array;
  private step = 0;
  /** The learning rate; the trainer lowers it epoch by epoch (its `decay`). */
  rate: number;
  constructor(
    private readonly net: FloatNetwork,
    rate: number,
    private readonly beta1 = 0.9,
    private readonly beta2 = 0.999,
  ) {
    this.rate = rate;
    this.m = new Float32Array(net.params.length);
    this.v = new Float32Array(net.params.length);
  }

  /** One step on the mean gradient: `grad` holds the sum over `batch` positions. */
  update(grad: Float32Array, batch: number): void {
    this.step++;
    const { m, v, beta1, beta2 } = this;
    const p = this.net.params;
    const scale = 1 / batch;
    const stepSize = (this.rate * Math.sqrt(1 - beta2 ** this.step)) / (1 - beta1 ** this.step);
    const b1At = this.net.w1.length;
    const w2At = b1At + this.net.hidden;
    const b2At = w2At + 2 * this.net.hidden;
    for (let i = 0; i < p.length; i++) {
      const g = grad[i]! * scale;
      const mi = beta1 * m[i]! + (1 - beta1) * g;
      const vi = beta2 * v[i]! + (1 - beta2) * g * g;
      m[i] = mi;
      v[i] = vi;
      const limit = i < w2At ? W1_CLIP : i < b2At ? W2_CLIP : B2_CLIP;
      const x = p[i]! - (stepSize * mi) / (Math.sqrt(vi) + 1e-8);
      p[i] = x > limit ? limit : x < -limit ? -limit : x;
    }
  }
}

/** The network in integers (nnue-file.ts), rounding half up. */
export function quantise(net: FloatNetwork): QuantisedNetwork {
  const q = (values: Float32Array, scale: number): Int16Array => {
    const out = new Int16Array(values.length);
    for (let i = 0; i < values.length; i++) {
      const x = Math.round(values[i]! * scale);
      if (x < -32768 || x > 32767) throw new RangeError(`weight ${values[i]} does not fit an int16 at scale ${scale}`);
      out[i] = x;
    }
    return out;
  };
  return {
    hidden: net.hidden,
    w1: q(net.w1, NNUE_QA),
    b1: q(net.b1, NNUE_QA),
    w2: q(net.w2, NNUE_QB),
    b2: Math.round(net.b2[0]! * NNUE_QA * NNUE_QB),
  };
}

/** The float network's score in centipawns for the side to move. */
export function floatCentipawns(out: number): number {
  return out * NNUE_OUTPUT_SCALE;
}
