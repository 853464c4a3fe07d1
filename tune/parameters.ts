// The evaluation's parameters as the tuner sees them: the engine's layout (assembly/eval-layout.ts)
// with names, and the weights file (tune/weights.json) that the generated assembly/weights.ts is
// made from.
import { readFileSync, writeFileSync } from 'node:fs';
import {
  P_PST,
  PST_SIZE,
  P_ROOK_MOBILITY,
  P_HORSE_MOBILITY,
  P_CANNON_MOBILITY,
  P_KING_ATTACK,
  P_ATTACKER,
  P_HOLLOW_CANNON,
  P_SCREEN_CANNON,
  P_OPEN_KING_FILE,
  P_DEFENCE,
  P_LINKED_PAWNS,
  P_PAIRS,
  P_ROOK_OPEN_FILE,
  P_ROOK_HALF_OPEN_FILE,
  P_BATTERY,
  P_TEMPO,
  PARAMETERS,
  PHASE_MAX,
} from '../assembly/eval-layout.ts';

export { PARAMETERS, PHASE_MAX, P_PST, PST_SIZE, P_TEMPO };

/** [name, first parameter, count] for every block, in order. */
export const PARAMETER_BLOCKS: readonly [string, number, number][] = [
  [
    'piece-square values with material: type (K A B N R C P) x rank from its own side x file folded (a..e)',
    P_PST,
    PST_SIZE,
  ],
  ['rook mobility 0-17', P_ROOK_MOBILITY, 18],
  ['horse mobility 0-8', P_HORSE_MOBILITY, 9],
  ['cannon mobility 0-17', P_CANNON_MOBILITY, 18],
  ['king attack: attackers near the palace (0-6) x advisors + elephants (0-4)', P_KING_ATTACK, 35],
  ['attackers near the palace: rook, horse, cannon, pawn', P_ATTACKER, 4],
  ['hollow cannon', P_HOLLOW_CANNON, 1],
  ['cannon with one screen on the king file', P_SCREEN_CANNON, 1],
  ['rooks against an open king file', P_OPEN_KING_FILE, 1],
  ['enemy rooks, horses, cannons x advisors (0-2) * 3 + elephants (0-2)', P_DEFENCE, 9],
  ['linked pawns across the river', P_LINKED_PAWNS, 1],
  ['pairs: two rooks, two horses, two cannons, rook + cannon, horse + cannon', P_PAIRS, 5],
  ['rook on an open file', P_ROOK_OPEN_FILE, 1],
  ['rook on a half-open file', P_ROOK_HALF_OPEN_FILE, 1],
  ['battery on the king file', P_BATTERY, 1],
  ['tempo', P_TEMPO, 1],
];

export interface WeightsFile {
  /** How these weights were made (the tuner's run, or the hand-set start). */
  source: string;
  /** [midgame, endgame] per parameter, centipawns. */
  weights: [number, number][];
}

export function readWeights(path: string): WeightsFile {
  // Read as unknown: the file is checked here before it is trusted as a WeightsFile.
  const file = JSON.parse(readFileSync(path, 'utf8')) as { weights?: unknown };
  const weights = file.weights;
  if (
    !Array.isArray(weights) ||
    weights.length !== PARAMETERS ||
    !weights.every((w: unknown) => Array.isArray(w) && w.length === 2 && w.every(Number.isInteger))
  ) {
    throw new Error(`${path}: expected ${PARAMETERS} [midgame, endgame] pairs of whole numbers`);
  }
  return file as WeightsFile;
}

export function writeWeights(path: string, file: WeightsFile): void {
  const lines = file.weights.map((w) => `  [${w[0]}, ${w[1]}]`);
  writeFileSync(path, `{\n "source": ${JSON.stringify(file.source)},\n "weights": [\n${lines.join(',\n')}\n ]\n}\n`);
}
