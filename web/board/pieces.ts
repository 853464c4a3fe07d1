// Glyph sets for the discs. Han characters are drawn from outlines shipped with the board
// (glyphs.generated.ts), never from the reader's fonts, so every machine shows the same pieces; the
// letter set is text, and the blank sets (for blindfold play) draw no character at all.
import type { PieceLetter, PieceSetName } from './types.ts';

const ORDER = 'KABNRCP';
/** Per set: seven red glyphs then seven black ones, in ORDER. */
const SETS: Record<PieceSetName, string> = {
  traditional: '帥仕相傌俥炮兵將士象馬車砲卒',
  simplified: '帅仕相马车炮兵将士象马车炮卒',
  // WXF letters (E for elephant, H for horse) so they match the notation readers see elsewhere.
  letters: 'KAEHRCPKAEHRCP',
  blank: '',
  'blank-mono': '',
};

/** Every piece-set value, for checking attribute values. */
export const PIECE_SETS = Object.keys(SETS) as PieceSetName[];

/** Whether a set's glyphs are Han characters (drawn as paths). */
export function isHanSet(set: PieceSetName): boolean {
  return set === 'traditional' || set === 'simplified';
}

export function isRed(piece: PieceLetter): boolean {
  return piece < 'a';
}

export function glyph(piece: PieceLetter, set: PieceSetName): string {
  const i = ORDER.indexOf(piece.toUpperCase());
  return SETS[set][isRed(piece) ? i : i + 7] ?? '';
}

/** WXF letters the engine accepts in a FEN, as the pieces it makes of them. */
const WXF: Record<string, PieceLetter> = { H: 'N', E: 'B', h: 'n', e: 'b' };

/**
 * Reads only the placement field of a FEN into 90 squares (index rank * 9 + file), so the board can
 * be drawn before the engine has loaded. Full validation is the engine's job; null when malformed.
 */
export function parsePlacement(fen: unknown): (PieceLetter | null)[] | null {
  // unknown: a page's script may set the `fen` property to anything, and this runs before the engine judges it.
  const rows = String(fen).trim().split(/\s+/)[0]!.split('/');
  if (rows.length !== 10) return null;
  const board: (PieceLetter | null)[] = [];
  // The FEN lists rank 9 first; the array starts at a0 (rank 0), so the rows are read from the last.
  for (let r = 0; r <= 9; r++) {
    const row: (PieceLetter | null)[] = [];
    for (const ch of rows[9 - r]!) {
      if (ch >= '1' && ch <= '9') for (let n = +ch; n > 0; n--) row.push(null);
      else if ('KABNRCPkabnrcp'.includes(ch)) row.push(ch as PieceLetter);
      // The engine also reads WXF letters (H horse, E elephant); drawn as the pieces it will make of them.
      else if ('HEhe'.includes(ch)) row.push(WXF[ch]!);
      else return null;
    }
    if (row.length !== 9) return null;
    board.push(...row);
  }
  return board;
}
