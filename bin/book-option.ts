// The UCI options OwnBook and BookFile: the opening book (web/engine/book.ts) answers `go` at once
// while the position is in it. Only a request for a move to play consults it (a bare `go`, or one with
// a clock or movetime); `go depth`, `nodes`, `infinite` and `ponder` ask for a search and get one.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Book, chooseBookMove } from '../web/engine/book.ts';
import type { Engine, SearchLimits } from '../web/engine/types.ts';

export class BookOption {
  /** OwnBook: on by default, as the issue asks. */
  enabled = true;
  private book: Book | null = null;
  private loadedFrom: string | null = null;

  /** `defaultFile`: the book shipped beside the engine, if it is there. */
  constructor(readonly defaultFile: string | null) {
    this.file = defaultFile;
  }

  /** The BookFile option's value (a path; null: no book). */
  file: string | null;

  static fromUrl(url: URL | undefined): BookOption {
    return new BookOption(url ? fileURLToPath(url) : null);
  }

  /** Sets BookFile; returns an error text when the file is not a readable book (the old one is kept). */
  setFile(value: string): string | null {
    const path = value.trim();
    if (path === '' || path === '<empty>') {
      this.file = null;
      this.book = null;
      this.loadedFrom = null;
      return null;
    }
    try {
      this.book = new Book(new Uint8Array(readFileSync(path)));
    } catch (error) {
      return `BookFile "${path}": ${error instanceof Error ? error.message : String(error)}`;
    }
    this.file = path;
    this.loadedFrom = path;
    return null;
  }

  /** Whether a `go` with these limits may be answered from the book. */
  static answersFor(limits: SearchLimits, ponder: boolean): boolean {
    return (
      !ponder &&
      !limits.infinite &&
      limits.depth === undefined &&
      limits.nodes === undefined &&
      // The book knows nothing of a limited root (`go searchmoves`).
      !limits.searchmoves?.length
    );
  }

  /**
   * The book's move for the engine's position, or null (book off, missing, or the position not in
   * it). The default file is read on first use; a default file that is missing is no book, quietly.
   */
  pick(engine: Engine, skill: number, random: () => number = Math.random): { move: string; choices: string } | null {
    if (!this.enabled || this.file === null) return null;
    if (this.loadedFrom !== this.file) {
      try {
        this.book = new Book(new Uint8Array(readFileSync(this.file)));
      } catch {
        this.book = null;
      }
      this.loadedFrom = this.file;
    }
    if (!this.book) return null;
    const moves = this.book.lookup(engine.board(), engine.turn());
    const move = chooseBookMove(moves, engine.legalMoves(), skill, random);
    if (!move) return null;
    return { move, choices: moves.map((m) => `${m.move}:${m.weight}`).join(' ') };
  }
}
