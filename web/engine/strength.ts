// Playing strength as ratings: the engine's weakened levels (assembly/weakness.ts, a strength of
// 0..STRENGTH_FULL) and the rating each was measured at by the ladder of matches (levels.generated.ts,
// written by bench/ladder-table.ts from the games in bench/matches/). A rating asked for (UCI_Elo,
// the board's `elo`) is played at the strength the table puts there, by straight-line interpolation
// between the measured levels; a skill level (0-20) is strength skill x 100.
import { LADDER_ANCHOR, LEVEL_RATINGS } from './levels.generated.ts';
import { FULL_STRENGTH, STRENGTH_FULL } from './shared.ts';
import type { SearchLimits } from './types.ts';

/** The range of UCI_Elo (and the board's `elo`); asks outside it are brought into it. */
export const ELO_MIN = 800;
/** The top of UCI_Elo's range: the engine's full strength. */
export const ELO_MAX = 2400;
/** From this rating up the engine never hangs a horse, cannon or rook by static exchange. */
export const KEEP_MAJORS_FROM = 1600;
/**
 * A skill level keeps its horses, cannons and rooks from this level up: a fixed level, so that the
 * ladder measures the skill levels as they will play whatever the table then says. It sits below
 * the level the table rates KEEP_MAJORS_FROM (bench/ladder.ts warns if it does not); a rating asked
 * for keeps them from KEEP_MAJORS_FROM up in any case.
 */
export const KEEP_MAJORS_FROM_SKILL = 5;
/** The time a move at which the ratings hold (the page's thinking time for its rated levels). */
export const RATED_MOVETIME_MS: number = LADDER_ANCHOR.movetimeMs;

/** How a level below full strength plays (weakeningFor): how weak, and whether it still guards its major pieces. */
export interface Weakening {
  /** 0..STRENGTH_FULL; STRENGTH_FULL is full strength (no weakening at all). */
  strength: number;
  /** Never hang a horse, cannon or rook (rated KEEP_MAJORS_FROM and up). */
  keepMajors: boolean;
}

interface Point {
  strength: number;
  elo: number;
}

/** The table's levels by strength, each rated at least as high as the one below it. */
function points(): Point[] {
  const sorted = [...LEVEL_RATINGS]
    .map((r) => ({ strength: r.skill * (STRENGTH_FULL / FULL_STRENGTH), elo: r.elo }))
    .sort((a, b) => a.strength - b.strength);
  // Noise can rate a level a little below the one under it; the scale must not run backwards.
  for (let i = 1; i < sorted.length; i++) sorted[i]!.elo = Math.max(sorted[i]!.elo, sorted[i - 1]!.elo);
  return sorted;
}

/** The strength (0..STRENGTH_FULL) that plays at `elo` by the table. */
export function strengthForElo(elo: number): number {
  const table = points();
  const first = table[0]!;
  const last = table[table.length - 1]!;
  if (elo <= first.elo) return first.strength;
  if (elo >= last.elo) return last.strength;
  for (let i = 1; i < table.length; i++) {
    const lo = table[i - 1]!;
    const hi = table[i]!;
    if (elo <= hi.elo && hi.elo > lo.elo) {
      return Math.round(lo.strength + ((elo - lo.elo) * (hi.strength - lo.strength)) / (hi.elo - lo.elo));
    }
  }
  return last.strength;
}

/** The rating the table gives `strength` (interpolated between its levels). */
export function eloForStrength(strength: number): number {
  const table = points();
  const first = table[0]!;
  const last = table[table.length - 1]!;
  if (strength <= first.strength) return first.elo;
  if (strength >= last.strength) return last.elo;
  for (let i = 1; i < table.length; i++) {
    const lo = table[i - 1]!;
    const hi = table[i]!;
    if (strength <= hi.strength) {
      return Math.round(lo.elo + ((strength - lo.strength) * (hi.elo - lo.elo)) / (hi.strength - lo.strength));
    }
  }
  return last.elo;
}

/** `elo` brought into ELO_MIN..ELO_MAX and rounded. */
export function clampElo(elo: number): number {
  return Math.round(Math.min(ELO_MAX, Math.max(ELO_MIN, elo)));
}

/** How weak the search plays for these limits: `elo` when given, else `skill` (default full strength). */
export function weakeningFor(limits: Pick<SearchLimits, 'skill' | 'elo'>): Weakening {
  if (limits.elo !== undefined) {
    const elo = clampElo(limits.elo);
    return { strength: strengthForElo(elo), keepMajors: elo >= KEEP_MAJORS_FROM };
  }
  const skill = Math.max(0, Math.min(FULL_STRENGTH, Math.floor(limits.skill ?? FULL_STRENGTH)));
  const strength = skill * (STRENGTH_FULL / FULL_STRENGTH);
  return { strength, keepMajors: strength < STRENGTH_FULL && skill >= KEEP_MAJORS_FROM_SKILL };
}

/** Does the search play weaker on purpose with these limits? (Weakened play searches on one thread.) */
export function isWeakened(limits: Pick<SearchLimits, 'skill' | 'elo'>): boolean {
  return weakeningFor(limits).strength < STRENGTH_FULL;
}

/** The skill level (0-20) nearest these limits' strength: the opening book's choice flattens by it. */
export function bookSkill(limits: Pick<SearchLimits, 'skill' | 'elo'>): number {
  return Math.round(weakeningFor(limits).strength / (STRENGTH_FULL / FULL_STRENGTH));
}
