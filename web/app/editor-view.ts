// The position editor on the page (摆棋): a tray of pieces (click one, then points; or drag it onto a
// point), the board as a grid of points (arrow keys move along it, Enter or Space puts or takes a
// piece; pieces drag from point to point and off the board onto the tray), Clear, Start position,
// Flip and the side to move, the check's message as it is edited, the FEN to copy, and play or analyse.
import { html, nothing, type TemplateResult } from 'lit';
import { squareName } from '../engine/index.ts';
import type { PieceLetter } from '../engine/types.ts';
import type { PositionEditor, Tool } from './editor.ts';
import { TRAY } from './editor.ts';
import type { MessageKey } from './i18n.ts';
import type { PageView } from './view-model.ts';

const LETTERS: Record<string, string> = { K: 'K', A: 'A', B: 'E', N: 'H', R: 'R', C: 'C', P: 'P' };
const RED_ZH: Record<string, string> = { K: '帅', A: '仕', B: '相', N: '马', R: '车', C: '炮', P: '兵' };
const BLACK_ZH: Record<string, string> = { K: '将', A: '士', B: '象', N: '马', R: '车', C: '炮', P: '卒' };

const isRed = (p: PieceLetter) => p === p.toUpperCase();

/** The piece's face: Chinese on the Chinese page, the board's letters otherwise (no CJK font needed). */
function face(app: PageView, p: PieceLetter): string {
  const kind = p.toUpperCase();
  if (app.lang === 'zh') return (isRed(p) ? RED_ZH : BLACK_ZH)[kind]!;
  return LETTERS[kind]!;
}

function pieceName(app: PageView, p: PieceLetter): string {
  return `${app.t(isRed(p) ? 'red' : 'black')} ${app.t(`piece.${p.toUpperCase()}` as MessageKey)}`;
}

function disc(app: PageView, p: PieceLetter): TemplateResult {
  return html`<span class="ep ${isRed(p) ? 'red' : 'black'}" aria-hidden="true">${face(app, p)}</span>`;
}

/** The order the points are drawn in: Black's side at the top unless flipped. */
function order(ed: PositionEditor): number[] {
  const out: number[] = [];
  for (let row = 0; row < 10; row++) {
    for (let col = 0; col < 9; col++) {
      const rank = ed.flipped ? row : 9 - row;
      const file = ed.flipped ? 8 - col : col;
      out.push(rank * 9 + file);
    }
  }
  return out;
}

function onGridKey(app: PageView, ed: PositionEditor, event: KeyboardEvent): void {
  const cells = order(ed);
  const at = cells.indexOf(ed.focus);
  const step: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -9, ArrowDown: 9 };
  const d = step[event.key];
  if (d === undefined) return;
  event.preventDefault();
  const next = at + d;
  if (next < 0 || next >= 90 || (Math.abs(d) === 1 && Math.floor(next / 9) !== Math.floor(at / 9))) return;
  ed.focus = cells[next]!;
  app.editor.changed();
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>(`.editor-board [data-square="${squareName(ed.focus)}"]`)?.focus(),
  );
}

function dragData(event: DragEvent, value: string): void {
  event.dataTransfer?.setData('text/plain', value);
  if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
}

function drop(app: PageView, ed: PositionEditor, event: DragEvent, to: number | null): void {
  event.preventDefault();
  const data = event.dataTransfer?.getData('text/plain') ?? '';
  const from = /^from:(\d+)$/.exec(data);
  const piece = /^piece:([KABNRCPkabnrcp])$/.exec(data);
  if (from) ed.move(Number(from[1]), to);
  else if (piece && to !== null) ed.place(piece[1] as PieceLetter, to);
  app.editor.changed();
}

function trayButton(app: PageView, ed: PositionEditor, tool: Tool): TemplateResult {
  const label = tool === 'erase' ? app.t('eraser') : pieceName(app, tool);
  return html`<button class="tray-piece" data-tool=${tool} aria-pressed=${ed.tool === tool ? 'true' : 'false'} aria-label=${label} title=${label}
    draggable=${tool === 'erase' ? 'false' : 'true'}
    @dragstart=${(e: DragEvent) => dragData(e, `piece:${tool}`)}
    @click=${() => {
      ed.pick(tool);
      app.editor.changed();
    }}
  >${tool === 'erase' ? html`<span class="ep erase" aria-hidden="true">×</span>` : disc(app, tool)}</button>`;
}

