// The page as Lit templates (light DOM, styled by styles.css): header, the board with its status line,
// controls and end banner, and the side panels. User text only ever goes into bindings, never into
// markup.
import { html, nothing, type TemplateResult } from 'lit';
// Through the CSSOM, not a style="" attribute: the site must work under a CSP without 'unsafe-inline'.
import { cssomStyle } from '../board/cssom-style.ts';
import type { XiangqiBoardEventMap } from '../board/types.ts';
import type { PageView } from './view-model.ts';
import { formatScore, redShare } from './analysis.ts';
import { formatClock } from './clock.ts';
import type { Color } from '../engine/types.ts';
import { ioDialog } from './dialog.ts';
import { reasonText, resultText } from './i18n.ts';
import { icon, sealMark, zhWord, type IconName } from './icons.ts';
import { analysisCard } from './analysis-panel.ts';
import { moveStrip } from './move-list.ts';
import { sideTabs } from './side-tabs.ts';
import { editorView } from './editor-view.ts';

export function appView(app: PageView): TemplateResult {
  const t = app.t.bind(app);
  return html`
    <header class="top">
      <div class="brand">
        <span class="seal" aria-hidden="true">${sealMark()}</span>
        <div class="brand-text">
          <h1>${t('title')}</h1>
          <p class="sub">${t('subtitle')}</p>
        </div>
      </div>
      <div class="top-tools">
        ${
          app.updates.waiting
            ? html`<button class="chip update" data-action="update" title=${t('updateHelp')} @click=${() => app.updates.reload()}>${t('updateReady')}</button>`
            : nothing
        }
        ${toggle(app.settings.sound ? 'sound' : 'mute', t('sound'), app.settings.sound, () => app.set('sound', !app.settings.sound))}
        ${toggle('music', t('music'), app.settings.music, () => app.set('music', !app.settings.music))}
        <button
          class="chip lang"
          lang=${app.lang === 'zh' ? 'en' : 'zh'}
          title=${t('language')}
          @click=${() => app.set('lang', app.lang === 'zh' ? 'en' : 'zh')}
        >${app.lang === 'zh' ? 'English' : html`${zhWord()}<span class="sr-only">中文</span>`}</button>
      </div>
    </header>
    <main class="layout">
      ${app.editor.editor ? editorView(app, app.editor.editor) : nothing}
      <section class="stage" ?hidden=${!!app.editor.editor}>
        ${statusLine(app)} ${clocks(app)}
        <div class="board-area">
          ${app.settings.analysis ? evalBar(app) : nothing}
          <div class="board-frame">
            <xiangqi-board
              .engine=${app.boardEngine}
              .orientation=${app.settings.orientation}
              .interactive=${app.moves.interactive}
              .pieceSet=${app.settings.pieceSet}
              .rule=${app.settings.rule}
              .premove=${app.moves.premove}
              .coordinates=${app.settings.coordinates ? (app.settings.notation === 'ICCS' ? 'iccs' : 'wxf') : 'none'}
              @move=${(e: XiangqiBoardEventMap['move']) => app.moves.onBoardMove(e)}
              @error=${(e: XiangqiBoardEventMap['error']) => app.moves.onBoardError(e)}
              @shapeschange=${(e: XiangqiBoardEventMap['shapeschange']) => app.moves.onShapesChange(e)}
            ></xiangqi-board>
            ${banner(app)}
          </div>
        </div>
        ${moveStrip(app)} ${controls(app)} ${reviewBar(app)}
      </section>
      <aside class="side">${sideTabs(app)} ${analysisCard(app)}</aside>
    </main>
    <footer class="foot">
      <p>${t('shortcuts')}</p>
      <p class="about">${t('about')} <a href="api/">${t('apiReference')}</a></p>
    </footer>
    ${ioDialog(app)}
    <div class="toast-region" role="status" aria-live="polite">${toast(app)}</div>
  `;
}

function toggle(name: IconName, label: string, on: boolean, run: () => void): TemplateResult {
  return html`<button class="chip" aria-pressed=${on ? 'true' : 'false'} @click=${run} title=${label}>
    ${icon(name)}<span class="chip-label">${label}</span>
  </button>`;
}

function statusLine(app: PageView): TemplateResult {
  const t = app.t.bind(app);
  const s = app.status;
  if (s.over) {
    return html`<div class="status over" data-testid="status">
      <span class="result">${resultText(app.lang, s.result)}</span>
      <span class="reason">${reasonText(app.lang, s.reason)}</span>
    </div>`;
  }
  const mine = !app.isComputer(s.turn) && app.mode !== 'two';
  let note: TemplateResult | typeof nothing = nothing;
  if (app.computer.thinking)
    note = html`<span class="thinking"><span class="dots" aria-hidden="true"></span>${t('thinking')}</span>`;
  else if (app.mode === 'demo' && app.computer.paused) note = html`<span class="note">${t('paused')}</span>`;
  else if (app.computer.hintPending) note = html`<span class="note">${t('hintThinking')}</span>`;
  else if (app.endings.drawPending) note = html`<span class="note">${t('drawConsidering')}</span>`;
  else if (mine && app.game.atEnd) note = html`<span class="note">· ${t('yourMove')}</span>`;
  return html`<div class="status" data-testid="status">
    <span class="turn ${s.turn}"><span class="dot" aria-hidden="true"></span>${t(s.turn === 'red' ? 'redToMove' : 'blackToMove')}</span>
    ${s.inCheck ? html`<span class="check-badge">${t('check')}</span>` : nothing} ${note}
  </div>`;
}

