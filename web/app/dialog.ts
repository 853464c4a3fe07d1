// The import / export dialog (a native <dialog>: focus kept inside, Escape closes it).
import { html, nothing, type TemplateResult } from 'lit';
import type { GameAnalysis } from '../analysis/analyse-game.ts';
import type { Color } from '../engine/types.ts';
import { picturesSection } from './pictures-panel.ts';
import type { PageView } from './view-model.ts';

export function ioDialog(app: PageView): TemplateResult {
  const t = app.t.bind(app);
  const which = app.files.dialog;
  return html`<dialog class="io" aria-labelledby="io-h" @close=${() => app.files.dialog && app.files.closeDialog()}>
    ${which === 'import' ? importBody(app) : which === 'export' ? exportBody(app) : nothing}
    <button class="dialog-close" aria-label=${t('close')} @click=${() => app.files.closeDialog()}>✕</button>
  </dialog>`;
}

function importBody(app: PageView): TemplateResult {
  const t = app.t.bind(app);
  const area = (e: Event) => (e.target as HTMLElement).closest('dialog')!.querySelector('textarea')!;
  return html`<h2 id="io-h">${t('importTitle')}</h2>
    <p class="help">${t('importHelp')}</p>
    <textarea data-testid="import-text" rows="9" spellcheck="false" placeholder=${t('importPlaceholder')}
      aria-label=${t('importTitle')}></textarea>
    ${app.files.importError ? html`<p class="error" role="alert" data-testid="import-error">${app.files.importError}</p>` : nothing}
    ${importWarnings(app)}
    ${gameList(app)}
    <div class="dialog-actions">
      <label class="button small file">
        ${t('openFile')}
        <input type="file" multiple accept=".pgn,.txt,.fen,.xqf,.ubb,.cbf,text/plain" class="sr-only" @change=${(
          e: Event,
        ) => {
          const input = e.target as HTMLInputElement;
          const files = [...(input.files ?? [])];
          input.value = '';
          if (files.length > 0) void app.files.openFiles(files);
        }} />
      </label>
      <span class="spacer"></span>
      <button class="small" @click=${() => app.files.closeDialog()}>${t('cancel')}</button>
      <button class="primary" data-action="do-import" @click=${(e: Event) => app.files.importText(area(e).value)}>${t('import')}</button>
    </div>`;
}

/** What the reader left out of the game just opened (a side line cut at a bad move, a game skipped). */
function importWarnings(app: PageView): TemplateResult | typeof nothing {
  const warnings = app.files.importWarnings;
  if (warnings.length === 0) return nothing;
  return html`<div class="import-warnings" role="status" data-testid="import-warnings">
    <p>${app.t('importWarnings', { n: warnings.length })}</p>
    <ul>${warnings.map((w) => html`<li>${w}</li>`)}</ul>
  </div>`;
}

/** The games opened together (several files, or a file of several); the loaded one is marked. */
function gameList(app: PageView): TemplateResult | typeof nothing {
  const files = app.files;
  const list = files.list;
  if (list.length === 0) return nothing;
  const t = app.t.bind(app);
  const progress = files.batch.progress;
  return html`<h3 class="field-label">${t('gameList', { n: list.length })}</h3>
    <ol class="game-list" data-testid="game-list">
      ${list.map(
        (g, i) => html`<li data-testid="listed-game">
        <button class="link" ?disabled=${!g.read.ok} aria-current=${i === files.listIndex ? 'true' : 'false'}
          title=${g.read.ok ? g.name : `${g.name}: ${g.read.reason}`} @click=${() => files.openListed(i)}>
          ${g.label}${g.read.ok ? nothing : html` (${t('listError')})`}
        </button>
        ${g.analysis ? html`<span class="game-figures">${figures(app, g.analysis, 'red')} · ${figures(app, g.analysis, 'black')}</span>` : nothing}
        ${g.analysisError ? html`<span class="game-figures error">${t('listAnalysisFailed', { reason: g.analysisError })}</span>` : nothing}
      </li>`,
      )}
    </ol>
    ${
      progress?.running
        ? html`<p class="batch-progress" data-testid="batch-progress">
          <progress max=${progress.positions} .value=${progress.positionsDone}></progress>
          ${t('batchProgress', { done: progress.gamesDone, games: progress.games, n: progress.positionsDone, total: progress.positions })}
          <button class="small" data-action="cancel-batch" @click=${() => files.batch.cancel()}>${t('cancel')}</button>
        </p>`
        : files.canAnalyseAll
          ? html`<p><button class="small" data-action="analyse-all" @click=${() => files.analyseAll()}>${t('analyseAll')}</button></p>`
          : nothing
    }`;
}

/** One side's accuracy and its blunders and mistakes in a game of the list. */
function figures(app: PageView, analysis: GameAnalysis, side: Color): TemplateResult {
  const s = analysis[side];
  const accuracy = s.accuracy === null ? '–' : s.accuracy.toFixed(1);
  return html`<span data-testid="figures-${side}" data-blunders=${s.blunders} data-mistakes=${s.mistakes}>${app.t(
    'listFigures',
    { side: app.t(side), accuracy, blunders: s.blunders, mistakes: s.mistakes },
  )}</span>`;
}

function exportBody(app: PageView): TemplateResult {
  const t = app.t.bind(app);
  let pgn: string;
  try {
    pgn = app.files.exportPgn();
  } catch (error) {
    pgn = error instanceof Error ? error.message : String(error);
  }
  const fen = app.files.exportFen();
  let ubb: string;
  try {
    ubb = app.files.exportUbb();
  } catch (error) {
    ubb = error instanceof Error ? error.message : String(error);
  }
  const link = app.links.link();
  return html`<h2 id="io-h">${t('exportTitle')}</h2>
    <label class="field">
      <span class="field-label">${t('gameLink')}</span>
      <span class="copy-row">
        <input readonly data-testid="export-link" .value=${link?.url ?? t('linkMaking')} @focus=${(e: Event) => (e.target as HTMLInputElement).select()} />
        <button class="small" data-action="copy-link-dialog" ?disabled=${!link} @click=${() => link && void app.files.copy(link.url, 'link')}>${app.files.copied === 'link' ? t('copied') : t('copy')}</button>
      </span>
      ${link && !link.whole ? html`<span class="note">${t('linkLineOnly')}</span>` : nothing}
    </label>
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
    <label class="field">
      <span class="field-label">${t('gameUbb')}</span>
      <span class="copy-row">
        <textarea readonly rows="3" data-copy="ubb" data-testid="export-ubb" .value=${ubb}></textarea>
        <button class="small" data-action="copy-ubb" @click=${() => void app.files.copy(ubb, 'ubb')}>${app.files.copied === 'ubb' ? t('copied') : t('copy')}</button>
      </span>
    </label>
    ${picturesSection(app)}
    <div class="dialog-actions">
      <span class="spacer"></span>
      <button class="small" @click=${() => void app.files.copy(pgn, 'pgn')}>${app.files.copied === 'pgn' ? t('copied') : t('copy')}</button>
      <button class="primary" @click=${() => app.files.downloadPgn()}>${t('download')}</button>
    </div>`;
}
