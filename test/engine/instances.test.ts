// createEngine() promises "a fresh instance of the chosen build": two engines must not share a
// position. (Kept in its own file: a shared JS instance would disturb the other suites.)
import { describe, expect, it } from 'vitest';
import { BUILDS, engineFor, START_FEN } from './helpers.ts';

describe.each(BUILDS)('two engines on the %s build', (build) => {
  it('keep separate positions and histories', async () => {
    const first = await engineFor(build);
    first.play('h2e2');
    const second = await engineFor(build);
    expect(second.fen()).toBe(START_FEN);
    expect(first.history()).toEqual(['h2e2']);
    expect(first.fen()).toBe('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1');
    second.play('b2e2');
    expect(first.fen()).toBe('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1');
    expect(first.legalMoves()).not.toContain('h0g2');
    expect(second.legalMoves()).toContain('h9g7');
  });
});
