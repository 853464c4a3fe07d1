// The training file of the evaluation tuner (and of a future network): fixed 48-byte records,
// one quiet position each, appended in game order. Layout of a record:
//   bytes 0-44  the 90 points, rank * 9 + file (a0 = 0, i9 = 89), two to a byte: the even point in
//               the low nibble. 0 empty, 1-7 Red K A B N R C P, 9-15 Black k a b n r c p.
//   byte 45     bit 0: side to move (0 Red, 1 Black); bits 1-2: the game's result for Red
//               (0 lost, 1 draw, 2 won).
//   bytes 46-47 i16, little-endian: the score of the engine's search of this position, centipawns
//               for the side to move, clipped to +/- SCORE_CLIP.
export const RECORD_BYTES = 48;
export const SCORE_CLIP = 3000;
/** A point's code is its index here: ' ' empty, 1-7 Red, 9-15 Black (8 is unused). */
export const RECORD_LETTERS = ' KABNRCP kabnrcp';
const LETTERS = RECORD_LETTERS;

export type PieceLetter = 'K' | 'A' | 'B' | 'N' | 'R' | 'C' | 'P' | 'k' | 'a' | 'b' | 'n' | 'r' | 'c' | 'p';

export interface TrainingPosition {
  /** The 90 points as FEN letters (null: empty), rank * 9 + file. */
  board: (string | null)[];
  blackToMove: boolean;
  /** The game's result for Red: 0 lost, 0.5 draw, 1 won. */
  result: number;
  /** The search's score for the side to move, centipawns. */
  score: number;
}

function codeOf(letter: string | null): number {
  if (letter === null) return 0;
  // FEN also spells the elephant E and the horse H.
  const normal = letter.replace('E', 'B').replace('e', 'b').replace('H', 'N').replace('h', 'n');
  const code = LETTERS.indexOf(normal);
  if (code <= 0 || code === 8) throw new Error(`"${letter}" is not a piece letter`);
  return code;
}

export function encodeRecord(position: TrainingPosition, out: Uint8Array, at: number): void {
  if (position.board.length !== 90) throw new Error(`a board has 90 points, not ${position.board.length}`);
  for (let i = 0; i < 45; i++) out[at + i] = codeOf(position.board[2 * i]!) | (codeOf(position.board[2 * i + 1]!) << 4);
  const result = position.result === 1 ? 2 : position.result === 0.5 ? 1 : 0;
  out[at + 45] = (position.blackToMove ? 1 : 0) | (result << 1);
  const score = Math.max(-SCORE_CLIP, Math.min(SCORE_CLIP, Math.round(position.score)));
  out[at + 46] = score & 0xff;
  out[at + 47] = (score >> 8) & 0xff;
}

export function decodeRecord(data: Uint8Array, at: number): TrainingPosition {
  const board: (string | null)[] = [];
  for (let i = 0; i < 45; i++) {
    const byte = data[at + i]!;
    for (const code of [byte & 15, byte >> 4]) board.push(code === 0 ? null : LETTERS[code]!);
  }
  const flags = data[at + 45]!;
  const raw = data[at + 46]! | (data[at + 47]! << 8);
  return {
    board,
    blackToMove: (flags & 1) === 1,
    result: ((flags >> 1) & 3) / 2,
    score: raw >= 0x8000 ? raw - 0x10000 : raw,
  };
}

/** The FEN of a record's position (move counters zero: the tuner needs only the placement). */
export function recordFen(position: TrainingPosition): string {
  const ranks: string[] = [];
  for (let rank = 9; rank >= 0; rank--) {
    let text = '';
    let empty = 0;
    for (let file = 0; file < 9; file++) {
      const letter = position.board[rank * 9 + file];
      if (letter === null || letter === undefined) {
        empty++;
      } else {
        if (empty > 0) text += String(empty);
        empty = 0;
        text += letter;
      }
    }
    if (empty > 0) text += String(empty);
    ranks.push(text);
  }
  return `${ranks.join('/')} ${position.blackToMove ? 'b' : 'w'} - - 0 1`;
}
