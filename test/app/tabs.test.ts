// The side panel's tabs read whole (issue 69): at a laptop's 1280x800 and 1024x768 and on a 390 px
// phone, in English and in Chinese, no tab's label is cut short (no ellipsis, nothing past the tab's
// own box) and every tab lies inside its tab row and the window; on the two desktop sizes the row is
// one line in the first screen, beside the board; and each label is drawn as it is when laid out anew
// (not in boxes left from a font that was loading). A page loaded in each language, resized.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { pageFixture } from './page-fixture.ts';

const { open } = pageFixture();

const SIZES = [
  { width: 1280, height: 800, desktop: true },
  { width: 1024, height: 768, desktop: true },
  { width: 390, height: 844, desktop: false },
];

interface TabBox {
  label: string;
  scrollWidth: number;
  clientWidth: number;
  /** The label's text as drawn (a Range over it), against the tab's box less its padding. */
  textWidth: number;
  /** The same text in the same font in a new element, laid out now. */
  freshWidth: number;
  contentWidth: number;
  textOverflow: string;
  overflowX: string;
  rect: { left: number; right: number; top: number; bottom: number };
}

interface Layout {
  tabs: TabBox[];
  row: { left: number; right: number; top: number; bottom: number };
  window: { width: number; height: number };
}

function layout(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const box = (r: DOMRect) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
    // The label laid out afresh in the tab's font, where no font was loading: as wide as the tab's own.
    const freshWidth = (tab: HTMLElement) => {
      const probe = document.createElement('span');
      probe.style.cssText = `position: absolute; visibility: hidden; white-space: nowrap; font: ${getComputedStyle(tab).font}`;
      probe.textContent = tab.textContent;
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return width;
    };
    const tabs = [...document.querySelectorAll<HTMLElement>('[role="tablist"] [role="tab"]')].map((tab) => {
      const style = getComputedStyle(tab);
      const range = document.createRange();
      range.selectNodeContents(tab);
      return {
        label: tab.textContent.trim(),
        scrollWidth: tab.scrollWidth,
        clientWidth: tab.clientWidth,
        textWidth: range.getBoundingClientRect().width,
        freshWidth: freshWidth(tab),
        contentWidth: tab.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
        textOverflow: style.textOverflow,
        overflowX: style.overflowX,
        rect: box(tab.getBoundingClientRect()),
      };
    });
    const row = box(document.querySelector('[role="tablist"]')!.getBoundingClientRect());
    return { tabs, row, window: { width: innerWidth, height: innerHeight } };
  });
}

/** What is wrong with the tabs at this size: an empty list when every label reads whole. */
function problems(at: Layout, desktop: boolean): string[] {
  const out: string[] = [];
  const { tabs, row, window } = at;
  if (tabs.length !== 5) out.push(`${tabs.length} tabs`);
  for (const t of tabs) {
    const name = `"${t.label}"`;
    // Cut short: wider than the tab's box, or than the room inside its padding (an ellipsis shows then).
    const cut = t.textOverflow === 'ellipsis' && t.overflowX !== 'visible' ? ', cut with an ellipsis' : '';
    if (t.scrollWidth > t.clientWidth)
      out.push(`${name} overflows its tab (${t.scrollWidth} > ${t.clientWidth}${cut})`);
    if (t.textWidth > t.contentWidth + 0.5)
      out.push(
        `${name} is wider than the room in its tab (${t.textWidth.toFixed(1)} > ${t.contentWidth.toFixed(1)}${cut})`,
      );
    // Drawn in another font than the label gets when laid out now: boxes for a font that was loading.
    if (Math.abs(t.textWidth - t.freshWidth) > 0.5)
      out.push(`${name} is drawn ${t.textWidth.toFixed(1)} wide, ${t.freshWidth.toFixed(1)} laid out afresh`);
    const r = t.rect;
    if (r.left < row.left - 0.5 || r.right > row.right + 0.5) out.push(`${name} sticks out of the tab row`);
    if (r.left < 0 || r.right > window.width) out.push(`${name} is out of the window sideways`);
    if (desktop && (r.top < 0 || r.bottom > window.height)) out.push(`${name} is not in the first screen`);
  }
  if (desktop && new Set(tabs.map((t) => Math.round(t.rect.top))).size > 1) out.push('the tabs take more than one row');
  return out;
}

test('every tab label reads whole at 1280x800, 1024x768 and 390x844, in English and in Chinese', async () => {
  // A page loaded in each language (the Chinese labels laid out while the page's font loads, as a
  // Chinese player's first screen has them), first measured at the size it opened at, 1280x800.
  const langs = ['en', 'zh'] as const;
  const opened = await Promise.all(langs.map((lang) => open({ lang, red: 'human', black: 'human', book: false })));
  const found: Record<string, string[]> = {};
  const labels: Record<string, string[]> = {};
  for (const [i, lang] of langs.entries()) {
    const { page } = opened[i]!;
    // The Chinese labels' widths are those of the page's own font once it has come.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    for (const { width, height, desktop } of SIZES) {
      await page.setViewportSize({ width, height });
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(undefined))));
      const at = await layout(page);
      found[`${lang} ${width}x${height}`] = problems(at, desktop);
      labels[lang] = at.tabs.map((t) => t.label);
    }
  }
  expect(labels).toEqual({
    en: ['Moves', 'Players', 'Practice', 'Review', 'Settings'],
    zh: ['棋谱', '对局方式', '练习', '复盘', '设置'],
  });
  expect(found).toEqual({
    'en 1280x800': [],
    'en 1024x768': [],
    'en 390x844': [],
    'zh 1280x800': [],
    'zh 1024x768': [],
    'zh 390x844': [],
  });
  expect(opened.flatMap((o) => o.errors)).toEqual([]);
});
