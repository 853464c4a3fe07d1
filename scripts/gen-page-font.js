// Writes web/app/fonts/page-han.woff2: the game page's font for its own Chinese text (labels, opening
// names, the move box, Chinese move text), a subset of Noto Sans SC (Regular) holding just the
// characters the page writes (scripts/page-han.js reads them from its code), so the page needs no
// system CJK font and the file stays small. Rerun after a change of the page's Chinese text:
//   node scripts/gen-page-font.js
// test/app/page-font.test.ts fails while a character the page writes is missing from the file.
//
// Source: @fontsource/noto-sans-sc (a dev dependency), its one-file Simplified Chinese cut, under the SIL
// Open Font License 1.1 (its licence is web/app/fonts/OFL.txt, copied from the package); the subset is
// made by subset-font (HarfBuzz's hb-subset compiled to WebAssembly) and stays under the OFL.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import { ROOT, fontCharacters, pageHanCharacters } from './page-han.js';

const require = createRequire(import.meta.url);
const SOURCE = '@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff2';
const OUT = 'web/app/fonts/page-han.woff2';

const characters = pageHanCharacters();
const text = [...characters.keys()].join('');
const source = readFileSync(require.resolve(SOURCE));
// No layout closure: only the characters' own glyphs (not, say, the other half of a bracket pair).
const font = await subsetFont(source, text, { targetFormat: 'woff2', noLayoutClosure: true });
// hb-subset leaves out what the source font lacks without a word: say which, and write nothing.
const has = await fontCharacters(font);
const missing = [...characters].filter(([ch]) => !has.has(ch));
if (missing.length > 0) {
  console.error(`${SOURCE} lacks ${missing.map(([ch, file]) => `${ch} (${file})`).join(', ')}`);
  process.exit(1);
}
writeFileSync(`${ROOT}${OUT}`, font);
writeFileSync(
  `${ROOT}web/app/fonts/OFL.txt`,
  readFileSync(require.resolve('@fontsource/noto-sans-sc/LICENSE'), 'utf8'),
);
console.log(`${OUT}: ${characters.size} characters, ${font.length} bytes (from ${SOURCE}, ${source.length} bytes)`);
