// `npm run puzzles:reconfirm -- [--file FILE]`: searches every puzzle of the file again as the miner
// confirmed it (tune/puzzle-find.ts's deep search, at the depth in FILE.json) with the engine as it is
// built now, and drops each one whose first move is no longer the best or whose theme no longer
// holds. A change to the search moves scores near the themes' bounds: the shipped file must keep to
// what the shipped engine says (test/notation/puzzles-shipped.test.ts checks a sample of it).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createEngine } from '../web/engine/index.ts';
import { formatPuzzle, parsePuzzles } from '../web/notation/puzzles.ts';
import { commandLine } from '../lib/cli.ts';
import { prepareJudge, themeOf, twoLines } from './puzzle-find.ts';

const root = new URL('../', import.meta.url);
const repo = existsSync(new URL('package.json', root)) ? root : new URL('../', root);
const { file } = commandLine(
  {
    usage: 'npm run puzzles:reconfirm -- [options]',
    about: 'Searches every puzzle again with the engine as built now and drops those it no longer confirms.',
    options: {
      file: { type: 'string', value: 'FILE', help: 'the puzzle file (default puzzles/puzzles.txt)' },
    },
  },
  (v) => ({ file: v.file ?? fileURLToPath(new URL('puzzles/puzzles.txt', repo)) }),
);

for (const needed of [file, `${file}.json`]) {
  if (!existsSync(needed)) {
    console.error(`${needed} not found: the puzzle file and its progress (made by npm run puzzles) are both needed`);
    process.exit(2);
  }
}
const text = readFileSync(file, 'utf8');
const header = text
  .split('\n')
  .filter((line) => line.startsWith('#'))
  .map((line) => line + '\n')
  .join('');
const progress = JSON.parse(readFileSync(`${file}.json`, 'utf8')) as {
  settings: { verifyDepth: number };
  puzzles: number;
};
const buildDir = new URL('./', import.meta.url);
const engine = await createEngine('wasm', {
  wasmUrl: new URL('engine.wasm', buildDir).href,
  jsUrl: new URL('engine.js', buildDir).href,
});
prepareJudge(engine, new Uint8Array(readFileSync(new URL('nnue/xiangqi.nnue', repo))));

const puzzles = parsePuzzles(text);
const kept = puzzles.filter((p) => {
  engine.setPosition(p.fen);
  const lines = twoLines(engine, progress.settings.verifyDepth);
  const theme = lines ? themeOf(lines) : null;
  if (lines && lines.best.move === p.moves[0] && theme === p.theme) return true;
  console.log(`dropped ${formatPuzzle(p)}: now ${lines ? `${lines.best.move} ${theme ?? 'no puzzle'}` : 'no move'}`);
  return false;
});
writeFileSync(file, header + kept.map((p) => formatPuzzle(p) + '\n').join(''));
// The miner's count follows the file, so that a resumed mining run reports what the file holds.
progress.puzzles -= puzzles.length - kept.length;
writeFileSync(`${file}.json`, JSON.stringify(progress, null, 2) + '\n');
console.log(`${kept.length} of ${puzzles.length} puzzles confirmed; ${puzzles.length - kept.length} dropped`);
