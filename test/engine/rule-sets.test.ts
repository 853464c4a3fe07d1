// The repetition rule sets (docs/rules.md): each judged by its own cases. Under `asian`, every one
// of Fairy-Stockfish's published rule tests; under each set, the Asian rule book's examples with the
// outcome that set gives them (rule-cases/axf-book.ts says why); `check-only` and the choice itself;
// and the search, which must judge repetitions by the rule in force. The computer rule's own cases,
// worked out from Pikafish's rule, are in chase.test.ts. Every case is also played mirrored.
import { beforeAll, describe, expect, it } from 'vitest';
import { RULE_SETS, type Engine, type RuleSet } from '../../web/engine/index.ts';
import { engineFor } from './helpers.ts';
import { FAIRY_STOCKFISH_CASES } from './rule-cases/fairy-stockfish.ts';
import { AXF_BOOK_CASES } from './rule-cases/axf-book.ts';
import { mirrorOutcome, type Outcome } from './rule-cases/outcome.ts';
import { mirrorFen, mirrorMove, playOut, verdictOf, withMirrors } from './rule-cases/play.ts';

/** The outcome by colour, from the side to move's verdict. */
function outcomeOf(engine: Engine): Outcome | 'none' {
  const verdict = verdictOf(engine);
  if (verdict === 'none' || verdict === 'draw') return verdict;
  const loser = (verdict === 'loss') === (engine.turn() === 'red') ? 'red' : 'black';
  return `${loser} loses`;
}

