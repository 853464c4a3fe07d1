// The practice tab (练习): the player's puzzle rating, the puzzle on the board (whose move, what to
// find, how hard), where it stands, and Hint, Retry, Next and Leave (practice-control.ts does them).
import { html, nothing, type TemplateResult } from 'lit';
import { mateLength, type PuzzleTheme } from '../notation/puzzles.ts';
import type { MessageKey } from './i18n.ts';
import type { PageView } from './view-model.ts';

const THEME_KEYS: Record<PuzzleTheme, MessageKey> = {
  mate1: 'practiceMate',
  mate2: 'practiceMate',
  mate3: 'practiceMate',
  mate4: 'practiceMate',
  mate5: 'practiceMate',
  material: 'practiceMaterial',
  defence: 'practiceDefence',
};

function ratingLine(app: PageView): TemplateResult {
  const t = app.t.bind(app);
  const { record, lastChange } = app.practice;
  const change =
    lastChange === null
      ? nothing
      : html` <span class="practice-change ${lastChange >= 0 ? 'up' : 'down'}" data-testid="practice-change"
          >${lastChange >= 0 ? '+' : '−'}${Math.abs(Math.round(lastChange))}</span
        >`;
  return html`<p class="practice-rating">
      ${t('practiceRating')}: <strong data-testid="practice-rating">${Math.round(record.rating)}</strong>
      <span class="field-note">±${Math.round(record.rd)}</span>${change}
    </p>
    <p class="field-note" data-testid="practice-count">
      ${t('practiceCount', { tried: record.tried, solved: record.solvedFirstTry })}
    </p>`;
}

function stageLine(app: PageView): TemplateResult | typeof nothing {
  const t = app.t.bind(app);
  const p = app.practice;
  const text =
    p.stage === 'solving'
      ? t(app.isComputer(app.status.turn) ? 'practiceAnswering' : 'practiceYourMove')
      : p.stage === 'solved'
        ? t('practiceSolved')
        : p.stage === 'wrong'
          ? t('practiceWrong')
          : '';
  if (!text) return nothing;
  return html`<p class="practice-stage ${p.stage}" role="status" data-testid="practice-stage">${text}</p>`;
}

export function practiceCard(app: PageView): TemplateResult {
  const t = app.t.bind(app);
  const p = app.practice;
  const puzzle = p.puzzle;
  const task = puzzle
    ? html`<p class="practice-task" data-testid="practice-task">
        ${t(p.side === 'black' ? 'practiceBlackToPlay' : 'practiceRedToPlay')}:
        ${t(THEME_KEYS[puzzle.theme], { n: mateLength(puzzle.theme) })}
        <span class="field-note">· ${t('practicePuzzleRating', { rating: puzzle.rating })}</span>
      </p>`
    : html`<p class="field-note">${t('practiceAbout')}</p>`;
  const actions = puzzle
    ? html`<button class="small" data-action="practice-hint" ?disabled=${p.stage !== 'solving'} @click=${() => p.showHint()}>
          ${t('hint')}
        </button>
        <button class="small" data-action="practice-retry" @click=${() => p.retry()}>${t('practiceRetry')}</button>
        <button class="primary" data-action="practice-next" @click=${() => p.next()}>${t('practiceNext')}</button>
        <button class="small" data-action="practice-leave" @click=${() => p.leave()}>${t('practiceLeave')}</button>`
    : html`<button class="primary" data-action="practice-start" ?disabled=${p.stage === 'loading'} @click=${() => void p.start()}>
        ${p.stage === 'loading' ? t('practiceLoading') : t('practiceStart')}
      </button>`;
  return html`<section class="card practice" aria-labelledby="practice-h">
    <h2 id="practice-h">${t('practice')}</h2>
    ${ratingLine(app)} ${task} ${stageLine(app)}
    ${p.loadError ? html`<p class="error" role="alert">${p.loadError}</p>` : nothing}
    <div class="settings-row practice-actions">${actions}</div>
  </section>`;
}
