// Weakened play (assembly/weakness.ts, web/engine/strength.ts): from a rated 1600 up it never lets a
// horse, cannon or rook go by static exchange with nothing in return, checked over many positions
// from weak games with an exchange count of its own (legal captures only, played out on the
// engine's board) rather than the engine's; the same position, strength and seed always give the
// same move; the errors are not coin flips but blind spots, more of them among quiet moves far
// from the last move than among captures; and full strength is untouched.
import { beforeAll, describe, expect, test } from 'vitest';
import { createEngine, type Engine, type SearchLimits } from '../../web/engine/index.ts';
import { strengthForElo, weakeningFor } from '../../web/engine/strength.ts';
import { matchOpenings, seededRandom } from '../../bench/match-openings.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await createEngine('wasm');
});

/** Exchange values (centipawns). */
function value(letter: string | null, square: string): number {
  if (!letter) return 0;
  switch (letter.toLowerCase()) {
    case 'r':
      return 600;
    case 'c':
      return 285;
    case 'n':
      return 270;
    case 'a':
    case 'b':
      return 120;
    case 'k':
      return 5000;
    default: {
      // A pawn across the river is worth more.
      const rank = Number(square[1]);
      const red = letter === 'P';
      return (red ? rank >= 5 : rank <= 4) ? 70 : 30;
    }
  }
}

const MAJORS = new Set(['r', 'c', 'n']);

/** What the side to move wins by capturing on `square` and the exchange after it, stopping when it pays. */
function exchange(e: Engine, square: string): number {
  const captures = e.legalMoves().filter((m) => m.slice(2, 4) === square);
  if (captures.length === 0) return 0;
  // The least valuable capturer first, as players and engines do.
  const move = captures.reduce((a, b) =>
    value(e.pieceAt(a.slice(0, 2)), a.slice(0, 2)) <= value(e.pieceAt(b.slice(0, 2)), b.slice(0, 2)) ? a : b,
  );
  const victim = value(e.pieceAt(square), square);
  e.play(move);
  const back = exchange(e, square);
  e.undo();
  return Math.max(0, victim - back);
}

/** The most the opponent wins, after `move`, by taking one of the mover's horses, cannons or rooks. */
function majorLoss(e: Engine, move: string): number {
  const mover = e.turn();
  e.play(move);
  let loss = 0;
  for (const reply of e.legalMoves()) {
    const square = reply.slice(2, 4);
    const target = e.pieceAt(square);
    if (!target || !MAJORS.has(target.toLowerCase())) continue;
    if ((target === target.toUpperCase()) !== (mover === 'red')) continue;
    const won = value(target, square);
    e.play(reply);
    const back = exchange(e, square);
    e.undo();
    loss = Math.max(loss, won - back);
  }
  e.undo();
  return loss;
}

/** Does `move` give away a horse, cannon or rook (net of what it took) by static exchange? */
function hangsMajor(e: Engine, move: string): boolean {
  const taken = value(e.pieceAt(move.slice(2, 4)), move.slice(2, 4));
  const loss = majorLoss(e, move);
  return loss >= 270 && loss - taken >= 200;
}

/** Positions from weak games (skill 2 against itself, seeded), where pieces hang now and then. */
function positions(count: number): { fen: string; moves: string[] }[] {
  const { openings } = matchOpenings(null);
  const found: { fen: string; moves: string[] }[] = [];
  for (let i = 0; found.length < count && i < openings.length; i++) {
    const opening = openings[i]!;
    engine.setPosition(opening.fen, opening.moves);
    const random = seededRandom(i + 1);
    for (let ply = 0; ply < 40 && !engine.status().over; ply++) {
      if (ply >= 6 && ply % 3 === 0) found.push({ fen: engine.startFen(), moves: engine.history() });
      const move = engine.search({ skill: 2, seed: Math.floor(random() * 1e9) }).bestMove;
      if (!move) break;
      engine.play(move);
    }
  }
  return found.slice(0, count);
}

