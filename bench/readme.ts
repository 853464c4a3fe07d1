// `npm run bench:readme`: rewrites the part of docs/benchmarks.md between <!-- bench:start --> and
// <!-- bench:end --> from bench/results/bench.json (npm run bench) and bench-browser.json
// (npm run bench:browser), whichever exist.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { commandLine } from '../lib/cli.ts';
import { repoRoot } from './stats.ts';
import { benchmarkSection, replaceSection, type ResultFile } from './readme-section.ts';

commandLine(
  {
    usage: 'npm run bench:readme',
    about:
      'Rewrites the tables of docs/benchmarks.md (between <!-- bench:start --> and <!-- bench:end -->) from bench/results/bench.json and bench-browser.json, whichever exist.',
    options: {},
  },
  () => null,
);
const root = repoRoot();
const read = (name: string): ResultFile | null => {
  const file = new URL(`bench/results/${name}`, root);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ResultFile) : null;
};

const node = read('bench.json');
const browser = read('bench-browser.json');
const readmeFile = new URL('docs/benchmarks.md', root);
const before = readFileSync(readmeFile, 'utf8');
const after = replaceSection(before, benchmarkSection(node, browser));
writeFileSync(readmeFile, after);
console.log(
  `docs/benchmarks.md: the tables ${after === before ? 'unchanged' : 'rewritten'} from ${[node && 'bench.json', browser && 'bench-browser.json'].filter(Boolean).join(' and ') || 'no results'}`,
);
