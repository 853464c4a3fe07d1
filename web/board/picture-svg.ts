// A picture (picture.ts) as SVG text: one standalone file, its colours written out (no stylesheet,
// no custom properties), Han characters as paths; each disc names its piece (data-square, data-piece).
import { pictureScale, type Paint, type Scene } from './picture.ts';

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Rounds to what an SVG needs (hundredths of a board unit). */
const n = (v: number) => String(Math.round(v * 100) / 100);

function style(p: Paint): string {
  let out = ` fill="${p.fill ? escape(p.fill) : 'none'}"`;
  if (p.stroke) out += ` stroke="${escape(p.stroke)}" stroke-width="${n(p.width ?? 1)}"`;
  if (p.stroke) out += p.round ? ' stroke-linecap="round"' : ' stroke-linecap="square"';
  if (p.opacity !== undefined) out += ` opacity="${n(p.opacity)}"`;
  if (p.piece) out += ` data-square="${p.piece.square}" data-piece="${p.piece.letter}"`;
  return out;
}

function element(p: Paint): string {
  switch (p.kind) {
    case 'rect':
      return `<rect x="${n(p.x)}" y="${n(p.y)}" width="${n(p.w)}" height="${n(p.h)}" rx="${n(p.rx)}"${style(p)}/>`;
    case 'circle':
      return `<circle cx="${n(p.cx)}" cy="${n(p.cy)}" r="${n(p.r)}"${style(p)}/>`;
    case 'path': {
      const moved = p.x || p.y || p.scale !== 1 ? ` transform="translate(${n(p.x)} ${n(p.y)}) scale(${p.scale})"` : '';
      return `<path d="${p.d}"${moved}${style(p)}/>`;
    }
    case 'polygon':
      return `<polygon points="${p.points.map(n).join(' ')}"${style(p)}/>`;
    case 'line':
      return `<line x1="${n(p.x1)}" y1="${n(p.y1)}" x2="${n(p.x2)}" y2="${n(p.y2)}"${style(p)}/>`;
    case 'text':
      return `<text x="${n(p.x)}" y="${n(p.y)}" font-size="${n(p.size)}" font-family="system-ui, sans-serif"${p.bold ? ' font-weight="700"' : ''} text-anchor="middle" dominant-baseline="central"${style(p)}>${escape(p.text)}</text>`;
  }
}

/** The scene as an SVG document `size` pixels wide (its viewBox in board units). */
export function sceneSvg(scene: Scene, size?: number): string {
  const k = pictureScale(scene, size);
  const [w, h] = [Math.round(scene.width * k), Math.round(scene.height * k)];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${scene.width} ${scene.height}">${scene.paints.map(element).join('')}</svg>`;
}
