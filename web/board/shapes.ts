// Arrows and circles drawn over the pieces: the page's (hints, engine lines) and the user's own
// (drawing.ts). Arrowheads are plain polygons rather than SVG markers so they take the shape's colour
// everywhere without context-stroke support.
import { svg } from 'lit';
import type { SVGTemplateResult } from 'lit';
import { pointXY, squareIndex } from './geometry.ts';
import type { Layout } from './geometry.ts';
import type { Orientation, Shape } from './types.ts';

const BRUSHES: Record<string, string> = {
  green: 'var(--xq-arrow, #15781b)',
  red: '#b0201a',
  blue: '#1a4fb0',
  yellow: '#e09b00',
};

/**
 * `kind` tells the page's shapes (part `arrow`) from the user's (parts `arrow drawn`) and the one being
 * drawn (`arrow drawn pending`), so a page can style them apart.
 */
export function shapeLayer(
  shapes: readonly Shape[],
  orientation: Orientation,
  L: Layout,
  kind: '' | 'drawn' | 'drawn pending' = '',
): SVGTemplateResult[] {
  const arrow = kind ? `arrow ${kind}` : 'arrow';
  return shapes.map((s) => {
    const color = BRUSHES[s.brush ?? 'green'] ?? s.brush!;
    const [x1, y1] = pointXY(squareIndex(s.from), orientation, L);
    if (!s.to || s.to === s.from) {
      return svg`<circle part="${arrow} circle" class="shape ${kind}" cx=${x1} cy=${y1} r="46" stroke=${color} fill="none" stroke-width="8"/>`;
    }
    const [x2, y2] = pointXY(squareIndex(s.to), orientation, L);
    const len = Math.hypot(x2 - x1, y2 - y1);
    const ux = (x2 - x1) / len;
    const uy = (y2 - y1) / len;
    // The head's tip stops short of the target's centre so the destination piece stays readable.
    const tipX = x2 - ux * 18;
    const tipY = y2 - uy * 18;
    const baseX = tipX - ux * 42;
    const baseY = tipY - uy * 42;
    const w = 24;
    const head = `${tipX},${tipY} ${baseX - uy * w},${baseY + ux * w} ${baseX + uy * w},${baseY - ux * w}`;
    return svg`<g part=${arrow} class="shape ${kind}" fill=${color} stroke=${color}>
      <line x1=${x1 + ux * 20} y1=${y1 + uy * 20} x2=${baseX + ux * 2} y2=${baseY + uy * 2} stroke-width="14" stroke-linecap="round"/>
      <polygon points=${head} stroke="none"/>
    </g>`;
  });
}
