// `xiangqi-engine analyse` as users run it: a file of games in, annotated PGN and a report out. The
// games are built here so that the right answer is known: a chariot left where a horse takes it for
// nothing is a blunder ($4) with the better line beside it; the output is the same bytes for one
// worker or two, for a run stopped and run again, and for shards joined; a broken game is reported
// (file, game, ply, why) and skipped while the others are analysed; an ending the endgame tables
// cover is scored as they know it.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parsePgn, RuleBoard, START_FEN, writeUbb, writeXqf, type TreeGame } from '../../web/notation/index.ts';
import type { AnalyseReport } from '../../bin/analyse/output.ts';
import { Tablebases } from '../../web/egtb/tablebases.ts';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../bin/xiangqi-engine.js', import.meta.url));

// Red is a chariot up (a1 against Black's horse on c7) and gives it away: 1. R1+5?? (a1a6), and the
// horse takes it. Then the kings walk. Black does the same with its chariot in the second game.
/** A `[%eval]` in pawns from Red's side; a mate (`#-4`: Black mates in 4) counts 100 pawns less its length. */
function evalOf(comment: string | undefined): number {
  const [, mate, value] = /\[%eval (#)?(-?[\d.]+)\]/.exec(comment ?? '')!;
  const v = Number(value);
  return mate ? Math.sign(v) * (100 - Math.abs(v)) : v;
}

const RED_BLUNDER = '4k4/9/2n6/9/9/9/9/9/R8/3K5 w - - 0 1';
const BLACK_BLUNDER = '3k5/r8/9/9/9/9/9/2N6/9/4K4 b - - 0 1';
const GAMES = `[Game "Chinese Chess"]
[Event "Red leaves a chariot"]
[Red "Careless"]
[Black "Watchful"]
[Result "*"]
[FEN "${RED_BLUNDER}"]
[Format "ICCS"]

{The game's own comment} 1. a1a6 {a comment the player wrote} c7a6 2. d0d1 (2. d0e0 {the kings would face}) 2... a6b4 $1
(2... a6c5 {a player's variation}) *

[Game "Chinese Chess"]
[Event "Black leaves a chariot"]
[Result "*"]
[FEN "${BLACK_BLUNDER}"]
[Format "ICCS"]

1... a8a3 2. c2a3 d9d8 *

[Game "Chinese Chess"]
[Event "Cannot be read"]
[Format "ICCS"]

1. h2e2 h9g7 2. h0g2 i9i5 *

[Game "Chinese Chess"]
[Event "An opening"]
[Result "*"]
[Format "ICCS"]

1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 *
`;

let dir: string;
const analyse = async (...args: string[]) => {
  const { stdout, stderr } = await run(process.execPath, [bin, 'analyse', ...args], { cwd: dir });
  return { stdout, stderr };
};
const read = (name: string) => readFileSync(join(dir, name), 'utf8');
/** How a command that must fail failed: its exit code and what it said. */
const failure = (...args: string[]): Promise<{ code: number; stderr: string }> =>
  analyse(...args).then(
    () => {
      throw new Error(`analyse ${args.join(' ')} succeeded`);
    },
    (error: unknown) => error as { code: number; stderr: string },
  );

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xq-analyse-'));
  writeFileSync(join(dir, 'games.pgn'), GAMES);
  // The reference run: one worker, depth 6.
  await analyse('games.pgn', '--depth', '6', '--workers', '1', '--out', 'one.pgn', '--json', 'one.json');
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('xiangqi-engine analyse', () => {
  test('a chariot given away is a blunder, with the better line as a variation', () => {
    const games = parsePgn(read('one.pgn'));
    expect(games.map((g) => g.tags.Event)).toEqual(['Red leaves a chariot', 'Black leaves a chariot', 'An opening']);
    const [red, black] = games as [(typeof games)[0], (typeof games)[0]];
    const blunder = red.line![0]!;
    expect(blunder.move).toBe('a1a6');
    expect(blunder.nags).toEqual([4]);
    // The horse left against a bare king mates: the endgame tables know how soon (the last test).
    expect(blunder.comment).toMatch(/^\[%eval #-\d+\] Blunder\. a comment the player wrote$/);
    // The engine's line starts with another move, and is legal from the position before the blunder.
    const better = blunder.variations!.at(-1)!;
    expect(better[0]!.move).not.toBe('a1a6');
    const board = new RuleBoard();
    board.setPosition(
      RED_BLUNDER,
      better.map((m) => m.move),
    );
    // Black's capture was its best reply: no mark; Red's score after it is far below before the blunder.
    expect(red.line![1]!.nags).toBeUndefined();
    expect(red.tags).toMatchObject({ RedBlunders: '1', BlackBlunders: '0' });
    expect(red.tags.Analysis).toMatch(/depth 6$/);
    expect(Number(red.tags.RedAccuracy)).toBeLessThan(Number(red.tags.BlackAccuracy));
    const evals = red.line!.map((m) => evalOf(m.comment));
    expect(evals[0]).toBeLessThan(-1);
    expect(black.line![0]!.nags).toEqual([4]);
    expect(black.tags).toMatchObject({ RedBlunders: '0', BlackBlunders: '1' });
    expect(evalOf(black.line![0]!.comment)).toBeGreaterThan(1);
  });

  test("the game's own tags, comments, NAGs and variations are kept", () => {
    const red = parsePgn(read('one.pgn'))[0]!;
    expect(red.tags).toMatchObject({ Red: 'Careless', Black: 'Watchful', FEN: RED_BLUNDER });
    expect(red.comment).toBe("The game's own comment");
    expect(red.line![3]!.variations![0]).toEqual([{ move: 'a6c5', comment: "a player's variation" }]);
    expect(red.line![3]!.nags).toContain(1);
    expect(red.moves).toEqual(['a1a6', 'c7a6', 'd0d1', 'a6b4']);
  });

  test('the report gives each side its figures and lists the game skipped, with file, game, ply and why', () => {
    const report = JSON.parse(read('one.json')) as AnalyseReport;
    expect(report.games.map((g) => [g.file, g.number])).toEqual([
      ['games.pgn', 1],
      ['games.pgn', 2],
      ['games.pgn', 4],
    ]);
    const first = report.games[0]!;
    expect(first.red).toMatchObject({ moves: 2, blunders: 1 });
    expect(first.red.acpl).toBeGreaterThan(150);
    expect(first.marked).toEqual([
      expect.objectContaining({ ply: 1, side: 'red', move: 'a1a6', judgement: 'blunder' }),
    ]);
    expect(report.skipped.map((s) => [s.file, s.number, s.ply])).toEqual([['games.pgn', 3, 4]]);
    expect(report.skipped[0]!.reason).toContain('i9i5');
    // The reader cut an illegal side line (the kings would face each other): the report says so.
    expect(report.warnings.map((w) => [w.file, w.number])).toEqual([['games.pgn', 1]]);
    expect(report.warnings[0]!.message).toContain('d0e0');
    expect(report.totals).toEqual({ games: 4, analysed: 3, skipped: 1, positions: 5 + 4 + 6 });
  });

  test('two workers, a run stopped and run again, and joined shards write the same bytes as one worker', async () => {
    await analyse('games.pgn', '--depth', '6', '--workers', '2', '--out', 'two.pgn', '--json', 'two.json');
    expect(read('two.pgn')).toBe(read('one.pgn'));
    expect(read('two.json')).toBe(read('one.json'));

    await analyse('games.pgn', '--depth', '6', '--shard', '0/2', '--out', 'part0.jsonl');
    await analyse('games.pgn', '--depth', '6', '--shard', '1/2', '--out', 'part1.jsonl');
    await analyse('--join', 'part1.jsonl', 'part0.jsonl', '--out', 'joined.pgn', '--json', 'joined.json');
    expect(read('joined.pgn')).toBe(read('one.pgn'));
    expect(read('joined.json')).toBe(read('one.json'));

    // A run stopped after its first game, killed in the middle of writing the next line: the record
    // of a whole run is a part 0/1.
    await analyse('games.pgn', '--depth', '6', '--shard', '0/1', '--out', 'whole.jsonl');
    const [header, firstGame, next] = read('whole.jsonl').split('\n');
    writeFileSync(join(dir, 'resumed.pgn.progress.jsonl'), `${header}\n${firstGame}\n${next!.slice(0, 40)}`);
    const again = await analyse('games.pgn', '--depth', '6', '--out', 'resumed.pgn', '--json', 'resumed.json');
    expect(again.stderr).toContain('1 games were done before');
    expect(read('resumed.pgn')).toBe(read('one.pgn'));
    expect(read('resumed.json')).toBe(read('one.json'));
    expect(existsSync(join(dir, 'resumed.pgn.progress.jsonl'))).toBe(false);
  }, 120_000);

  test('a folder: its XQF and DhtmlXQ records, in path order, with their variations and comments', async () => {
    const record = (
      title: string,
      comment: string,
    ): Pick<TreeGame, 'fen' | 'children' | 'comment' | 'tags' | 'result'> => ({
      tags: { Title: title },
      fen: START_FEN,
      result: '*',
      comment: null,
      // 1. C2.5 H8+7 (1... H2+3 {comment}) 2. H2+3
      children: [
        {
          move: 'h2e2',
          comment: null,
          children: [
            { move: 'h9g7', comment: null, children: [{ move: 'h0g2', comment: null, children: [] }] },
            { move: 'b9c7', comment, children: [] },
          ],
        },
      ],
    });
    mkdirSync(join(dir, 'records/sub'), { recursive: true });
    writeFileSync(join(dir, 'records/sub/one.xqf'), writeXqf(record('From XQF', 'an XQF comment')));
    writeFileSync(join(dir, 'records/two.txt'), writeUbb(record('From DhtmlXQ', 'a DhtmlXQ comment')));
    writeFileSync(join(dir, 'records/notes.md'), 'not a game file');
    await analyse('records', '--depth', '3', '--out', 'records.pgn');
    const games = parsePgn(read('records.pgn'));
    expect(games.map((g) => g.tags.Title)).toEqual(['From XQF', 'From DhtmlXQ']);
    for (const [i, game] of games.entries()) {
      expect(game.moves).toEqual(['h2e2', 'h9g7', 'h0g2']);
      expect(game.line![1]!.variations).toContainEqual([
        { move: 'b9c7', comment: i === 0 ? 'an XQF comment' : 'a DhtmlXQ comment' },
      ]);
      expect(game.line![2]!.comment).toMatch(/^\[%eval -?\d+\.\d\d\]$/);
    }
  });

  test('an ending the endgame tables cover is scored as they know it; --no-tables searches without them', async () => {
    // After 1. R1+5?? the horse takes the chariot, and the tables count the bare king's moves to mate.
    const tables = await Tablebases.load('wasm');
    const board = new RuleBoard();
    board.setPosition(RED_BLUNDER, ['a1a6', 'c7a6']);
    tables.generate('KH-K');
    const lost = tables.probe(board.fen())!;
    expect(lost.result).toBe('loss');
    const red = parsePgn(read('one.pgn'))[0]!;
    expect(red.line![0]!.comment).toMatch(new RegExp(`^\\[%eval #-${lost.plies! / 2 + 1}\\] Blunder`));
    await analyse('games.pgn', '--depth', '6', '--workers', '1', '--no-tables', '--out', 'no-tables.pgn');
    const without = parsePgn(read('no-tables.pgn'))[0]!;
    expect(without.tags.Analysis).toMatch(/depth 6, no endgame tables$/);
    expect(without.line![0]!.comment).toMatch(/^\[%eval -\d+\.\d\d\] Blunder/);
    // A run stopped before the tables existed (its header has no `tables`) goes on with --no-tables.
    const [header, firstGame] = read('whole.jsonl').split('\n') as [string, string];
    const { tables: _, ...old } = JSON.parse(header) as Record<string, unknown>;
    writeFileSync(join(dir, 'old.pgn.progress.jsonl'), `${JSON.stringify(old)}\n${firstGame}\n`);
    const again = await analyse('games.pgn', '--depth', '6', '--no-tables', '--out', 'old.pgn');
    expect(again.stderr).toContain('1 games were done before');
    expect(parsePgn(read('old.pgn')).slice(1)).toEqual(parsePgn(read('no-tables.pgn')).slice(1));
  });

  test('a progress file of other settings is not continued, and a shard left unfinished is not joined', async () => {
    copyFileSync(join(dir, 'part0.jsonl'), join(dir, 'other.pgn.progress.jsonl'));
    expect((await failure('games.pgn', '--depth', '5', '--out', 'other.pgn')).stderr).toContain(
      'holds the progress of another analysis',
    );
    expect((await failure('--join', 'part0.jsonl', '--out', 'x.pgn')).stderr).toContain('shard 1/2 missing');
    const unknown = await failure('games.pgn', '--no-such-option');
    expect([unknown.code, unknown.stderr.includes('--no-such-option')]).toEqual([2, true]);
    expect((await analyse('--help')).stdout).toMatch(/^usage: xiangqi-engine analyse FILE\|FOLDER\.\.\./);
    const twoLimits = await failure('games.pgn', '--depth', '6', '--nodes', '5');
    expect(twoLimits.code).toBe(2);
    expect(twoLimits.stderr).toContain('give one of --depth, --nodes and --movetime');
  });
});
