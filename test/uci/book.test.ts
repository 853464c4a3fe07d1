// OwnBook and BookFile on the command line: a book answers a `go` for a move at once with
// `info string book move`, a search request (`go depth`, `infinite`) is searched, OwnBook false and
// positions outside the book search, and a file that is not a book is refused by name.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { uciSession } from './session.ts';
import { bookKey, encodeBook, encodeMove } from '../../web/engine/book.ts';
import { createEngine, START_FEN } from '../../web/engine/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'xq-book-'));
const bookFile = join(dir, 'test.book');

beforeAll(async () => {
  // A one-position book: the start position, e3e4 only (a move that is its own mirror, so the
  // start position, symmetric itself, offers nothing else).
  const rules = await createEngine('wasm');
  rules.setPosition(START_FEN);
  const { key } = bookKey(rules.board(), rules.turn());
  writeFileSync(bookFile, encodeBook([{ key, move: encodeMove('e3e4'), weight: 1000 }]));
  writeFileSync(join(dir, 'not.book'), 'hello');
});
const { ask, readyAfter } = uciSession();

const go = (command: string) => ask(command, (l) => l.startsWith('bestmove'));

describe('uci opening book', () => {
  test('offers OwnBook (on) and BookFile (the shipped book)', async () => {
    const lines = await ask('uci', (l) => l === 'uciok');
    expect(lines).toContain('option name OwnBook type check default true');
    expect(lines.some((l) => /^option name BookFile type string default .*book[/\\]xiangqi\.book$/.test(l))).toBe(true);
  });

  test('a book position answers a go with a clock at once, with info string book move', async () => {
    await readyAfter(`setoption name BookFile value ${bookFile}`);
    await readyAfter('position startpos');
    const started = performance.now();
    const lines = await go('go movetime 5000');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(lines).toContain('info string book move e3e4 (book: e3e4:1000)');
    expect(lines.at(-1)).toBe('bestmove e3e4');
    expect((await go('go wtime 60000 btime 60000')).at(-1)).toBe('bestmove e3e4');
  });

  test('a search request, OwnBook false, or a position outside the book is searched', async () => {
    await readyAfter('position startpos');
    let lines = await go('go depth 3');
    expect(lines.some((l) => l.startsWith('info string book'))).toBe(false);
    expect(lines.some((l) => /^info depth 3 /.test(l))).toBe(true);
    await readyAfter('setoption name OwnBook value false');
    lines = await go('go movetime 100');
    expect(lines.some((l) => l.startsWith('info string book'))).toBe(false);
    await readyAfter('setoption name OwnBook value true');
    await readyAfter('position startpos moves h2e2');
    lines = await go('go movetime 100');
    expect(lines.some((l) => l.startsWith('info string book'))).toBe(false);
    expect(lines.some((l) => l.startsWith('info depth'))).toBe(true);
  });

  test('bad values are refused and the book in use stays', async () => {
    let lines = await readyAfter(`setoption name BookFile value ${join(dir, 'not.book')}`);
    expect(lines.some((l) => /^info string error: BookFile ".*not\.book": not an opening book/.test(l))).toBe(true);
    lines = await readyAfter('setoption name OwnBook value maybe');
    expect(lines).toContain('info string error: OwnBook must be true or false, not "maybe"');
    await readyAfter('position startpos');
    expect((await go('go movetime 5000')).at(-1)).toBe('bestmove e3e4');
    await readyAfter('setoption name BookFile value <empty>');
    const searched = await go('go movetime 100');
    expect(searched.some((l) => l.startsWith('info string book'))).toBe(false);
  });
});
