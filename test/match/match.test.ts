// The match runner's parts: openings legal, Elo arithmetic, options, and games that end the way
// the rules say when an engine breaks them (scripted fakes) or plays on (our engine, Fairy-Stockfish).
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { createEngine, START_FEN } from '../../web/engine/index.ts';
import {
  builtInOpenings,
  checkOpenings,
  orderOpenings,
  parseOpeningLine,
  schedule,
} from '../../bench/match-openings.ts';
import {
  eloEstimate,
  eloFromScore,
  finishedPairs,
  formatElo,
  ladderTable,
  medianOf,
  searchSummary,
  sumStats,
  tally,
} from '../../bench/match-report.ts';
import { parseClock, parseMatchArgs, splitCommand, SPRT_MAX_GAMES, UsageError } from '../../bench/match-args.ts';
import {
  emptyStats,
  playGame,
  ourScore,
  type GameConfig,
  type GameRecord,
  type GameSetup,
  type SideStats,
} from '../../bench/match-game.ts';
import { killAllEngines, lastReport, liveEngineCount, type EngineSpec } from '../../bench/match-player.ts';
import { FAIRY_STOCKFISH } from '../../bench/native.ts';
import { moveComment, readPgnTags } from '../../bench/match-records.ts';
import { refereeRule, toldRule } from '../../bench/match-args.ts';
import { builtInFile } from './openings-file.ts';

const fake = fileURLToPath(new URL('./fake-uci.mjs', import.meta.url));
const ours = fileURLToPath(new URL('../../bin/xiangqi-engine.js', import.meta.url));
const fakeSpec = (mode: string): EngineSpec => ({
  name: `fake-${mode}`,
  command: process.execPath,
  args: [fake, mode],
  options: [],
});
const oursSpec: EngineSpec = { name: 'ours', command: process.execPath, args: [ours], options: [] };
const fromStart: GameSetup = { index: 1, opening: { name: 'start', fen: START_FEN, moves: [] }, ourColor: 'red' };

function config(mine: EngineSpec, theirs: EngineSpec, maxPlies = 300): GameConfig {
  return { ours: mine, opponent: theirs, time: { kind: 'movetime', ms: 50 }, marginMs: 500, maxPlies };
}

afterAll(killAllEngines);

describe('openings', () => {
  test('the built-in lines are legal, unfinished and different', () => {
    const openings = builtInOpenings();
    expect(openings.length).toBeGreaterThanOrEqual(12);
    expect(() => checkOpenings(openings, rules)).not.toThrow();
    expect(new Set(openings.map((o) => o.moves.join(' '))).size).toBe(openings.length);
  });

  test('a bad line is refused with its name', () => {
    expect(() => checkOpenings([{ name: 'bad', fen: START_FEN, moves: ['h2e2', 'h2e2'] }], rules)).toThrow(
      /opening "bad"/,
    );
  });

  test('file lines: moves with a name, and a FEN with moves', () => {
    expect(parseOpeningLine('cannon: h2e2 h9g7', 'f:1')).toEqual({
      name: 'cannon',
      fen: START_FEN,
      moves: ['h2e2', 'h9g7'],
    });
    expect(parseOpeningLine(`fen ${START_FEN} moves c3c4`, 'f:2')).toEqual({
      name: 'f:2',
      fen: START_FEN,
      moves: ['c3c4'],
    });
  });

  test('each opening is played from both sides, and a seed reorders them reproducibly', () => {
    const openings = builtInOpenings();
    const games = schedule(openings, 4);
    expect(games.map((g) => [g.opening.name, g.ourColor])).toEqual([
      [openings[0]!.name, 'red'],
      [openings[0]!.name, 'black'],
      [openings[1]!.name, 'red'],
      [openings[1]!.name, 'black'],
    ]);
    expect(orderOpenings(openings, 7)).toEqual(orderOpenings(openings, 7));
    expect(orderOpenings(openings, 7)).not.toEqual(openings);
  });
});

const rules = await createEngine('wasm');

