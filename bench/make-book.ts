// `npm run book`: writes book/xiangqi.book, the opening book the UCI engine and the board play from
// (layout: web/engine/book.ts). Positions are taken breadth first from the start position, the first
// moves of the named systems (opening-gen.ts), the built-in lines (opening-lines.ts) and the match
// tool's lines (bench/openings.txt), and then from the book's own moves. Each position is analysed
// by this engine at a fixed depth with MultiPV and an empty hash; the moves within a window of the
// best are stored, weighted by how far below the best they score, and followed. One thread, fixed
// depth and an empty hash per search make a run reproducible: same options, same engine, same file.
//
// The defaults are the committed book's settings (`npm run book` rebuilds it byte for byte).
// Options: --depth N (7) --multipv N (3) --window CP (8) --max-moves N (2) --positions N (stop
// after this many; default: until the records fill --max-bytes) --max-bytes N (262144)
// --minutes M (35: stop early with what is analysed) --out FILE
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine, START_FEN } from '../web/engine/index.ts';
import { bookKey, encodeBook, encodeMove, mirrorMove, positionKey, type BookRecord } from '../web/engine/book.ts';
import type { SearchInfo } from '../web/engine/types.ts';
import { SYSTEMS } from './opening-gen.ts';
import { builtInOpenings } from './opening-lines.ts';
import { repoRoot } from './stats.ts';

const { values } = parseArgs({
  options: {
    depth: { type: 'string', default: '7' },
    multipv: { type: 'string', default: '3' },
    window: { type: 'string', default: '8' },
    'max-moves': { type: 'string', default: '2' },
    positions: { type: 'string', default: '0' },
    'max-bytes': { type: 'string', default: '262144' },
    minutes: { type: 'string', default: '35' },
    out: { type: 'string', default: new URL('book/xiangqi.book', repoRoot()).pathname },
  },
});
const number = (name: keyof typeof values): number => {
  const n = Number(values[name]);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} wants a number, not "${values[name]}"`);
  return n;
};
const settings = {
  depth: number('depth'), multipv: number('multipv'), window: number('window'), maxMoves: number('max-moves'),
  positions: number('positions'), maxBytes: number('max-bytes'), minutes: number('minutes'), out: values.out,
};
const maxRecords = Math.floor((settings.maxBytes - 12) / 8);

const buildDir = new URL('./', import.meta.url);
const engine = await createEngine('wasm', { wasmUrl: new URL('engine.wasm', buildDir), jsUrl: new URL('engine.js', buildDir) });

/** Every line the book starts from, as ICCS moves from the start position. */
function seedLines(): string[][] {
  const lines: string[][] = [[]];
  for (const s of SYSTEMS) lines.push([s.move]);
  for (const o of builtInOpenings()) if (o.fen === START_FEN) lines.push(o.moves);
  const text = readFileSync(new URL('bench/openings.txt', repoRoot()), 'utf8');
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    const colon = line.indexOf(':');
    if (colon >= 0) lines.push(line.slice(colon + 1).trim().split(/\s+/).filter(Boolean));
  }
  return lines;
}

/** Scores from the side to move, mates as large numbers. */
const cp = (info: SearchInfo): number => ('cp' in info.score ? info.score.cp : info.score.mate > 0 ? 30000 - info.score.mate : -30000 - info.score.mate);

/**
 * This engine's moves for the position after `moves`: within the window of the best, best first. In a
 * position that is its own mirror (the start) a move and its mirror are one choice: only the first is
 * kept, so the second place goes to a different move.
 */
function analyse(moves: readonly string[], symmetric: boolean): { move: string; score: number }[] {
  engine.setPosition(START_FEN, moves);
  engine.clearHash();
  const lines = new Map<number, SearchInfo>();
  const result = engine.search({ depth: settings.depth, multipv: settings.multipv }, (info) => {
    if (info.pv.length > 0) lines.set(info.multipv, info);
  });
  const found = [...lines.values()].filter((i) => i.depth === result.depth).map((i) => ({ move: i.pv[0]!, score: cp(i) }));
  if (found.length === 0 && result.bestMove) found.push({ move: result.bestMove, score: 0 });
  found.sort((a, b) => b.score - a.score);
  const best = found[0]?.score ?? 0;
  const kept: { move: string; score: number }[] = [];
  for (const f of found) {
    if (f.score < best - settings.window || kept.length >= settings.maxMoves) break;
    if (symmetric && kept.some((k) => k.move === mirrorMove(f.move))) continue;
    kept.push(f);
  }
  return kept;
}

const started = Date.now();
const seen = new Set<number>();
const records: BookRecord[] = [];
let positions = 0;
let searches = 0;
// Breadth first by ply: the seeds' positions join the queue at their own ply.
const byPly: string[][][] = [];
for (const line of seedLines()) for (let ply = 0; ply <= line.length; ply++) (byPly[ply] ??= []).push(line.slice(0, ply));
let stopped = '';
outer: for (let ply = 0; ply < byPly.length; ply++) {
  for (const moves of byPly[ply]!) {
    if (Date.now() - started > settings.minutes * 60_000) {
      stopped = `the ${settings.minutes}-minute limit`;
      break outer;
    }
    try {
      engine.setPosition(START_FEN, moves);
    } catch {
      continue; // a seed line the rules refuse is skipped
    }
    if (engine.status().over) continue;
    const { key, mirrored } = bookKey(engine.board(), engine.turn());
    if (seen.has(key)) continue;
    seen.add(key);
    const board = engine.board();
    const symmetric = positionKey(board, engine.turn()) === positionKey(board, engine.turn(), true);
    const picked = analyse(moves, symmetric);
    searches++;
    if (picked.length === 0) continue;
    if (records.length + picked.length > maxRecords) {
      stopped = `${settings.maxBytes} bytes`;
      break outer;
    }
    const best = picked[0]!.score;
    for (const p of picked) {
      // Weight halves every 20 cp below the best (the best weighs 1000).
      const weight = Math.max(1, Math.round(1000 * 2 ** (-(best - p.score) / 20)));
      records.push({ key, move: encodeMove(mirrored ? mirrorMove(p.move) : p.move), weight });
      (byPly[ply + 1] ??= []).push([...moves, p.move]);
    }
    positions++;
    if (positions % 1000 === 0) {
      process.stderr.write(`${positions} positions, ${records.length} moves, ply ${ply}, ${((Date.now() - started) / 60000).toFixed(1)} min\n`);
    }
    if (settings.positions > 0 && positions >= settings.positions) {
      stopped = `${settings.positions} positions`;
      break outer;
    }
  }
}
const bytes = encodeBook(records);
mkdirSync(dirname(settings.out), { recursive: true });
writeFileSync(settings.out, bytes);
const minutes = (Date.now() - started) / 60000;
console.log(`${settings.out}: ${positions} positions, ${records.length} moves, ${bytes.length} bytes; depth ${settings.depth}, MultiPV ${settings.multipv}, ` +
  `window ${settings.window} cp, at most ${settings.maxMoves} moves a position; ${searches} searches in ${minutes.toFixed(1)} min` +
  (stopped ? `; stopped at ${stopped}` : ''));
