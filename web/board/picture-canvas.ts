// A picture (picture.ts) painted on a canvas (a page's or a worker's OffscreenCanvas), and as PNG.
// Path data goes through Path2D, the same outlines as the SVG; text (letters, digits) in the
// platform's sans-serif.
import { pictureScale, type Paint, type Scene } from './picture.ts';

type Context = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function finish(ctx: Context, p: Paint, path?: Path2D): void {
  ctx.globalAlpha = p.opacity ?? 1;
  if (p.fill) {
    ctx.fillStyle = p.fill;
    if (path) ctx.fill(path);
    else ctx.fill();
  }
  if (p.stroke) {
    ctx.strokeStyle = p.stroke;
    ctx.lineWidth = p.width ?? 1;
    ctx.lineCap = p.round ? 'round' : 'square';
    if (path) ctx.stroke(path);
    else ctx.stroke();
  }
  ctx.globalAlpha = 1;
}

function paint(ctx: Context, p: Paint): void {
  ctx.beginPath();
  switch (p.kind) {
    case 'rect':
      ctx.roundRect(p.x, p.y, p.w, p.h, p.rx);
      {
        finish(ctx, p);
        return;
      }
    case 'circle':
      ctx.arc(p.cx, p.cy, p.r, 0, Math.PI * 2);
      {
        finish(ctx, p);
        return;
      }
    case 'polygon':
      for (let i = 0; i < p.points.length; i += 2) ctx.lineTo(p.points[i]!, p.points[i + 1]!);
      ctx.closePath();
      {
        finish(ctx, p);
        return;
      }
    case 'line':
      ctx.moveTo(p.x1, p.y1);
      ctx.lineTo(p.x2, p.y2);
      {
        finish(ctx, p);
        return;
      }
    case 'path':
      ctx.save();
      ctx.translate(p.x, p.y);
      ctx.scale(p.scale, p.scale);
      // A stroke's width is in the units around the path, not the path's own.
      finish(ctx, { ...p, width: (p.width ?? 1) / p.scale }, new Path2D(p.d));
      ctx.restore();
      return;
    case 'text':
      ctx.font = `${p.bold ? '700 ' : ''}${p.size}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.globalAlpha = p.opacity ?? 1;
      ctx.fillStyle = p.fill ?? '#000';
      ctx.fillText(p.text, p.x, p.y);
      ctx.globalAlpha = 1;
  }
}

/** Paints the scene at `scale` pixels per board unit, from the canvas's top left corner. */
export function paintScene(ctx: Context, scene: Scene, scale: number): void {
  ctx.save();
  ctx.scale(scale, scale);
  for (const p of scene.paints) paint(ctx, p);
  ctx.restore();
}

/** The scene as a PNG `size` pixels wide. */
export async function scenePng(scene: Scene, size?: number): Promise<Blob> {
  const k = pictureScale(scene, size);
  const [w, h] = [Math.round(scene.width * k), Math.round(scene.height * k)];
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(w, h);
    paintScene(canvas.getContext('2d')!, scene, k);
    return canvas.convertToBlob({ type: 'image/png' });
  }
  const canvas = Object.assign(document.createElement('canvas'), { width: w, height: h });
  paintScene(canvas.getContext('2d')!, scene, k);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no PNG'))), 'image/png'),
  );
}
