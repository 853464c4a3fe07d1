// Every file (or part of one) that is generated from a declaration elsewhere in the repository, with
// the text it should have now. `npm run generate` (scripts/generate.js) writes them; a test
// (test/generated.test.ts) fails while one is out of date, so a declaration and what is made from it
// cannot drift apart.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OPTIONS, type EngineOption } from '../bin/options.ts';
import { engineExportTypes } from './engine-exports.ts';
import { networkFormat } from './network-format.ts';
import { levelsTable } from './levels-table.ts';
import { oddsTable } from './odds-table.ts';
import { egtbTable } from './egtb-table.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = (path: string) => ({ path, text: readFileSync(`${root}${path}`, 'utf8') });

export interface GeneratedFile {
  /** Relative to the repository. */
  path: string;
  /** The file's text as it should be, given its text now (null: it does not exist yet). */
  update(current: string | null): string;
}

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->`. */
function replaceBetween(text: string, name: string, section: string, path: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${path}: the markers ${start} and ${end} are missing`);
  return `${text.slice(0, from + start.length)}\n${section}\n${text.slice(to)}`;
}

function optionDefault(option: EngineOption): string {
  switch (option.type) {
    case 'spin':
    case 'check':
    case 'combo':
      return `\`${option.default}\``;
    case 'string':
      return option.defaultText;
    case 'button':
      return '';
  }
}

function optionRange(option: EngineOption): string {
  if (option.type === 'spin') return `${option.min}–${option.max}`;
  if (option.type === 'combo') return option.values.map((v) => `\`${v}\``).join(', ');
  if (option.type === 'check') return '`true`, `false`';
  if (option.type === 'string') return option.valuesText ?? 'a path, or `<empty>`';
  return '';
}

/** The table of the UCI and UCCI options in docs/uci.md (bin/options.ts). */
export function optionsTable(): string {
  const name = (n: string | null) => (n === null ? '–' : `\`${n}\``);
  return [
    '<!-- Written by `npm run generate` from bin/options.ts: edit the declarations, not this table. -->',
    '',
    '| UCI | UCCI | type | default | values | what it does |',
    '| --- | --- | --- | --- | --- | --- |',
    ...OPTIONS.map(
      (o) => `| ${name(o.uci)} | ${name(o.ucci)} | ${o.type} | ${optionDefault(o)} | ${optionRange(o)} | ${o.about} |`,
    ),
  ].join('\n');
}

export const GENERATED: readonly GeneratedFile[] = [
  {
    path: 'docs/uci.md',
    update: (current) => replaceBetween(current ?? '', 'options', optionsTable(), 'docs/uci.md'),
  },
  {
    path: 'docs/levels.md',
    update: (current) => replaceBetween(current ?? '', 'levels', levelsTable(), 'docs/levels.md'),
  },
  {
    path: 'docs/endgames.md',
    update: (current) => replaceBetween(current ?? '', 'egtb', egtbTable(), 'docs/endgames.md'),
  },
  {
    path: 'docs/log/strength.md',
    update: (current) => replaceBetween(current ?? '', 'odds', oddsTable(), 'docs/log/strength.md'),
  },
  {
    path: 'tune/format.generated.json',
    update: () => `${JSON.stringify(networkFormat(), null, 2)}\n`,
  },
  {
    path: 'web/engine/raw.generated.ts',
    update: () =>
      engineExportTypes(
        source('assembly/api.ts'),
        source('assembly/target-threads/entry.ts'),
        source('assembly/target-threads/mem.ts'),
      ),
  },
];