describe('Elo', () => {
  test('logistic formula and the 95% margin of the score', () => {
    expect(eloFromScore(0.5)).toBe(0);
    expect(eloFromScore(0.75)).toBeCloseTo(190.85, 1);
    // 12-0-8: p = 0.6, s² = (12·0.4² + 8·0.6²)/20 = 0.24, p ± 1.96·√(0.24/20) = [0.3853, 0.8147].
    const e = eloEstimate({ wins: 12, draws: 0, losses: 8 });
    expect(e.elo).toBeCloseTo(70.44, 1);
    expect(e.margin).toBeCloseTo((eloFromScore(0.8147) - eloFromScore(0.3853)) / 2, 0);
    expect(e.los).toBeCloseTo(0.814, 2);
    const sweep = eloEstimate({ wins: 20, draws: 0, losses: 0 });
    expect(sweep.elo).toBe(Infinity);
    // 0.025^(1/20) = 0.8316: a win rate below that gives 20 straight wins less than 2.5% of the time.
    expect(sweep.low).toBeCloseTo(eloFromScore(0.8316), 0);
    expect(formatElo(sweep)).toBe('+inf (> +277)');
    expect(formatElo(eloEstimate({ wins: 0, draws: 0, losses: 20 }))).toBe('-inf (< -277)');
    // 26-0-2: p + 1.96 s/√N passes 1, so only the lower end is finite.
    expect(formatElo(eloEstimate({ wins: 26, draws: 0, losses: 2 }))).toMatch(/^\+446 \(> \+\d+\)$/);
    expect(formatElo(e)).toBe('+70 ± 169');
  });

  test('scores from our side', () => {
    expect(ourScore({ result: '1-0', ourColor: 'red' })).toBe(1);
    expect(ourScore({ result: '1-0', ourColor: 'black' })).toBe(0);
    expect(ourScore({ result: '1/2-1/2', ourColor: 'black' })).toBe(0.5);
  });

  test('the referee rule: as asked, else computer against an engine that offers Rule, else check-only', () => {
    expect(refereeRule(null, true)).toBe('computer');
    expect(refereeRule(null, false)).toBe('check-only');
    expect(refereeRule('asian', false)).toBe('asian');
    const spec: EngineSpec = { name: 'x', command: 'x', args: [], options: [['Hash', '16']] };
    expect(toldRule(spec, true, 'asian').options).toEqual([
      ['Hash', '16'],
      ['Rule', 'asian'],
    ]);
    expect(toldRule(spec, false, 'asian')).toBe(spec);
    expect(() => toldRule({ ...spec, options: [['Rule', 'chinese']] }, true, 'asian')).toThrow(/Rule=chinese/);
    expect(() => parseMatchArgs(['--rule', 'fide'])).toThrow(/--rule: unknown rule set "fide"/);
    expect(parseMatchArgs(['--rule', 'Asian']).rule).toBe('asian');
    expect(parseMatchArgs(['--movetime', '100', '--opponent-movetime', '400']).opponentTime).toEqual({
      kind: 'movetime',
      ms: 400,
    });
  });

  test("a move's record comment: score in pawns from the mover's side, depth, time (cutechess-cli's form)", () => {
    expect(moveComment({ score: 'cp 35', depth: 12, ms: 201 })).toBe('+0.35/12 0.201s');
    expect(moveComment({ score: 'cp -120', depth: 9, ms: 1999 })).toBe('-1.20/9 1.999s');
    expect(moveComment({ score: 'mate 3', depth: 20, ms: 5 })).toBe('+M3/20 0.005s');
    expect(moveComment({ score: 'mate -2', depth: 7, ms: 50 })).toBe('-M2/7 0.050s');
    expect(moveComment({ ms: 12 })).toBe('0.012s');
  });

  test('search figures come from the last info line with a depth', () => {
    expect(
      lastReport([
        'info depth 5 seldepth 9 score cp 4 nodes 5427 nps 417462 time 13 pv a',
        'info string x',
        'bestmove a',
      ]),
    ).toEqual({ depth: 5, nodes: 5427, nps: 417462, time: 13, score: 'cp 4' });
  });
});

/** A finished game as the match tool records it, with our side's search figures. */
function gameRecord(result: GameRecord['result'], ours: SideStats, index = 1): GameRecord {
  return {
    index,
    opening: 'o',
    ourColor: 'red',
    red: 'a',
    black: 'b',
    fen: START_FEN,
    openingPlies: 0,
    moves: [],
    moveInfo: [],
    result,
    reason: 'checkmate',
    durationMs: 0,
    stats: { ours, opponent: emptyStats() },
  };
}

