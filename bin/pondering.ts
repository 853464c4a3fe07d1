// A search whose answer waits to be released. `go infinite` is released by `stop` alone: it answers only
// then, even when it ends by itself (a mate proven, the depth cap, a weakened search's short look), as
// UCI asks. A `go ponder` search (Pondering) runs without a time limit of its own and is released by
// `ponderhit` (the opponent played the expected move; the `go ponder` limits apply from then on) or
// by `stop`.
import { budgetFor } from '../web/engine/search-limits.ts';
import type { Color, SearchLimits } from '../web/engine/types.ts';

export class Held {
  /** `stop` (or `ponderhit`) came: the answer may be printed once the search has ended. */
  released = false;
  /** The search ended by itself (depth or nodes reached) and waits to be released. */
  done = false;
  readonly whenReleased: Promise<void>;
  private resolve!: () => void;

  constructor() {
    this.whenReleased = new Promise<void>((resolve) => (this.resolve = resolve));
  }

  release(): void {
    this.released = true;
    this.resolve();
  }

  /** The search is over. */
  end(): void {}
}

export class Pondering extends Held {
  /** `ponderhit` came (under `go ponder infinite` the search is not released by it). */
  hit = false;
  /** Raises the stop flag when the time budget counted from `ponderhit` is spent. */
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** `limits`: those of the `go ponder` command; they apply from `ponderhit` on. */
  constructor(readonly limits: SearchLimits) {
    super();
  }

  /**
   * `ponderhit`: the search goes on as a normal one under the `go ponder` limits, its time counted
   * from now. It keeps running without a time limit of its own: a timer calls `stop` when the budget is
   * spent (the soft budget under a clock, the whole movetime under `movetime`). A search already over
   * answers at once. Under `go ponder infinite` it goes on as `go infinite`: only `stop` releases it.
   * Returns an error to report about the limits (the search is released all the same).
   */
  ponderHit(turn: Color, stop: () => void): string | null {
    this.hit = true;
    let problem: string | null = null;
    if (!this.done && !this.limits.infinite) {
      try {
        const budget = budgetFor(this.limits, turn);
        const ms = budget.softMs > 0 ? budget.softMs : budget.hardMs;
        if (ms > 0) this.timer = setTimeout(stop, ms);
      } catch (e) {
        problem = (e as Error).message;
      }
    }
    if (!this.limits.infinite) this.release();
    return problem;
  }

  /** The search is over: no timer may fire after it. */
  override end(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}
