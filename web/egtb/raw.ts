// The exports of the tables' module (assembly/egtb/api.ts), as either build offers them: the wasm
// build answers a bool with 0 or 1, the JS build with false or true.

type Bool = number | boolean;

export interface RawTablebases {
  tableSize(key: number): number;
  generateTable(key: number): Bool;
  adoptTable(key: number): number;
  hasTable(key: number): Bool;
  tableOffset(key: number): number;
  tableValue(key: number, side: number, index: number): number;
  verifyTable(key: number): number;
  clearTables(): void;
  placements(side: number, advisors: number, elephants: number): number;
  clearBoard(): void;
  putPiece(point: number, code: number): Bool;
  pieceOn(point: number): number;
  boardKey(): number;
  probeBoard(side: number): number;
  piecesOffset(): number;
  probePieces(count: number, side: number): number;
  setUpEntry(key: number, index: number): Bool;
  generateMoves(side: number): number;
  legalMove(i: number): number;
  heapBase(): number;
}

export const RAW_EXPORTS: readonly (keyof RawTablebases)[] = [
  'tableSize',
  'generateTable',
  'adoptTable',
  'hasTable',
  'tableOffset',
  'tableValue',
  'verifyTable',
  'clearTables',
  'placements',
  'clearBoard',
  'putPiece',
  'pieceOn',
  'boardKey',
  'probeBoard',
  'piecesOffset',
  'probePieces',
  'setUpEntry',
  'generateMoves',
  'legalMove',
  'heapBase',
];

/** A loaded build: its exports and its memory as it is now (it grows as tables are made). */
export interface LoadedTablebases {
  raw: RawTablebases;
  buffer(): ArrayBuffer;
}

/** An entry's value for a position that is none (two pieces on a point, or not the index's own): assembly/egtb/generate.ts's INVALID. */
export const NO_POSITION = 0xffff;
/** Piece codes of the tables' board: the type, plus 8 for Black. */
export const CODES: Record<string, number> = { K: 1, A: 2, B: 3, N: 4, R: 5, C: 6, P: 7 };
/** The FEN letter of each code's type (index: code & 7). */
export const LETTERS = ['', 'K', 'A', 'B', 'N', 'R', 'C', 'P'];
