// The tuner's view of the training file: each position's evaluation terms (parameter, count from
// Red's view) and phase, traced by the engine itself so the tuner and the engine can never
// disagree about what the evaluation counts, with the game result and the search score.
import { readFileSync } from 'node:fs';
import type { Engine } from '../web/engine/index.ts';
import { decodeRecord, recordFen, RECORD_BYTES } from './records.ts';

export interface Dataset {
  count: number;
  /** Terms of position i: entries offsets[i] .. offsets[i + 1] of params / counts. */
  offsets: Uint32Array;
  params: Uint16Array;
  counts: Int8Array;
  /** Phase / PHASE_MAX (1 midgame .. 0 endgame). */
  phase: Float32Array;
  /** Game result for Red: 1, 0.5, 0. */
  result: Float32Array;
  /** The search's score, centipawns from Red's view. */
  score: Float32Array;
  /** The engine's own evaluation from Red's view (to check the tuner's arithmetic). */
  engineEval: Float32Array;
}

/** Reads up to `limit` records (every `stride`-th, to spread a smaller sample over all the games). */
export function loadDataset(
  path: string,
  engine: Engine,
  phaseMax: number,
  limit = Infinity,
  onProgress?: (done: number, total: number) => void,
): Dataset {
  const bytes = readFileSync(path);
  const total = Math.floor(bytes.length / RECORD_BYTES);
  const count = Math.min(total, limit);
  const stride = total / count;
  let capacity = count * 90;
  let params = new Uint16Array(capacity);
  let counts = new Int8Array(capacity);
  const offsets = new Uint32Array(count + 1);
  const phase = new Float32Array(count);
  const result = new Float32Array(count);
  const score = new Float32Array(count);
  const engineEval = new Float32Array(count);
  let used = 0;
  for (let i = 0; i < count; i++) {
    const record = decodeRecord(bytes, Math.floor(i * stride) * RECORD_BYTES);
    engine.setPosition(recordFen(record));
    const trace = engine.evaluationTrace();
    const n = trace.terms.length / 2;
    if (used + n > capacity) {
      capacity *= 2;
      const p = new Uint16Array(capacity);
      p.set(params);
      params = p;
      const c = new Int8Array(capacity);
      c.set(counts);
      counts = c;
    }
    for (let k = 0; k < n; k++) {
      params[used + k] = trace.terms[2 * k]!;
      counts[used + k] = trace.terms[2 * k + 1]!;
    }
    used += n;
    offsets[i + 1] = used;
    phase[i] = trace.phase / phaseMax;
    result[i] = record.result;
    const red = record.blackToMove ? -1 : 1;
    score[i] = record.score * red;
    engineEval[i] = trace.score * red;
    if (onProgress && (i & 0xffff) === 0) onProgress(i, count);
  }
  return {
    count,
    offsets,
    params: params.slice(0, used),
    counts: counts.slice(0, used),
    phase,
    result,
    score,
    engineEval,
  };
}

/** The evaluation of position i from Red's view under the weights (mg, eg interleaved). */
export function evaluateWith(data: Dataset, i: number, weights: Float64Array): number {
  let mg = 0;
  let eg = 0;
  for (let k = data.offsets[i]!; k < data.offsets[i + 1]!; k++) {
    const p = data.params[k]! * 2;
    const c = data.counts[k]!;
    mg += c * weights[p]!;
    eg += c * weights[p + 1]!;
  }
  const rho = data.phase[i]!;
  return mg * rho + eg * (1 - rho);
}