test('--summarize: one ladder row per saved match', () => {
  const game = (result: GameRecord['result']) => gameRecord(result, { ...emptyStats(), reported: 2, depthSum: 20 });
  const row = ladderTable([
    {
      file: 'x.json',
      engines: { opponent: { name: 'fsf [Skill Level=10]' } },
      settings: { time: { kind: 'movetime', ms: 200 } },
      machine: { loadBefore: [1.5], loadAfter: [2] },
      games: [game('1-0'), game('0-1'), game('1/2-1/2')],
    },
  ]).split('\n')[2]!;
  expect(row.split(/\s{2,}/)).toEqual([
    'fsf [Skill Level=10]',
    '200 ms',
    '3',
    '1',
    '1',
    '1',
    '50.0%',
    '+0 ± 561',
    '10.0',
    'n/a',
    '?',
    '1.5-2.0',
  ]);
});

test('the median depth comes from every move of every game, and a few deep endgame searches do not pull it up as they pull the mean', () => {
  // 9 moves at depth 11, one at depth 60 (a mate found deep in an endgame), over two games.
  const first = { ...emptyStats(), reported: 5, depthSum: 55, depths: [...Array<number>(11).fill(0), 5] };
  const second = { ...emptyStats(), reported: 5, depthSum: 104, depths: Array<number>(61).fill(0) };
  second.depths[11] = 4;
  second.depths[60] = 1;
  const record = (stats: SideStats, index: number) => gameRecord('1-0', stats, index);
  const summary = searchSummary(sumStats([record(first, 1), record(second, 2)], 'ours'));
  expect(summary.averageDepth).toBeCloseTo(15.9);
  expect(summary.medianDepth).toBe(11);
  expect(medianOf([0, 1, 1, 1, 1])).toBe(2);
  // Records written before the counts were kept have no median, rather than a wrong one.
  const { depths: _, ...old } = first;
  expect(searchSummary(sumStats([record(old, 1)], 'ours')).medianDepth).toBeNull();
});

test('finished pairs: both games of an opening, in pair order, from our side', () => {
  const g = (index: number, result: GameRecord['result']) => ({
    index,
    result,
    ourColor: index % 2 ? ('red' as const) : ('black' as const),
  });
  // Pair 2 (games 3, 4) is complete, pair 1 has only game 1, pair 3 both: 6 before 5.
  expect(finishedPairs([g(4, '0-1'), g(1, '1-0'), g(3, '1/2-1/2'), g(6, '1-0'), g(5, '1-0')])).toEqual([
    [0.5, 1],
    [1, 0],
  ]);
});

describe('options', () => {
  test('defaults', () => {
    const o = parseMatchArgs([]);
    expect(o).toMatchObject({
      games: 20,
      concurrency: 2,
      time: { kind: 'movetime', ms: 200 },
      maxPlies: 300,
      seed: null,
    });
  });

  test('options, clocks, self-play and commands', () => {
    const o = parseMatchArgs(['--opponent-option', 'Skill Level=3', '--engine-option', 'Backend=js', '--tc', '10+0.1']);
    expect(o.opponent.options).toEqual([['Skill Level', '3']]);
    expect(o.ours.options).toEqual([['Backend', 'js']]);
    expect(o.slug).toBe('fairy-stockfish-skill-level-3');
    expect(o.time).toEqual({ kind: 'clock', baseMs: 10000, incMs: 100 });
    expect(parseMatchArgs(['--nodes', '5000']).time).toEqual({ kind: 'nodes', nodes: 5000 });
    expect(parseClock('60')).toEqual({ kind: 'clock', baseMs: 60000, incMs: 0 });
    expect(parseMatchArgs(['--self']).opponent.args).toEqual(parseMatchArgs([]).ours.args);
    // Another engine can play itself (its own time scaling) and is named for what it is.
    const fairy = parseMatchArgs(['--self', '--engine', '/usr/games/fairy-stockfish']);
    expect([fairy.ours.name, fairy.ours.command, fairy.opponent.command]).toEqual([
      'fairy-stockfish',
      '/usr/games/fairy-stockfish',
      '/usr/games/fairy-stockfish',
    ]);
    expect(parseMatchArgs(['--engine', 'node /tmp/old/uci.js']).ours.name).toBe('xiangqi-wasm');
    expect(splitCommand('node "my dir/engine.js" --x')).toEqual(['node', 'my dir/engine.js', '--x']);
  });

  test('--sprt: its words, defaults, and a large game limit unless --games is given', () => {
    expect(parseMatchArgs(['--sprt'])).toMatchObject({
      games: SPRT_MAX_GAMES,
      sprt: { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 },
    });
    const o = parseMatchArgs(['--sprt', 'elo1=10', 'beta=0.1', '--games', '400', '--tc', '5+0.05']);
    expect(o).toMatchObject({
      games: 400,
      sprt: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.1 },
      time: { kind: 'clock', baseMs: 5000, incMs: 50 },
    });
    expect(parseMatchArgs(['--games', '8', '--sprt'])).toMatchObject({ games: 8, sprt: { elo1: 5 } });
    expect(parseMatchArgs([]).sprt).toBeNull();
    expect(() => parseMatchArgs(['--sprt', 'elo1=-1'])).toThrow(/elo1 > elo0/);
    expect(() => parseMatchArgs(['--sprt', 'elo=3'])).toThrow(UsageError);
    expect(() => parseMatchArgs(['--sprt=elo1=3'])).toThrow(/space/);
  });

  test('mistakes are refused before any game', () => {
    expect(() => parseMatchArgs(['--games', 'ten'])).toThrow(UsageError);
    expect(() => parseMatchArgs(['--opponent-option', 'Skill Level'])).toThrow(/NAME=VALUE/);
    expect(() => parseMatchArgs(['--movetime', '100', '--tc', '5'])).toThrow(/one of --movetime, --tc and --nodes/);
    expect(() => parseMatchArgs(['--nodes', '5000', '--tc', '5'])).toThrow(/one of --movetime, --tc and --nodes/);
    expect(() => parseMatchArgs(['--nodes', '0'])).toThrow(/--nodes wants a whole number/);
    expect(() => parseMatchArgs(['--gmaes', '2'])).toThrow();
  });
});

