// How many random games, walks or inputs a long loop of a test runs. `npm test` runs a share of the
// full count on a seed that changes every day, so that the runs of many days together cover more
// games than one full run would, and the suite answers in minutes; `npm run test:long` (XQ_LONG=1)
// runs the full counts on the fixed seeds, as before a release. A test names its seed in its title;
// XQ_SEED=<seed> runs that seed again.
const LONG = process.env['XQ_LONG'] === '1';
const DAY = Math.floor(Date.now() / 86_400_000);

export interface Runs {
  /** How many games (inputs, walks) to run. */
  count: number;
  /** The first seed: the fixed one in a long run, else one of the day (or XQ_SEED). */
  seed: number;
  /** For the test's title: `(seed N)`. */
  seedNote: string;
}

/** `full` runs from `fixedSeed` in a long run; else `quick` runs from the day's seed. */
export function runs(full: number, quick: number, fixedSeed: number): Runs {
  const replay = process.env['XQ_SEED'];
  const seed = LONG ? fixedSeed : replay ? Number(replay) : fixedSeed + DAY * 7919;
  const count = LONG ? full : quick;
  return { count, seed, seedNote: `(seed ${seed})` };
}

/** A count's share in this run: `value` (a threshold met by the full count) scaled to the count run. */
export function share(value: number, ran: Runs, full: number): number {
  return Math.floor((value * ran.count) / full);
}
