// The player's own arrows and circles (drawn on <xiangqi-board> with the right button) as the study
// tree keeps them: on the position they were drawn on, in the saved game, and in PGN comments as the
// commands other tools write (lichess, chessground: `[%csl Gb2,Re4]` circles, `[%cal Gh2e2,Rb0c2]`
// arrows; G green, R red, B blue, Y yellow; squares in ICCS, a0-i9).
import type { Shape } from '../board/types.ts';

/** A drawn shape as the game keeps it: the four brushes the board draws with, squares a0-i9. */
export interface DrawnShape {
  from: string;
  to?: string;
  brush: 'green' | 'red' | 'blue' | 'yellow';
}

const LETTER = { green: 'G', red: 'R', blue: 'B', yellow: 'Y' } as const;
const BRUSH: Readonly<Record<string, DrawnShape['brush']>> = { G: 'green', R: 'red', B: 'blue', Y: 'yellow' };
const SQUARE = /^[a-i][0-9]$/;

/** The shapes that can be kept (anything else, such as an odd colour or square, is dropped), duplicates once. */
export function keptShapes(raw: unknown): DrawnShape[] {
  if (!Array.isArray(raw)) return [];
  const out: DrawnShape[] = [];
  const seen = new Set<string>();
  for (const item of raw as unknown[]) {
    const s: { [K in keyof Shape]?: unknown } = typeof item === 'object' && item !== null ? item : {};
    if (typeof s.from !== 'string' || !SQUARE.test(s.from)) continue;
    const brush = (s.brush ?? 'green') as DrawnShape['brush'];
    if (!(brush in LETTER)) continue;
    const to = typeof s.to === 'string' && SQUARE.test(s.to) && s.to !== s.from ? s.to : undefined;
    const key = `${s.from}${to ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(to ? { from: s.from, to, brush } : { from: s.from, brush });
  }
  return out;
}

/** Whether two lists of shapes draw the same. */
export function sameShapes(a: readonly Shape[], b: readonly Shape[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (s, i) =>
        s.from === b[i]!.from &&
        (s.to ?? s.from) === (b[i]!.to ?? b[i]!.from) &&
        (s.brush ?? 'green') === (b[i]!.brush ?? 'green'),
    )
  );
}

/** The shapes as PGN comment commands (`[%csl …] [%cal …]`), or '' for none. */
export function shapeCommands(shapes: readonly DrawnShape[]): string {
  const circles = shapes.filter((s) => !s.to).map((s) => `${LETTER[s.brush]}${s.from}`);
  const arrows = shapes.filter((s) => s.to).map((s) => `${LETTER[s.brush]}${s.from}${s.to}`);
  const parts: string[] = [];
  if (circles.length) parts.push(`[%csl ${circles.join(',')}]`);
  if (arrows.length) parts.push(`[%cal ${arrows.join(',')}]`);
  return parts.join(' ');
}

/** A comment with the shapes' commands after its text. */
export function commentWithShapes(text: string, shapes: readonly DrawnShape[]): string {
  return [text, shapeCommands(shapes)].filter(Boolean).join(' ');
}

const COMMAND = /\[%(csl|cal)\s+([^\]]*)\]/gi;

/**
 * A PGN comment read apart: its text, and the shapes its `[%csl]` / `[%cal]` commands draw. Other
 * commands (`[%clk]`, `[%eval]`…) stay in the text; entries that name no board point are skipped.
 */
export function splitComment(comment: string): { text: string; shapes: DrawnShape[] } {
  const shapes: DrawnShape[] = [];
  if (!/\[%(csl|cal)\s/i.test(comment)) return { text: comment, shapes };
  const text = comment.replace(COMMAND, (_all, kind: string, list: string) => {
    for (const entry of list.split(/[\s,]+/)) {
      const m = /^([GRBY])([a-i][0-9])([a-i][0-9])?$/i.exec(entry);
      if (!m) continue;
      const brush = BRUSH[m[1]!.toUpperCase()]!;
      const from = m[2]!.toLowerCase();
      const to = m[3]?.toLowerCase();
      if (kind.toLowerCase() === 'cal' && to) shapes.push({ from, to, brush });
      else if (kind.toLowerCase() === 'csl' && !to) shapes.push({ from, brush });
    }
    return ' ';
  });
  return { text: text.replace(/\s+/g, ' ').trim(), shapes: keptShapes(shapes) };
}