/** Both clocks, the one that runs marked; Black's first when Black is at the top. */
function clocks(app: PageView): TemplateResult | typeof nothing {
  const clock = app.clock;
  if (!clock) return nothing;
  const t = app.t.bind(app);
  const sides: Color[] = app.settings.orientation === 'red' ? ['black', 'red'] : ['red', 'black'];
  return html`<div class="clocks" data-testid="clocks">
    ${sides.map((side) => {
      const r = clock.reading(side);
      const name = t(side);
      const time = formatClock(r.ms);
      const label = t(r.byoyomi ? 'clockByoyomi' : 'clockOf', { side: name, time });
      return html`<span class="clock ${side} ${clock.runningSide === side ? 'running' : ''} ${r.ms < 10_000 ? 'low' : ''}"
        role="timer" aria-label=${label} data-side=${side}>
        <span class="clock-side">${name}</span>
        <span class="clock-time">${time}</span>${r.byoyomi ? html`<span class="clock-byo">${t('byoyomiShort')}</span>` : nothing}
      </span>`;
    })}
  </div>`;
}

function evalBar(app: PageView): TemplateResult {
  const a = app.analysis.current;
  const share = redShare(a.score);
  const black = app.settings.orientation === 'black';
  const label = app.t('evalBar', { score: formatScore(a.score) });
  return html`<div class="eval-bar ${black ? 'flipped' : ''}" role="img" aria-label=${label} title=${label}>
    <div class="eval-red" ${cssomStyle({ height: `${(share * 100).toFixed(1)}%` })}></div>
  </div>`;
}

function banner(app: PageView): TemplateResult | typeof nothing {
  const s = app.status;
  if (!s.over || app.notices.bannerDismissed) return nothing;
  const t = app.t.bind(app);
  const tone = s.result === '1-0' ? 'red' : s.result === '0-1' ? 'black' : 'draw';
  return html`<div class="banner ${tone}" role="alert" data-testid="banner">
    <button class="banner-close" aria-label=${t('close')} @click=${() => app.notices.dismissBanner()}>${icon('close')}</button>
    <p class="banner-result">${resultText(app.lang, s.result)}</p>
    <p class="banner-reason">${reasonText(app.lang, s.reason)}</p>
    <button class="primary" @click=${() => app.players.newGame()}>${t('newGame')}</button>
  </div>`;
}

function button(
  name: IconName,
  label: string,
  run: () => void,
  options: { disabled?: boolean; id: string; pressed?: boolean },
): TemplateResult {
  return html`<button
    class="tool"
    data-action=${options.id}
    ?disabled=${options.disabled ?? false}
    aria-pressed=${options.pressed === undefined ? nothing : options.pressed ? 'true' : 'false'}
    @click=${run}
  >${icon(name)}<span>${label}</span></button>`;
}

function controls(app: PageView): TemplateResult {
  const t = app.t.bind(app);
  const s = app.status;
  const demo = app.mode === 'demo';
  return html`<div class="controls" role="toolbar" aria-label=${t('players')}>
    ${button('new', t('newGame'), () => app.players.newGame(), { id: 'new' })}
    ${button('undo', t('undo'), () => app.moves.undo(), { id: 'undo', disabled: !app.moves.canUndo() })}
    ${button('redo', t('redo'), () => app.moves.redo(), { id: 'redo', disabled: app.game.atEnd })}
    ${button('flip', t('flip'), () => app.set('orientation', app.settings.orientation === 'red' ? 'black' : 'red'), { id: 'flip' })}
    ${
      demo
        ? button(
            app.computer.paused ? 'play' : 'pause',
            t(app.computer.paused ? 'resume' : 'pause'),
            () => app.computer.togglePause(),
            {
              id: 'pause',
              pressed: app.computer.paused,
            },
          )
        : button('hint', t('hint'), () => void app.computer.showHint(), {
            id: 'hint',
            disabled: s.over || app.isComputer(s.turn) || app.computer.hintPending || app.endings.drawPending,
          })
    }
    ${
      demo
        ? nothing
        : html`
      ${button('flag', t('resign'), () => app.endings.resign(), { id: 'resign', disabled: !app.endings.canEnd() })}
      ${button('draw', t('offerDraw'), () => void app.endings.offerDraw(), { id: 'draw', disabled: !app.endings.canEnd() || app.endings.drawPending || (app.mode !== 'two' && (app.isComputer(s.turn) || app.computer.hintPending)) })}`
    }
  </div>`;
}

function reviewBar(app: PageView): TemplateResult | typeof nothing {
  const g = app.game;
  if (g.atEnd) return nothing;
  const t = app.t.bind(app);
  const text = g.cursor === 0 ? t('viewingStart') : t('viewing', { n: g.cursor, total: g.moves.length });
  return html`<div class="review" data-testid="review">
    <span>${text}</span>
    <span class="review-actions">
      <button class="link" @click=${() => app.moves.goTo(g.moves.length)}>${icon('end')} ${t('backToGame')}</button>
      <button class="link" @click=${() => app.moves.playOnFromHere()}>${t('continueHere')}</button>
    </span>
  </div>`;
}

function toast(app: PageView): TemplateResult | typeof nothing {
  const toast = app.notices.toast;
  if (!toast) return nothing;
  return html`<div class="toast ${toast.kind}" data-testid="toast">
    <span>${toast.text}</span>
    ${
      toast.action
        ? html`<button class="link" @click=${() => {
            const run = toast.action!.run;
            app.notices.dismissToast();
            run();
          }}>${toast.action.label}</button>`
        : nothing
    }
    <button class="toast-close" aria-label=${app.t('close')} @click=${() => app.notices.dismissToast()}>${icon('close')}</button>
  </div>`;
}
