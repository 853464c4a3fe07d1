// `npm run ladder`: the calibration ladder of the rated levels (docs/levels.md).
// Each skill level on the ladder plays the next one up, and the top (full strength) plays the
// anchor, Fairy-Stockfish at full strength, all at one time a move. Every match goes through the
// match tool (build/bench-match.js, as `npm run match`), which keeps its games in
// bench/matches/ladder/. The run is resumable: it counts the games each pair already has there and
// plays only what is missing, a chunk at a time (Ctrl-C loses at most the games in progress), each
// chunk with its own opening seed.
// `npm run ladder -- --table` fits the ratings to those games (ladder-fit.ts) and writes
// web/engine/levels.generated.ts, the table UCI_Elo and the board's `elo` are played from; then
// `npm run generate` puts it in docs/levels.md.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ANCHOR, gamesBetween, pairResults, readLadderMatches, skillName, skillOf } from './ladder-records.ts';
import { expectedScore, fitRatings } from './ladder-fit.ts';
import { repoRoot } from './stats.ts';
import { commandLine, CommandLineError, wholeNumber, type CliValues, type CommandSpec } from '../lib/cli.ts';
import { FULL_STRENGTH } from '../web/engine/shared.ts';
import { KEEP_MAJORS_FROM, KEEP_MAJORS_FROM_SKILL, RATED_MOVETIME_MS } from '../web/engine/strength.ts';

const root = fileURLToPath(repoRoot());

const SPEC = {
  usage: 'npm run ladder -- [options]',
  about:
    'Plays what the calibration ladder lacks (each skill level against the next, the top against the anchor), resumable, through the match tool into bench/matches/ladder/; then `npm run ladder -- --table` fits the ratings and writes web/engine/levels.generated.ts.',
  options: {
    games: { type: 'string', value: 'N', default: '100', help: 'games each adjacent pair' },
    'anchor-games': {
      type: 'string',
      value: 'N',
      help: 'games of the top level against the anchor (default: --games)',
    },
    chunk: { type: 'string', value: 'N', default: '20', help: 'games a match run: what an interruption can lose' },
    movetime: {
      type: 'string',
      value: 'MS',
      default: String(RATED_MOVETIME_MS),
      help: 'time a move (the time the ratings hold at)',
    },
    skills: {
      type: 'string',
      value: 'A,B,...',
      default: '0,1,2,3,4,6,8,10,13,16,20',
      help: "the ladder's skill levels, weakest first",
    },
    anchor: {
      type: 'string',
      value: 'NAME',
      default: 'fairy-stockfish',
      help: 'the anchor engine: fairy-stockfish or none',
    },
    'anchor-elo': { type: 'string', value: 'N', default: '2300', help: "the anchor's rating" },
    seed: {
      type: 'string',
      value: 'N',
      default: '1',
      help: 'opening seed of the first chunk (chunk k of a pair adds k)',
    },
    concurrency: { type: 'string', value: 'N', default: '2', help: 'games at a time' },
    'time-margin': {
      type: 'string',
      value: 'MS',
      default: '1000',
      help: 'grace past the movetime before a loss on time (more on a busy machine)',
    },
    records: { type: 'string', value: 'DIR', help: 'where the matches go (default bench/matches/ladder/)' },
    table: {
      type: 'boolean',
      default: false,
      help: 'play nothing: fit the ratings and write web/engine/levels.generated.ts',
    },
    'dry-run': { type: 'boolean', default: false, help: 'say what would be played' },
  },
} satisfies CommandSpec;

