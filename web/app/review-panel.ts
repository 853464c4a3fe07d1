// The review tab (复盘): start or cancel a review of the line shown, its progress, the graph of the
// evaluation over the moves (clicking it shows that move), and the list of inaccuracies, mistakes and
// blunders with the better move, each a button that shows the position.
import { html, nothing, svg, type TemplateResult } from 'lit';
import type { Judgement, ReviewState } from './review.ts';
import { moveTextAt } from './notation-text.ts';
import { hanText } from './han-text.ts';
import type { PageView } from './view-model.ts';

export const MARKS: Record<Judgement, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

const W = 300;
const H = 90;
/** Scores beyond this (centipawns) are drawn at the edge. */
const RANGE = 800;

function graph(app: PageView, r: ReviewState): TemplateResult {
  const n = Math.max(1, r.total - 1);
  const x = (i: number) => (i / n) * W;
  const y = (cp: number) => H / 2 - (Math.max(-RANGE, Math.min(RANGE, cp)) / RANGE) * (H / 2 - 3);
  const points = r.evals.map((cp, i) => `${x(i).toFixed(1)},${y(cp).toFixed(1)}`).join(' ');
  const area = r.evals.length ? `0,${H / 2} ${points} ${x(r.evals.length - 1).toFixed(1)},${H / 2}` : '';
  const cursor = app.game.cursor;
  const onClick = (e: MouseEvent) => {
    const box = (e.currentTarget as SVGSVGElement).getBoundingClientRect();
    const ply = Math.round(((e.clientX - box.left) / box.width) * n);
    app.moves.goTo(Math.max(0, Math.min(r.evals.length - 1, ply)));
  };
  return html`<svg class="eval-graph" data-testid="eval-graph" viewBox="0 0 ${W} ${H}" preserveAspectRatio="none"
    role="img" aria-label=${app.t('evalGraph')} @click=${onClick}>
    <rect class="graph-black" x="0" y="0" width=${W} height=${H / 2}></rect>
    <rect class="graph-red" x="0" y=${H / 2} width=${W} height=${H / 2}></rect>
    ${area ? svg`<polygon class="graph-area" points=${area}></polygon><polyline class="graph-line" points=${points}></polyline>` : nothing}
    ${r.moves.filter((m) => m.judgement).map((m) => svg`<circle class="graph-mark ${m.judgement}" cx=${x(m.ply + 1)} cy=${y(r.evals[m.ply + 1] ?? 0)} r="3.2"></circle>`)}
    ${cursor < r.total ? svg`<line class="graph-cursor" x1=${x(cursor)} x2=${x(cursor)} y1="0" y2=${H}></line>` : nothing}
  </svg>`;
}

export function reviewCard(app: PageView): TemplateResult {
  const t = app.t.bind(app);
  const r = app.review.current;
  let body: TemplateResult;
  if (!r) {
    body = html`<p class="muted-note">${t('reviewIntro')}</p>`;
  } else {
    const marked = r.moves.filter((m) => m.judgement);
    body = html`
      ${
        r.running
          ? html`<p class="review-progress"><progress max=${r.total} .value=${r.done} aria-label=${t('reviewProgress', { n: r.done, total: r.total })}></progress>
        ${t('reviewProgress', { n: r.done, total: r.total })}</p>`
          : nothing
      }
      ${r.error ? html`<p class="error">${r.error}</p>` : nothing}
      ${graph(app, r)}
      ${!r.running && marked.length === 0 ? html`<p class="muted-note">${t('reviewClean')}</p>` : nothing}
      <ol class="review-marks" data-testid="review-marks">
        ${marked.map(
          (m) => html`<li class=${m.judgement!}>
          <button class="link" data-ply=${m.ply + 1} @click=${() => app.moves.goTo(m.ply + 1)}>
            ${hanText(moveTextAt(app.game, m.ply, app.settings.notation))}${MARKS[m.judgement!]}
          </button>
          <span>${t(`judgement.${m.judgement!}`)} (−${(m.loss / 100).toFixed(1)})${m.best ? html` · ${t('betterMove', { move: moveTextAt(app.game, m.ply, app.settings.notation, m.best) })}` : nothing}</span>
        </li>`,
        )}
      </ol>`;
  }
  return html`<section class="card review-card" aria-labelledby="review-h">
    <div class="card-head">
      <h2 id="review-h">${t('reviewTitle')}</h2>
      ${
        r?.running
          ? html`<button class="small" data-action="cancel-review" @click=${() => app.review.cancel()}>${t('cancel')}</button>`
          : html`<button class="small" data-action="review" ?disabled=${app.game.moves.length === 0} @click=${() => app.review.start()}>${t('reviewGame')}</button>`
      }
    </div>
    ${body}
  </section>`;
}
