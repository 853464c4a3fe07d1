// The side panels: who plays and how strong, the move list (move-list.ts) with its notation, move box and
// files, and the look. The analysis is analysis-panel.ts.
import { html, nothing, type TemplateResult } from 'lit';
import type { NotationName } from '../notation/index.ts';
import type { PieceSetName } from '../board/types.ts';
import type { PageView, Mode } from './view-model.ts';
import { LEVELS, levelTime } from './engine-player.ts';
import { TIME_CONTROLS, type TimeControl } from './clock.ts';
import { HANDICAPS } from './position.ts';
import type { MessageKey } from './i18n.ts';
import { icon } from './icons.ts';
import { PIECE_SETS } from './settings.ts';
import { moveList, moveTools } from './move-list.ts';
import { SearchWorker } from '../engine/search-worker.ts';
import { MAX_THREADS, RATED_MOVETIME_MS, RULE_SETS, type RuleSet } from '../engine/index.ts';
import { RATED_LEVELS } from './rated-levels.ts';

const THREAD_CHOICES = Array.from({ length: MAX_THREADS }, (_, i) => i + 1);

function seconds(app: PageView, ms: number): string {
  const n = ms >= 1000 ? String(Math.round(ms / 100) / 10) : String(ms / 1000);
  return app.t('seconds', { n });
}

function segmented<T extends string>(
  name: string,
  legend: string,
  options: [T, string][],
  value: T,
  pick: (v: T) => void,
): TemplateResult {
  return html`<fieldset class="segmented" data-group=${name}>
    <legend class="sr-only">${legend}</legend>
    ${options.map(
      ([v, label]) => html`<label class=${v === value ? 'on' : ''}>
      <input type="radio" name=${name} .value=${v} .checked=${v === value} @change=${() => pick(v)} />
      <span>${label}</span>
    </label>`,
    )}
  </fieldset>`;
}

function timeControlName(app: PageView, tc: TimeControl): string {
  const min = tc.base / 60_000;
  if (tc.id === 'none') return app.t('tc.none');
  if (tc.byoyomi) return app.t('tc.byoyomi', { min, sec: tc.byoyomi / 1000 });
  return app.t('tc.fischer', { min, sec: tc.inc / 1000 });
}

/** The level select's value: `elo-N` for a rated level, else the level by time. */
function pickLevel(app: PageView, value: string): void {
  if (value.startsWith('elo-')) app.players.setElo(Number(value.slice(4)));
  else app.players.setLevel(Number(value));
}

export function playersCard(app: PageView): TemplateResult {
  const t = app.t.bind(app);
  const modes: [Mode, string][] = [
    ['red', t('modeRed')],
    ['black', t('modeBlack')],
    ['two', t('modeTwo')],
    ['demo', t('modeDemo')],
  ];
  const level = app.settings.level;
  const elo = app.settings.elo;
  const noComputer = app.mode === 'two';
  return html`<section class="card players" aria-labelledby="players-h">
    <h2 id="players-h">${t('players')}</h2>
    ${segmented('mode', t('players'), modes, app.mode, (m) => app.players.setMode(m))}
    <label class="field ${noComputer ? 'muted' : ''}">
      <span class="field-label">${t('level')}</span>
      <select data-testid="level" @change=${(e: Event) => pickLevel(app, (e.target as HTMLSelectElement).value)}>
        <optgroup label=${t('ratedLevels')}>
          ${RATED_LEVELS.map(
            (l) => html`<option .value=${`elo-${l.elo}`} ?selected=${l.elo === elo}>${t(l.name)} · ${l.elo}</option>`,
          )}
        </optgroup>
        <optgroup label=${t('timedLevels')}>
          ${LEVELS.map(
            (n) => html`<option .value=${String(n)} ?selected=${elo === 0 && n === level}>
            ${n} · ${t(`levelName${n}` as MessageKey)}
          </option>`,
          )}
        </optgroup>
      </select>
      <span class="field-note">${
        elo > 0
          ? t('ratedNote', { time: seconds(app, RATED_MOVETIME_MS) })
          : t('perMove', { time: seconds(app, levelTime(level)) })
      }</span>
    </label>
    <label class="field">
      <span class="field-label">${t('timeControl')}</span>
      <select data-testid="time-control" @change=${(e: Event) => app.set('timeControl', (e.target as HTMLSelectElement).value)}>
        ${TIME_CONTROLS.map((tc) => html`<option .value=${tc.id} ?selected=${tc.id === app.settings.timeControl}>${timeControlName(app, tc)}</option>`)}
      </select>
      <span class="field-note">${t('timeControlNote')}</span>
    </label>
    <label class="field">
      <span class="field-label">${t('handicap')}</span>
      <select data-testid="handicap" @change=${(e: Event) => app.set('handicap', (e.target as HTMLSelectElement).value)}>
        ${Object.keys(HANDICAPS).map((id) => html`<option .value=${id} ?selected=${id === app.settings.handicap}>${t(`handicap.${id}` as MessageKey)}</option>`)}
      </select>
      <span class="field-note">${t('handicapNote')}</span>
    </label>
  </section>`;
}

