// A game in a link (web/app/game-link.ts), without a browser: the whole tree with its variations,
// comments and drawn shapes, the line followed and the move shown come back from the fragment; a tree
// too long for a link gives the line on the board; a set-up position keeps its FEN; a damaged or
// altered link is refused with the reason.
import { beforeAll, describe, expect, test } from 'vitest';
import { createEngine } from '../../web/engine/index.ts';
import type { Engine } from '../../web/engine/types.ts';
import { Game } from '../../web/app/game.ts';
import { LINK_LIMIT, gameLink, hasGame, readGameLink } from '../../web/app/game-link.ts';

const PAGE = 'https://example.org/xiangqi/index.html';
let rules: Engine;
let scratch: Engine;

beforeAll(async () => {
  [rules, scratch] = await Promise.all([createEngine('wasm'), createEngine('wasm')]);
});

/** Opens the link in a fresh game, as the page does. */
async function opened(url: string): Promise<Game> {
  const read = await readGameLink(new URL(url).hash, scratch);
  if (!read.ok) throw new Error(read.reason);
  const game = new Game(rules);
  game.load(read.record);
  return game;
}

/** The tree as nested move lists, to compare two games' trees. */
const shape = (game: Game) => JSON.stringify(game.record.tree);

describe('a game link', () => {
  test('the whole tree, the line followed into a variation and the move shown come back', async () => {
    const game = new Game(rules);
    for (const m of ['h2e2', 'h9g7', 'h0g2', 'i9h9']) game.play(m);
    game.goTo(2);
    game.play('b0c2'); // a variation at move 3
    game.play('b9c7');
    game.setComment(game.line[game.cursor - 1]!, '屏风马');
    // The player's drawing on that position (the page keeps it on the node, moves-control.ts).
    game.line[game.cursor - 1]!.shapes = [
      { from: 'e4', brush: 'red' },
      { from: 'b0', to: 'c2', brush: 'green' },
    ];
    game.goTo(3);
    const url = (await gameLink(game.record, scratch, `${PAGE}#old`)).url;
    expect(url.startsWith(`${PAGE}#game=`)).toBe(true);
    expect(url).toContain('&path=001&ply=3');
    expect(hasGame(new URL(url).hash)).toBe(true);
    const back = await opened(url);
    expect(shape(back)).toBe(shape(game));
    expect(back.moves).toEqual(game.moves);
    expect(back.cursor).toBe(3);
    expect(back.fen()).toBe(game.fen());
    expect(back.line.at(-1)!.comment).toBe('屏风马');
    expect(back.line.at(-1)!.shapes).toEqual(game.line.at(-1)!.shapes);
  });

  test('a set-up position keeps its FEN; the main line needs no path', async () => {
    const fen = '4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1';
    const game = new Game(rules);
    game.newGame(fen);
    game.play('a1a2');
    const url = (await gameLink(game.record, scratch, PAGE)).url;
    expect(url).not.toContain('path=');
    const back = await opened(url);
    expect(back.startFen).toBe(fen);
    expect(back.moves).toEqual(['a1a2']);
    expect(back.cursor).toBe(1);
  });

  test('a tree too long for a link gives the line on the board', async () => {
    const game = new Game(rules);
    for (const m of ['h2e2', 'h9g7']) game.play(m);
    // A comment that does not compress away: longer than a link may be.
    const long = Array.from({ length: LINK_LIMIT }, (_, i) => ((i * 7919) % 10007).toString(36)).join(' ');
    game.setComment(game.line[1]!, long);
    game.goTo(1);
    game.play('b9c7');
    const link = await gameLink(game.record, scratch, PAGE);
    expect(link.whole).toBe(false);
    const back = await opened(link.url);
    expect(back.moves).toEqual(['h2e2', 'b9c7']);
    expect(back.cursor).toBe(2);
    expect(back.root.children[0]!.children).toHaveLength(1);
  });

  test('a damaged or altered link is refused with the reason', async () => {
    const game = new Game(rules);
    for (const m of ['h2e2', 'h9g7']) game.play(m);
    const hash = new URL((await gameLink(game.record, scratch, PAGE)).url).hash;
    const params = new URLSearchParams(hash.slice(1));
    const packed = params.get('game')!;
    const read = (h: string) => readGameLink(h, scratch);
    expect(await read(`#game=${packed.slice(0, 8)}&ply=1`)).toMatchObject({ ok: false, reason: /damaged/ });
    expect(await read(`#game=${packed}!&ply=1`)).toMatchObject({ ok: false, reason: /damaged/ });
    expect(await read(`#game=${packed}&ply=9`)).toMatchObject({ ok: false, reason: /move 9 is not in its game \(2/ });
    expect(await read(`#game=${packed}&path=2&ply=1`)).toMatchObject({
      ok: false,
      reason: /leaves the game at move 1/,
    });
    // Text that is no game at all, packed as a link would be.
    const bytes = new Uint8Array(
      await new Response(
        new Blob(['1. h2e2 h9h1']).stream().pipeThrough(new CompressionStream('deflate-raw')),
      ).arrayBuffer(),
    );
    const bad = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    const illegal = await read(`#game=${bad}`);
    expect(illegal.ok).toBe(false);
    expect(illegal.ok ? '' : illegal.reason).toMatch(/h9h1/);
    expect(hasGame('#ply=3')).toBe(false);
  });
});
