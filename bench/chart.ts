// A hand-written SVG bar chart of the results: one panel per benchmark (each has its own unit and
// scale), one bar per build at the median, a whisker from min to max. Used for bench/results/*.svg
// and drawn live on the bench page. No node: imports here.
import type { BenchResults } from './suites.ts';
import { NATIVE } from './report.ts';

const COLORS: Record<string, string> = { wasm: '#3f6fb5', js: '#e0892b', [NATIVE]: '#4a9a57' };
const WIDTH = 760;
const LABEL = 130; // build names left of the bars
const VALUE = 90; // figures right of the bars
const BAR = 18;
const GAP = 6;
const PANEL_TOP = 22; // panel title

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const step = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 2.5, 5, 10].map((m) => m * step).find((m) => m >= value)!;
}

export function chartSvg(results: BenchResults, subtitle = ''): string {
  const builds = results.builds;
  const panelHeight = PANEL_TOP + builds.length * (BAR + GAP) + 10;
  const top = subtitle ? 58 : 40;
  const height = top + results.benchmarks.length * panelHeight + 8;
  const plot = WIDTH - LABEL - VALUE;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="10" y="22" font-size="15" font-weight="bold">xiangqi-wasm benchmarks (median, whisker min-max)</text>`,
  ];
  if (subtitle) out.push(`<text x="10" y="40" fill="#555">${escape(subtitle)}</text>`);
  // Legend, top right.
  builds.forEach((name, i) => {
    const x = WIDTH - 110 * (builds.length - i);
    out.push(
      `<rect x="${x}" y="${top - 14}" width="12" height="12" fill="${COLORS[name] ?? '#888'}"/>`,
      `<text x="${x + 16}" y="${top - 4}">${escape(name)}</text>`,
    );
  });
  results.benchmarks.forEach((bench, p) => {
    const y0 = top + p * panelHeight;
    const scale = niceMax(
      Math.max(
        0,
        ...Object.values(bench.builds)
          .map((s) => s.max)
          .filter(Number.isFinite),
      ),
    );
    const unit = bench.unit === 's' ? 'seconds, lower is better' : `M ${bench.unit}, higher is better`;
    out.push(
      `<text x="10" y="${y0 + 15}" font-weight="bold">${escape(bench.title)}</text>`,
      `<text x="${WIDTH - 10}" y="${y0 + 15}" text-anchor="end" fill="#555">${unit}</text>`,
    );
    out.push(
      `<line x1="${LABEL}" y1="${y0 + PANEL_TOP - 2}" x2="${LABEL}" y2="${y0 + panelHeight - 8}" stroke="#999"/>`,
    );
    builds.forEach((name, i) => {
      const y = y0 + PANEL_TOP + i * (BAR + GAP);
      const s = bench.builds[name];
      out.push(`<text x="${LABEL - 6}" y="${y + BAR - 5}" text-anchor="end">${escape(name)}</text>`);
      if (!s || ![s.min, s.median, s.max].every(Number.isFinite)) {
        // Fairy-Stockfish only counts perft; our builds may just not have got there yet.
        out.push(
          `<text x="${LABEL + 6}" y="${y + BAR - 5}" fill="#999">${name === NATIVE ? 'perft only' : 'not run yet'}</text>`,
        );
        return;
      }
      const x = (v: number) => LABEL + (plot * v) / scale;
      const figure = bench.unit === 's' ? `${s.median.toFixed(2)} s` : `${(s.median / 1e6).toFixed(2)} M`;
      out.push(
        `<rect x="${LABEL}" y="${y}" width="${(x(s.median) - LABEL).toFixed(1)}" height="${BAR}" fill="${COLORS[name] ?? '#888'}"/>`,
        `<line x1="${x(s.min).toFixed(1)}" y1="${y + BAR / 2}" x2="${x(s.max).toFixed(1)}" y2="${y + BAR / 2}" stroke="#222"/>`,
        `<line x1="${x(s.min).toFixed(1)}" y1="${y + 4}" x2="${x(s.min).toFixed(1)}" y2="${y + BAR - 4}" stroke="#222"/>`,
        `<line x1="${x(s.max).toFixed(1)}" y1="${y + 4}" x2="${x(s.max).toFixed(1)}" y2="${y + BAR - 4}" stroke="#222"/>`,
        `<text x="${(x(s.max) + 6).toFixed(1)}" y="${y + BAR - 5}">${figure}</text>`,
      );
    });
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}
