// The analysis card: depth, score and speed, and the engine's best lines (MultiPV, 1-5 as the player
// chooses), each with its score and depth and its moves in the chosen notation. A move of a line is a
// button: it plays the line up to that move into the tree (a variation where the game went otherwise).
// Pointing at or focusing a line draws it on the board; otherwise only the best move is drawn.
import { html, nothing, type TemplateResult } from 'lit';
import { formatScore, type AnalysisLine } from './analysis.ts';
import { lineWords, moveText } from './notation-text.ts';
import { hanText } from './han-text.ts';
import type { PageView } from './view-model.ts';

export const LINE_CHOICES = [1, 2, 3, 4, 5];

function speed(nps: number): string {
  return nps >= 1e6 ? `${(nps / 1e6).toFixed(2)} M` : `${Math.round(nps / 1000)} k`;
}

function lineItem(app: PageView, line: AnalysisLine, first: boolean): TemplateResult {
  const words = lineWords(app.game, line.pv, app.settings.notation);
  const preview = (on: boolean) => app.analysis.previewLine(on ? line.multipv : null);
  return html`<li class="pv-line" data-testid="pv-line"
    @pointerenter=${() => preview(true)} @pointerleave=${() => preview(false)}
    @focusin=${() => preview(true)} @focusout=${() => preview(false)}>
    <span class="pv-score">${formatScore(line.score)}</span>
    <span class="pv-depth" title=${app.t('depth')}>${app.t('depthShort', { n: line.depth })}</span>
    <span class="pv-moves" data-testid=${first ? 'pv' : nothing}>${words.map(
      (w, i) => html`${w.label ? html`<span class="num">${w.label}</span> ` : nothing}<button
        class="pv-move"
        aria-label=${app.t('playLineTo', { move: w.text })}
        @click=${() => app.analysis.playLine(line.pv.slice(0, i + 1))}
      >${hanText(w.text)}</button> `,
    )}</span>
  </li>`;
}

/** The opening book here: whether the move shown came from it, and its moves for the position (buttons that play them). */
function bookLine(app: PageView): TemplateResult | typeof nothing {
  const moves = app.analysis.bookMovesHere();
  const g = app.game;
  const last = g.cursor > 0 && app.moves.bookNodes().has(g.current.id);
  if (!moves.length && !last) return nothing;
  const t = app.t.bind(app);
  return html`<p class="book-line" data-testid="book-line">
    ${last ? html`<span class="book-last" data-testid="book-last">${t('bookMoveLast')}</span>` : nothing}
    ${
      moves.length
        ? html`<span class="field-label">${t('bookMoves')}</span> ${moves.map((m) => {
            const text = moveText(g, m, app.settings.notation);
            return html`<button class="pv-move" aria-label=${t('playLineTo', { move: text })} @click=${() => app.analysis.playLine([m])}>${hanText(text)}</button> `;
          })}`
        : nothing
    }
  </p>`;
}

/** Moves to mate for a number of plies (the winner's moves: odd plies round up). */
const movesToMate = (plies: number) => Math.ceil(plies / 2);

/**
 * The endgame tables' word (analysis on, a position they cover): while its tables are made, a
 * progress bar; then who wins and the mate's length, and every legal move with its own (buttons that
 * play it), best first.
 */
function tablebaseLine(app: PageView): TemplateResult | typeof nothing {
  const tb = app.analysis.tablebase;
  if (!tb) return nothing;
  const t = app.t.bind(app);
  const head = html`<span class="field-label">${t('tablebase')}</span>`;
  if (tb.status === 'error') return html`<p class="tablebase error" data-testid="tablebase">${head} ${tb.error}</p>`;
  if (tb.status === 'making' || !tb.report)
    return html`<p class="tablebase" data-testid="tablebase">${head} ${t('tablebaseMaking', { material: tb.material ?? '' })}
      <progress max=${Math.max(tb.total, 1)} .value=${tb.done}></progress></p>`;
  const { probe, moves } = tb.report;
  const g = app.game;
  const turn = g.turn();
  const winner = probe.result === 'win' ? turn : turn === 'red' ? 'black' : 'red';
  const verdict =
    probe.result === 'draw'
      ? t('tablebaseDraw')
      : t('tablebaseWin', { side: t(winner), n: movesToMate(probe.plies!) }) +
        (probe.plies! > 120 ? ` (${t('tablebaseLong')})` : '');
  const word = (m: (typeof moves)[number]) =>
    m.result === 'draw'
      ? t('tablebaseMoveDraw')
      : t(m.result === 'win' ? 'tablebaseMoveWin' : 'tablebaseMoveLoss', { n: movesToMate(m.plies!) });
  return html`<div class="tablebase" data-testid="tablebase">
    <p>${head} ${probe.material}: <strong data-testid="tablebase-verdict">${verdict}</strong></p>
    <ol class="tb-moves">${moves.map((m) => {
      const text = moveText(g, m.move, app.settings.notation);
      return html`<li class="tb-${m.result}"><button class="pv-move" aria-label=${t('playLineTo', { move: text })}
        @click=${() => app.analysis.playLine([m.move])}>${hanText(text)}</button> <span>${word(m)}</span></li>`;
    })}</ol>
  </div>`;
}

