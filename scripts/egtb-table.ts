// The table of the endgame tables' first set in docs/endgames.md, from the committed record of the
// last `npm run bench:egtb -- --verify --browser --record` (docs/log/egtb-set.json): each table made, with its size,
// generation time in each build on the machine the record names, wins, draws and longest mate; then
// the tables of the set still too large to make on demand.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface Row {
  material: string;
  entries: number;
  made: boolean;
  wasmMs: number | null;
  jsMs: number | null;
  chromiumMs?: number | null;
  gzipBytes?: number | null;
  stats: {
    positions: [number, number];
    wins: [number, number];
    draws: [number, number];
    longest: [number, number];
  } | null;
  wrong: number | null;
}

interface SetRecord {
  build: Record<string, string>;
  machine: { before: Record<string, string>; chromium?: string | null };
  maxEntries: number;
  rows: Row[];
}

const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)}%`);
const grouped = (n: number) => n.toLocaleString('en-US');

export function egtbTable(): string {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const record = JSON.parse(readFileSync(`${root}docs/log/egtb-set.json`, 'utf8')) as SetRecord;
  const made = record.rows.filter((r) => r.made && r.stats !== null);
  const left = record.rows.filter((r) => !r.made);
  const seconds = (key: 'wasmMs' | 'jsMs' | 'chromiumMs') =>
    (made.reduce((s, r) => s + (r[key] ?? 0), 0) / 1000).toFixed(1);
  const gzipped = made.reduce((s, r) => s + (r.gzipBytes ?? 0), 0);
  const chromium = record.machine.chromium;
  const wrong = made.reduce((s, r) => s + (r.wrong ?? 0), 0);
  // The one-minute load average when the run began: a busy machine makes the tables slower.
  const load = record.machine.before['load']?.split(' ')[0];
  return [
    '<!-- Written by `npm run generate` from docs/log/egtb-set.json (`npm run bench:egtb -- --verify --browser --record`): rerun those, do not edit. -->',
    '',
    `${made.length} tables made, ${seconds('wasmMs')} s in the wasm build and ${seconds('jsMs')} s in the JS build (Node, ${record.machine.before['cpu'] ?? 'this machine'}${load ? `, load ${load} at the start` : ''})${chromium ? `, ${seconds('chromiumMs')} s in ${chromium} (wasm)` : ''}, byte-identical; every position of every table verified against its moves: ${wrong} wrong. Their values would take ${(gzipped / 1e6).toFixed(1)} MB gzipped to ship. Entries are per side to move; positions count both sides to move; wins and draws are with Red (the attacking side) to move, draws also with Black to move; the longest mate is in plies.`,
    '',
    '| table | entries | positions | wasm ms | JS ms | Chromium ms | gzip KB | Red wins | Red draws | Black draws | longest mate |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...made.map((r) => {
      const s = r.stats!;
      const chromiumMs = r.chromiumMs == null ? '–' : r.chromiumMs.toFixed(0);
      const kb = r.gzipBytes == null ? '–' : (r.gzipBytes / 1024).toFixed(0);
      return `| ${r.material} | ${grouped(r.entries)} | ${grouped(s.positions[0] + s.positions[1])} | ${r.wasmMs!.toFixed(0)} | ${r.jsMs!.toFixed(0)} | ${chromiumMs} | ${kb} | ${percent(s.wins[0], s.positions[0])} | ${percent(s.draws[0], s.positions[0])} | ${percent(s.draws[1], s.positions[1])} | ${Math.max(s.longest[0], s.longest[1])} |`;
    }),
    '',
    `Not made on demand (over ${grouped(record.maxEntries)} entries a side), ${left.length} tables: ${left.map((r) => `${r.material} (${(r.entries / 1e6).toFixed(1)} M)`).join(', ')}.`,
  ].join('\n');
}
