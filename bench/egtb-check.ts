// `npm run egtb:check -- [options]`: the endgame tables against Fairy-Stockfish on many positions
// (bench/egtb-fairy.ts): N positions at most 9 plies from mate drawn at random from the tables of the
// first set up to --max-entries, and N/10 drawn ones. Prints how many Fairy-Stockfish saw exactly as
// the tables say, how many it saw longer where the table's line ends in a stalemate it does not see,
// and lists any that contradict a table; writes bench/results/egtb-check.json.
import { commandLine, wholeNumber } from '../lib/cli.ts';
import { firstSet } from '../web/egtb/material.ts';
import { Tablebases } from '../web/egtb/tablebases.ts';
import { judge, sampleTables, type DtmVerdict } from './egtb-fairy.ts';
import { startFairyStockfish } from './native.ts';
import { buildInfo, machine, table, writeJson } from './stats.ts';

const args = commandLine(
  {
    usage: 'npm run egtb:check -- [options]',
    about:
      'Checks the endgame tables against Fairy-Stockfish on positions drawn at random from them: mates of at most 9 plies found exactly as long, and no mate where a table says draw. Writes bench/results/egtb-check.json.',
    options: {
      positions: {
        type: 'string',
        value: 'N',
        default: '2000',
        help: 'positions within 9 plies of mate (and N/10 drawn)',
      },
      'max-entries': { type: 'string', value: 'N', default: '400000', help: 'tables of at most N entries a side' },
      seed: { type: 'string', value: 'N', default: '1', help: 'which positions are drawn' },
    },
  },
  (v) => ({
    positions: wholeNumber(v.positions, '--positions', { min: 1 }),
    maxEntries: wholeNumber(v['max-entries'], '--max-entries', { min: 1 }),
    seed: wholeNumber(v.seed, '--seed'),
  }),
);

const native = await startFairyStockfish();
if (!native) throw new Error('fairy-stockfish is not installed: run apt-get install -y fairy-stockfish');
native.send('setoption name Hash value 16');
const tables = await Tablebases.load('wasm');
const materials = firstSet().filter((m) => tables.entries(m) <= args.maxEntries);
for (const material of materials) tables.generate(material);
const before = machine();
const samples = [
  ...sampleTables(tables, materials, args.positions, { seed: args.seed, maxPlies: 9, draws: false }),
  ...sampleTables(tables, materials, Math.ceil(args.positions / 10), { seed: args.seed + 1, maxPlies: 0, draws: true }),
];
const verdicts: DtmVerdict[] = [];
for (const [i, sample] of samples.entries()) {
  verdicts.push(await judge(native, tables, sample));
  if ((i + 1) % 200 === 0) process.stderr.write(`${i + 1}/${samples.length}\n`);
}
native.quit();

const kinds = ['win', 'loss', 'draw'] as const;
console.log(
  `${samples.length} positions from ${materials.length} tables (at most ${args.maxEntries} entries a side), Fairy-Stockfish ${native.idName ?? ''}\n`,
);
console.log(
  table(
    ['side to move', 'positions', 'same', 'longer (stalemate)', 'contradicts'],
    kinds.map((k) => {
      const of = verdicts.filter((v) => v.result === k);
      const count = (o: DtmVerdict['outcome']) => String(of.filter((v) => v.outcome === o).length);
      return [k, String(of.length), count('same'), count('longer'), count('contradicts')];
    }),
  ),
);
for (const v of verdicts.filter((x) => x.outcome === 'contradicts'))
  console.log(`contradicts: ${v.fen} table ${v.result} ${v.plies ?? ''}, Fairy-Stockfish ${JSON.stringify(v.answer)}`);
writeJson('egtb-check.json', { build: buildInfo(), machine: { before, after: machine() }, args, verdicts });
