// Endgame tables for positions where one side (Red, or Black with the board turned round) has at
// most two attacking pieces and the other only its king, advisors and elephants: generated on
// demand by retrograde analysis in their own module (assembly/egtb/), then probed by FEN.
import type { Backend, TableProber } from '../engine/types.ts';
import { readFen } from '../notation/rule-fen.ts';
import { RuleBoard } from '../notation/rule-board.ts';
import { inCheck } from '../notation/rule-moves.ts';
import { loadTablebaseBuild, type TablebaseLoadOptions } from './load.ts';
import { parseMaterial, materialName, materialOfFen, pieceCount, KEYS, type Material } from './material.ts';
import { CODES, LETTERS, NO_POSITION, type LoadedTablebases } from './raw.ts';

/** What a table says of a position, for the side to move. */
export interface TableProbe {
  /** The material's name, strong side first as Red ("KR-KAAEE"), whichever colour it has here. */
  material: string;
  result: 'win' | 'loss' | 'draw';
  /** Plies to mate with best play (0: the side to move is mated or stalemated now); null for a draw. */
  plies: number | null;
}

/** A legal move and what the table says of it for the side that plays it. */
export interface TableMove {
  /** ICCS, e.g. "h2e2". */
  move: string;
  result: 'win' | 'loss' | 'draw';
  /** Plies to mate after this move and counting it; null for a draw. */
  plies: number | null;
  capture: boolean;
}

/** A table's figures, per side to move: Red (the side with the attackers) and Black. */
export interface TableStats {
  material: string;
  /** Entries per side to move, positions or not. */
  entries: number;
  positions: [number, number];
  wins: [number, number];
  draws: [number, number];
  losses: [number, number];
  /** The longest mate, in plies, with Red to move and with Black to move (0 when none). */
  longest: [number, number];
}

export class Tablebases {
  readonly backend: Backend;
  readonly #build: LoadedTablebases;

  private constructor(backend: Backend, build: LoadedTablebases) {
    this.backend = backend;
    this.#build = build;
  }

  static async load(backend: Backend = 'wasm', options: TablebaseLoadOptions = {}): Promise<Tablebases> {
    return new Tablebases(backend, await loadTablebaseBuild(backend, options));
  }