export function movesCard(app: PageView): TemplateResult {
  const t = app.t.bind(app);
  const notations: [NotationName, string][] = [
    ['chinese', t('notation.chinese')],
    ['WXF', t('notation.WXF')],
    ['ICCS', t('notation.ICCS')],
  ];
  return html`<section class="card moves" aria-labelledby="moves-h">
    <div class="card-head">
      <h2 id="moves-h">${t('moves')}</h2>
      ${segmented('notation', t('notation'), notations, app.settings.notation, (n) => app.set('notation', n))}
    </div>
    ${moveList(app)}
    <form class="move-input" @submit=${(e: Event) => {
      e.preventDefault();
      const input = (e.target as HTMLFormElement).querySelector('input')!;
      if (app.moves.playTyped(input.value)) input.value = '';
    }}>
      <label class="sr-only" for="move-box">${t('typeMove')}</label>
      <input id="move-box" autocomplete="off" spellcheck="false" placeholder=${t('typeMoveHint')} />
      <button class="small">${t('play')}</button>
    </form>
    ${app.moves.moveError ? html`<p class="error" role="alert">${app.moves.moveError}</p>` : nothing}
    ${moveTools(app)}
    <div class="settings-row files">
      <button class="small" data-action="import" @click=${() => app.files.openDialog('import')}>${icon('import')}${t('import')}</button>
      <button class="small" data-action="export" @click=${() => app.files.openDialog('export')}>${icon('export')}${t('export')}</button>
      <button class="small" data-action="copy-link" @click=${() => void app.links.copy()}>${t('copyLink')}</button>
      <button class="small" data-action="edit-position" @click=${() => app.editor.open()}>${t('editPosition')}</button>
    </div>
  </section>`;
}

export function settingsCard(app: PageView): TemplateResult {
  const t = app.t.bind(app);
  return html`<section class="card settings" aria-labelledby="settings-h">
    <h2 id="settings-h">${t('settings')}</h2>
    <div class="settings-row">
      <label class="field inline">
        <span class="field-label">${t('pieces')}</span>
        <select @change=${(e: Event) => app.set('pieceSet', (e.target as HTMLSelectElement).value as PieceSetName)}>
          ${PIECE_SETS.map((p) => html`<option .value=${p} ?selected=${p === app.settings.pieceSet}>${t(`pieces.${p}` as MessageKey)}</option>`)}
        </select>
      </label>
      <label class="check"><input type="checkbox" .checked=${app.settings.coordinates}
        @change=${(e: Event) => app.set('coordinates', (e.target as HTMLInputElement).checked)} />${t('coordinates')}</label>
    </div>
    <div class="settings-row">
      <label class="check"><input type="checkbox" data-setting="premove" .checked=${app.settings.premove}
        @change=${(e: Event) => app.set('premove', (e.target as HTMLInputElement).checked)} />${t('premove')}</label>
      <label class="check"><input type="checkbox" data-setting="book" .checked=${app.settings.book}
        @change=${(e: Event) => app.set('book', (e.target as HTMLInputElement).checked)} />${t('bookSetting')}</label>
      <label class="check"><input type="checkbox" data-setting="network" .checked=${app.settings.network}
        @change=${(e: Event) => app.set('network', (e.target as HTMLInputElement).checked)} />${t('networkSetting')}</label>
    </div>
    <div class="settings-row">
      <label class="field inline">
        <span class="field-label">${t('threads')}</span>
        <select data-setting="threads" @change=${(e: Event) => app.set('threads', Number((e.target as HTMLSelectElement).value))}>
          ${THREAD_CHOICES.map((n) => html`<option .value=${String(n)} ?selected=${n === app.settings.threads}>${n}</option>`)}
        </select>
      </label>
      ${app.settings.threads > 1 && !SearchWorker.canStopInPlace ? html`<span class="note">${t('threadsNotIsolated')}</span>` : nothing}
    </div>
    <div class="settings-row">
      <label class="field inline">
        <span class="field-label">${t('rule')}</span>
        <select data-setting="rule" @change=${(e: Event) => app.set('rule', (e.target as HTMLSelectElement).value as RuleSet)}>
          ${RULE_SETS.map((r) => html`<option .value=${r} ?selected=${r === app.settings.rule}>${t(`rule.${r}`)}</option>`)}
        </select>
      </label>
    </div>
  </section>`;
}
