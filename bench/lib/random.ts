// The seeded PRNG moved to lib/random.ts, below all the tools; the tests' old path keeps working.
export { Random, seededRandom } from '../../lib/random.ts';
