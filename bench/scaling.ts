// `npm run bench:scaling -- [--positions 20] [--from 10] [--to 18] [--seconds 60] [--seed 1] [--engine CMD]`:
// why more time helps one engine more than another. Both our UCI engine and Fairy-Stockfish search
// the same positions (bench/openings.txt lines played out, shuffled by the seed) with `go depth`,
// and every completed iteration's node count and best move are read from their `info` lines. Per
// depth d: the effective branching factor (nodes to finish iteration d over nodes to finish d - 1,
// geometric mean over the positions that finished both) and how often the best move changed from
// d - 1 to d, and the nodes it took to finish d (geometric mean): the same depth is not the same
// search in two engines, so the nodes say what a depth costs each. Prints a table; writes bench/results/scaling-<date>.json.
import { fileURLToPath } from 'node:url';
import { createEngine } from '../web/engine/index.ts';
import { matchOpenings, orderOpenings } from './match-openings.ts';
import { FAIRY_STOCKFISH, UciProcess } from './native.ts';
import { iterations, type Iteration } from './lib/iterations.ts';
import { machine, table, writeJson } from './stats.ts';
import { commandLine, wholeNumber } from '../lib/cli.ts';

const args = commandLine(
  {
    usage: 'npm run bench:scaling -- [options]',
    about:
      'Why more time helps one engine more than another: our engine and Fairy-Stockfish search the same positions to a fixed depth; per depth, the effective branching factor and how often the best move changed. Writes bench/results/scaling-<date>.json.',
    options: {
      positions: { type: 'string', value: 'N', default: '20', help: 'positions to search' },
      from: { type: 'string', value: 'D', default: '10', help: 'first depth of the table' },
      to: { type: 'string', value: 'D', default: '18', help: 'deepest iteration asked for' },
      seconds: { type: 'string', value: 'S', default: '60', help: 'longest search of one position by one engine' },
      seed: { type: 'string', value: 'N', default: '1', help: 'which openings' },
      engine: { type: 'string', value: 'CMD', help: 'our engine (default: node build/uci.js)' },
    },
  },
  (v) => ({
    count: wholeNumber(v.positions, '--positions', { min: 1 }),
    from: wholeNumber(v.from, '--from', { min: 2 }),
    to: wholeNumber(v.to, '--to', { min: 2 }),
    seconds: wholeNumber(v.seconds, '--seconds', { min: 1 }),
    seed: wholeNumber(v.seed, '--seed'),
    engine: v.engine,
  }),
);

async function search(
  engine: UciProcess,
  fen: string,
  depth: number,
  seconds: number,
  fairy: boolean,
): Promise<Iteration[]> {
  engine.send('ucinewgame');
  await engine.request('isready', (l) => l === 'readyok');
  engine.send(`position fen ${fen}`);
  const timer = setTimeout(() => engine.send('stop'), seconds * 1000);
  const lines = await engine.request(`go depth ${depth}`, (l) => l.startsWith('bestmove'));
  clearTimeout(timer);
  return iterations(lines, fairy);
}

async function start(command: string[], fairy: boolean): Promise<UciProcess> {
  const engine = new UciProcess(command[0]!, command.slice(1));
  const hello = await engine.request('uci', (l) => l === 'uciok');
  engine.idName = hello.find((l) => l.startsWith('id name '))?.slice(8) ?? command.join(' ');
  if (fairy) engine.send('setoption name UCI_Variant value xiangqi');
  engine.send('setoption name Threads value 1');
  engine.send('setoption name Hash value 64');
  // Our book would answer the first moves without a search.
  if (!fairy) engine.send('setoption name OwnBook value false');
  await engine.request('isready', (l) => l === 'readyok');
  return engine;
}

const geomean = (xs: number[]) => (xs.length ? Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length) : NaN);

async function main(): Promise<void> {
  const { count, from, to, seconds } = args;
  if (!FAIRY_STOCKFISH) throw new Error('fairy-stockfish is not installed (apt-get install fairy-stockfish)');
  const rules = await createEngine('wasm');
  const openings = orderOpenings(matchOpenings(null).openings, args.seed).slice(0, count);
  const fens = openings.map((o) => {
    rules.setPosition(o.fen, o.moves);
    return rules.fen();
  });
  const ours = args.engine?.split(' ') ?? [process.execPath, fileURLToPath(new URL('./uci.js', import.meta.url))];
  const engines = { ours: await start(ours, false), fairy: await start([FAIRY_STOCKFISH], true) };
  const results: Record<'ours' | 'fairy', Iteration[][]> = { ours: [], fairy: [] };
  for (const [i, fen] of fens.entries()) {
    for (const side of ['ours', 'fairy'] as const) {
      results[side].push(await search(engines[side], fen, to, seconds, side === 'fairy'));
    }
    const last = (side: 'ours' | 'fairy') => results[side][i]!.at(-1)?.depth ?? 0;
    process.stderr.write(
      `[${i + 1}/${fens.length}] depth reached: ours ${last('ours')}, fairy-stockfish ${last('fairy')}\n`,
    );
  }
  for (const engine of Object.values(engines)) engine.quit();

  const rows: string[][] = [];
  const json: Record<string, unknown>[] = [];
  for (let d = from; d <= to; d++) {
    const stats = (side: 'ours' | 'fairy') => {
      const ebf: number[] = [];
      const nodes: number[] = [];
      let changed = 0;
      let both = 0;
      for (const its of results[side]) {
        const now = its.find((x) => x.depth === d);
        const before = its.find((x) => x.depth === d - 1);
        if (!now || !before || before.nodes === 0) continue;
        both++;
        nodes.push(now.nodes);
        ebf.push(now.nodes / before.nodes);
        if (now.move !== before.move) changed++;
      }
      return { positions: both, nodes: geomean(nodes), ebf: geomean(ebf), changed: both ? changed / both : NaN };
    };
    const [o, f] = [stats('ours'), stats('fairy')];
    json.push({ depth: d, ours: o, fairyStockfish: f });
    const pct = (x: number) => (Number.isNaN(x) ? 'n/a' : `${(x * 100).toFixed(0)}%`);
    const num = (x: number) => (Number.isNaN(x) ? 'n/a' : x.toFixed(2));
    const thousands = (x: number) => (Number.isNaN(x) ? 'n/a' : `${Math.round(x / 1000)}k`);
    rows.push([
      String(d),
      thousands(o.nodes),
      thousands(f.nodes),
      `${num(o.ebf)} (${o.positions})`,
      `${num(f.ebf)} (${f.positions})`,
      pct(o.changed),
      pct(f.changed),
    ]);
  }
  console.log(
    `${fens.length} positions (bench/openings.txt, seed ${args.seed}), one thread each, ${seconds} s at most a search`,
  );
  console.log(
    table(
      [
        'depth',
        'nodes ours',
        'nodes Fairy-Stockfish',
        'EBF ours (n)',
        'EBF Fairy-Stockfish (n)',
        'best move changed, ours',
        'Fairy-Stockfish',
      ],
      rows,
    ),
  );
  const file = writeJson(`scaling-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.json`, {
    machine: machine(),
    settings: {
      positions: fens.length,
      from,
      to,
      seconds,
      seed: args.seed,
      engines: { ours: engines.ours.idName, fairyStockfish: engines.fairy.idName },
    },
    depths: json,
    iterations: results,
    fens,
  });
  console.log(`wrote ${file}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
