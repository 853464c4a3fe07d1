// `npm run egtb:convert -- [options]`: does the engine win the won endgames? From positions drawn at
// random from the endgame tables where the side to move wins (mate in --min-moves to --max-moves), our
// engine plays the winning side against Fairy-Stockfish defending, once with the tables (UCI option
// Tablebases) and once without. Counts the games won (within the move limit) and, with the tables,
// those won in exactly the table's distance or sooner (Fairy-Stockfish may defend worse than the
// longest defence). With --hold, the other way round: from drawn positions, our engine defends (the
// side without attacking pieces, behind in material) against Fairy-Stockfish attacking, and the games
// held are counted. Writes bench/results/egtb-convert.json (egtb-hold.json with --hold).
import { fileURLToPath } from 'node:url';
import { commandLine, wholeNumber } from '../lib/cli.ts';
import { firstSet } from '../web/egtb/material.ts';
import { Tablebases } from '../web/egtb/tablebases.ts';
import { createEngine } from '../web/engine/index.ts';
import { playGame, ourScore, type GameConfig, type GameRecord } from './match-game.ts';
import { FAIRY_STOCKFISH } from './native.ts';
import { sampleTables } from './egtb-fairy.ts';
import { buildInfo, machine, table, writeJson } from './stats.ts';
import { Random } from './lib/random.ts';

const args = commandLine(
  {
    usage: 'npm run egtb:convert -- [options]',
    about:
      "Plays our engine, with and without its endgame tables, from won table positions against Fairy-Stockfish defending; counts the wins and those as fast as the table's mate. Writes bench/results/egtb-convert.json.",
    options: {
      positions: { type: 'string', value: 'N', default: '200', help: 'won positions to play' },
      'min-moves': { type: 'string', value: 'N', default: '10', help: 'mates of at least N moves' },
      'max-moves': { type: 'string', value: 'N', default: '50', help: 'mates of at most N moves' },
      movetime: { type: 'string', value: 'MS', default: '1000', help: 'our time a move (without the tables)' },
      'opponent-movetime': { type: 'string', value: 'MS', default: '1000', help: "Fairy-Stockfish's time a move" },
      'max-entries': { type: 'string', value: 'N', default: '1000000', help: 'tables of at most N entries a side' },
      seed: { type: 'string', value: 'N', default: '1', help: 'which positions are drawn' },
      hold: { type: 'boolean', help: 'defend drawn positions instead, Fairy-Stockfish attacking' },
    },
  },
  (v) => ({
    positions: wholeNumber(v.positions, '--positions', { min: 1 }),
    minMoves: wholeNumber(v['min-moves'], '--min-moves', { min: 1 }),
    maxMoves: wholeNumber(v['max-moves'], '--max-moves', { min: 1 }),
    movetime: wholeNumber(v.movetime, '--movetime', { min: 1 }),
    opponentMovetime: wholeNumber(v['opponent-movetime'], '--opponent-movetime', { min: 1 }),
    maxEntries: wholeNumber(v['max-entries'], '--max-entries', { min: 1 }),
    seed: wholeNumber(v.seed, '--seed'),
    hold: v.hold === true,
  }),
);
// This file's build is build/bench-egtb-convert.js: the command line is at ../bin/ from there, as from here.
const ENGINE = fileURLToPath(new URL('../bin/xiangqi-engine.js', import.meta.url));
if (!FAIRY_STOCKFISH) throw new Error('fairy-stockfish is not installed: run apt-get install -y fairy-stockfish');

const tables = await Tablebases.load('wasm');
const materials = firstSet().filter((m) => tables.entries(m) <= args.maxEntries);
for (const material of materials) tables.generate(material);
// Drawn from the positions near enough to mate, then kept where the winner is to move and the mate
// is long enough to need technique.
const candidates = args.hold
  ? // Drawn with the defender to move, a losing move to avoid and no capture that settles it:
    // holding takes a right choice.
    sampleTables(tables, materials, args.positions * 200, { seed: args.seed, maxPlies: 0, draws: true }).filter((s) => {
      const moves = tables.moves(s.fen)!;
      return (
        s.fen.split(' ')[1] === 'b' &&
        moves.some((m) => m.result === 'loss') &&
        !moves.some((m) => m.capture && m.result === 'draw')
      );
    })
  : sampleTables(tables, materials, args.positions * 40, {
      seed: args.seed,
      maxPlies: 2 * args.maxMoves - 1,
      draws: false,
    }).filter((s) => s.result === 'win' && s.plies! >= 2 * args.minMoves - 1);
// Shuffled before the first N are kept: in the set's order, they would all be of its first tables.
const samples = new Random(args.seed).shuffled(candidates).slice(0, args.positions);

const rules = await createEngine('wasm');
const before = machine();
const runs: { tables: boolean; games: (GameRecord & { plies: number; tablePlies: number })[] }[] = [];
for (const withTables of [true, false]) {
  const config: GameConfig = {
    ours: {
      name: withTables ? 'xiangqi-wasm (tables)' : 'xiangqi-wasm (no tables)',
      command: process.execPath,
      args: [ENGINE],
      options: [['Tablebases', String(withTables)]],
    },
    opponent: { name: 'fairy-stockfish', command: FAIRY_STOCKFISH, args: [], options: [] },
    time: { kind: 'movetime', ms: args.movetime },
    opponentTime: { kind: 'movetime', ms: args.opponentMovetime },
    marginMs: 1000,
    maxPlies: 400,
  };
  const games: (GameRecord & { plies: number; tablePlies: number })[] = [];
  for (const [i, sample] of samples.entries()) {
    // The tables' positions have Red attacking: ours is the side to move in a won one, Black in a drawn one.
    const ourColor = args.hold ? 'black' : sample.fen.split(' ')[1] === 'b' ? 'black' : 'red';
    const game = await playGame(
      { index: i + 1, opening: { name: sample.material, fen: sample.fen, moves: [] }, ourColor },
      config,
      rules,
    );
    games.push({ ...game, plies: game.moves.length, tablePlies: sample.plies ?? 0 });
    process.stderr.write(
      `${withTables ? 'tables' : 'no tables'} ${i + 1}/${samples.length} ${sample.material}: ${game.result} ${game.reason} in ${game.moves.length} plies (table ${sample.plies})\n`,
    );
  }
  runs.push({ tables: withTables, games });
}

console.log(
  `${samples.length} ${args.hold ? 'drawn positions, ours defending,' : `won positions (mate in ${args.minMoves} to ${args.maxMoves} moves)`} from ${materials.length} tables; ours at ${args.movetime} ms without tables, Fairy-Stockfish at ${args.opponentMovetime} ms\n`,
);
console.log(
  table(
    ['ours', 'won', 'drawn', 'lost', args.hold ? 'held (drawn or won)' : "won within the table's distance"],
    runs.map((r) => {
      const won = r.games.filter((g) => ourScore(g) === 1);
      return [
        r.tables ? 'with tables' : 'without',
        String(won.length),
        String(r.games.filter((g) => ourScore(g) === 0.5).length),
        String(r.games.filter((g) => ourScore(g) === 0).length),
        String(
          args.hold ? r.games.filter((g) => ourScore(g) > 0).length : won.filter((g) => g.plies <= g.tablePlies).length,
        ),
      ];
    }),
  ),
);
writeJson(args.hold ? 'egtb-hold.json' : 'egtb-convert.json', {
  build: buildInfo(),
  machine: { before, after: machine() },
  args,
  runs,
});
