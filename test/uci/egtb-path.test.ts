// EgtbPath (UCCI's egtbpaths) and `xiangqi-engine egtb`: endgame tables kept in a folder. A table the
// engine makes is written there, as the tables' module made it; a table too large to make during a
// game (KPAEE-KA, just over the million entries a side made on demand) is made by `egtb` and answers
// from the folder where the move has the time to read it; a file there that is no table is said, and
// the table made again.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { UciProcess } from '../../bench/native.ts';
import { Tablebases } from '../../web/egtb/tablebases.ts';
import { ON_DEMAND_MAX_ENTRIES, smallerMaterials } from '../../web/egtb/material.ts';
import { TableFolder } from '../../bin/table-folder.ts';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../bin/xiangqi-engine.js', import.meta.url));
const ROOK = '3k5/9/4ba3/9/9/9/9/R8/9/4K4 w - - 0 1';
let dir: string;
let tables: Tablebases;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xq-egtb-'));
  tables = await Tablebases.load('wasm');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * One fresh engine's answers to `go` in `fen`, a step at a time: each sets its options first, then
 * searches with its `go` limits (default depth 4).
 */
async function answerEach(fen: string, steps: Record<string, string>[]): Promise<string[][]> {
  const uci = new UciProcess(process.execPath, [bin]);
  try {
    await uci.request('uci', (l) => l === 'uciok');
    const answers: string[][] = [];
    for (const { go = 'depth 4', ...options } of steps) {
      for (const [name, value] of Object.entries(options)) uci.send(`setoption name ${name} value ${value}`);
      uci.send(`position fen ${fen}`);
      answers.push(await uci.request(`go ${go}`, (l) => l.startsWith('bestmove')));
    }
    return answers;
  } finally {
    uci.quit();
  }
}

/** A fresh engine's answer to `go depth 4` in `fen`, with these options set first. */
const answer = async (fen: string, options: Record<string, string>) => (await answerEach(fen, [options]))[0]!;

test('the tables an engine makes are written to EgtbPath, the same values as the module makes', async () => {
  const folder = join(dir, 'made');
  const lines = await answer(ROOK, { EgtbPath: folder });
  expect(lines.some((l) => l.startsWith('info string tablebase KR-KAE: win'))).toBe(true);
  tables.generate('KR-KAE');
  for (const material of ['KR-KAE', 'KR-KA', 'KR-K', 'K-KAE']) {
    const values = tables.values(material);
    expect(new TableFolder(folder).read(material, values.length)).toEqual(values);
  }
});

test('`egtb` makes a table too large for a game, and EgtbPath answers from it; without it, a search', async () => {
  const material = 'KPAEE-KA';
  expect(tables.entries(material)).toBeGreaterThan(ON_DEMAND_MAX_ENTRIES);
  const folder = join(dir, 'large');
  const { stdout } = await run(process.execPath, [bin, 'egtb', material, '--path', folder]);
  expect(stdout).toMatch(/^KPAEE-KA: 1,004,400 entries a side, made in [\d.]+ s, kept in /m);
  // A position the pawn wins, found in the tables as the folder keeps them.
  for (const m of [...smallerMaterials(material), material]) {
    if (!tables.has(m)) tables.adopt(m, new TableFolder(folder).read(m, tables.entries(m) * 2)!);
  }
  let fen: string | null = null;
  for (let index = 0; fen === null; index += 997) {
    const found = tables.entryFen(material, 0, index);
    const probe = found ? tables.probe(found) : null;
    if (probe?.result === 'win' && probe.plies! >= 5) fen = found;
  }
  const probe = tables.probe(fen)!;
  // One engine: without the folder, then with it at 40 ms a move, then with time to read it.
  const answers = await answerEach(fen, [{}, { EgtbPath: folder, go: 'movetime 40' }, {}]);
  const answered = (lines: string[]) => lines.some((l) => l.startsWith(`info string tablebase ${material}`));
  const [none, quick, kept] = answers as [string[], string[], string[]];
  expect(answered(none)).toBe(false);
  // A move of 40 ms has no time to read it (a quarter of its time goes to the tables): it searches.
  expect(answered(quick)).toBe(false);
  expect(kept).toContain(`info string tablebase ${material}: win in ${probe.plies} plies`);
  expect(kept.find((l) => l.includes(' tbhits 1'))).toContain(`score mate ${(probe.plies! + 1) / 2} `);
}, 60_000);

test('a file in EgtbPath that is no table is said, and the table is made again and kept', async () => {
  const folder = join(dir, 'broken');
  const kept = new TableFolder(folder);
  await answer(ROOK, { EgtbPath: folder });
  writeFileSync(kept.file('KR-KAE'), 'not a table');
  const lines = await answer(ROOK, { EgtbPath: folder });
  expect(lines).toContain(
    `info string error: EgtbPath: ${kept.file('KR-KAE')} is not a table: incorrect header check; not used`,
  );
  expect(lines.some((l) => l.startsWith('info string tablebase KR-KAE: win'))).toBe(true);
  expect(kept.read('KR-KAE', tables.entries('KR-KAE') * 2)).toEqual(tables.values('KR-KAE'));
});

test('`egtb` and EgtbPath refuse a folder that is a file, and `egtb` a command with nothing to make', async () => {
  const file = join(dir, 'a-file');
  writeFileSync(file, '');
  const refused = await run(process.execPath, [bin, 'egtb', 'KR-K', '--path', file]).catch(
    (error: unknown) => error as { code: number; stderr: string },
  );
  expect(refused).toMatchObject({ code: 2 });
  expect((refused as { stderr: string }).stderr).toContain(`--path: ${file} is not a folder`);
  const nothing = await run(process.execPath, [bin, 'egtb', '--path', dir]).catch(
    (error: unknown) => error as { code: number; stderr: string },
  );
  expect(nothing).toMatchObject({ code: 2 });
  expect((nothing as { stderr: string }).stderr).toContain('name the materials, or give --all');
  const lines = await answer(ROOK, { EgtbPath: file });
  expect(lines.some((l) => l.startsWith('info string error') && l.includes(`${file} is not a folder`))).toBe(true);
});