function parse(v: CliValues<typeof SPEC.options>) {
  const skills = v.skills.split(',').map((s) => wholeNumber(s.trim(), '--skills', { max: FULL_STRENGTH }));
  if (skills.some((s, i) => i > 0 && s <= skills[i - 1]!))
    throw new CommandLineError(`--skills wants skill levels 0-${FULL_STRENGTH}, weakest first, not "${v.skills}"`);
  const anchor = v.anchor;
  if (anchor !== 'fairy-stockfish' && anchor !== 'none')
    throw new CommandLineError(`--anchor must be fairy-stockfish or none, not "${anchor}"`);
  const games = wholeNumber(v.games, '--games', { min: 1 });
  return {
    games,
    anchorGames: wholeNumber(v['anchor-games'], '--anchor-games', { min: 1, fallback: games }),
    chunk: wholeNumber(v.chunk, '--chunk', { min: 1 }),
    movetime: wholeNumber(v.movetime, '--movetime', { min: 1 }),
    skills,
    anchor,
    anchorElo: wholeNumber(v['anchor-elo'], '--anchor-elo', { min: 1 }),
    seed: wholeNumber(v.seed, '--seed'),
    concurrency: wholeNumber(v.concurrency, '--concurrency', { min: 1 }),
    timeMargin: wholeNumber(v['time-margin'], '--time-margin'),
    records: v.records ?? `${root}bench/matches/ladder/`,
    table: v.table,
    dryRun: v['dry-run'],
  };
}

type Options = ReturnType<typeof parse>;

/** The pairs of the ladder: each level and the next, then the top and the anchor. */
function ladderPairs(o: Options): { lower: string; upper: string; games: number }[] {
  const pairs = o.skills
    .slice(1)
    .map((s, i) => ({ lower: skillName(o.skills[i]!), upper: skillName(s), games: o.games }));
  if (o.anchor !== 'none') pairs.push({ lower: skillName(o.skills.at(-1)!), upper: ANCHOR, games: o.anchorGames });
  return pairs;
}

/** One match run: `upper` (ours, or the anchor's opponent) against `lower`. */
function playChunk(o: Options, lower: string, upper: string, games: number, seed: number): void {
  const args = [`${root}build/bench-match.js`, '--games', String(games), '--movetime', String(o.movetime)];
  args.push('--seed', String(seed), '--concurrency', String(o.concurrency), '--records', o.records);
  args.push('--time-margin', String(o.timeMargin));
  if (upper === ANCHOR) {
    args.push('--engine-option', `Skill Level=${skillOf(lower)}`, '--opponent', 'fairy-stockfish');
  } else {
    args.push('--self', '--engine-option', `Skill Level=${skillOf(upper)}`);
    args.push('--opponent-option', `Skill Level=${skillOf(lower)}`);
  }
  console.log(`ladder: ${upper} vs ${lower}, ${games} games, seed ${seed}`);
  const run = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`the match tool stopped (${run.status ?? run.signal}): ladder stopped`);
}

function play(o: Options): void {
  for (const [k, pair] of ladderPairs(o).entries()) {
    for (;;) {
      const done = gamesBetween(readLadderMatches(o.records), pair.lower, pair.upper, o.movetime);
      if (done >= pair.games) {
        console.log(`ladder: ${pair.upper} vs ${pair.lower}: ${done} games, done`);
        break;
      }
      // Even chunks: each opening is played from both sides.
      const games = Math.min(o.chunk, pair.games - done + ((pair.games - done) % 2));
      const seed = o.seed + k * 1000 + Math.floor(done / o.chunk);
      if (o.dryRun) {
        console.log(
          `would play ${pair.upper} vs ${pair.lower}: ${games} games (seed ${seed}), ${done} of ${pair.games} done`,
        );
        break;
      }
      playChunk(o, pair.lower, pair.upper, games, seed);
    }
  }
}

