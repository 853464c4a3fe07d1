// The board's computer player and the opening book (in Node, with a stand-in provider): a book
// position is answered from the book without asking the provider, a position outside it is searched,
// and a book move for a position that changed meanwhile is not played; the network the element is
// given reaches its provider.
import { beforeAll, describe, expect, test } from 'vitest';
import { ComputerPlayer, type ComputerHost, type ComputerSettings } from '../../web/board/computer-player.ts';
import { setDefaultMoveProvider } from '../../web/board/computer.ts';
import { Book, bookKey, encodeBook, encodeMove } from '../../web/engine/book.ts';
import { createEngine, START_FEN } from '../../web/engine/index.ts';
import type { Engine } from '../../web/engine/types.ts';
import type { Evaluation, MoveProvider } from '../../web/board/types.ts';

let engine: Engine;
let book: Book;

beforeAll(async () => {
  engine = await createEngine('wasm');
  engine.setPosition(START_FEN);
  const { key } = bookKey(engine.board(), engine.turn());
  book = new Book(encodeBook([{ key, move: encodeMove('e3e4'), weight: 1000 }]));
});

interface SetupOptions {
  own?: boolean;
  evalNetwork?: Uint8Array | null;
  evaluation?: Evaluation;
}

function setup(
  openingBook: Book | null,
  { own = true, evalNetwork = null, evaluation = 'hand-written' }: SetupOptions = {},
) {
  const asked: string[][] = [];
  const played: string[] = [];
  /** What the provider was told to evaluate with, in order. */
  const networks: (Uint8Array | null)[] = [];
  let version = 0;
  const provider: MoveProvider = {
    bestMove: (_fen, moves) => {
      asked.push([...moves]);
      return Promise.resolve(moves.length === 0 ? 'c3c4' : 'b0c2');
    },
    stop: () => {},
    setNetwork: (file) => networks.push(file),
  };
  // Without a provider of its own the player makes the default one (setDefaultMoveProvider).
  setDefaultMoveProvider(() => provider);
  const settings: ComputerSettings = {
    computer: 'red',
    moveProvider: own ? provider : null,
    backend: 'wasm',
    threads: 1,
    level: 10,
    elo: undefined,
    movetime: 10,
    depth: undefined,
    isConnected: true,
    openingBook,
    evaluation,
    evalNetwork,
    tablebases: false,
  };
  const host: ComputerHost = {
    engine: () => engine,
    root: () => START_FEN,
    version: () => version,
    play: (move) => {
      played.push(move);
      engine.play(move);
      version++;
      return true;
    },
    error: (text) => {
      throw new Error(text);
    },
    showProblem: () => {},
  };
  return { player: new ComputerPlayer(settings, host), asked, played, networks, settings, bump: () => version++ };
}

describe('the board computer and the opening book', () => {
  test('a book position is played from the book; the provider is not asked', async () => {
    engine.setPosition(START_FEN);
    const { player, asked, played } = setup(book);
    await player.maybeMove();
    expect(played).toEqual(['e3e4']);
    expect(asked).toEqual([]);
  });

  test('without a book, or outside it, the provider searches', async () => {
    engine.setPosition(START_FEN);
    const none = setup(null);
    await none.player.maybeMove();
    expect(none.asked).toEqual([[]]);
    expect(none.played).toEqual(['c3c4']);
    engine.setPosition(START_FEN, ['h2e2', 'h9g7']);
    const outside = setup(book);
    await outside.player.maybeMove();
    expect(outside.asked).toEqual([['h2e2', 'h9g7']]);
  });

  test('a book move for a position that changed meanwhile is not played', async () => {
    engine.setPosition(START_FEN);
    const { player, played, bump } = setup(book);
    const moving = player.maybeMove();
    bump(); // the position changed before the book move's turn came
    engine.setPosition(START_FEN, ['h2e2']); // now Black to move: not the computer's turn
    await moving;
    expect(played).toEqual([]);
  });
});

describe('the board computer and the network evaluation', () => {
  test('the provider is told the evaluation when it is made and when the setting changes, not on every move', async () => {
    engine.setPosition(START_FEN);
    const file = new Uint8Array([1, 2, 3]);
    const { player, networks, asked, settings, bump } = setup(null, {
      own: false,
      evalNetwork: file,
      evaluation: 'network',
    });
    await player.maybeMove();
    expect(asked).toEqual([[]]);
    expect(networks).toEqual([file]);
    engine.setPosition(START_FEN, ['c3c4', 'c6c5']);
    bump();
    await player.maybeMove();
    expect(asked).toHaveLength(2);
    expect(networks).toEqual([file]);
    (settings as { evaluation: Evaluation }).evaluation = 'hand-written';
    await player.updateNetwork();
    expect(networks).toEqual([file, null]);
    // No computer side: nothing to tell.
    (settings as { evaluation: Evaluation }).evaluation = 'network';
    (settings as { computer: string }).computer = 'none';
    await player.updateNetwork();
    expect(networks).toEqual([file, null]);
  });
});
