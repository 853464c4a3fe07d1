// The side panel's tabs: the moves (with the move box, comments and files), the players, level and
// clock, the puzzles and endgame drills (练习), the review of the game, and the look. One panel shows at a time so that, beside the board on a desktop, the move list has room
// and the analysis under the tabs stays in view. WAI-ARIA tabs: arrow keys, Home and End move along them.
import { html, type TemplateResult } from 'lit';
import { movesCard, playersCard, settingsCard } from './panels.ts';
import { practiceCard } from './practice-panel.ts';
import { drillCard } from './drill-panel.ts';
import { reviewCard } from './review-panel.ts';
import type { PageView, SideTab } from './view-model.ts';

const ORDER: SideTab[] = ['moves', 'game', 'practice', 'review', 'settings'];

function onKey(app: PageView, event: KeyboardEvent): void {
  const at = ORDER.indexOf(app.sideTab);
  const to =
    event.key === 'ArrowRight'
      ? (at + 1) % ORDER.length
      : event.key === 'ArrowLeft'
        ? (at + ORDER.length - 1) % ORDER.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? ORDER.length - 1
            : -1;
  if (to < 0) return;
  event.preventDefault();
  const tab = ORDER[to]!;
  app.setTab(tab);
  // The focus follows the selection once the page has redrawn.
  requestAnimationFrame(() => document.getElementById(`tab-${tab}`)?.focus());
}

export function sideTabs(app: PageView): TemplateResult {
  const t = app.t.bind(app);
  const labels: Record<SideTab, string> = {
    moves: t('moves'),
    game: t('players'),
    practice: t('practice'),
    review: t('reviewTitle'),
    settings: t('settings'),
  };
  const cards: Record<SideTab, (app: PageView) => TemplateResult> = {
    moves: movesCard,
    game: playersCard,
    practice: (page) => html`${practiceCard(page)}${drillCard(page)}`,
    review: reviewCard,
    settings: settingsCard,
  };
  const panel = cards[app.sideTab](app);
  return html`<div class="tabs" role="tablist" aria-label=${t('panels')} @keydown=${(e: KeyboardEvent) => onKey(app, e)}>
      ${ORDER.map(
        (tab) => html`<button
        role="tab"
        id=${`tab-${tab}`}
        data-tab=${tab}
        aria-selected=${tab === app.sideTab ? 'true' : 'false'}
        aria-controls="side-panel"
        tabindex=${tab === app.sideTab ? 0 : -1}
        @click=${() => app.setTab(tab)}
      >${labels[tab]}</button>`,
      )}
    </div>
    <div class="tab-panel" role="tabpanel" id="side-panel" aria-labelledby=${`tab-${app.sideTab}`}>${panel}</div>`;
}