describe('weakened play', () => {
  test('from 1600 up it never hangs a horse, cannon or rook by static exchange when another move keeps it', () => {
    const levels: SearchLimits[] = [{ elo: 1600 }, { elo: 1800 }, { skill: 6 }, { skill: 8 }, { skill: 10 }];
    for (const level of levels) expect(weakeningFor(level).keepMajors, JSON.stringify(level)).toBe(true);
    let checked = 0;
    let avoidable = 0;
    for (const [i, position] of positions(120).entries()) {
      engine.setPosition(position.fen, position.moves);
      const legal = engine.legalMoves();
      if (legal.some((m) => hangsMajor(engine, m))) avoidable++;
      for (const level of levels) {
        const move = engine.search({ ...level, seed: i * 7 + 1 }).bestMove!;
        checked++;
        if (!hangsMajor(engine, move)) continue;
        // Allowed only when every move gives a piece away.
        const keeper = legal.find((m) => !hangsMajor(engine, m));
        expect(
          keeper,
          `${JSON.stringify(level)} played ${move} in ${engine.fen()}, where ${keeper} keeps its pieces`,
        ).toBeUndefined();
      }
    }
    expect(checked).toBeGreaterThanOrEqual(600);
    // The positions must put the rule to work: in many of them some move would hang a piece.
    expect(avoidable).toBeGreaterThanOrEqual(40);
  }, 600_000);

  test('from 1600 up it always sees a mate in 1 (a check is never overlooked there)', () => {
    // Mates in 1 from the puzzle miner's games, which rated levels up to 2400 missed while checks
    // could be overlooked like quiet moves.
    const mates = [
      '2bak2C1/4a4/2nc2N1R/2p6/p8/2P6/P5P2/9/5K3/2BA2r2 w',
      '1r2kab1r/4a4/2ncb4/p2RC3p/6P2/6C1P/P3c4/4B3N/2nNA4/4KABR1 b',
      '2b6/1N1k5/4b4/9/9/4cRP1P/4r4/p8/4A4/5K3 w',
      'R1Nak4/4a2c1/2r1b4/5C3/4C1p1p/9/P3c4/4B4/4A4/4KAB2 b',
      '4k4/4a4/4R1r2/p1p1c3p/9/9/P4R2P/9/4AK3/3A2r2 w',
      '3aka3/4n4/4N2r1/p6C1/4R3P/4P4/9/4K1c2/9/2r3BR1 w',
      '2bak4/4a4/4b4/pN3RP2/6n2/P3P1C2/9/rN3A3/9/c3K4 w',
      '2bakab2/4n2N1/9/p1p1P4/9/8P/P1P6/8R/1r7/RcBAKAr2 w',
      '2ba1k1C1/6R2/3r2nN1/9/9/2p3P2/4P4/9/2r6/4KA3 w',
      'r1b1kaR2/4a4/9/p3p2Np/9/2n6/P2RP3P/N2A5/3K1pn2/4r4 w',
    ];
    const missed: string[] = [];
    for (const board of mates) {
      const fen = `${board} - - 0 1`;
      for (const elo of [1600, 2000, 2400]) {
        for (let seed = 1; seed <= 6; seed++) {
          engine.setPosition(fen);
          const move = engine.search({ elo, seed }).bestMove!;
          engine.play(move);
          if (!engine.status().over) missed.push(`elo ${elo} seed ${seed} played ${move} in ${fen}`);
        }
      }
    }
    expect(missed).toEqual([]);
  });

  test('below 1600 a beginner does hang pieces now and then', () => {
    let hung = 0;
    for (const [i, position] of positions(80).entries()) {
      engine.setPosition(position.fen, position.moves);
      const move = engine.search({ skill: 0, seed: i + 1 }).bestMove!;
      if (hangsMajor(engine, move)) hung++;
    }
    expect(hung).toBeGreaterThan(0);
  });

  test('the same position, strength and seed give the same move; other seeds, other blind spots', () => {
    engine.setPosition('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1', ['h2e2', 'h9g7']);
    const moves = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const first = engine.search({ skill: 4, seed });
      engine.search({ depth: 6 }); // a full-strength search between them leaves nothing behind
      const again = engine.search({ skill: 4, seed });
      expect(again.bestMove).toBe(first.bestMove);
      expect(again.nodes).toBe(first.nodes);
      moves.add(first.bestMove!);
    }
    expect(moves.size).toBeGreaterThan(1);
  });

  test('errors follow the position: a weak level misses quiet moves far away more often than captures', () => {
    // Over positions from weak games: when the full-strength move is a capture, skill 2 finds it far
    // more often than when it is a quiet move away from the last two moves.
    const tally = { capture: [0, 0], quietFar: [0, 0] };
    for (const [i, position] of positions(120).entries()) {
      engine.setPosition(position.fen, position.moves);
      const best = engine.search({ depth: 5 }).bestMove!;
      const history = engine.history();
      const recent = history.slice(-2).flatMap((m) => [m.slice(0, 2), m.slice(2, 4)]);
      const far = (sq: string) =>
        recent.every((r) => Math.max(Math.abs(r.charCodeAt(0) - sq.charCodeAt(0)), Math.abs(+r[1]! - +sq[1]!)) >= 3);
      const kind = engine.pieceAt(best.slice(2, 4))
        ? 'capture'
        : far(best.slice(0, 2)) && far(best.slice(2, 4))
          ? 'quietFar'
          : null;
      if (!kind) continue;
      const found = engine.search({ skill: 2, seed: i + 1 }).bestMove === best;
      tally[kind][0]! += found ? 1 : 0;
      tally[kind][1]! += 1;
    }
    const rate = (t: number[]) => t[0]! / t[1]!;
    expect(tally.capture[1]).toBeGreaterThanOrEqual(10);
    expect(tally.quietFar[1]).toBeGreaterThanOrEqual(10);
    expect(rate(tally.capture)).toBeGreaterThan(rate(tally.quietFar));
  });

  test('a rating asked for plays at the strength the table puts it, within the scale', () => {
    expect(weakeningFor({}).strength).toBe(2000);
    expect(weakeningFor({ skill: 20 }).strength).toBe(2000);
    expect(weakeningFor({ skill: 7 })).toEqual({ strength: 700, keepMajors: true });
    expect(weakeningFor({ skill: 4 }).keepMajors).toBe(false);
    expect(weakeningFor({ elo: 1599 }).keepMajors).toBe(false);
    expect(weakeningFor({ elo: 100 }).strength).toBe(strengthForElo(800));
    expect(weakeningFor({ elo: 9999 }).strength).toBe(strengthForElo(2400));
    expect(strengthForElo(1200)).toBeLessThanOrEqual(strengthForElo(2000));
    expect(() => engine.search({ elo: Number.NaN, depth: 1 })).toThrow(/elo must be a finite number/);
  });
});