  /**
   * Generates the table of a material (and the smaller ones its captures lead to); returns its
   * material. Throws a RangeError for a material no table covers, an Error when memory runs out.
   */
  generate(material: string): Material {
    const m = parseMaterial(material);
    if (!this.#build.raw.generateTable(m.key))
      throw new Error(`Not enough memory to generate ${m.name} (${this.entries(m.name) * 2} positions)`);
    return m;
  }

  /**
   * Takes a table made before (its `values()`, kept elsewhere) instead of making it again. Throws
   * when the values are not the size of the material's table, or memory runs out.
   */
  adopt(material: string, values: Uint16Array): void {
    const { key, name } = parseMaterial(material);
    const raw = this.#build.raw;
    const size = raw.tableSize(key) * 2;
    if (values.length !== size) throw new RangeError(`${name}'s table has ${size} values, not ${values.length}`);
    if (raw.hasTable(key)) return;
    const at = raw.adoptTable(key);
    if (at < 0) throw new Error(`Not enough memory to take ${name}'s table`);
    new Uint16Array(this.#build.buffer(), raw.heapBase() + at, size).set(values);
  }

  has(material: string): boolean {
    return Boolean(this.#build.raw.hasTable(parseMaterial(material).key));
  }

  /** The materials whose tables are generated (or taken), by name. */
  held(): string[] {
    return this.#heldKeys().map(materialName);
  }

  #heldKeys(): number[] {
    const keys: number[] = [];
    for (let key = 0; key < KEYS; key++) if (this.#build.raw.hasTable(key)) keys.push(key);
    return keys;
  }

  /** Entries per side to move of a material's table (generated or not). */
  entries(material: string): number {
    return this.#build.raw.tableSize(parseMaterial(material).key);
  }

  /** Forgets every table generated, handing the memory back. */
  clear(): void {
    this.#build.raw.clearTables();
  }

  /** A generated table's values, Red to move then Black (u16 each: 0 draw, else plies to mate + 1; 65535 no position). */
  values(material: string): Uint16Array {
    const { key, name } = parseMaterial(material);
    const raw = this.#build.raw;
    if (!raw.hasTable(key)) throw new Error(`${name} is not generated`);
    const start = raw.heapBase() + raw.tableOffset(key);
    return new Uint16Array(this.#build.buffer().slice(start, start + raw.tableSize(key) * 4));
  }

  /** How many positions of a generated table break the rules of retrograde analysis (0: sound). */
  verify(material: string): number {
    const { key, name } = parseMaterial(material);
    if (!this.#build.raw.hasTable(key)) throw new Error(`${name} is not generated`);
    return this.#build.raw.verifyTable(key);
  }

  stats(material: string): TableStats {
    const values = this.values(material);
    const entries = values.length / 2;
    const stats: TableStats = {
      material: parseMaterial(material).name,
      entries,
      positions: [0, 0],
      wins: [0, 0],
      draws: [0, 0],
      losses: [0, 0],
      longest: [0, 0],
    };
    for (let side = 0; side < 2; side++) {
      for (let i = side * entries; i < (side + 1) * entries; i++) {
        const v = values[i]!;
        if (v === NO_POSITION) continue;
        stats.positions[side]!++;
        if (v === 0) stats.draws[side]!++;
        else if ((v - 1) % 2 === 1) {
          stats.wins[side]!++;
          stats.longest[side] = Math.max(stats.longest[side]!, v - 1);
        } else stats.losses[side]!++;
      }
    }
    return stats;
  }

  /**
   * What the tables say of a FEN's position: null when no table covers its material or that table
   * is not generated (`material` then names the one to generate). Throws FenError for a bad FEN.
   */
  probe(fen: string): TableProbe | null {
    const here = this.#setUp(fen);
    if (here === null) return null;
    const raw = this.#build.raw;
    const key = raw.boardKey();
    const value = raw.probeBoard(here.side);
    if (value < 0) return null;
    return {
      material: materialName(key),
      result: value === 0 ? 'draw' : (value - 1) % 2 === 1 ? 'win' : 'loss',
      plies: value === 0 ? null : value - 1,
    };
  }

  /**
   * The tables made so far (and those made later), for the engine's search to probe inside its
   * tree: Engine.useTables, called again whenever more are made.
   */
  prober(): TableProber {
    const raw = this.#build.raw;
    const at = raw.heapBase() + raw.piecesOffset();
    let view = new Uint8Array(this.#build.buffer(), at, 32);
    return {
      materials: () => this.#heldKeys().map((key) => ({ key, pieces: 2 + pieceCount(key) })),
      probe: (pieces, side) => {
        // The memory grows as tables are made: a new buffer needs a new view.
        if (view.buffer !== this.#build.buffer()) view = new Uint8Array(this.#build.buffer(), at, 32);
        view.set(pieces);
        const value = raw.probePieces(pieces.length / 2, side);
        return value < 0 || value === NO_POSITION ? -1 : value;
      },
    };
  }

  /**
   * The FEN of a table entry (Red to move for side 0, Black for 1), or null when the entry is no
   * position (two pieces on a point, or another entry's mirror image).
   */
  entryFen(material: string, side: 0 | 1, index: number): string | null {
    const { key, name } = parseMaterial(material);
    const raw = this.#build.raw;
    if (!raw.hasTable(key)) throw new Error(`${name} is not generated`);
    if (raw.tableValue(key, side, index) === NO_POSITION || !raw.setUpEntry(key, index)) return null;
    const rows: string[] = [];
    for (let rank = 9; rank >= 0; rank--) {
      let row = '';
      let empty = 0;
      for (let file = 0; file < 9; file++) {
        const code = raw.pieceOn(rank * 9 + file);
        if (code === 0) {
          empty++;
          continue;
        }
        if (empty > 0) row += String(empty);
        empty = 0;
        const letter = LETTERS[code & 7]!;
        row += code & 8 ? letter.toLowerCase() : letter;
      }
      rows.push(empty > 0 ? row + String(empty) : row);
    }
    return `${rows.join('/')} ${side === 0 ? 'w' : 'b'} - - 0 1`;
  }

  /**
   * Every legal move of a FEN's position with what the table says of it for the side that plays it,
   * best first (the fastest win, then draws, then the slowest loss); null when the position's table
   * (and so the smaller ones its captures reach) is not generated.
   */
  moves(fen: string): TableMove[] | null {
    const here = this.#setUp(fen);
    if (here === null) return null;
    const raw = this.#build.raw;
    const count = raw.generateMoves(here.side);
    const list: number[] = [];
    for (let i = 0; i < count; i++) list.push(raw.legalMove(i));
    const moves: TableMove[] = [];
    for (const mv of list) {
      const from = mv & 127;
      const to = mv >> 7;
      const code = here.codes[from]!;
      const captured = here.codes[to]!;
      raw.clearBoard();
      for (let p = 0; p < 90; p++) {
        if (p === from || p === to) continue;
        const c = here.codes[p]!;
        if (c !== 0) raw.putPiece(p, c);
      }
      raw.putPiece(to, code);
      const value = raw.probeBoard(1 - here.side);
      if (value < 0) return null; // a smaller table its capture reaches is not generated
      // The child's value is the other side's: a loss there is this move's win.
      const result = value === 0 ? 'draw' : (value - 1) % 2 === 0 ? 'win' : 'loss';
      moves.push({
        move: this.#iccs(from, here.flipped) + this.#iccs(to, here.flipped),
        result,
        plies: value === 0 ? null : value,
        capture: captured !== 0,
      });
    }
    const rank = (m: TableMove) =>
      m.result === 'win' ? -100000 + m.plies! : m.result === 'draw' ? 0 : 100000 - m.plies!;
    return moves.sort((a, b) => rank(a) - rank(b));
  }

  /**
   * The table's line from a position: each side's best move by the table (the fastest mate, the
   * longest defence) until the game ends, or for at most `maxPlies`; and whether it ends in
   * checkmate (else in stalemate, which loses in Xiangqi, or cut short). Empty for a draw.
   */
  line(fen: string, maxPlies = 1000): { moves: string[]; checkmate: boolean } {
    const board = new RuleBoard(fen);
    const moves: string[] = [];
    while (moves.length < maxPlies) {
      const best = this.moves(board.fen())?.[0];
      if (!best || best.result === 'draw') break;
      board.play(best.move);
      moves.push(best.move);
    }
    return { moves, checkmate: inCheck(board.board(), board.turn()) && board.legalMoves().length === 0 };
  }

  /** A table point as an ICCS square, turned back when the board was turned round. */
  #iccs(point: number, flipped: boolean): string {
    const file = point % 9;
    const rank = (point - file) / 9;
    return 'abcdefghi'[file]! + String(flipped ? 9 - rank : rank);
  }

  /**
   * Puts a FEN's position on the module's board, Red as the attacking side (the board turned round
   * when Black attacks); null when no table covers its material or it is not generated.
   */
  #setUp(fen: string): { side: number; flipped: boolean; codes: number[] } | null {
    const position = readFen(fen);
    const raw = this.#build.raw;
    const flipped = position.board.some((p) => p !== null && 'rncp'.includes(p));
    const codes = new Array<number>(90).fill(0);
    raw.clearBoard();
    position.board.forEach((piece, point) => {
      if (piece === null) return;
      const red = piece === piece.toUpperCase();
      const file = point % 9;
      const at = flipped ? (9 - (point - file) / 9) * 9 + file : point;
      codes[at] = CODES[piece.toUpperCase()]! + (red !== flipped ? 0 : 8);
      raw.putPiece(at, codes[at]);
    });
    const key = raw.boardKey();
    if (key < 0 || !raw.hasTable(key)) return null;
    return { side: (position.turn === 'red') !== flipped ? 0 : 1, flipped, codes };
  }

  /** The material of a FEN's position as the tables name it, or null when no table covers it. */
  materialOf(fen: string): string | null {
    readFen(fen);
    return materialOfFen(fen);
  }
}