describe('games', () => {
  test('an illegal move loses, with the position it was played in', async () => {
    const game = await playGame(fromStart, config(fakeSpec('illegal'), oursSpec), rules);
    expect(game).toMatchObject({ result: '0-1', reason: 'illegal-move', moves: [] });
    expect(game.detail).toContain('"a0a0"');
    expect(game.detail).toContain(START_FEN);
  });

  test('no answer in time loses on time', async () => {
    const game = await playGame({ ...fromStart, ourColor: 'black' }, config(oursSpec, fakeSpec('silent')), rules);
    expect(game).toMatchObject({ result: '0-1', reason: 'time-forfeit' });
  });

  test('a crash loses and says what the engine wrote', async () => {
    const game = await playGame(fromStart, config(fakeSpec('crash'), oursSpec), rules);
    expect(game).toMatchObject({ result: '0-1', reason: 'crash' });
    expect(game.detail).toMatch(/exit code 3.*boom/);
  });

  test('an engine that rejects its options does not start, and loses', async () => {
    const game = await playGame(
      fromStart,
      config(oursSpec, { ...fakeSpec('picky'), options: [['Skill Level', '3']] }),
      rules,
    );
    expect(game).toMatchObject({ result: '1-0', reason: 'crash' });
    expect(game.detail).toMatch(/No such option: Skill Level/);
  });

  test('Fairy-Stockfish ranks are translated both ways', async () => {
    const game = await playGame(fromStart, config(fakeSpec('fairy'), oursSpec), rules);
    // h3e3 arrives as h2e2; our reply goes out in ranks 1-10 (else the fake exits); h3e3 again is illegal.
    expect(game.moves[0]).toBe('h2e2');
    expect(game).toMatchObject({ result: '0-1', reason: 'illegal-move' });
  });

  test('a node budget plays the same game twice, whatever the load', async () => {
    const nodes: GameConfig = { ...config(oursSpec, oursSpec, 12), time: { kind: 'nodes', nodes: 3000 } };
    const [first, second] = [await playGame(fromStart, nodes, rules), await playGame(fromStart, nodes, rules)];
    expect(first.reason).toBe('max-plies');
    expect(first.moves).toHaveLength(12);
    expect(first.stats.ours.reported).toBe(6);
    expect(second.moves).toEqual(first.moves);
  });

  test.skipIf(!FAIRY_STOCKFISH)(
    'our engine and Fairy-Stockfish play on to the ply limit, processes ended',
    async () => {
      const fsf: EngineSpec = { name: 'fsf', command: FAIRY_STOCKFISH!, args: [], options: [] };
      const setup: GameSetup = { index: 1, opening: builtInOpenings()[0]!, ourColor: 'black' };
      // Book moves carry no search report, and the book picks at random by weight: searching every
      // move makes the count of reports exact.
      const searching: EngineSpec = { ...oursSpec, options: [['OwnBook', 'false']] };
      const game = await playGame(setup, config(searching, fsf, 16), rules);
      if (game.reason !== 'max-plies') expect(game.detail ?? game.reason).toBe('a game that reaches the ply limit');
      expect(game.moves).toHaveLength(16);
      expect(game.moves.slice(0, 6)).toEqual(setup.opening.moves);
      expect(game.stats.ours.moves).toBe(5);
      expect(game.stats.ours.reported).toBe(5);
      expect(liveEngineCount()).toBe(0);
      expect(tally([game])).toEqual({ wins: 0, draws: 1, losses: 0 });
    },
  );
});

