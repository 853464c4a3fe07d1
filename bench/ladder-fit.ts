// Ratings from a ladder of matches: the logistic (Elo) model fitted by maximum likelihood to every
// pair's score at once, one player held at a fixed rating (the scale's anchor). Each pair's games
// count as (games, points), draws half a point, as the match tool scores them. A pair that won or
// lost every game would push its gap to infinity, so every pair is given one drawn game more (a
// weak prior: it moves a 60-game 75% score by under 1%). The 95% errors come from the inverse of
// the likelihood's curvature at the optimum (the Fisher information), relative to the anchor: they
// grow down the ladder, the further a level is from the fixed point.

export interface PairResult {
  a: string;
  b: string;
  games: number;
  /** Points scored by `a` (win 1, draw 0.5). */
  points: number;
}

export interface FittedRating {
  player: string;
  elo: number;
  /** Half-width of the 95% interval (0 for the anchor). */
  margin: number;
  games: number;
}

const LN10_400 = Math.log(10) / 400;

/** a's expected score against b. */
export function expectedScore(eloA: number, eloB: number): number {
  return 1 / (1 + Math.pow(10, (eloB - eloA) / 400));
}

/** Solves A x = b by Gaussian elimination with partial pivoting (A is small and symmetric positive definite). */
function solve(matrix: number[][], rhs: number[]): number[] {
  const n = rhs.length;
  const a = matrix.map((row, i) => [...row, rhs[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const p = a[col]![col]!;
    if (Math.abs(p) < 1e-12) throw new Error('the ladder is not connected: some levels never met the anchor');
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = a[r]![col]! / p;
      for (let c = col; c <= n; c++) a[r]![c]! -= f * a[col]![c]!;
    }
  }
  return a.map((row, i) => row[n]! / row[i]!);
}

/** The inverse of a small symmetric positive definite matrix. */
function invert(matrix: number[][]): number[][] {
  const n = matrix.length;
  const columns = Array.from({ length: n }, (_, j) =>
    solve(
      matrix,
      Array.from({ length: n }, (_, i) => (i === j ? 1 : 0)),
    ),
  );
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => columns[j]![i]!));
}

/**
 * Fits every player's rating to the pairs' results, `anchor` held at `anchorElo`. Throws when a
 * player has no path of games to the anchor.
 */
export function fitRatings(pairs: readonly PairResult[], anchor: string, anchorElo: number): FittedRating[] {
  const names = [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
  if (!names.includes(anchor)) throw new Error(`the anchor ${anchor} played no games`);
  const free = names.filter((n) => n !== anchor);
  const index = new Map(free.map((n, i) => [n, i]));
  const elo = new Map(names.map((n) => [n, anchorElo]));
  // With the prior draw: games + 1, points + 0.5.
  const data = pairs.map((p) => ({ ...p, games: p.games + 1, points: p.points + 0.5 }));
  const curvature = (): number[][] => {
    const h = free.map(() => free.map(() => 0));
    for (const p of data) {
      const e = expectedScore(elo.get(p.a)!, elo.get(p.b)!);
      const w = p.games * e * (1 - e) * LN10_400 * LN10_400;
      const i = index.get(p.a);
      const j = index.get(p.b);
      if (i !== undefined) h[i]![i]! += w;
      if (j !== undefined) h[j]![j]! += w;
      if (i !== undefined && j !== undefined) {
        h[i]![j]! -= w;
        h[j]![i]! -= w;
      }
    }
    return h;
  };
  for (let iteration = 0; iteration < 100; iteration++) {
    const gradient = free.map(() => 0);
    for (const p of data) {
      const e = expectedScore(elo.get(p.a)!, elo.get(p.b)!);
      const g = (p.points - p.games * e) * LN10_400;
      const i = index.get(p.a);
      const j = index.get(p.b);
      if (i !== undefined) gradient[i]! += g;
      if (j !== undefined) gradient[j]! -= g;
    }
    const step = solve(curvature(), gradient);
    let largest = 0;
    free.forEach((n, i) => {
      // Newton steps, kept to 400 Elo at a time while far from the optimum.
      const s = Math.max(-400, Math.min(400, step[i]!));
      elo.set(n, elo.get(n)! + s);
      largest = Math.max(largest, Math.abs(s));
    });
    if (largest < 1e-6) break;
  }
  const covariance = free.length ? invert(curvature()) : [];
  const played = (n: string) => pairs.reduce((sum, p) => sum + (p.a === n || p.b === n ? p.games : 0), 0);
  return names.map((n) => {
    const i = index.get(n);
    return {
      player: n,
      elo: elo.get(n)!,
      margin: i === undefined ? 0 : 1.96 * Math.sqrt(covariance[i]![i]!),
      games: played(n),
    };
  });
}
