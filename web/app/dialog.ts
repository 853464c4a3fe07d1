// The import / export dialog (a native <dialog>: focus kept inside, Escape closes it).
import { html, nothing, type TemplateResult } from 'lit';
import type { AppView } from './view-model.ts';
import { readFileText } from './import-export.ts';

export function ioDialog(app: AppView): TemplateResult {
  const t = app.t.bind(app);
  const which = app.files.dialog;
  return html`<dialog class="io" aria-labelledby="io-h" @close=${() => app.files.dialog && app.files.closeDialog()}>
    ${which === 'import' ? importBody(app) : which === 'export' ? exportBody(app) : nothing}
    <button class="dialog-close" aria-label=${t('close')} @click=${() => app.files.closeDialog()}>✕</button>
  </dialog>`;
}

function importBody(app: AppView): TemplateResult {
  const t = app.t.bind(app);
  const area = (e: Event) => (e.target as HTMLElement).closest('dialog')!.querySelector('textarea')!;
  return html`<h2 id="io-h">${t('importTitle')}</h2>
    <p class="help">${t('importHelp')}</p>
    <textarea data-testid="import-text" rows="9" spellcheck="false" placeholder=${t('importPlaceholder')}
      aria-label=${t('importTitle')}></textarea>
    ${app.files.importError ? html`<p class="error" role="alert" data-testid="import-error">${app.files.importError}</p>` : nothing}
    <div class="dialog-actions">
      <label class="button small file">
        ${t('openFile')}
        <input type="file" accept=".pgn,.txt,.fen,text/plain" class="sr-only" @change=${async (e: Event) => {
          const input = e.target as HTMLInputElement;
          const file = input.files?.[0];
          if (!file) return;
          const text = await readFileText(file);
          area(e).value = text;
          input.value = '';
          app.files.importText(text);
        }} />
      </label>
      <span class="spacer"></span>
      <button class="small" @click=${() => app.files.closeDialog()}>${t('cancel')}</button>
      <button class="primary" data-action="do-import" @click=${(e: Event) => app.files.importText(area(e).value)}>${t('import')}</button>
    </div>`;
}

function exportBody(app: AppView): TemplateResult {
  const t = app.t.bind(app);
  let pgn: string;
  try {
    pgn = app.files.exportPgn();
  } catch (error) {
    pgn = error instanceof Error ? error.message : String(error);
  }
  const fen = app.files.exportFen();
  return html`<h2 id="io-h">${t('exportTitle')}</h2>
    <label class="field">
      <span class="field-label">${t('positionFen')}</span>
      <span class="copy-row">
        <input readonly data-testid="export-fen" .value=${fen} @focus=${(e: Event) => (e.target as HTMLInputElement).select()} />
        <button class="small" @click=${() => void app.files.copy(fen, 'fen')}>${app.files.copied === 'fen' ? t('copied') : t('copy')}</button>
      </span>
    </label>
    <label class="field">
      <span class="field-label">${t('gamePgn')}</span>
      <textarea readonly rows="9" data-copy="pgn" data-testid="export-pgn" .value=${pgn}></textarea>
    </label>
    <div class="dialog-actions">
      <span class="spacer"></span>
      <button class="small" @click=${() => void app.files.copy(pgn, 'pgn')}>${app.files.copied === 'pgn' ? t('copied') : t('copy')}</button>
      <button class="primary" @click=${() => app.files.downloadPgn()}>${t('download')}</button>
    </div>`;
}
