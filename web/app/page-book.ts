// The opening book on the game page (book/xiangqi.book, the file the board's `openingBook` reads):
// the computer plays from it while the position is in it (Settings: opening book, on by default),
// and the move list and the analysis mark the moves that are in it ("book"). Fetched once, the
// first time the computer or the page asks; a page without it (a failed fetch) plays and marks
// nothing from it, and says so once in the console.
import { Book, chooseBookMove, loadBook, type BookMove } from '../engine/book.ts';
import type { Engine } from '../engine/types.ts';
import type { Game, MoveNode } from './game.ts';

/** Where the page's book is (Vite copies it into the built site as an asset). */
export const BOOK_URL = new URL('../../book/xiangqi.book', import.meta.url);

/** Book moves are looked for this far into a game, no further (the book is shallower). */
const MAX_PLY = 40;

export class PageBook {
  private book: Book | null = null;
  private loading: Promise<Book | null> | null = null;
  /** The tree's book moves, for one version of the tree. */
  private cache: { key: string; ids: Set<number> } | null = null;

  constructor(
    /** Called once the book has arrived (the page redraws its marks). */
    private readonly onLoad: () => void = () => {},
    private readonly fetchBook: () => Promise<Book> = () => loadBook(BOOK_URL),
  ) {}

  /** Whether the book is in hand. */
  get ready(): boolean {
    return this.book !== null;
  }

  /** The book, fetched on the first call; null when it cannot be had. */
  load(): Promise<Book | null> {
    this.loading ??= this.fetchBook().then(
      (book) => {
        this.book = book;
        this.cache = null;
        this.onLoad();
        return book;
      },
      (error: unknown) => {
        console.warn(`The opening book could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      },
    );
    return this.loading;
  }

  /** The book's legal moves for the position `e` stands on, best weight first (empty until loaded). */
  moves(e: Engine): BookMove[] {
    if (!this.book) return [];
    return this.book.lookup(e.board(), e.turn()).filter((m) => e.isLegal(m.move));
  }

  /**
   * A move from the book for the position `e` stands on, chosen by weight at `skill` (0-20); null when
   * out of book or before the book has loaded (`await load()` first).
   */
  choose(e: Engine, skill: number, random: () => number = Math.random): string | null {
    if (!this.book) return null;
    return chooseBookMove(this.book.lookup(e.board(), e.turn()), e.legalMoves(), skill, random);
  }

  /**
   * The ids of the tree's moves that are book moves from the position before them (every line, as far
   * as its positions are in the book), worked out on `scratch` and kept until the tree changes.
   */
  bookNodes(game: Game, scratch: Engine): ReadonlySet<number> {
    if (!this.book) return new Set();
    const key = `${game.treeVersion}|${game.startFen}|${game.root.id}`;
    if (this.cache?.key === key) return this.cache.ids;
    const ids = new Set<number>();
    const book = this.book;
    scratch.setPosition(game.startFen);
    // A move out of the book may still lead to a position in it (the book holds replies to moves it
    // would not play itself), so every child of a position in the book is looked at; a line ends
    // where its position is not in the book.
    const visit = (node: MoveNode, ply: number): void => {
      if (ply >= MAX_PLY || node.children.length === 0) return;
      const moves = new Set(book.lookup(scratch.board(), scratch.turn()).map((m) => m.move));
      if (moves.size === 0) return;
      for (const child of node.children) {
        if (moves.has(child.move)) ids.add(child.id);
        scratch.play(child.move);
        visit(child, ply + 1);
        scratch.undo();
      }
    };
    visit(game.root, 0);
    this.cache = { key, ids };
    return ids;
  }
}
