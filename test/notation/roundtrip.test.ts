// Random legal games on the real engine: in every position, every legal move is written in each
// notation (and both character sets) and read back; the text must give the same move, and no
// two legal moves may share a text. Seeds are fixed so a failure can be replayed.

import { runs, share } from '../lib/runs.ts';
import { describe, expect, test } from 'vitest';
import {
  fromChinese,
  fromIccs,
  fromWxf,
  snapshot,
  toChinese,
  toIccs,
  toWxf,
  START_FEN,
} from '../../web/notation/index.ts';
import type { PositionView } from '../../web/notation/index.ts';
import { BACKENDS, engineFor, rng } from './helpers.ts';

type Writer = (pos: PositionView, move: string) => string;
type Reader = (pos: PositionView, text: string) => string;

const NOTATIONS: [string, Writer, Reader][] = [
  ['ICCS', (p, m) => toIccs(p, m), fromIccs],
  ['ICCS dashed', (p, m) => toIccs(p, m, { style: 'dashed' }), fromIccs],
  ['WXF', (p, m) => toWxf(p, m), fromWxf],
  ['Chinese simplified', (p, m) => toChinese(p, m), fromChinese],
  ['Chinese traditional', (p, m) => toChinese(p, m, { charset: 'traditional' }), fromChinese],
  ['Chinese full-width', (p, m) => toChinese(p, m, { fullWidthDigits: true }), fromChinese],
];

// Starts that make stacked pieces common: pawns already across the river with little else on
// the board (three to five pawns end up on one file, and on two files at once), and heavy pieces.
const STARTS = [
  START_FEN,
  '3k5/9/9/P1P1P1P1P/9/9/p1p1p1p1p/9/9/4K4 w - - 0 1',
  '4k4/4a4/9/P1P1P1P1P/9/9/p1p1p1p1p/9/4A4/4K4 w - - 0 1',
  'r1c1k1c1r/4a4/9/P1P1P1P1P/9/9/p1p1p1p1p/9/4A4/R1C1K1C1R w - - 0 1',
];

interface Stats {
  positions: number;
  moves: number;
  stacked: number;
}

function check(
  name: string,
  view: PositionView,
  move: string,
  write: Writer,
  read: Reader,
  where: () => string,
): string {
  const text = write(view, move);
  const back = read(view, text);
  if (back !== move) throw new Error(`${name}: ${move} -> ${text} -> ${back} in ${where()}`);
  return text;
}

const isStacked = (wxf: string): boolean => /^[+\-1-9]/.test(wxf) || /^[A-Z][+-]/.test(wxf);

/**
 * Plays `games` random games of up to `maxPlies` plies. With `everyMove`, every legal move of
 * every position is converted (through a snapshot, for speed); otherwise only the move played,
 * straight through the engine.
 */
async function playRandomGames(
  backend: 'js' | 'wasm',
  games: number,
  maxPlies: number,
  seed: number,
  everyMove: boolean,
): Promise<Stats> {
  const engine = await engineFor(backend);
  const random = rng(seed);
  const stats: Stats = { positions: 0, moves: 0, stacked: 0 };
  for (let g = 0; g < games; g++) {
    engine.setPosition(STARTS[g % STARTS.length]!);
    const where = () => `${engine.fen()} (seed ${seed}, game ${g})`;
    for (let ply = 0; ply < maxPlies; ply++) {
      const legal = engine.legalMoves();
      if (legal.length === 0 || engine.status().over) break;
      stats.positions++;
      const played = legal[Math.floor(random() * legal.length)]!;
      const view = everyMove ? snapshot(engine) : engine;
      for (const [name, write, read] of NOTATIONS) {
        const seen = new Map<string, string>();
        for (const move of everyMove ? legal : [played]) {
          const text = check(name, view, move, write, read, where);
          const other = seen.get(text);
          if (other) throw new Error(`${name}: ${other} and ${move} are both written ${text} in ${where()}`);
          seen.set(text, move);
          if (name === 'WXF') {
            stats.moves++;
            if (isStacked(text)) stats.stacked++;
          }
        }
      }
      engine.play(played);
    }
  }
  return stats;
}

// npm test plays a third of the games on the day's seeds; npm run test:long all of them (test/lib/runs.ts).
describe.each(BACKENDS)('random games on the %s engine', (backend) => {
  const played = runs(200, 70, backend === 'js' ? 1 : 2);
  const every = runs(30, 10, backend === 'js' ? 101 : 102);

  test(`the move played: move -> text -> move is the identity in every notation (${played.count} games) ${played.seedNote}`, async () => {
    const t0 = performance.now();
    const stats = await playRandomGames(backend, played.count, 100, played.seed, false);
    console.log(
      `${backend}: ${stats.positions} moves played, ${stats.stacked} written with front/rear forms, ` +
        `${(performance.now() - t0).toFixed(0)} ms`,
    );
    expect(stats.positions).toBeGreaterThan(share(15_000, played, 200));
    expect(stats.stacked).toBeGreaterThan(share(200, played, 200));
  });

  test(`every legal move: texts are distinct and read back as the same move (${every.count} games) ${every.seedNote}`, async () => {
    const t0 = performance.now();
    const stats = await playRandomGames(backend, every.count, 100, every.seed, true);
    console.log(
      `${backend}: ${stats.positions} positions, ${stats.moves} legal moves x ${NOTATIONS.length} notations, ` +
        `${stats.stacked} with front/rear forms, ${(performance.now() - t0).toFixed(0)} ms`,
    );
    expect(stats.moves).toBeGreaterThan(share(50_000, every, 30));
    expect(stats.stacked).toBeGreaterThan(share(1000, every, 30));
  });
});