// The built runner end to end: our engine against a fake that always plays an illegal move wins
// every pair 2-0, so an SPRT with elo1=400 accepts H1 after 5 pairs (each adds ln(s1/s0) = 0.598).
test('an SPRT match stops when a bound is crossed and saves its state, its PGN and its summary', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'match-sprt-'));
  const records = join(dir, 'matches');
  try {
    const runner = fileURLToPath(new URL('../../build/bench-match.js', import.meta.url));
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [
        runner,
        '--opponent',
        `node ${fake} illegal`,
        '--sprt',
        'elo1=400',
        '--movetime',
        '50',
        '--openings',
        builtInFile(dir),
      ],
      { env: { ...process.env, BENCH_RESULTS_DIR: dir, BENCH_MATCHES_DIR: records }, timeout: 60_000 },
    );
    expect(stderr).toMatch(/^SPRT 1 pairs, pentanomial \[0 0 0 0 1\], W\/D\/L 2\/0\/0, LLR 0\.60 \[-2\.94, 2\.94\]$/m);
    expect(stderr).toMatch(
      /^SPRT 5 pairs, pentanomial \[0 0 0 0 5\], W\/D\/L 10\/0\/0, LLR 2\.99 \[-2\.94, 2\.94\]: H1 accepted$/m,
    );
    expect(stderr).not.toMatch(/^SPRT 6 pairs/m);
    expect(stdout).toContain('SPRT elo0=0 elo1=400 alpha=0.05 beta=0.05: H1 accepted after 5 pairs (10 games)');
    const [file] = readdirSync(dir).filter((f) => f.endsWith('.json'));
    const saved = JSON.parse(readFileSync(join(dir, file!), 'utf8')) as {
      settings: { sprt: unknown; rule: string };
      summary: { sprt: unknown };
      games: unknown[];
      engines: { ours: { options: unknown[] } };
    };
    expect(saved.settings.sprt).toMatchObject({
      elo0: 0,
      elo1: 400,
      alpha: 0.05,
      beta: 0.05,
      lower: expect.closeTo(-2.944, 3) as unknown,
    });
    expect(saved.summary.sprt).toMatchObject({ pairs: 5, pentanomial: [0, 0, 0, 0, 5], decision: 'H1' });
    expect(saved.games.length).toBeGreaterThanOrEqual(10);
    // The fake offers no Rule option: the referee judges by perpetual check alone, and says so.
    expect(stderr).toMatch(/^games are judged by the check-only rules$/m);
    expect(saved.settings.rule).toBe('check-only');
    expect(saved.engines.ours.options).toContainEqual(['Rule', 'check-only']);
    // The tracked record: a stopped SPRT reports its verdict, not an Elo; the PGN holds every game.
    expect(stdout).not.toMatch(/Elo/);
    const [summaryFile] = readdirSync(records).filter((f) => f.endsWith('.json'));
    const summary = JSON.parse(readFileSync(join(records, summaryFile!), 'utf8')) as {
      summary: { sprt: unknown; wins: number; byReason: Record<string, unknown> };
      pgn: string;
      games: { result: string }[];
    };
    expect(summary.summary).not.toHaveProperty('elo');
    expect(summary.summary.sprt).toMatchObject({ pairs: 5, decision: 'H1' });
    expect(summary.summary.byReason['illegal-move']).toMatchObject({ wins: summary.summary.wins, losses: 0 });
    const tags = readPgnTags(join(records, summary.pgn));
    expect(tags).toHaveLength(summary.games.length);
    expect(tags.map((t) => t['Result'])).toEqual(summary.games.map((g) => g.result));
    expect(tags[0]).toMatchObject({ Round: '1', Rule: 'check-only', Termination: 'illegal-move' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
