// The practice tab's endgame drills (残局练习): the goal (win, or hold the draw), the ending, a new
// position, and where the drill stands by the tables' judgement (drill-control.ts does it).
import { html, nothing, type TemplateResult } from 'lit';
import { DRILL_ENDINGS, type DrillGoal } from '../egtb/drills.ts';
import { HOLD_MOVES } from './drill-control.ts';
import type { PageView } from './view-model.ts';

function stageLine(app: PageView): TemplateResult | typeof nothing {
  const t = app.t.bind(app);
  const d = app.drills;
  const start = d.start;
  const lines: Record<typeof d.stage, string> = {
    idle: '',
    making: d.progress ? t('drillMaking', { done: d.progress.done, total: d.progress.total }) : t('drillFinding'),
    none: t('drillNone'),
    error: d.error ?? '',
    playing:
      d.drillGoal === 'hold'
        ? d.played === 0
          ? t('drillToHold', { n: HOLD_MOVES })
          : t('drillHolding', { played: d.played, n: HOLD_MOVES })
        : d.mateIn === null
          ? t('drillToWin', { n: start?.mateIn ?? '?' })
          : t('drillWinning', { n: d.mateIn, played: d.played }),
    won: t('drillWon', { played: d.played, n: start?.mateIn ?? '?' }),
    held: t('drillHeld', { n: HOLD_MOVES }),
    slipped: d.drillGoal === 'win' ? t('drillSlippedWin') : t('drillSlippedHold', { n: d.mateIn ?? '?' }),
  };
  const text = lines[d.stage];
  if (!text) return nothing;
  return html`<p class="practice-stage drill-${d.stage}" role="status" data-testid="drill-stage">${text}</p>`;
}

export function drillCard(app: PageView): TemplateResult {
  const t = app.t.bind(app);
  const d = app.drills;
  const goals: [DrillGoal, string][] = [
    ['win', t('drillWin')],
    ['hold', t('drillHold')],
  ];
  const busy = d.stage === 'making';
  const actions = d.active
    ? html`<button class="small" data-action="drill-retry" @click=${() => d.retry()}>${t('practiceRetry')}</button>
        <button class="small" data-action="drill-leave" @click=${() => d.leave()}>${t('practiceLeave')}</button>`
    : nothing;
  return html`<section class="card drills" aria-labelledby="drills-h">
    <h2 id="drills-h">${t('drills')}</h2>
    <p class="field-note">${t('drillAbout')}</p>
    <label class="field">
      <span class="field-label">${t('drillGoal')}</span>
      <select data-testid="drill-goal" ?disabled=${busy} @change=${(e: Event) => d.setGoal((e.target as HTMLSelectElement).value as DrillGoal)}>
        ${goals.map(([goal, name]) => html`<option .value=${goal} ?selected=${goal === d.goal}>${name}</option>`)}
      </select>
    </label>
    <label class="field">
      <span class="field-label">${t('drillEnding')}</span>
      <select data-testid="drill-ending" ?disabled=${busy} @change=${(e: Event) => d.setMaterial((e.target as HTMLSelectElement).value)}>
        ${DRILL_ENDINGS[d.goal].map((m) => html`<option .value=${m} ?selected=${m === d.material}>${m}</option>`)}
      </select>
    </label>
    ${stageLine(app)}
    <div class="settings-row practice-actions">
      <button class="primary" data-action="drill-start" ?disabled=${busy} @click=${() => void d.begin()}>${t('drillStart')}</button>
      ${actions}
    </div>
  </section>`;
}
