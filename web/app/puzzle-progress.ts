// The player's practice record, kept across visits (localStorage, as the settings): a Glicko-2 rating
// (rating, deviation, volatility), updated after each puzzle by the glicko2-lite library as one game
// against the puzzle at its rating, and the puzzles already solved (so they do not come back soon).
import rate from 'glicko2-lite';
import { loadJson, saveJson } from './storage.ts';

export interface PracticeRecord {
  rating: number;
  /** Rating deviation: how sure the rating is (350 knows nothing, under 100 is settled). */
  rd: number;
  vol: number;
  /** Ids of the puzzles solved (puzzle-set.ts puzzleId). */
  solved: string[];
  /** Puzzles tried, and solved at the first try without a hint. */
  tried: number;
  solvedFirstTry: number;
}

const KEY = 'practice';
/** A new player's rating: the middle of the levels' scale, with Glicko-2's wide deviation. */
export const START_RATING = 1500;
const START_RD = 350;
const START_VOL = 0.06;
/** A puzzle's rating is known from the engine's levels, not from players: a fixed, fairly sure deviation. */
const PUZZLE_RD = 80;

export function newRecord(): PracticeRecord {
  return { rating: START_RATING, rd: START_RD, vol: START_VOL, solved: [], tried: 0, solvedFirstTry: 0 };
}

const finite = (v: unknown, lo: number, hi: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= lo && v <= hi;

/** The record stored, or a new one (a field that cannot be read falls back, as the settings do). */
export function loadRecord(): PracticeRecord {
  const d = newRecord();
  const raw = loadJson(KEY);
  if (!raw || typeof raw !== 'object') return d;
  const r = raw as Record<string, unknown>;
  const solved = Array.isArray(r['solved']) ? r['solved'].filter((s): s is string => typeof s === 'string') : [];
  return {
    rating: finite(r['rating'], 0, 4000) ? r['rating'] : d.rating,
    rd: finite(r['rd'], 1, 350) ? r['rd'] : d.rd,
    vol: finite(r['vol'], 0, 1) ? r['vol'] : d.vol,
    solved: solved.slice(-2000),
    tried: finite(r['tried'], 0, 1e9) ? Math.floor(r['tried']) : 0,
    solvedFirstTry: finite(r['solvedFirstTry'], 0, 1e9) ? Math.floor(r['solvedFirstTry']) : 0,
  };
}

export function saveRecord(record: PracticeRecord): void {
  saveJson(KEY, record);
}

/** The record after a puzzle rated `puzzleRating`: solved (1) or not (0). Returns the new record. */
export function ratedAfter(record: PracticeRecord, puzzleRating: number, score: 0 | 1): PracticeRecord {
  const next = rate(record.rating, record.rd, record.vol, [[puzzleRating, PUZZLE_RD, score]]);
  return {
    ...record,
    rating: next.rating,
    // Glicko-2 lets the deviation only shrink with games; keep it within its usual bounds.
    rd: Math.min(START_RD, Math.max(30, next.rd)),
    vol: next.vol,
    tried: record.tried + 1,
    solvedFirstTry: record.solvedFirstTry + score,
  };
}
