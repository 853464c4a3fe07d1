// Keyboard model of the grid: one tab stop, arrow keys move the focus over the points as they are
// seen (so "up" is always towards the top of the screen, whatever the orientation), Enter or Space
// picks up and puts down, Escape cancels.

export type KeyIntent = { kind: 'focus'; col: number; row: number } | { kind: 'activate' } | { kind: 'cancel' } | null;

export function keyIntent(key: string, col: number, row: number, ctrl: boolean): KeyIntent {
  const to = (c: number, r: number): KeyIntent => ({
    kind: 'focus',
    col: Math.min(8, Math.max(0, c)),
    row: Math.min(9, Math.max(0, r)),
  });
  switch (key) {
    case 'ArrowUp':
      return to(col, row - 1);
    case 'ArrowDown':
      return to(col, row + 1);
    case 'ArrowLeft':
      return to(col - 1, row);
    case 'ArrowRight':
      return to(col + 1, row);
    case 'Home':
      return ctrl ? to(0, 0) : to(0, row);
    case 'End':
      return ctrl ? to(8, 9) : to(8, row);
    case 'PageUp':
      return to(col, 0);
    case 'PageDown':
      return to(col, 9);
    case 'Enter':
    case ' ':
      return { kind: 'activate' };
    case 'Escape':
      return { kind: 'cancel' };
    default:
      return null;
  }
}
