// The book builder (`npm run book`): its threads split each ply's positions, and the file must not
// depend on how many there are; what it writes is a book the engine reads, with the start position in it.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import { Book } from '../../web/engine/book.ts';
import { createEngine, START_FEN } from '../../web/engine/index.ts';

const builder = fileURLToPath(new URL('../../build/bench-book.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'book-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function build(jobs: number): Promise<{ bytes: Uint8Array; summary: string }> {
  const out = join(dir, `jobs-${jobs}.book`);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [builder, '--depth', '3', '--positions', '120', '--jobs', String(jobs), '--out', out],
    { timeout: 60_000 },
  );
  return { bytes: new Uint8Array(readFileSync(out)), summary: stdout };
}

test('one thread and three threads write the same book, which the engine reads', async () => {
  const [one, three] = await Promise.all([build(1), build(3)]);
  expect(one.summary).toMatch(
    /: 120 positions, \d+ moves, \d+ bytes; depth 3, MultiPV 3, .* on 1 threads; stopped at 120 positions/,
  );
  expect(three.summary).toContain('on 3 threads');
  expect(Buffer.from(three.bytes).equals(Buffer.from(one.bytes))).toBe(true);

  const book = new Book(one.bytes);
  expect(book.positions()).toBe(120);
  const engine = await createEngine('js');
  engine.setPosition(START_FEN);
  const moves = book.lookup(engine.board(), engine.turn());
  expect(moves.length).toBeGreaterThan(0);
  for (const { move } of moves) expect(engine.legalMoves()).toContain(move);
}, 120_000);
