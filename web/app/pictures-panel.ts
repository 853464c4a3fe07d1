// The export dialog's pictures (picture-export.ts): the position as PNG or SVG, in colour or black and
// white, and the game as an animated GIF (the whole game or up to the move shown, at a chosen speed),
// with a progress bar and Cancel while it is made.
import { html, nothing, type TemplateResult } from 'lit';
import { GIF_SPEEDS } from './picture-export.ts';
import type { PageView } from './view-model.ts';

export function picturesSection(app: PageView): TemplateResult {
  const t = app.t.bind(app);
  const p = app.pictures;
  return html`<h3 class="field-label">${t('pictures')}</h3>
    <div class="picture-row">
      <button class="small" data-action="export-png" @click=${() => void p.downloadPng()}>${t('positionPng')}</button>
      <button class="small" data-action="export-svg" @click=${() => p.downloadSvg()}>${t('positionSvg')}</button>
      <label class="check"><input type="checkbox" data-setting="print" .checked=${p.monochrome}
        @change=${(e: Event) => p.setMonochrome((e.target as HTMLInputElement).checked)} /> ${t('printLook')}</label>
    </div>
    <div class="picture-row">
      <select data-setting="gif-range" aria-label=${t('gifRange')}
        @change=${(e: Event) => p.setRange((e.target as HTMLSelectElement).value === 'shown' ? 'shown' : 'whole')}>
        <option value="whole" ?selected=${p.range === 'whole'}>${t('gifWhole')}</option>
        <option value="shown" ?selected=${p.range === 'shown'}>${t('gifShown')}</option>
      </select>
      <select data-setting="gif-speed" aria-label=${t('gifSpeed')}
        @change=${(e: Event) => p.setSpeed(Number((e.target as HTMLSelectElement).value))}>
        ${GIF_SPEEDS.map((s) => html`<option .value=${String(s)} ?selected=${s === p.speed}>${t('gifSpeedN', { s })}</option>`)}
      </select>
      <button class="small" data-action="export-gif" ?disabled=${!!p.progress} @click=${() => p.makeGif()}>${t('gameGif')}</button>
    </div>
    ${
      p.progress
        ? html`<div class="gif-progress" data-testid="gif-progress">
          <progress max=${p.progress.total} .value=${p.progress.done} aria-label=${t('gifMaking')}></progress>
          <span>${t('gifMaking')} ${p.progress.done}/${p.progress.total}</span>
          <button class="small" data-action="cancel-gif" @click=${() => p.cancelGif()}>${t('cancel')}</button>
        </div>`
        : nothing
    }
    ${p.error ? html`<p class="error" role="alert">${p.error}</p>` : nothing}`;
}
