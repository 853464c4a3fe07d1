// Small files with one purpose: no hand-written TypeScript file in web/, bin/ or bench/ is over 400
// lines. A generated file (its first lines say it is generated) is exempt; a string table may be split
// by language or by panel instead.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const LIMIT = 400;

function typescript(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return typescript(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

test(`no hand-written .ts file in web/, bin/ or bench/ is over ${LIMIT} lines`, () => {
  const files = ['web', 'bin', 'bench'].flatMap(typescript);
  expect(files.length).toBeGreaterThan(100);
  const long = files.flatMap((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    if (/^\/\/ ?generated\b/im.test(text.split('\n', 3).join('\n'))) return [];
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    return lines > LIMIT ? [`${file}: ${lines} lines`] : [];
  });
  expect(long).toEqual([]);
});
