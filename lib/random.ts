// The one seeded PRNG (mulberry32) of the tools and tests: the fuzzers and the soak (a failure prints its
// seed and replays exactly), the order of a match's openings (`--seed`), self-play, the tuner and the
// network trainer. Kept free of vitest and of Node, so the bench page can use it too.
export class Random {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.below(items.length)]!;
  }

  /** A shuffled copy of `items` (Fisher-Yates, from the end). */
  shuffled<T>(items: readonly T[]): T[] {
    const list = [...items];
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    return list;
  }
}

/** The PRNG as a function of no arguments giving [0, 1), for code that takes a `() => number`. */
export function seededRandom(seed: number): () => number {
  const random = new Random(seed);
  return () => random.next();
}
