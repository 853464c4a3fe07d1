// Move animation with the Web Animations API: the destination piece slides in from its old point.
// Running animations are cancelled before every redraw, so a position that arrives mid-animation never
// leaves a piece stranded half-way.

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** `duration` in ms; returns the animation (already playing) or null when there is nothing to do. */
export function slide(el: Element | null, dx: number, dy: number, duration: number): Animation | null {
  if (!el || duration <= 0 || (dx === 0 && dy === 0) || typeof el.animate !== 'function') return null;
  // CSS px on an SVG element are user units of its coordinate system, so the offset is in board units.
  return el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0, 0)' }], {
    duration,
    easing: 'cubic-bezier(.25,.8,.35,1)',
  });
}

/** Fades out a captured piece left on the board for the length of the move. */
export function fadeOut(el: Element | null, duration: number): Animation | null {
  if (!el || duration <= 0 || typeof el.animate !== 'function') return null;
  return el.animate([{ opacity: 1 }, { opacity: 0 }], { duration, fill: 'forwards' });
}

export function cancelAll(root: ShadowRoot | null): void {
  if (!root) return;
  for (const a of root.getAnimations()) a.cancel();
}

/**
 * Plays a move just drawn: the piece on `toSquare` slides in from `from` (board units, `to` is where it
 * is drawn now) and a captured piece left as a ghost fades. Returns the fade, or null when none runs.
 */
export function animateMove(
  root: ParentNode,
  from: [number, number],
  to: [number, number],
  toSquare: string,
  duration: number,
): Animation | null {
  slide(
    root.querySelector(`.piece:not(.ghost)[data-square="${toSquare}"] .pc`),
    from[0] - to[0],
    from[1] - to[1],
    duration,
  );
  return fadeOut(root.querySelector('.ghost'), duration);
}