export function editorView(app: PageView, ed: PositionEditor): TemplateResult {
  const t = app.t.bind(app);
  const issues = ed.problems();
  const fen = ed.fen;
  const trayRow = (pieces: readonly PieceLetter[]) => pieces.map((p) => trayButton(app, ed, p));
  return html`<section class="editor" aria-labelledby="editor-h">
    <h2 id="editor-h">${t('editPosition')}</h2>
    <div class="tray" role="toolbar" aria-label=${t('tray')}
      @dragover=${(e: DragEvent) => e.preventDefault()} @drop=${(e: DragEvent) => drop(app, ed, e, null)}>
      <div class="tray-row">${trayRow(TRAY.slice(7))}</div>
      <div class="tray-row">${trayRow(TRAY.slice(0, 7))} ${trayButton(app, ed, 'erase')}</div>
    </div>
    <div class="editor-board" role="grid" aria-label=${t('editorBoard')} @keydown=${(e: KeyboardEvent) => onGridKey(app, ed, e)}>
      ${Array.from(
        { length: 10 },
        (_, row) => html`<div role="row" class="editor-row ${row === 4 ? 'river' : ''}">
        ${order(ed)
          .slice(row * 9, row * 9 + 9)
          .map((i) => {
            const p = ed.points[i] ?? null;
            const name = squareName(i);
            return html`<button role="gridcell" class="point" data-square=${name} tabindex=${i === ed.focus ? 0 : -1}
            aria-label=${p ? `${name}, ${pieceName(app, p)}` : name}
            draggable=${p ? 'true' : 'false'}
            @dragstart=${(e: DragEvent) => dragData(e, `from:${i}`)}
            @dragover=${(e: DragEvent) => e.preventDefault()}
            @drop=${(e: DragEvent) => drop(app, ed, e, i)}
            @click=${() => {
              ed.apply(i);
              app.editor.changed();
            }}
          >${p ? disc(app, p) : nothing}</button>`;
          })}
      </div>`,
      )}
    </div>
    <div class="editor-tools">
      <button class="small" data-action="clear-board" @click=${() => {
        ed.clear();
        app.editor.changed();
      }}>${t('clearBoard')}</button>
      <button class="small" data-action="start-position" @click=${() => {
        ed.startPosition();
        app.editor.changed();
      }}>${t('startPosition')}</button>
      <button class="small" data-action="editor-flip" @click=${() => {
        ed.flipped = !ed.flipped;
        app.editor.changed();
      }}>${t('flip')}</button>
      <fieldset class="segmented" data-group="turn">
        <legend class="sr-only">${t('sideToMove')}</legend>
        ${(['red', 'black'] as const).map(
          (side) => html`<label class=${ed.turn === side ? 'on' : ''}>
          <input type="radio" name="editor-turn" .checked=${ed.turn === side} @change=${() => {
            ed.turn = side;
            app.editor.changed();
          }} />
          <span>${t(side === 'red' ? 'redToMove' : 'blackToMove')}</span>
        </label>`,
        )}
      </fieldset>
    </div>
    <p class="editor-check ${issues.length ? 'bad' : 'good'}" role="status" data-testid="editor-check">
      ${issues.length ? issues.map((p) => html`<span>${t(p.key, p.params)}</span> `) : t('pos.ok')}
    </p>
    <div class="editor-fen">
      <label class="sr-only" for="editor-fen">FEN</label>
      <input id="editor-fen" readonly .value=${fen} data-testid="editor-fen" @focus=${(e: Event) => (e.target as HTMLInputElement).select()} />
      <button class="small" data-action="copy-fen" @click=${() => void app.files.copy(fen, 'editor-fen')}>${t('copy')}</button>
    </div>
    <div class="editor-actions">
      <button class="primary" data-action="editor-play" ?disabled=${issues.length > 0} @click=${() => app.editor.play(false)}>${t('playFromHere')}</button>
      <button class="small" data-action="editor-analyse" ?disabled=${issues.length > 0} @click=${() => app.editor.play(true)}>${t('analyseHere')}</button>
      <button class="small" data-action="editor-cancel" @click=${() => app.editor.close()}>${t('cancel')}</button>
    </div>
  </section>`;
}