/** Fits the ladder's games and writes the table the engine plays UCI_Elo from. */
function table(o: Options): void {
  const pairs = pairResults(readLadderMatches(o.records), o.movetime);
  if (pairs.length === 0) throw new Error(`no ladder games at ${o.movetime} ms a move in ${o.records}`);
  const anchored = pairs.some((p) => p.a === ANCHOR || p.b === ANCHOR);
  const fixed = anchored ? ANCHOR : skillName(20);
  const fitted = fitRatings(pairs, fixed, o.anchorElo);
  const ratings = fitted.filter((r) => r.player !== ANCHOR);
  const levels = ratings
    .map((r) => ({ skill: skillOf(r.player)!, elo: Math.round(r.elo), margin: Math.round(r.margin), games: r.games }))
    .sort((a, b) => a.skill - b.skill);
  const between = (x: string, y: string) => pairs.find((q) => (q.a === x && q.b === y) || (q.a === y && q.b === x));
  const adjacent = ladderPairs(o).map((p) => between(p.lower, p.upper)?.games ?? 0);
  const games = pairs.reduce((sum, p) => sum + p.games, 0);
  const elos = new Map(fitted.map((r) => [r.player, r.elo]));
  // Each rung from the stronger side, as docs/levels.md shows it: what it scored, and what the fit expects.
  const matches = ladderPairs(o).flatMap(({ lower, upper }) => {
    const q = between(lower, upper);
    if (!q) return [];
    const points = q.a === upper ? q.points : q.games - q.points;
    const expected = expectedScore(elos.get(upper)!, elos.get(lower)!);
    return [{ upper, lower, games: q.games, points, expected: Math.round(expected * 1000) / 1000 }];
  });
  const provisional = !anchored || Math.min(...adjacent) < 100;
  const folder = relative(root, o.records).replaceAll('\\', '/');
  const text = `// Generated by \`npm run ladder -- --table\` (bench/ladder.ts) from the ladder's matches in
// ${folder}/ (docs/levels.md); do not edit by hand.
// ${provisional ? `PROVISIONAL: ${games} games, fewer than 100 for some adjacent pair${anchored ? '' : ', and no anchor match (full strength held at the anchor rating)'}.` : `${games} games.`}

/** The scale's fixed point: this engine, at full strength and this time a move, is rated \`elo\`. */
export const LADDER_ANCHOR = { engine: 'Fairy-Stockfish 11.1', elo: ${o.anchorElo}, movetimeMs: ${o.movetime} } as const;

/** Games behind the table, and whether it is short of the full ladder (>= 100 games each adjacent pair, and the anchor). */
export const LADDER_GAMES = ${games};
export const LADDER_PROVISIONAL: boolean = ${provisional}; // typed: scripts branch on it whichever it is

/** Each rung of the ladder: our engine at \`skill\` (strength = skill x 100), its rating and 95% error. */
export const LEVEL_RATINGS: readonly { skill: number; elo: number; margin: number; games: number }[] = [
${levels.map((l) => `  { skill: ${l.skill}, elo: ${l.elo}, margin: ${l.margin}, games: ${l.games} },`).join('\n')}
];

/** Each match of the ladder, from the stronger side: its games, its points, and the score the fitted ratings expect. */
export const LADDER_MATCHES: readonly { upper: string; lower: string; games: number; points: number; expected: number }[] = [
${matches.map((m) => `  { upper: '${m.upper}', lower: '${m.lower}', games: ${m.games}, points: ${m.points}, expected: ${m.expected} },`).join('\n')}
];
`;
  writeFileSync(`${root}web/engine/levels.generated.ts`, text);
  console.log('level      rating   95%    games');
  for (const l of levels)
    console.log(
      `skill ${String(l.skill).padStart(2)}  ${String(l.elo).padStart(6)}  ±${String(l.margin).padEnd(5)} ${l.games}`,
    );
  console.log('\npair                   games   score   expected by the fit');
  for (const p of pairs) {
    const score = p.points / p.games;
    const expected = expectedScore(elos.get(p.a)!, elos.get(p.b)!);
    console.log(
      `${`${p.a} vs ${p.b}`.padEnd(22)} ${String(p.games).padStart(5)}   ${(score * 100).toFixed(1)}%   ${(expected * 100).toFixed(1)}%`,
    );
  }
  const guarded = levels.find((l) => l.skill === KEEP_MAJORS_FROM_SKILL);
  if (guarded && guarded.elo > KEEP_MAJORS_FROM)
    console.log(
      `\nwarning: skill ${KEEP_MAJORS_FROM_SKILL}, where skill levels start keeping their pieces, is rated ${guarded.elo}, above ${KEEP_MAJORS_FROM}: lower KEEP_MAJORS_FROM_SKILL (web/engine/strength.ts) and run the ladder again`,
    );
  console.log(
    `\nwrote web/engine/levels.generated.ts (${provisional ? 'provisional' : 'full ladder'}); now npm run generate`,
  );
}

const options = commandLine(SPEC, parse);
if (options.table) table(options);
else play(options);