export function analysisCard(app: PageView): TemplateResult {
  const t = app.t.bind(app);
  const on = app.settings.analysis;
  const a = app.analysis.current;
  const over = app.status.over;
  const open = app.analysis.open;
  let body: TemplateResult;
  if (!on) body = html`<p class="muted-note">${t('analysisOff')}</p>`;
  else if (over) body = html`<p class="muted-note">${t('gameOverNoAnalysis')}</p>`;
  else {
    const lines = a.lines.length ? a.lines : [];
    body = html`<dl class="stats" data-testid="analysis">
        <div><dt>${t('depth')}</dt><dd data-testid="depth">${a.depth ? `${a.depth}/${a.seldepth}` : '–'}</dd></div>
        <div>
          <dt>${t('score')}</dt>
          <dd class="score">
            <span data-testid="score">${formatScore(a.score)}</span>${
              a.tbhits ? html` <span class="score-tables" data-testid="score-tables">${t('tablebase')}</span>` : nothing
            }
          </dd>
        </div>
        <div><dt>${t('speed')}</dt><dd>${a.nps ? speed(a.nps) : '–'}</dd></div>
      </dl>
      <p class="pv-label">${t('bestLine')}${a.running ? html` <span class="dots" aria-hidden="true"></span>` : nothing}</p>
      ${
        lines.length
          ? html`<ol class="pv-lines" aria-label=${t('bestLine')}>${lines.map((l, i) => lineItem(app, l, i === 0))}</ol>`
          : html`<p class="pv" data-testid="pv">${a.running ? t('analysing') : '–'}</p>`
      }
      ${a.error ? html`<p class="error">${a.error}</p>` : nothing}
      ${tablebaseLine(app)}
      ${bookLine(app)}`;
  }
  return html`<section class="card analysis ${open ? '' : 'collapsed'}" aria-labelledby="analysis-h">
    <div class="card-head">
      <h2 id="analysis-h">${t('analysis')}</h2>
      <span class="switches">
        ${
          on
            ? html`<label class="check"><input type="checkbox" .checked=${app.settings.arrows}
          @change=${(e: Event) => app.set('arrows', (e.target as HTMLInputElement).checked)} />${t('showArrows')}</label>
          <label class="lines-field"><span class="sr-only">${t('lines')}</span>
            <select data-testid="lines" title=${t('lines')} @change=${(e: Event) => app.set('lines', Number((e.target as HTMLSelectElement).value))}>
              ${LINE_CHOICES.map((n) => html`<option .value=${String(n)} ?selected=${n === app.settings.lines}>${t('linesN', { n })}</option>`)}
            </select></label>`
            : nothing
        }
        <label class="switch">
          <input type="checkbox" role="switch" data-testid="analysis-toggle" .checked=${on}
            @change=${(e: Event) => app.set('analysis', (e.target as HTMLInputElement).checked)} />
          <span class="sr-only">${t('analysis')}</span><span class="track" aria-hidden="true"></span>
        </label>
        ${
          on
            ? html`<button class="collapse-toggle small" aria-expanded=${open ? 'true' : 'false'} aria-controls="analysis-body"
          @click=${() => app.analysis.toggleDetails()}>${t(open ? 'less' : 'more')}</button>`
            : nothing
        }
      </span>
    </div>
    <div id="analysis-body">${body}</div>
  </section>`;
}
