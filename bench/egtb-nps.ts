// `npm run egtb:nps -- [options]`: what probing the endgame tables inside the search costs. Makes
// the first set's tables up to --max-entries, then searches the positions of `xiangqi-engine bench`
// to a fixed depth with the tables given to the search and without, alternating round by round
// (a shared machine drifts; the ratio within a round is what counts). Prints nodes a second each way
// per position group (middlegames, endgames), the table hits, and whether the node counts agree
// (where no probe answers they must). Writes bench/results/egtb-nps.json.
import { commandLine, wholeNumber } from '../lib/cli.ts';
import { BENCH_POSITIONS } from '../bin/bench-positions.ts';
import { firstSet } from '../web/egtb/material.ts';
import { Tablebases } from '../web/egtb/tablebases.ts';
import { createEngine } from '../web/engine/index.ts';
import { buildInfo, machine, table, writeJson } from './stats.ts';

const args = commandLine(
  {
    usage: 'npm run egtb:nps -- [options]',
    about:
      "Measures the search's nodes a second with the endgame tables probed and without, on the bench positions, alternating. Writes bench/results/egtb-nps.json.",
    options: {
      'max-entries': {
        type: 'string',
        value: 'N',
        default: '1000000',
        help: "make the first set's tables of at most N entries a side",
      },
      depth: { type: 'string', value: 'D', default: '12', help: 'search each position to depth D' },
      rounds: { type: 'string', value: 'R', default: '3', help: 'rounds, each searching with and without' },
      backend: { type: 'string', value: 'wasm|js', default: 'wasm', help: 'the engine build to measure' },
    },
  },
  (v) => ({
    maxEntries: wholeNumber(v['max-entries'], '--max-entries', { min: 1 }),
    depth: wholeNumber(v.depth, '--depth', { min: 1, max: 64 }),
    rounds: wholeNumber(v.rounds, '--rounds', { min: 1, max: 100 }),
    backend: v.backend === 'js' ? ('js' as const) : ('wasm' as const),
  }),
);

const tables = await Tablebases.load('wasm');
const start = performance.now();
const made = firstSet().filter((m) => tables.entries(m) <= args.maxEntries);
for (const material of made) tables.generate(material);
process.stderr.write(`${made.length} tables made in ${((performance.now() - start) / 1000).toFixed(1)} s\n`);

const engine = await createEngine(args.backend);
/** Middlegames: the positions before the bench's endgames (bin/bench-positions.ts). */
const firstEndgame = BENCH_POSITIONS.findIndex((p) => p.name === 'rook and cannon against rook and horse');
const groups = {
  middlegames: BENCH_POSITIONS.slice(0, firstEndgame),
  endgames: BENCH_POSITIONS.slice(firstEndgame),
};

interface Run {
  nodes: number;
  ms: number;
  hits: number;
}
const runs: Record<string, { off: Run[]; on: Run[] }> = {};
for (const name of Object.keys(groups)) runs[name] = { off: [], on: [] };
const searchGroup = (positions: typeof BENCH_POSITIONS, withTables: boolean): Run => {
  engine.useTables(withTables ? tables.prober() : null);
  const run = { nodes: 0, ms: 0, hits: 0 };
  for (const { fen } of positions) {
    engine.setPosition(fen);
    engine.clearHash();
    let hits = 0;
    const t = performance.now();
    const result = engine.search({ depth: args.depth }, (info) => (hits = info.tbhits ?? 0));
    run.ms += performance.now() - t;
    run.nodes += result.nodes;
    run.hits += hits;
  }
  return run;
};
for (let round = 0; round < args.rounds; round++) {
  for (const [name, positions] of Object.entries(groups)) {
    // Which goes first alternates, so neither always meets a cold or a warm machine.
    const order = round % 2 === 0 ? [false, true] : [true, false];
    for (const withTables of order) runs[name]![withTables ? 'on' : 'off'].push(searchGroup(positions, withTables));
  }
  process.stderr.write(`round ${round + 1} of ${args.rounds}\n`);
}

const nps = (r: Run) => r.nodes / (r.ms / 1000);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const summary = Object.entries(runs).map(([name, { off, on }]) => {
  const ratios = off.map((o, i) => nps(on[i]!) / nps(o));
  return {
    group: name,
    positions: groups[name as keyof typeof groups].length,
    npsOff: median(off.map(nps)),
    npsOn: median(on.map(nps)),
    ratio: median(ratios),
    sameNodes: off.every((o, i) => o.nodes === on[i]!.nodes),
    nodesOff: off[0]!.nodes,
    nodesOn: on[0]!.nodes,
    hits: on[0]!.hits,
  };
});
console.log(
  table(
    ['positions', 'nodes/s without', 'nodes/s with tables', 'ratio (median of rounds)', 'same nodes', 'table hits'],
    summary.map((s) => [
      `${s.group} (${s.positions})`,
      Math.round(s.npsOff).toLocaleString('en'),
      Math.round(s.npsOn).toLocaleString('en'),
      s.ratio.toFixed(3),
      s.sameNodes ? 'yes' : `no (${s.nodesOff} / ${s.nodesOn})`,
      String(s.hits),
    ]),
  ),
);
const path = writeJson('egtb-nps.json', {
  machine: machine(),
  build: buildInfo(),
  settings: { ...args, tables: made.length },
  summary,
  runs,
});
console.log(`\nwrote ${path}`);
