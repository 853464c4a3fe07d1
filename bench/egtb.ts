// `npm run bench:egtb -- [options]`: generates the endgame tables' first set (web/egtb/material.ts)
// in both builds, each build in a fresh module, and prints per table its entries, positions, the
// generation time in each build (the table alone: the smaller tables its captures reach are made
// first, as the set goes from small to large), its wins and draws and its longest mate. Tables over
// --max-entries are listed, not made. Checks that both builds wrote the same bytes; --verify also
// walks every position of every table (Tablebases.verify). Writes bench/results/egtb.json, and with
// --record docs/log/egtb-set.json, from which `npm run generate` writes the table in docs/endgames.md.
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { timeInChromium } from './egtb-browser.ts';
import { commandLine, wholeNumber } from '../lib/cli.ts';
import { firstSet, parseMaterial, smallerMaterials } from '../web/egtb/material.ts';
import { Tablebases, type TableStats } from '../web/egtb/tablebases.ts';
import { buildInfo, machine, repoRoot, table, writeJson } from './stats.ts';

const args = commandLine(
  {
    usage: 'npm run bench:egtb -- [options]',
    about:
      "Generates the endgame tables' first set in the wasm and JS builds; prints each table's size, generation times, wins, draws and longest mate; checks the builds agree byte for byte. Writes bench/results/egtb.json (and with --record docs/log/egtb-set.json).",
    options: {
      'max-entries': {
        type: 'string',
        value: 'N',
        default: '1000000',
        help: 'make only tables of at most N entries a side to move',
      },
      materials: {
        type: 'string',
        value: 'LIST',
        help: 'only these materials, comma-separated (default the first set)',
      },
      verify: { type: 'boolean', help: 'walk every position of every table made against its moves' },
      browser: { type: 'boolean', help: "also time each table's generation in headless Chromium (wasm)" },
      record: { type: 'boolean', help: 'also write docs/log/egtb-set.json' },
    },
  },
  (v) => ({
    maxEntries: wholeNumber(v['max-entries'], '--max-entries', { min: 1 }),
    materials: v.materials?.split(',').map((m) => parseMaterial(m.trim()).name) ?? firstSet(),
    verify: v.verify === true,
    browser: v.browser === true,
    record: v.record === true,
  }),
);

export interface EgtbRow {
  material: string;
  entries: number;
  made: boolean;
  wasmMs: number | null;
  jsMs: number | null;
  /** The wasm build's time in headless Chromium, with --browser. */
  chromiumMs: number | null;
  /** The values (two bytes an entry, both sides to move) gzipped at level 9: what shipping it would cost. */
  gzipBytes: number | null;
  stats: TableStats | null;
  /** Positions breaking the retrograde rules, when verified. */
  wrong: number | null;
}

const wasm = await Tablebases.load('wasm');
const js = await Tablebases.load('js');
const before = machine();
const rows: EgtbRow[] = [];
for (const material of args.materials) {
  const entries = wasm.entries(material);
  if (entries > args.maxEntries) {
    rows.push({
      material,
      entries,
      made: false,
      wasmMs: null,
      jsMs: null,
      chromiumMs: null,
      gzipBytes: null,
      stats: null,
      wrong: null,
    });
    continue;
  }
  // The smaller tables its captures reach come first (they are in the set before it, or made here).
  const time = (tables: Tablebases) => {
    for (const smaller of smallerMaterials(material)) tables.generate(smaller);
    const start = performance.now();
    tables.generate(material);
    return performance.now() - start;
  };
  const wasmMs = time(wasm);
  const jsMs = time(js);
  const same = Buffer.from(wasm.values(material).buffer).equals(Buffer.from(js.values(material).buffer));
  if (!same) throw new Error(`${material}: the wasm and JS builds wrote different tables`);
  const wrong = args.verify ? wasm.verify(material) : null;
  const stats = wasm.stats(material);
  const gzipBytes = gzipSync(wasm.values(material), { level: 9 }).length;
  rows.push({ material, entries, made: true, wasmMs, jsMs, chromiumMs: null, gzipBytes, stats, wrong });
  process.stderr.write(`${material}: ${entries} entries, ${wasmMs.toFixed(0)} ms wasm, ${jsMs.toFixed(0)} ms JS\n`);
}

let chromium: string | null = null;
if (args.browser) {
  const timed = await timeInChromium(
    rows.filter((r) => r.made).map((r) => r.material),
    (line) => process.stderr.write(line + '\n'),
  );
  chromium = timed.chromium;
  for (const row of rows) row.chromiumMs = timed.ms.get(row.material) ?? null;
}

const percent = (part: number, whole: number) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`);
console.log(
  table(
    [
      'table',
      'entries',
      'positions',
      'wasm ms',
      'JS ms',
      'Chromium ms',
      'gzip KB',
      'Red wins',
      'Red draws',
      'Black draws',
      'longest mate',
    ],
    rows.map((r) =>
      r.stats === null
        ? [r.material, String(r.entries), 'not made', '-', '-', '-', '-', '-', '-', '-', '-']
        : [
            r.material,
            String(r.entries),
            String(r.stats.positions[0] + r.stats.positions[1]),
            r.wasmMs!.toFixed(0),
            r.jsMs!.toFixed(0),
            r.chromiumMs === null ? '-' : r.chromiumMs.toFixed(0),
            (r.gzipBytes! / 1024).toFixed(0),
            percent(r.stats.wins[0], r.stats.positions[0]),
            percent(r.stats.draws[0], r.stats.positions[0]),
            percent(r.stats.draws[1], r.stats.positions[1]),
            String(Math.max(r.stats.longest[0], r.stats.longest[1])),
          ],
    ),
  ),
);
const made = rows.filter((r) => r.made);
const total = (key: 'wasmMs' | 'jsMs' | 'chromiumMs') => made.reduce((s, r) => s + (r[key] ?? 0), 0) / 1000;
const gzipped = made.reduce((s, r) => s + r.gzipBytes!, 0);
console.log(
  `\n${made.length} tables made (${rows.length - made.length} over ${args.maxEntries} entries left out): ${total('wasmMs').toFixed(1)} s wasm, ${total('jsMs').toFixed(1)} s JS${chromium ? `, ${total('chromiumMs').toFixed(1)} s in ${chromium}` : ''}, both builds byte-identical; ${(gzipped / 1e6).toFixed(1)} MB gzipped` +
    (args.verify ? `; positions breaking the retrograde rules: ${made.reduce((s, r) => s + r.wrong!, 0)}` : ''),
);
const result = {
  build: buildInfo(),
  machine: { before, after: machine(), chromium },
  maxEntries: args.maxEntries,
  rows,
};
writeJson('egtb.json', result);
if (args.record) writeFileSync(new URL('docs/log/egtb-set.json', repoRoot()), JSON.stringify(result, null, 1) + '\n');
