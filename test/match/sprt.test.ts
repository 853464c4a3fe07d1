// The SPRT of the match tool: the exact pentanomial GSPRT (fishtest's LLR_logistic), its normal
// approximation, the bounds, the decisions and the --sprt words.
import { describe, expect, test } from 'vitest';
import {
  llrApproximation,
  llrPentanomial,
  mleWithMean,
  parseSprtWords,
  pentanomialOf,
  scoreFromElo,
  sprtBounds,
  sprtLine,
  sprtState,
  SPRT_DEFAULTS,
  SprtSettingsError,
  type Pentanomial,
} from '../../bench/sprt.ts';

const s0 = scoreFromElo(0);
const s5 = scoreFromElo(5);

/** `n` copies of one pair result. */
const many = (n: number, pair: [number, number]): [number, number][] => Array.from({ length: n }, () => pair);

describe('SPRT arithmetic', () => {
  test('bounds and expected scores', () => {
    const { lower, upper } = sprtBounds(SPRT_DEFAULTS);
    expect(lower).toBeCloseTo(-2.944, 3);
    expect(upper).toBeCloseTo(2.944, 3);
    expect(sprtBounds({ ...SPRT_DEFAULTS, alpha: 0.05, beta: 0.1 }).lower).toBeCloseTo(Math.log(0.1 / 0.95), 10);
    expect(s0).toBe(0.5);
    expect(s5).toBeCloseTo(0.507195, 6);
  });

  test('the constrained MLE has the asked mean and sums to 1', () => {
    const p = [0.05, 0.2, 0.5, 0.2, 0.05];
    const values = [0, 0.25, 0.5, 0.75, 1];
    for (const s of [0.3, 0.5, 0.51, 0.8]) {
      const q = mleWithMean(values, p, s);
      expect(q.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      expect(q.reduce((sum, qi, i) => sum + qi * values[i]!, 0)).toBeCloseTo(s, 12);
      expect(Math.min(...q)).toBeGreaterThan(0);
    }
    // The data's own mean: the MLE is the data.
    expect(mleWithMean(values, p, 0.5)).toEqual(p.map((x): unknown => expect.closeTo(x, 12)));
  });

  // Reference values from a Python transcription of fishtest's LLRcalc.py (regularize, secular solved
  // with scipy's brentq, MLE_expected, LLR_logistic), run once by hand.
  test.each<[number, number, Pentanomial, number, number]>([
    [0, 5, [10, 60, 200, 80, 15], 1.0834088229801342, 1.0944483517303276],
    [0, 5, [30, 150, 400, 160, 35], 0.34642242459589234, 0.34653142288681626],
    [0, 10, [12, 85, 260, 110, 20], 2.353891239953345, 2.3669060830505573],
    [0, 5, [1, 2, 3, 2, 1], -0.0027953199389108146, -0.002795536843195978],
    [0, 5, [0, 0, 10, 0, 0], -0.139427638815399, -4.144849955490879],
    [0, 5, [0, 0, 0, 0, 20], 0.28578051594933473, 762.1932456122025],
  ])('elo %d..%d, %j: LLR %f (approximation %f)', (elo0, elo1, counts, exact, approx) => {
    const [a, b] = [scoreFromElo(elo0), scoreFromElo(elo1)];
    expect(llrPentanomial(counts, a, b)).toBeCloseTo(exact, 8);
    expect(llrApproximation(counts, a, b)).toBeCloseTo(approx, 6);
  });

  test('the exact LLR and the approximation agree within a few percent on realistic counts', () => {
    for (const counts of [
      [10, 60, 200, 80, 15],
      [30, 150, 400, 160, 35],
      [3, 25, 70, 30, 8],
      [20, 70, 150, 60, 15],
    ] as Pentanomial[]) {
      const exact = llrPentanomial(counts, s0, s5);
      const approx = llrApproximation(counts, s0, s5);
      expect(Math.abs(exact - approx)).toBeLessThan(0.03 * Math.abs(exact) + 0.01);
    }
  });

  test('a mean exactly between s0 and s1 gives LLR 0, symmetric counts give opposite signs', () => {
    expect(llrPentanomial([5, 40, 100, 40, 5], scoreFromElo(-5), scoreFromElo(5))).toBeCloseTo(0, 10);
    const up = llrPentanomial([5, 30, 100, 50, 5], s0, s5);
    const down = llrPentanomial([5, 50, 100, 30, 5], scoreFromElo(-5), s0);
    expect(up).toBeGreaterThan(0);
    expect(down).toBeCloseTo(-up, 8);
  });

  test('no pairs: LLR 0, no decision', () => {
    expect(llrPentanomial([0, 0, 0, 0, 0], s0, s5)).toBe(0);
    expect(sprtState(SPRT_DEFAULTS, []).decision).toBeNull();
  });

  test('pair scores to pentanomial counts', () => {
    expect(pentanomialOf([0, 0.5, 1, 1, 1.5, 2, 2, 2])).toEqual([1, 1, 2, 1, 3]);
    expect(() => pentanomialOf([2.5])).toThrow(/0, 0.5, 1, 1.5 or 2/);
  });
});

describe('SPRT decisions', () => {
  test('all pairs 1-1 (zero variance) is finite and, in time, accepts H0: the engines are equal', () => {
    const state = sprtState(SPRT_DEFAULTS, many(10, [0.5, 0.5]));
    expect(Number.isFinite(state.llr)).toBe(true);
    expect(state.llr).toBeLessThan(0);
    expect(state.decision).toBeNull();
    expect(sprtState(SPRT_DEFAULTS, many(400, [1, 0])).decision).toBe('H0');
  });

  test('many 2-0 pairs accept H1, many 0-2 pairs accept H0', () => {
    // Against hypotheses 5 Elo apart, a pair can move the LLR by at most about ln(s1/s0) = 0.0143:
    // even a sweep needs about 206 pairs to reach 2.94.
    expect(sprtState(SPRT_DEFAULTS, many(150, [1, 1])).decision).toBeNull();
    const win = sprtState(SPRT_DEFAULTS, many(300, [1, 1]));
    expect(win).toMatchObject({
      pairs: 300,
      pentanomial: [0, 0, 0, 0, 300],
      wdl: { wins: 600, draws: 0, losses: 0 },
      decision: 'H1',
    });
    expect(win.llr).toBeGreaterThan(win.upper);
    const loss = sprtState(SPRT_DEFAULTS, many(300, [0, 0]));
    expect(loss.decision).toBe('H0');
    expect(loss.llr).toBeLessThan(loss.lower);
  });

  test('a realistic clear gain passes in a few hundred pairs', () => {
    // About +35 Elo with many draws: 10 60 200 80 15 repeated.
    const pairs = [
      ...many(10, [0, 0]),
      ...many(60, [0.5, 0]),
      ...many(100, [1, 0]),
      ...many(100, [0.5, 0.5]),
      ...many(80, [1, 0.5]),
      ...many(15, [1, 1]),
    ];
    const state = sprtState({ ...SPRT_DEFAULTS, elo1: 10 }, [...pairs, ...pairs]);
    expect(state.pentanomial).toEqual([20, 120, 400, 160, 30]);
    expect(state.decision).toBe('H1');
  });

  test('the progress line', () => {
    const state = sprtState(SPRT_DEFAULTS, [
      [1, 0.5],
      [0.5, 0.5],
      [0, 1],
    ]);
    expect(sprtLine(state)).toMatch(
      /^SPRT 3 pairs, pentanomial \[0 0 2 1 0\], W\/D\/L 2\/3\/1, LLR -?\d+\.\d\d \[-2\.94, 2\.94\]$/,
    );
    expect(sprtLine({ ...state, decision: 'H1' })).toMatch(/: H1 accepted$/);
  });
});

describe('--sprt words', () => {
  test('defaults and any subset in any order', () => {
    expect(parseSprtWords([])).toEqual({ elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 });
    expect(parseSprtWords(['beta=0.1', 'elo1=10', 'elo0=-2.5'])).toEqual({
      elo0: -2.5,
      elo1: 10,
      alpha: 0.05,
      beta: 0.1,
    });
  });

  test('mistakes are refused', () => {
    expect(() => parseSprtWords(['elo2=3'])).toThrow(SprtSettingsError);
    expect(() => parseSprtWords(['elo0=5', 'elo1=5'])).toThrow(/elo1 > elo0/);
    expect(() => parseSprtWords(['alpha=0'])).toThrow(/alpha/);
    expect(() => parseSprtWords(['beta=x'])).toThrow(SprtSettingsError);
  });
});
