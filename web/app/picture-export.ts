// The export dialog's pictures: the position on the board as PNG or SVG (the board's own toPng / toSvg,
// in the page's piece set, orientation and coordinates, in colour or black and white for print), and
// the game as an animated GIF with a caption under each move, at a chosen speed: the whole line, or
// up to the move shown. The GIF is painted and encoded in a worker (gif-worker.ts); the dialog shows
// its progress and can cancel it.
import type { XiangqiBoard } from '../board/element.ts';
import type { PictureOptions } from '../board/picture.ts';
import { gifFrames, type GifReply, type GifRequest } from './gif-frames.ts';
import { downloadBlob, exportFileName } from './import-export.ts';
import type { PageState } from './page-state.ts';

/** Seconds per move offered for the GIF. */
export const GIF_SPEEDS = [0.5, 1, 2] as const;
const GIF_WIDTH = 480;
const PNG_WIDTH = 960;
const FONT_URL = new URL('./fonts/page-han.woff2', import.meta.url).href;

export interface PicturesView {
  /** The GIF's moves: the whole line, or up to the move shown. */
  readonly range: 'whole' | 'shown';
  /** Seconds each move of the GIF stays on screen. */
  readonly speed: number;
  /** Black and white, for print (the PNG and SVG). */
  readonly monochrome: boolean;
  /** While a GIF is made: the frames painted so far. */
  readonly progress: { done: number; total: number } | null;
  readonly error: string | null;
  setRange(range: 'whole' | 'shown'): void;
  setSpeed(seconds: number): void;
  setMonochrome(on: boolean): void;
  downloadPng(): Promise<void>;
  downloadSvg(): void;
  makeGif(): void;
  cancelGif(): void;
}

export class PictureExport implements PicturesView {
  range: 'whole' | 'shown' = 'whole';
  speed = 1;
  monochrome = false;
  progress: { done: number; total: number } | null = null;
  error: string | null = null;
  private worker: Worker | null = null;

  constructor(
    private readonly state: PageState,
    private readonly board: () => XiangqiBoard | null,
  ) {}

  setRange(range: 'whole' | 'shown'): void {
    this.range = range;
    this.state.requestRender();
  }

  setSpeed(seconds: number): void {
    if ((GIF_SPEEDS as readonly number[]).includes(seconds)) this.speed = seconds;
    this.state.requestRender();
  }

  setMonochrome(on: boolean): void {
    this.monochrome = on;
    this.state.requestRender();
  }

  /** The board as the page shows it: its piece set, the side at the bottom, its coordinates. */
  private picture(size: number): PictureOptions {
    const s = this.state.settings;
    const coordinates = s.coordinates ? (s.notation === 'ICCS' ? 'iccs' : 'wxf') : 'none';
    return { size, pieceSet: s.pieceSet, orientation: s.orientation, coordinates };
  }

  async downloadPng(): Promise<void> {
    const board = this.board();
    if (!board) return;
    const png = await board.toPng({ ...this.picture(PNG_WIDTH), monochrome: this.monochrome });
    downloadBlob(png, exportFileName('png'));
  }

  downloadSvg(): void {
    const board = this.board();
    if (!board) return;
    const svg = board.toSvg({ ...this.picture(PNG_WIDTH), monochrome: this.monochrome });
    downloadBlob(new Blob([svg], { type: 'image/svg+xml' }), exportFileName('svg'));
  }

  makeGif(): void {
    if (this.worker) return;
    const { state } = this;
    const game = state.game;
    const plies = this.range === 'whole' ? game.moves.length : game.cursor;
    const request: GifRequest = {
      frames: gifFrames(game, plies, state.settings.notation, state.t('gifStart')),
      delay: this.speed * 1000,
      picture: this.picture(GIF_WIDTH),
      fontUrl: FONT_URL,
    };
    const worker = (this.worker = new Worker(new URL('./gif-worker.ts', import.meta.url), { type: 'module' }));
    this.progress = { done: 0, total: request.frames.length };
    this.error = null;
    worker.onmessage = (event: MessageEvent<GifReply>) => {
      const reply = event.data;
      if (reply.type === 'progress') this.progress = { done: reply.done, total: reply.total };
      else {
        this.stop();
        if (reply.type === 'done') downloadBlob(new Blob([reply.gif], { type: 'image/gif' }), exportFileName('gif'));
        else this.error = state.t('gifFailed', { reason: reply.message });
      }
      state.requestRender();
    };
    worker.onerror = (event) => {
      this.stop();
      this.error = state.t('gifFailed', { reason: event.message || 'the worker stopped' });
      state.requestRender();
    };
    worker.postMessage(request);
    state.requestRender();
  }

  cancelGif(): void {
    this.stop();
    this.state.requestRender();
  }

  private stop(): void {
    this.worker?.terminate();
    this.worker = null;
    this.progress = null;
  }
}
