// The game clock without waiting: a fake time source drives Fischer increments, byoyomi periods,
// pauses, flag falls and the computer's budget.
import { describe, expect, test } from 'vitest';
import { canMate, formatClock, GameClock, timeControl, type ClockSnapshot } from '../../web/app/clock.ts';

function clock(id: string) {
  let t = 0;
  const c = new GameClock(timeControl(id)!, () => t);
  return { c, tick: (ms: number) => (t += ms) };
}

describe('game clock', () => {
  test('base + increment: only the side to move runs; the increment is added after a move', () => {
    const { c, tick } = clock('5+3');
    c.start('red');
    tick(10_000);
    expect(c.reading('red')).toEqual({ ms: 290_000, byoyomi: false });
    expect(c.reading('black').ms).toBe(300_000);
    c.moveMade('red');
    c.start('black');
    expect(c.reading('red').ms).toBe(293_000);
    // A pause (the page hidden) stops the time.
    tick(1000);
    c.pause();
    tick(60_000);
    expect(c.reading('black').ms).toBe(299_000);
    c.start('black');
    tick(299_000);
    expect(c.flagged()).toBe('black');
  });

  test('byoyomi: after the base time each move has the period, which starts again after a move', () => {
    const { c, tick } = clock('5m/20s');
    c.start('red');
    tick(300_000 + 15_000);
    expect(c.reading('red')).toEqual({ ms: 5000, byoyomi: true });
    expect(c.flagged()).toBeNull();
    c.moveMade('red');
    c.start('black');
    c.moveMade('black');
    c.start('red');
    expect(c.reading('red')).toEqual({ ms: 20_000, byoyomi: true });
    // The computer's budget stays inside the period.
    expect(c.budget('red')).toBeLessThan(20_000);
    tick(20_000);
    expect(c.flagged()).toBe('red');
  });

  test('the computer spends a share of its time, never most of it', () => {
    const { c } = clock('3+2');
    expect(c.budget('black')).toBeGreaterThan(3000);
    expect(c.budget('black')).toBeLessThan(20_000);
  });

  test('a snapshot comes back paused, for the same control only', () => {
    const { c, tick } = clock('5+3');
    c.start('red');
    tick(12_000);
    const saved = JSON.parse(JSON.stringify(c.snapshot())) as ClockSnapshot;
    const { c: again } = clock('5+3');
    expect(again.restore(saved)).toBe(true);
    expect(again.reading('red').ms).toBe(288_000);
    expect(again.runningSide).toBeNull();
    expect(clock('3+2').c.restore(saved)).toBe(false);
    expect(again.restore({ ...saved, main: { red: 'x', black: 1 } })).toBe(false);
  });

  test('formatting, and who can still mate', () => {
    expect(formatClock(600_000)).toBe('10:00');
    expect(formatClock(61_500)).toBe('1:02');
    expect(formatClock(9_340)).toBe('0:09.3');
    const board = Array(90).fill(null);
    board[4] = 'K';
    board[85] = 'k';
    board[3] = 'A';
    expect(canMate(board, 'red')).toBe(false);
    board[40] = 'p';
    expect(canMate(board, 'black')).toBe(true);
  });
});
