// Moving a replay engine from one line of a game to another. A tree is checked line after line; set
// afresh for each, a variation n plies deep costs n moves, and a file of variations nested n deep
// costs n * n. An engine that can take moves back (Engine and RuleBoard can) is moved by taking back
// the moves the two lines do not share and playing the new ones.

import type { ReplayEngine } from './types.ts';

export class LineCursor {
  private line: string[] = [];

  /** Sets `engine` to `start` (throws what setPosition throws). */
  constructor(
    private readonly engine: ReplayEngine,
    private readonly start: string,
  ) {
    engine.setPosition(start);
  }

  /** The moves from the start to where the engine stands. */
  get moves(): readonly string[] {
    return this.line;
  }

  /** Puts the engine at the end of `path` (moves from the start). */
  goTo(path: readonly string[]): void {
    if (!this.engine.undo) {
      this.engine.setPosition(this.start, path);
      this.line = [...path];
      return;
    }
    let common = 0;
    while (common < this.line.length && common < path.length && this.line[common] === path[common]) common++;
    while (this.line.length > common) {
      this.engine.undo();
      this.line.pop();
    }
    for (let i = common; i < path.length; i++) this.play(path[i]!);
  }

  /** Plays a move where the engine stands (a refused move leaves it there). */
  play(move: string): void {
    this.engine.play(move);
    this.line.push(move);
  }
}
