// The tables against the verdicts of endgame books, each with its published source. Where a book's
// rule has exceptions the tables find (a piece lost at once, a defender left hanging), the test
// names them, so the rule and its exceptions are both checked.
import { beforeAll, expect, test } from 'vitest';
import { Tablebases } from '../../web/egtb/tablebases.ts';
import { readFen, writeFen } from '../../web/notation/rule-fen.ts';
import { FenError } from '../../web/engine/errors.ts';
import type { PieceLetter } from '../../web/engine/types.ts';

let tables: Tablebases;
beforeAll(async () => {
  tables = await Tablebases.load('wasm');
  // Makes the rook's smaller tables too: KR-K, KR-KA, KR-KAA, KR-KEE, KR-KAE, KR-KAAE, KR-KAEE, ...
  tables.generate('KR-KAAEE');
  for (const material of ['KH-K', 'KH-KA', 'KH-KEE']) tables.generate(material);
});

/** Every position of a table with `side` to move, as FENs. */
function* positions(material: string, side: 0 | 1): Generator<string> {
  const entries = tables.entries(material);
  for (let i = 0; i < entries; i++) {
    const fen = tables.entryFen(material, side, i);
    if (fen !== null) yield fen;
  }
}

/** A FEN from pieces on squares (`e9k`: a Black king on e9), `side` to move. */
function fenOf(pieces: readonly string[], side: 'w' | 'b'): string {
  const board = new Array<PieceLetter | null>(90).fill(null);
  for (const p of pieces) board[Number(p[1]) * 9 + 'abcdefghi'.indexOf(p[0]!)] = p[2] as PieceLetter;
  return writeFen(board, side === 'w' ? 'red' : 'black', 0, 1);
}

/** The tables' probe, or null for a position that cannot arise (the side not to move in check). */
function probeIfPossible(fen: string) {
  try {
    return tables.probe(fen);
  } catch (error) {
    if (error instanceof FenError) return null;
    throw error;
  }
}

test('a rook beats two advisors, two elephants, and any three defenders: every position, Red to move', () => {
  // "A single chariot can easily win 2 advisors or 2 elephants. It is also a sure win against one
  // advisor with two elephants (1A2E) and 2 advisors with one elephant." (Jim Png, One Chariot
  // endgames 01, xqinenglish.com/eg1chariotendgames01.html, after Tu Jingming's 象棋实用残局.)
  for (const material of ['KR-KAA', 'KR-KEE', 'KR-KAE', 'KR-KAEE', 'KR-KAAE']) {
    const stats = tables.stats(material);
    expect(stats.wins[0], material).toBe(stats.positions[0]);
  }
});

test('a rook against full defence connected on the centre file is a draw, bar a few positional wins', () => {
  // "A single chariot is usually a draw against a full guard (2 advisors and 2 elephants) but there
  // are instances of positional wins." (Jim Png, One Chariot endgames 02,
  // xqinenglish.com/eg1chariotendgames02.html); the defence holds with advisor and elephant linked
  // on the centre file (士象连环于中路). Here: king e9, advisors f9 and e8, elephants e7 and g9, and
  // Red's king and rook anywhere else.
  const count = (defence: readonly string[], side: 'w' | 'b') => {
    const results = { win: 0, draw: 0, loss: 0 };
    for (const king of ['d0', 'e0', 'f0', 'd1', 'e1', 'f1', 'd2', 'e2', 'f2'])
      for (let point = 0; point < 90; point++) {
        const rook = 'abcdefghi'[point % 9]! + String(Math.floor(point / 9));
        if ([king, ...defence.map((p) => p.slice(0, 2))].includes(rook)) continue;
        const probe = probeIfPossible(fenOf([...defence, `${king}K`, `${rook}R`], side));
        if (probe) results[probe.result]++;
      }
    return results;
  };
  const linked = ['e9k', 'f9a', 'e8a', 'e7b', 'g9b'];
  const red = count(linked, 'w');
  expect(red.draw / (red.win + red.draw)).toBeGreaterThan(0.9);
  expect(red.win).toBeGreaterThan(0);
  const black = count(linked, 'b');
  expect(black.draw / (black.loss + black.draw)).toBeGreaterThan(0.99);
  // The same four defenders on their back rank, not linked: the rook wins far more often.
  const apart = count(['e9k', 'd9a', 'f9a', 'c9b', 'g9b'], 'w');
  expect(apart.win / (apart.win + apart.draw)).toBeGreaterThan(0.3);
});

test('a horse beats a bare king, and a single advisor unless the horse is lost at once', () => {
  // "one horse versus a solitary king is a sure win situation"; "one horse against one advisor is a
  // sure win situation no matter where the horse is placed or how the advisor defends" (Jim Png, The
  // Anatomy of the Xiangqi part 4, xqinenglish.com/theanatomyofxiangqipart4.html).
  const bare = tables.stats('KH-K');
  expect(bare.wins[0]).toBe(bare.positions[0]);
  // The tables' exceptions: the horse lost at once (attacked by the king or the advisor, Black to
  // take it next), or pinned between the kings on one file, where it can never move.
  const advisor = tables.stats('KH-KA');
  expect(advisor.wins[0] / advisor.positions[0]).toBeGreaterThan(0.995);
  let drawn = 0;
  for (const fen of positions('KH-KA', 0)) {
    if (tables.probe(fen)!.result !== 'draw') continue;
    drawn++;
    const board = readFen(fen).board;
    const at = (letter: PieceLetter) => board.indexOf(letter);
    const [horse, red, black] = [at('N'), at('K'), at('k')];
    const between = (p: number) => p % 9 === horse % 9 && p > red && p < black;
    const pinned =
      red % 9 === horse % 9 &&
      black % 9 === horse % 9 &&
      board.every((piece, p) => !piece || p === horse || !between(p));
    const attacked =
      probeIfPossible(fen.replace(' w ', ' b ')) !== null &&
      tables.moves(fen.replace(' w ', ' b '))!.some((m) => m.capture);
    expect(pinned || attacked, fen).toBe(true);
  }
  expect(drawn).toBe(advisor.draws[0]);
});

test('a horse against two elephants is a draw: always with Black to move, else only by taking one', () => {
  // "A horse against 2 elephants is a sure draw." (Jim Png, The Anatomy of the Xiangqi part 4,
  // xqinenglish.com/theanatomyofxiangqipart4.html.)
  const stats = tables.stats('KH-KEE');
  expect(stats.draws[1]).toBe(stats.positions[1]);
  // Red to move wins only where an elephant is left hanging: the table's winning move takes it.
  for (const fen of positions('KH-KEE', 0)) {
    if (tables.probe(fen)!.result !== 'win') continue;
    expect(tables.moves(fen)![0]!.capture, fen).toBe(true);
  }
});
