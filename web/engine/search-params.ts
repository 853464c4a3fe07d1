// The search's named constants (assembly/params.ts), as a tuner sees them: the name, the engine's
// number for it, the shipped value, the range a tuner may try, and the step SPSA perturbs it by at
// the end of a run (its c_end). They are set through Engine.setSearchParams and the UCI option SearchParams
// (`name=value` pairs); tune/spsa.ts tunes them. A test checks the defaults against the engine.

export interface SearchParam {
  name: string;
  /** Its number in the engine (assembly/params.ts's order). */
  index: number;
  default: number;
  min: number;
  max: number;
  /** SPSA's perturbation at the end of a run. */
  step: number;
  about: string;
}

const list: [name: string, value: number, min: number, max: number, step: number, about: string][] = [
  ['rfp_margin', 90, 30, 200, 10, 'reverse futility margin a ply'],
  ['razor_base', 200, 50, 500, 25, 'razoring margin'],
  ['razor_depth', 220, 50, 500, 25, 'razoring margin a ply'],
  ['null_eval_divisor', 200, 80, 500, 25, 'null move: centipawns above beta per extra ply of reduction'],
  ['lmp_base', 3, 0, 10, 1, 'late-move pruning: quiets after lmp_base + depth^2'],
  ['futility_base', 100, 20, 300, 15, 'futility margin'],
  ['futility_depth', 100, 30, 250, 12, 'futility margin a ply of reduced depth'],
  ['history_prune', 4000, 1000, 12000, 500, 'history pruning: below -history_prune * depth'],
  ['see_quiet', 25, 5, 80, 4, 'exchange pruning of quiets: losing more than see_quiet * d^2'],
  ['see_capture', 120, 40, 300, 12, 'exchange pruning of captures: losing more than see_capture * depth'],
  ['singular_margin', 2, 1, 6, 1, 'singular extension margin a ply'],
  ['history_reduction', 12000, 4000, 30000, 1200, 'a quiet is reduced a ply less for each this much history'],
  ['lmr_base', 50, -50, 150, 10, 'late-move reduction base, hundredths of a ply'],
  ['lmr_divisor', 210, 120, 350, 12, 'late-move reduction divisor of ln(depth) ln(move), hundredths'],
  ['aspiration_delta', 35, 10, 100, 5, 'first aspiration window half-width at the root'],
  ['delta_margin', 150, 50, 400, 20, "quiescence's delta pruning margin"],
];

export const SEARCH_PARAMS: readonly SearchParam[] = list.map(([name, value, min, max, step, about], index) => ({
  name,
  index,
  default: value,
  min,
  max,
  step,
  about,
}));

/** The parameter called `name`, or null. */
export function searchParam(name: string): SearchParam | null {
  return SEARCH_PARAMS.find((p) => p.name === name.toLowerCase()) ?? null;
}

/**
 * Reads `name=value` pairs (separated by spaces or commas; empty: none) into values, checking each
 * name and range; throws a RangeError that names the pair at fault.
 */
export function parseSearchParams(text: string): Map<SearchParam, number> {
  const values = new Map<SearchParam, number>();
  for (const pair of text.split(/[\s,]+/).filter((p) => p !== '')) {
    const [name = '', value = '', ...rest] = pair.split('=');
    if (!pair.includes('=') || rest.length > 0) throw new RangeError(`"${pair}": not a name=value pair`);
    const param = searchParam(name);
    if (!param)
      throw new RangeError(`"${pair}": not a search parameter (names: ${SEARCH_PARAMS.map((p) => p.name).join(', ')})`);
    if (!/^-?\d+$/.test(value)) throw new RangeError(`"${pair}": ${param.name} takes a whole number`);
    const n = Number(value);
    if (n < param.min || n > param.max)
      throw new RangeError(`"${pair}": ${param.name} must be between ${param.min} and ${param.max}`);
    values.set(param, n);
  }
  return values;
}

/** Values as `name=value` pairs, as SearchParams takes them. */
export function formatSearchParams(values: ReadonlyMap<SearchParam, number>): string {
  return [...values].map(([p, v]) => `${p.name}=${v}`).join(' ');
}
