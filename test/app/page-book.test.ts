// The opening book on the page (page-book.ts), in Node with the committed book file: the computer's
// choice is a legal book move, the tree's book moves are found on every line as far as they stay in
// the book, and a book that cannot be fetched leaves the page without book moves instead of failing.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { createEngine } from '../../web/engine/index.ts';
import { Book } from '../../web/engine/book.ts';
import type { Engine } from '../../web/engine/types.ts';
import { Game } from '../../web/app/game.ts';
import { PageBook } from '../../web/app/page-book.ts';

const bytes = new Uint8Array(readFileSync(new URL('../../book/xiangqi.book', import.meta.url)));
let rules: Engine;
let scratch: Engine;

beforeAll(async () => {
  [rules, scratch] = await Promise.all([createEngine('wasm'), createEngine('wasm')]);
});

describe('the page’s opening book', () => {
  test('the computer’s choice at the start and after 炮二平五 is a move of the book', async () => {
    let loaded = 0;
    const book = new PageBook(
      () => loaded++,
      () => Promise.resolve(new Book(bytes)),
    );
    const g = new Game(rules);
    expect(book.choose(g.seek(), 20)).toBeNull(); // not loaded yet
    expect(await book.load()).not.toBeNull();
    expect(loaded).toBe(1);
    const first = book.choose(g.seek(), 20, () => 0.5);
    expect(first).not.toBeNull();
    expect(book.moves(g.seek()).map((m) => m.move)).toContain(first);
    g.play('h2e2');
    const reply = book.choose(g.seek(), 10);
    expect(reply).not.toBeNull();
    expect(g.seek().isLegal(reply!)).toBe(true);
  });

  test('book moves of the tree: every line, as far as its positions are in the book', async () => {
    const book = new PageBook(
      () => {},
      () => Promise.resolve(new Book(bytes)),
    );
    await book.load();
    const g = new Game(rules);
    // The committed book (built by the engine's own play) opens 炮二平五, answers 马8进7 to it among
    // others, and then plays 马二进三.
    for (const m of ['h2e2', 'b9c7', 'h0g2']) g.play(m);
    g.goTo(2);
    for (const m of ['i0i1', 'i9i8']) g.play(m);
    g.goTo(0);
    for (const m of ['h0g2', 'b9c7', 'b2e2']) g.play(m);
    const ids = book.bookNodes(g, scratch);
    const at = (moves: string[]) => {
      let n = g.root;
      for (const m of moves) n = n.children.find((c) => c.move === m)!;
      return n.id;
    };
    expect(ids.has(at(['h2e2']))).toBe(true);
    expect(ids.has(at(['h2e2', 'b9c7']))).toBe(true);
    expect(ids.has(at(['h2e2', 'b9c7', 'h0g2']))).toBe(true);
    // Out of the book, and nothing after it (the position after it is not in the book).
    expect(ids.has(at(['h2e2', 'b9c7', 'i0i1']))).toBe(false);
    expect(ids.has(at(['h2e2', 'b9c7', 'i0i1', 'i9i8']))).toBe(false);
    // 马二进三 is not the book's move, but the book has Black's answer to it, and Red's after that.
    expect(ids.has(at(['h0g2']))).toBe(false);
    expect(ids.has(at(['h0g2', 'b9c7']))).toBe(true);
    expect(ids.has(at(['h0g2', 'b9c7', 'b2e2']))).toBe(true);
    // Kept until the tree changes.
    expect(book.bookNodes(g, scratch)).toBe(ids);
    g.play('i9i8');
    expect(book.bookNodes(g, scratch)).not.toBe(ids);
  });

  test('a book that cannot be fetched: no book moves, said once in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const book = new PageBook(
      () => {},
      () => Promise.reject(new Error('HTTP 404')),
    );
    expect(await book.load()).toBeNull();
    expect(await book.load()).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
    const g = new Game(rules);
    expect(book.choose(g.seek(), 20)).toBeNull();
    expect(book.moves(g.seek())).toEqual([]);
    expect(book.bookNodes(g, scratch).size).toBe(0);
  });
});
