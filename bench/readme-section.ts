// The generated part of docs/benchmarks.md, from the JSON files the runners write.
import { absoluteCells, ratioCells, speedup, targets, type Cells } from './report.ts';
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
  return [
    line(cells.header),
    `|${cells.header.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`,
    ...cells.rows.map(line),
  ].join('\n');
}

function describeRun(title: string, file: ResultFile, runtime: string): string {
  const m = file.machine;
  const load = m['loadAfter'] ? `${m['load']} before, ${m['loadAfter']} after` : (m['load'] ?? 'not recorded');
  const engine = file.build
    ? `; engine at commit ${file.build['commit']}${file.build['engineSources'] === 'as committed' ? '' : ' (sources changed since)'}`
    : '';
  return (
    `**${title}**: ${runtime}; ${m['cpu']}, ${m['cores']} cores, ${m['os'] ?? ''}; ${m['date']?.slice(0, 10)}${engine}; ` +
    `load average (1, 5, 15 min) ${load}; median [min-max] of ${file.results.roundsDone} rounds.`
  );
}

function targetSentence(results: BenchResults): string {
  const measured = targets(results).filter((t) => t.met !== null);
  const text = measured.map((t) => `${t.goal}: ${t.measured}, ${t.met ? 'met' : '**not met**'}`).join('; ');
  return `Targets (reported, not asserted): ${text}.`;
}

function runSection(title: string, file: ResultFile, runtime: string): string {
  return [
    describeRun(title, file, runtime),
    '',
    markdownTable(absoluteCells(file.results)),
    '',
    markdownTable({
      ...ratioCells(file.results),
      header: ['speed ratio', ...ratioCells(file.results).header.slice(1)],
    }),
    '',
    targetSentence(file.results),
  ].join('\n');
}

/** Where wasm is not ahead of JS, and how the two runtimes compare, from the figures themselves. */
function comparison(node: ResultFile | null, browser: ResultFile | null): string[] {
  const out: string[] = [];
  for (const [name, file] of [
    ['Node', node],
    ['Chromium', browser],
  ] as const) {
    if (!file) continue;
    const behind = file.results.benchmarks
      .filter((b) => (speedup(b, 'wasm', 'js')?.median ?? 1) < 1)
      .map((b) => b.title);
    if (behind.length) out.push(`In ${name} the wasm build is not ahead of the JS build in: ${behind.join('; ')}.`);
  }
  if (node && browser) {
    const gain = (id: string, build: string) => {
      const a = node.results.benchmarks.find((b) => b.id === id)?.builds[build];
      const b = browser.results.benchmarks.find((x) => x.id === id)?.builds[build];
      return a && b ? b.median / a.median : null;
    };
    const [jsPerft, wasmPerft, jsSearch, wasmSearch] = [
      gain('perft-start', 'js'),
      gain('perft-start', 'wasm'),
      gain('search-nps', 'js'),
      gain('search-nps', 'wasm'),
    ];
    if (jsPerft && wasmPerft && jsSearch && wasmSearch) {
      out.push(
        `Chromium ran the JS build ${jsPerft.toFixed(2)}x as fast as Node did at perft and ${jsSearch.toFixed(2)}x at search, ` +
          `the wasm build ${wasmPerft.toFixed(2)}x and ${wasmSearch.toFixed(2)}x: the ratios differ between the two because the runtimes do, not the builds.`,
      );
    }
  }
  return out;
}

export function benchmarkSection(node: ResultFile | null, browser: ResultFile | null): string {
  const parts = [
    '<!-- Written by `npm run bench:readme` from bench/results/bench.json and bench-browser.json: edit the script, not this text. -->',
    '',
  ];
  if (node) {
    const native = node.native ? `, native ${node.native}` : ', native Fairy-Stockfish not installed';
    parts.push(runSection('Node', node, `Node ${node.machine['node']}${native}`), '');
  }
  if (browser)
    parts.push(
      runSection(
        'Chromium',
        browser,
        `${browser.machine['chromium']} headless, driven from Node ${browser.machine['node']}`,
      ),
      '',
    );
  if (!node && !browser)
    parts.push('No results yet: run `npm run bench` and `npm run bench:browser`, then `npm run bench:readme`.', '');
  parts.push(
    'A ratio says how many times faster the wasm build did the same work as the other engine in the same process and rounds: ' +
      "for perft and nodes per second it is the wasm median divided by the other's, for time to depth the other's median time divided by wasm's, " +
      'so above 1 means wasm is faster. The brackets give the lowest and highest ratio within a single round, where the builds ran back to back under the same machine load. ' +
      'Both builds compute the same leaves and search the same nodes, so the ratios compare code speed alone; ' +
      'against Fairy-Stockfish (`go perft`, one thread, including the UCI round trip) they compare move generators of different engines.',
  );
  const notes = comparison(node, browser);
  if (notes.length) parts.push('', notes.join(' '));
  return parts.join('\n');
}

/** The page's text with the section between the markers replaced; adds a Benchmarks section when there are none. */
export function replaceSection(readme: string, section: string): string {
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (start < 0 || end < start) {
    return `${readme.trimEnd()}\n\n## Benchmarks\n\n${START_MARKER}\n${section}\n${END_MARKER}\n`;
  }
  return readme.slice(0, start + START_MARKER.length) + '\n' + section + '\n' + readme.slice(end);
}
