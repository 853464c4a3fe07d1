// An SPRT stopped before it decided, taken up by a second run with --continue: the built runner end
// to end. Our engine against a fake that always plays an illegal move wins every pair 2-0, so with
// elo1=400 each pair adds 0.598 to the LLR: a first run cut at 4 games (2 pairs) stands at 1.20, and
// the run that continues it accepts H1 at its third pair, the fifth in all.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { parseMatchArgs, UsageError } from '../../bench/match-args.ts';
import { builtInFile } from './openings-file.ts';
import { earlierRun, earlierRuns, ContinueError, type ContinuedTest } from '../../bench/sprt-continue.ts';

const fake = fileURLToPath(new URL('./fake-uci.mjs', import.meta.url));
const runner = fileURLToPath(new URL('../../build/bench-match.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'match-continue-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the built match runner against the fake; returns its output and the record it wrote. */
async function match(...extra: string[]) {
  // One game at a time: with two, a game of the next pair can end between the decision and the stop.
  const args = ['--opponent', `node ${fake} illegal`, '--sprt', 'elo1=400', '--movetime', '50', '--concurrency', '1'];
  // The records of one test are kept in one folder (a record names the runs it continues by file name).
  const records = join(dir, 'matches');
  const before = new Set(readdirSync(dir).includes('matches') ? readdirSync(records) : []);
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [runner, ...args, '--openings', builtInFile(dir), ...extra],
    { env: { ...process.env, BENCH_RESULTS_DIR: dir, BENCH_MATCHES_DIR: records }, timeout: 60_000 },
  );
  const name = readdirSync(records).find((f) => f.endsWith('.json') && !before.has(f));
  return { stdout, stderr, record: join(records, name!) };
}

describe('--continue', () => {
  test('is refused without --sprt', () => {
    expect(() => parseMatchArgs(['--continue', 'x.json'])).toThrow(UsageError);
    expect(parseMatchArgs(['--sprt', '--continue', 'a.json', '--continue', 'b.json']).continues).toEqual([
      'a.json',
      'b.json',
    ]);
  });

  test('takes up a stopped run: its pairs count first, and the test decides on all of them', async () => {
    const first = await match('--games', '4');
    expect(first.stderr).toMatch(/^SPRT 2 pairs, pentanomial \[0 0 0 0 2\], W\/D\/L 4\/0\/0, LLR 1\.20/m);
    expect(first.stdout).toContain('no decision after 2 pairs');

    // Stopped again after one pair of its own: the third of the test.
    const second = await match('--games', '2', '--seed', '7', '--continue', first.record);
    expect(second.stderr).toMatch(new RegExp(`^continues ${first.record}: 2 pairs$`, 'm'));
    expect(second.stderr).toMatch(/^SPRT 3 pairs, pentanomial \[0 0 0 0 3\], W\/D\/L 6\/0\/0, LLR 1\.79/m);
    // Its own two games are one whole pair: none is reported unpaired (the earlier pairs are not its games).
    expect(second.stdout).toContain('no decision after 3 pairs (6 games)');
    expect(second.stdout).not.toContain('without their pair');

    // Continuing the latest run takes up the whole test, the first run with it.
    const third = await match('--seed', '9', '--continue', second.record);
    expect(third.stderr).toMatch(
      new RegExp(`^continues ${first.record}: 2 pairs\ncontinues ${second.record}: 1 pairs$`, 'm'),
    );
    expect(third.stderr).toMatch(
      /^SPRT 5 pairs, pentanomial \[0 0 0 0 5\], W\/D\/L 10\/0\/0, LLR 2\.99 .*H1 accepted$/m,
    );
    expect(third.stderr).not.toMatch(/^SPRT 6 pairs/m);
    const saved = JSON.parse(readFileSync(third.record, 'utf8')) as {
      summary: { wins: number; sprt: { pairs: number; decision: string; continues: unknown[] } };
    };
    // The record's games are this run's own (2 pairs); its test state is the whole test's.
    expect(saved.summary.wins).toBe(4);
    expect(saved.summary.sprt).toMatchObject({ pairs: 5, decision: 'H1' });
    expect(saved.summary.sprt.continues).toEqual([
      { record: basename(first.record), pairs: 2 },
      { record: basename(second.record), pairs: 1 },
    ]);

    // Only the same test, undecided, under another seed, is taken up; each refusal says why.
    const summary = JSON.parse(readFileSync(first.record, 'utf8')) as {
      engines: { ours: ContinuedTest['ours']; opponent: ContinuedTest['opponent'] };
      settings: { time: unknown; maxPlies: number; rule: string };
    };
    const now: ContinuedTest = {
      sprt: { elo0: 0, elo1: 400, alpha: 0.05, beta: 0.05 },
      time: summary.settings.time,
      opponentTime: null,
      rule: summary.settings.rule,
      maxPlies: summary.settings.maxPlies,
      seed: 8,
      ours: summary.engines.ours,
      opponent: summary.engines.opponent,
    };
    expect(earlierRun(first.record, now).pairs).toEqual([
      [1, 1],
      [1, 1],
    ]);
    expect(earlierRuns([first.record, second.record, first.record], now).map((r) => r.pairs.length)).toEqual([2, 1]);
    const refusal = (file: string, changed: Partial<ContinuedTest>) => () => earlierRun(file, { ...now, ...changed });
    expect(refusal(first.record, { sprt: { ...now.sprt, elo1: 15 } })).toThrow(
      /another test: its test was elo0=0 elo1=400/,
    );
    expect(refusal(first.record, { time: { kind: 'nodes', nodes: 50000 } })).toThrow(/its time control was/);
    expect(refusal(first.record, { opponent: { name: 'uci', id: 'other 1.0' } })).toThrow(/the opponent was/);
    // Another build of our engine has the same UCI id; its bench signature tells it apart.
    expect(now.ours.bench).toBeGreaterThan(0);
    expect(now.opponent.bench).toBeNull();
    expect(refusal(first.record, { ours: { ...now.ours, bench: now.ours.bench! + 1 } })).toThrow(
      /our engine was another build of xiangqi-wasm .* \(bench \d+, now \d+\)/,
    );
    expect(earlierRun(first.record, { ...now, ours: { ...now.ours, bench: undefined } }).pairs).toHaveLength(2);
    expect(refusal(first.record, { seed: null })).toThrow(/used seed null too/);
    expect(refusal(third.record, {})).toThrow(/has decided already \(H1 accepted\)/);
    expect(refusal(join(dir, 'missing.json'), {})).toThrow(/missing\.json does not exist/);
    expect(() => earlierRuns([second.record], { ...now, seed: 7 })).toThrow(ContinueError);
    // Runs that together already cross a bound are not taken up: the test is over. Two copies of the
    // first run under other seeds make 6 pairs at 0.598 each.
    const copies = [11, 12].map((seed) => {
      const copy = join(dirname(first.record), `copy-${seed}.json`);
      const saved = JSON.parse(readFileSync(first.record, 'utf8')) as { settings: { seed: number } };
      writeFileSync(copy, JSON.stringify({ ...saved, settings: { ...saved.settings, seed } }));
      return copy;
    });
    expect(() => earlierRuns([first.record, ...copies], now)).toThrow(
      /together the runs have decided already \(H1 accepted after 6 pairs, LLR 3\.59\)/,
    );
  }, 120_000);
});
