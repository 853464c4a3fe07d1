// Turns UCI-style limits into the engine's hard and soft time budgets.
import { FULL_STRENGTH } from './shared.ts';
import type { Color, SearchLimits } from './types.ts';

export interface Budget {
  maxDepth: number;
  /** Never search past this (ms); 0 = no limit. */
  hardMs: number;
  /** Do not start another iteration after this (ms); 0 = no limit. */
  softMs: number;
  nodes: number;
}

/** Time kept back for the round trip of `bestmove` and the host's own overhead. */
const SAFETY_MS = 8;

const COUNTS = ['depth', 'nodes', 'multipv'] as const;
const TIMES = ['movetime', 'wtime', 'btime', 'winc', 'binc', 'movestogo'] as const;

/** Refuses limits no search can honour (NaN, negative, infinite, fractional counts). */
export function checkLimits(limits: SearchLimits): void {
  for (const key of COUNTS) {
    const value = limits[key];
    if (value !== undefined && !(Number.isInteger(value) && value >= 1)) {
      throw new RangeError(`search ${key} must be a whole number of at least 1, not ${value}`);
    }
  }
  if (
    limits.skill !== undefined &&
    !(Number.isInteger(limits.skill) && limits.skill >= 0 && limits.skill <= FULL_STRENGTH)
  ) {
    throw new RangeError(`search skill must be a whole number from 0 to ${FULL_STRENGTH}, not ${limits.skill}`);
  }
  if (limits.elo !== undefined && !Number.isFinite(limits.elo)) {
    throw new RangeError(`search elo must be a finite number, not ${limits.elo}`);
  }
  for (const key of TIMES) {
    const value = limits[key];
    if (value !== undefined && !(Number.isFinite(value) && value >= 0)) {
      throw new RangeError(`search ${key} must be a finite number of at least 0, not ${value}`);
    }
  }
}

export function budgetFor(limits: SearchLimits, turn: Color): Budget {
  checkLimits(limits);
  const budget: Budget = { maxDepth: limits.depth ?? 0, hardMs: 0, softMs: 0, nodes: limits.nodes ?? 0 };
  if (limits.infinite) return budget;
  if (limits.movetime !== undefined) {
    budget.hardMs = Math.max(1, limits.movetime - SAFETY_MS);
    return budget;
  }
  const left = turn === 'red' ? limits.wtime : limits.btime;
  if (left !== undefined) {
    const increment = (turn === 'red' ? limits.winc : limits.binc) ?? 0;
    const movesToGo = Math.min(limits.movestogo ?? 30, 50);
    const reserve = Math.min(left * 0.1, 1000);
    const usable = Math.max(1, left - reserve);
    // Aim at an even share of what is left (plus most of the increment); allow up to 4x that for
    // an iteration already under way, never more than a third of the clock.
    budget.softMs = Math.max(1, usable / Math.max(1, movesToGo) + increment * 0.75);
    budget.hardMs = Math.max(1, Math.min(budget.softMs * 4, usable / 3, left - SAFETY_MS * 4));
    budget.softMs = Math.min(budget.softMs, budget.hardMs);
  }
  return budget;
}