describe.each(['wasm', 'js'] as const)('rule sets on the %s build', (backend) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineFor(backend);
  });

  it('starts with the computer rule, takes each set by name, and refuses an unknown name unchanged', () => {
    expect(engine.rule()).toBe('computer');
    for (const rule of RULE_SETS) {
      engine.setRule(rule);
      expect(engine.rule()).toBe(rule);
    }
    expect(() => engine.setRule('xiangqi' as RuleSet)).toThrow(
      /unknown rule set "xiangqi": use one of computer, asian/,
    );
    expect(engine.rule()).toBe('check-only');
    engine.setRule('computer');
  });

  describe("Fairy-Stockfish's rule tests, under asian", () => {
    beforeAll(() => engine.setRule('asian'));
    it.each(withMirrors(FAIRY_STOCKFISH_CASES))('$name', ({ fen, moves, verdict }) => {
      // The moves reach the third occurrence exactly: the status is read there, not played on.
      engine.setPosition(fen, moves.split(' '));
      if (verdict === null) expect(engine.status().over).toBe(true);
      else expect(verdictOf(engine)).toBe(verdict);
    });
    it('has all 33 of them (32 with a verdict), each mirrored', () => {
      expect(FAIRY_STOCKFISH_CASES).toHaveLength(33);
      expect(FAIRY_STOCKFISH_CASES.filter((c) => c.verdict !== null)).toHaveLength(32);
    });
  });

  describe.each(['asian', 'computer', 'chinese'] as const)("the Asian rule book's examples, under %s", (rule) => {
    beforeAll(() => engine.setRule(rule));
    const judged = AXF_BOOK_CASES.flatMap((c) => {
      const outcome = rule === 'chinese' ? c.chinese?.outcome : c[rule];
      if (!outcome) return [];
      const name = `rule ${c.rule}, ${c.diagram}: ${c.text}${rule === 'chinese' ? ` (${c.chinese!.why})` : ''}`;
      return [
        { name, fen: c.fen, moves: c.moves.split(' '), outcome },
        {
          name: `${name} (mirrored)`,
          fen: mirrorFen(c.fen),
          moves: c.moves.split(' ').map(mirrorMove),
          outcome: mirrorOutcome(outcome),
        },
      ];
    });
    it.each(judged)('$name', ({ fen, moves, outcome }) => {
      playOut(engine, fen, moves);
      expect(outcomeOf(engine)).toBe(outcome);
    });
  });

  describe('where the sets differ', () => {
    const chase = FAIRY_STOCKFISH_CASES.find((c) => c.name === 'Direct chase by cannon')!;
    const checkAndChase = FAIRY_STOCKFISH_CASES.find((c) => c.name === 'Perpetual check by soldier, case 3')!;
    const mateThreat = AXF_BOOK_CASES.find((c) => c.diagram === 'D6-9')!;

    it('a perpetual chase: lost under computer, asian and chinese, a draw under check-only', () => {
      for (const [rule, verdict] of [
        ['computer', 'win'],
        ['asian', 'win'],
        ['chinese', 'win'],
        ['check-only', 'draw'],
      ] as const) {
        engine.setRule(rule);
        engine.setPosition(chase.fen, chase.moves.split(' '));
        expect(verdictOf(engine), rule).toBe(verdict);
      }
    });

    it('checks that do not excuse a chase (asian, chinese) and checks that do (computer, check-only)', () => {
      // Black's rook chases the cannon with every move and one of its moves uncovers a check.
      for (const [rule, verdict] of [
        ['computer', 'draw'],
        ['asian', 'win'],
        ['chinese', 'win'],
        ['check-only', 'draw'],
      ] as const) {
        engine.setRule(rule);
        engine.setPosition(checkAndChase.fen, checkAndChase.moves.split(' '));
        expect(verdictOf(engine), rule).toBe(verdict);
        expect(engine.status().reason, rule).toBe(
          verdict === 'draw' ? 'repetition' : rule === 'chinese' ? 'perpetual-attack' : 'perpetual-chase',
        );
      }
    });

    it('a perpetual mate threat: allowed but under chinese, where it is a perpetual attack', () => {
      for (const rule of ['computer', 'asian', 'check-only', 'chinese'] as const) {
        engine.setRule(rule);
        playOut(engine, mateThreat.fen, mateThreat.moves.split(' '));
        expect(outcomeOf(engine), rule).toBe(rule === 'chinese' ? 'red loses' : 'draw');
        if (rule === 'chinese') expect(engine.status().reason).toBe('perpetual-attack');
      }
    });

    it('perpetual check loses under every set', () => {
      const check = AXF_BOOK_CASES.find((c) => c.diagram === 'D1-3')!;
      for (const rule of RULE_SETS) {
        engine.setRule(rule);
        playOut(engine, check.fen, check.moves.split(' '));
        expect(outcomeOf(engine), rule).toBe('red loses');
        expect(engine.status().reason).toBe('perpetual-check');
      }
    });

    it('asking for the status twice gives the same answer (judging replays the cycle and puts it back)', () => {
      engine.setRule('chinese');
      playOut(engine, mateThreat.fen, mateThreat.moves.split(' '));
      const first = engine.status();
      expect(engine.status()).toEqual(first);
      expect(engine.history()).toHaveLength(8);
    });
  });

  describe('the search judges repetitions by the rule in force', () => {
    // Black's rook has chased the red cannon with every move, one of them uncovering a check from
    // the cannon a1; Black is far behind (two red rooks more). Repeating with b3b1 draws by the
    // computer rule and by check-only, which Black takes; it loses by the Asian and Chinese rules.
    const fen = '3k5/9/9/9/7RR/9/9/5A3/cr1CAK3/9 w - - 0 1';
    const moves = ['d1d3', 'b1b3', 'd3d1', 'b3b1', 'd1d3', 'b1b3', 'd3d1'];
    it.each(RULE_SETS)('%s', (rule) => {
      engine.setRule(rule);
      engine.setPosition(fen, moves);
      const result = engine.search({ depth: 5 });
      if (rule === 'computer' || rule === 'check-only') {
        expect(result.bestMove).toBe('b3b1');
        expect(result.score).toEqual({ cp: 0 });
      } else {
        expect(result.bestMove).not.toBe('b3b1');
        expect('cp' in result.score && result.score.cp < -300).toBe(true);
      }
    });
  });
});
