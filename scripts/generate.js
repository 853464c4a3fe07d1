// `npm run generate`: writes every generated file of scripts/generated.ts (the option table of
// docs/uci.md, the levels table of docs/levels.md, the network format for the Python trainer, the engine's export types), each from its one declaration.
// test/generated.test.ts fails while one of them is out of date.
import { helpOnly } from './help-only.js';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

// --help says what this does; it takes no other arguments.
helpOnly(
  'node scripts/generate.js (npm run generate)',
  'Writes every generated file (scripts/generated.ts): the option table of docs/uci.md, the levels table of docs/levels.md, tune/format.generated.json and web/engine/raw.generated.ts, each from its one declaration.',
);

const root = fileURLToPath(new URL('..', import.meta.url));
const { module } = await runnerImport(`${root}scripts/generated.ts`, { configFile: false, logLevel: 'warn' });
for (const file of module.GENERATED) {
  const path = `${root}${file.path}`;
  const current = existsSync(path) ? readFileSync(path, 'utf8') : null;
  const text = file.update(current);
  if (text === current) {
    console.log(`${file.path}: up to date`);
  } else {
    writeFileSync(path, text);
    console.log(`${file.path}: written`);
  }
}
