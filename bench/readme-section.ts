// The generated part of README.md's Benchmarks section, from the JSON files the runners write.
import { absoluteCells, ratioCells, targets, type Cells } from './report.ts';
import type { BenchResults } from './suites.ts';

export const START_MARKER = '<!-- bench:start -->';
export const END_MARKER = '<!-- bench:end -->';

/** What bench.json and bench-browser.json hold (the parts used here). */
export interface ResultFile {
  machine: Record<string, string>;
  build?: Record<string, string>;
  native?: string | null;
  results: BenchResults;
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

function markdownTable(cells: Cells): string {
  const line = (row: string[]) => `| ${row.map(cell).join(' | ')} |`;
  return [line(cells.header), `|${cells.header.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`, ...cells.rows.map(line)].join('\n');
}

function describeRun(title: string, file: ResultFile, runtime: string): string {
  const m = file.machine;
  const load = m['loadAfter'] ? `${m['load']} before, ${m['loadAfter']} after` : m['load'] ?? 'not recorded';
  const engine = file.build ? `; engine at commit ${file.build['commit']}${file.build['engineSources'] === 'as committed' ? '' : ' (sources changed since)'}` : '';
  return `**${title}**: ${runtime}; ${m['cpu']}, ${m['cores']} cores, ${m['os'] ?? ''}; ${m['date']?.slice(0, 10)}${engine}; ` +
    `load average (1, 5, 15 min) ${load}; median [min-max] of ${file.results.roundsDone} rounds.`;
}

function runSection(title: string, file: ResultFile, runtime: string): string {
  const missed = targets(file.results).filter((t) => t.met === false).map((t) => `${t.goal} (${t.measured})`);
  return [
    describeRun(title, file, runtime),
    '',
    markdownTable(absoluteCells(file.results)),
    '',
    markdownTable({ ...ratioCells(file.results), header: ['speed ratio', ...ratioCells(file.results).header.slice(1)] }),
    '',
    missed.length ? `Targets not met: ${missed.join('; ')}.` : 'All targets that could be measured here were met.',
  ].join('\n');
}

export function benchmarkSection(node: ResultFile | null, browser: ResultFile | null): string {
  const parts = ['<!-- Written by `npm run bench:readme` from bench/results/bench.json and bench-browser.json: edit the script, not this text. -->', ''];
  if (node) {
    const native = node.native ? `, native ${node.native}` : ', native Fairy-Stockfish not installed';
    parts.push(runSection('Node', node, `Node ${node.machine['node']}${native}`), '');
  }
  if (browser) parts.push(runSection('Chromium', browser, `${browser.machine['chromium']} headless, driven from Node ${browser.machine['node']}`), '');
  if (!node && !browser) parts.push('No results yet: run `npm run bench` and `npm run bench:browser`, then `npm run bench:readme`.', '');
  parts.push(
    'A ratio says how many times faster the wasm build did the same work as the other engine in the same process and rounds: ' +
      'for perft and nodes per second it is the wasm median divided by the other\'s, for time to depth the other\'s median time divided by wasm\'s, ' +
      'so above 1 means wasm is faster. The brackets give the lowest and highest ratio within a single round, where the builds ran back to back under the same machine load. ' +
      'Both builds compute the same leaves and search the same nodes, so the ratios compare code speed alone; ' +
      'against Fairy-Stockfish (`go perft`, one thread, including the UCI round trip) they compare move generators of different engines.',
  );
  return parts.join('\n');
}

/** README text with the section between the markers replaced; adds a Benchmarks section when there are none. */
export function replaceSection(readme: string, section: string): string {
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (start < 0 || end < start) {
    return `${readme.trimEnd()}\n\n## Benchmarks\n\n${START_MARKER}\n${section}\n${END_MARKER}\n`;
  }
  return readme.slice(0, start + START_MARKER.length) + '\n' + section + '\n' + readme.slice(end);
}
