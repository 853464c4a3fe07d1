// SPSA (simultaneous perturbation stochastic approximation, Spall 1992) as engine tuners run it:
// every step perturbs all parameters at once by ±c_k, plays a game pair between the two sides, and
// moves each parameter along its perturbation by the pair's result. The schedule is fishtest's
// (its SPSA page): the step c_k = c / k^gamma and the gain a_k = a / (A + k)^alpha, set from what a
// user thinks in, each parameter's step at the end of the run (c_end) and a learning rate at the end
// (r_end = a_end / c_end^2), with A a tenth of the run, alpha 0.602 and gamma 0.101.

export interface SpsaParam {
  name: string;
  min: number;
  max: number;
  /** The step (perturbation) at the last iteration. */
  cEnd: number;
}

export interface SpsaSchedule {
  /** The run's length in game pairs. */
  iterations: number;
  /** The learning rate at the last iteration, r_end = a_end / c_end^2 (fishtest's default 0.002). */
  rEnd: number;
  alpha: number;
  gamma: number;
  /** The gain's stability constant (fishtest: a tenth of the iterations). */
  bigA: number;
}

export function schedule(iterations: number, rEnd = 0.002): SpsaSchedule {
  return { iterations, rEnd, alpha: 0.602, gamma: 0.101, bigA: 0.1 * iterations };
}

/** Iteration k's (1-based) step for a parameter: c_k = c_end * (N / k)^gamma. */
export function stepAt(s: SpsaSchedule, p: SpsaParam, k: number): number {
  return p.cEnd * (s.iterations / k) ** s.gamma;
}

/** Iteration k's gain for a parameter: a_k = r_end c_end^2 ((A + N) / (A + k))^alpha. */
export function gainAt(s: SpsaSchedule, p: SpsaParam, k: number): number {
  return s.rEnd * p.cEnd ** 2 * ((s.bigA + s.iterations) / (s.bigA + k)) ** s.alpha;
}

/** A value as the engine takes it: whole and within the parameter's range. */
export function engineValue(p: SpsaParam, value: number): number {
  return Math.min(p.max, Math.max(p.min, Math.round(value)));
}

/** The two sides of iteration k: theta + c_k delta and theta - c_k delta, as engine values. */
export function perturb(
  s: SpsaSchedule,
  params: readonly SpsaParam[],
  theta: readonly number[],
  delta: readonly (1 | -1)[],
  k: number,
): { plus: number[]; minus: number[] } {
  const shift = params.map((p, i) => stepAt(s, p, k) * delta[i]!);
  return {
    plus: params.map((p, i) => engineValue(p, theta[i]! + shift[i]!)),
    minus: params.map((p, i) => engineValue(p, theta[i]! - shift[i]!)),
  };
}

/**
 * The new theta after iteration k: each parameter moves by a_k / c_k * result * delta, `result`
 * being the plus side's points less the minus side's over the pair (-2 to 2), kept in range.
 */
export function update(
  s: SpsaSchedule,
  params: readonly SpsaParam[],
  theta: readonly number[],
  delta: readonly (1 | -1)[],
  k: number,
  result: number,
): number[] {
  return params.map((p, i) => {
    const moved = theta[i]! + (gainAt(s, p, k) / stepAt(s, p, k)) * result * delta[i]!;
    return Math.min(p.max, Math.max(p.min, moved));
  });
}
