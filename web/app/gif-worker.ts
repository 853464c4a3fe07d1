// Makes the animated GIF of a game off the page's thread (gif-frames.ts says what it is asked): each
// frame is the board's picture (the same drawing as its toPng, web/board/picture.ts) with the move's
// caption under it, painted on an OffscreenCanvas, reduced to 256 colours and written by gifenc.
import { GIFEncoder, applyPalette, quantize } from 'gifenc';
import { paintScene } from '../board/picture-canvas.ts';
import { pictureScale, positionScene } from '../board/picture.ts';
import type { GifReply, GifRequest } from './gif-frames.ts';

/** The caption band under the board, as a share of the image's width; paper and ink as the page's. */
const CAPTION = 0.1;
const PAPER = '#f3ecdf';
const INK = '#2a231d';
const FONT = 'Xiangqi Page Han';

const post = (reply: GifReply, transfer: Transferable[] = []) => self.postMessage(reply, { transfer });

/** The page's font for the captions, where the worker can have it (the move text is plain type otherwise). */
async function loadFont(url: string): Promise<void> {
  const fonts = (self as unknown as { fonts?: FontFaceSet }).fonts;
  if (!fonts || typeof FontFace === 'undefined') return;
  try {
    const face = new FontFace(FONT, `url(${url})`);
    fonts.add(await face.load());
  } catch (error) {
    console.warn('The GIF captions use the system font:', error);
  }
}

async function make(request: GifRequest): Promise<Uint8Array<ArrayBuffer>> {
  await loadFont(request.fontUrl);
  const gif = GIFEncoder();
  const total = request.frames.length;
  for (const [i, frame] of request.frames.entries()) {
    const scene = positionScene({ ...frame, shapes: [] }, request.picture);
    const k = pictureScale(scene, request.picture.size);
    const width = Math.round(scene.width * k);
    const board = Math.round(scene.height * k);
    const band = Math.round(width * CAPTION);
    const canvas = new OffscreenCanvas(width, board + band);
    const ctx = canvas.getContext('2d')!;
    paintScene(ctx, scene, k);
    ctx.fillStyle = PAPER;
    ctx.fillRect(0, board, width, band);
    ctx.fillStyle = INK;
    ctx.font = `600 ${Math.round(band * 0.5)}px '${FONT}', system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(frame.caption, width / 2, board + band / 2, width * 0.94);
    const rgba = ctx.getImageData(0, 0, width, board + band).data;
    const palette = quantize(rgba, 256);
    const delay = i === total - 1 ? request.delay * 3 : request.delay;
    gif.writeFrame(applyPalette(rgba, palette), width, board + band, { palette, delay });
    post({ type: 'progress', done: i + 1, total });
  }
  gif.finish();
  return gif.bytes() as Uint8Array<ArrayBuffer>;
}

self.onmessage = (event: MessageEvent<GifRequest>) => {
  make(event.data).then(
    (gif) => post({ type: 'done', gif }, [gif.buffer]),
    (error: unknown) => post({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
};
