// The page's logic without a browser: the game model (undo against the computer, branching, loading),
// reading and writing game files, move and line texts, analysis scores, and the computer player's
// crash recovery (with a fake worker).
import { beforeAll, describe, expect, test } from 'vitest';
import { createEngine, WorkerFailure } from '../../web/engine/index.ts';
import type { Engine, SearchLimits, SearchResult } from '../../web/engine/types.ts';
import type { SearchWorker } from '../../web/engine/search-worker.ts';
import { Game } from '../../web/app/game.ts';
import { gamePgn, gameUbb, readGameFile, readGameText } from '../../web/app/import-export.ts';
import { writeXqf, START_FEN as NOTATION_START, type MoveNode } from '../../web/notation/index.ts';
import { lineText, moveTexts } from '../../web/app/notation-text.ts';
import { formatScore, redScore, redShare } from '../../web/app/analysis.ts';
import { Cancelled, EnginePlayer, levelLimits, levelTime } from '../../web/app/engine-player.ts';
import { reasonText, resultText, translate } from '../../web/app/i18n.ts';

const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

let rules: Engine;
let scratch: Engine;

beforeAll(async () => {
  [rules, scratch] = await Promise.all([createEngine('wasm'), createEngine('wasm')]);
});

const blackIsComputer = (side: string) => side === 'black';
const redIsComputer = (side: string) => side === 'red';
const nobody = () => false;
const everybody = () => true;

describe('game model', () => {
  test('undo takes back your move and the computer’s reply; redo replays both', () => {
    const g = new Game(rules);
    for (const m of ['h2e2', 'h9g7', 'h0g2', 'i9h9']) expect(g.play(m)).toBe(true);
    expect(g.undo(blackIsComputer)).toBe(true);
    expect(g.cursor).toBe(2);
    expect(g.undo(blackIsComputer)).toBe(true);
    expect(g.cursor).toBe(0);
    expect(g.undo(blackIsComputer)).toBe(false);
    expect(g.redo(blackIsComputer)).toBe(true);
    expect(g.cursor).toBe(2);
    // While the computer thinks (its turn), undo takes back only your move.
    g.goTo(3);
    expect(g.undo(blackIsComputer)).toBe(true);
    expect(g.cursor).toBe(2);
    // Two players, or computer against computer: one move at a time.
    expect(g.undo(nobody)).toBe(true);
    expect(g.cursor).toBe(1);
    expect(g.undo(everybody)).toBe(true);
    expect(g.cursor).toBe(0);
    // Playing Black: the computer's first move stays.
    g.goTo(4);
    expect(g.undo(redIsComputer)).toBe(true);
    expect(g.cursor).toBe(3);
    expect(g.undo(redIsComputer)).toBe(true);
    expect(g.cursor).toBe(1);
  });

  test('the same move as the next one keeps the line; another move starts a variation', () => {
    const g = new Game(rules);
    for (const m of ['h2e2', 'h9g7', 'h0g2']) g.play(m);
    g.goTo(1);
    expect(g.play('h9g7')).toBe(true);
    expect(g.moves).toEqual(['h2e2', 'h9g7', 'h0g2']);
    expect(g.cursor).toBe(2);
    g.goTo(1);
    expect(g.play('b9c7')).toBe(true);
    expect(g.moves).toEqual(['h2e2', 'b9c7']);
    expect(g.atEnd).toBe(true);
    expect(g.play('a0a5')).toBe(false);
    // Nothing was cut: the first reply is still the main line, the new one a variation.
    const first = g.root.children[0]!;
    expect(first.children.map((c) => c.move)).toEqual(['h9g7', 'b9c7']);
    expect(g.inVariation(g.current)).toBe(true);
    // Choosing the main line's move shows it, with its moves after it.
    expect(g.select(first.children[0]!)).toBe(true);
    expect(g.moves).toEqual(['h2e2', 'h9g7', 'h0g2']);
    expect(g.cursor).toBe(2);
    // A move already tried is followed, not added twice.
    g.goTo(1);
    g.play('b9c7');
    expect(first.children).toHaveLength(2);
  });

  test('variations are promoted and deleted; comments and the tree are saved and restored', () => {
    const g = new Game(rules);
    for (const m of ['h2e2', 'h9g7', 'h0g2']) g.play(m);
    g.goTo(1);
    g.play('b9c7');
    g.play('h0g2');
    const variation = g.current;
    g.setComment(variation, 'solid');
    g.setComment(g.root, 'a test game');
    expect(g.promote(variation)).toBe(true);
    expect(g.root.children[0]!.children.map((c) => c.move)).toEqual(['b9c7', 'h9g7']);
    expect(g.inVariation(variation)).toBe(false);
    expect(g.promote(variation)).toBe(false);
    const record = g.record;
    expect(record.tree).toEqual([
      {
        move: 'h2e2',
        children: [
          { move: 'b9c7', children: [{ move: 'h0g2', comment: 'solid' }] },
          { move: 'h9g7', children: [{ move: 'h0g2' }] },
        ],
      },
    ]);
    const copy = new Game(rules);
    copy.load(record);
    expect(copy.record).toEqual(record);
    expect(copy.current.comment).toBe('solid');
    // Deleting a move takes what follows it and shows the position before it.
    g.select(g.root.children[0]!.children[1]!.children[0]!);
    expect(g.moves).toEqual(['h2e2', 'h9g7', 'h0g2']);
    expect(g.remove(g.root.children[0]!.children[1]!)).toBe(true);
    expect(g.cursor).toBe(1);
    expect(g.moves).toEqual(['h2e2', 'b9c7', 'h0g2']);
    expect(g.root.children[0]!.children).toHaveLength(1);
    // A variation that repeats the main move is merged into it (files do that), its moves kept.
    copy.load({
      startFen: START,
      moves: [],
      cursor: 0,
      tree: [
        { move: 'h2e2', children: [{ move: 'h9g7' }] },
        { move: 'h2e2', comment: 'again', children: [{ move: 'b9c7' }] },
      ],
    });
    expect(copy.root.children).toHaveLength(1);
    expect(copy.root.children[0]!.comment).toBe('again');
    expect(copy.root.children[0]!.children.map((c) => c.move)).toEqual(['h9g7', 'b9c7']);
    copy.load(record);
    // A tree with an illegal move anywhere is refused whole.
    expect(() => copy.load({ ...record, tree: [{ move: 'h2e2', children: [{ move: 'h2e2' }] }] })).toThrow();
    expect(copy.record).toEqual(record);
  });

  test('the model stays right when someone else moves its engine', () => {
    const g = new Game(rules);
    for (const m of ['h2e2', 'h9g7']) g.play(m);
    const fen = g.fen();
    rules.setPosition('3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1');
    expect(g.fen()).toBe(fen);
    rules.setPosition(START, ['h2e2']);
    rules.play('b9c7');
    expect(g.fen()).toBe(fen);
    expect(g.status().turn).toBe('red');
  });

  test('loading a record that does not replay changes nothing', () => {
    const g = new Game(rules);
    g.play('h2e2');
    expect(() => g.load({ startFen: START, moves: ['h2e2', 'h2e2'], cursor: 2 })).toThrow();
    expect(() => g.load({ startFen: 'not a fen', moves: [], cursor: 0 })).toThrow();
    expect(g.moves).toEqual(['h2e2']);
    expect(g.cursor).toBe(1);
    expect(g.fen()).not.toBe(START);
  });
});

describe('reading and writing games', () => {
  test('FEN, Chinese PGN, bare WXF and bare ICCS move text', () => {
    const fen = readGameText('  4k4/R8/8R/9/9/9/9/9/9/3K5 w - - 0 1 \n', scratch);
    expect(fen).toMatchObject({ ok: true, kind: 'fen', record: { moves: [], cursor: 0 } });
    const zh = readGameText('[Game "Chinese Chess"]\n1. 炮二平五 马8进7 2. 马二进三 *', scratch);
    expect(zh).toMatchObject({
      ok: true,
      kind: 'pgn',
      record: { startFen: START, moves: ['h2e2', 'h9g7', 'h0g2'], cursor: 3 },
    });
    expect(readGameText('1. C2.5 H8+7 2. H2+3', scratch)).toMatchObject({
      ok: true,
      record: { moves: ['h2e2', 'h9g7', 'h0g2'] },
    });
    expect(readGameText('h2e2 h9g7\nh0g2', scratch)).toMatchObject({
      ok: true,
      record: { moves: ['h2e2', 'h9g7', 'h0g2'] },
    });
    const two = readGameText('[Format "WXF"]\n1. C2.5 *\n\n[Format "WXF"]\n1. C8.5 *', scratch);
    expect(two).toMatchObject({ ok: true, games: 2, record: { moves: ['h2e2'] } });
  });

  test('the whole tree, with comments, goes out as PGN and comes back the same', () => {
    const g = new Game(rules);
    for (const m of ['h2e2', 'h9g7', 'h0g2', 'i9h9']) g.play(m);
    g.goTo(1);
    g.play('b7e7');
    g.play('h0g2');
    g.setComment(g.current, 'both sides, central cannons');
    g.setComment(g.root, 'opening notes');
    g.goTo(0);
    g.play('b2e2');
    for (const notation of ['chinese', 'WXF', 'ICCS'] as const) {
      const text = gamePgn(g.record, scratch, {
        notation,
        red: 'A',
        black: 'B',
        event: 'E',
        finalStatus: g.mainLineStatus(),
      });
      const back = readGameText(text, scratch);
      if (!back.ok) throw new Error(back.reason);
      const copy = new Game(rules);
      copy.load(back.record);
      expect(copy.record.tree).toEqual(g.record.tree);
      expect(copy.root.comment).toBe('opening notes');
      expect(copy.moves).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9']);
    }
  });

  test('the whole tree goes out as DhtmlXQ (UBB) and comes back the same: variations, comments, drawn shapes', () => {
    const g = new Game(rules);
    for (const m of ['h2e2', 'h9g7', 'h0g2', 'i9h9']) g.play(m);
    g.goTo(1);
    g.play('b7e7');
    g.play('h0g2');
    g.setComment(g.current, 'both sides, central cannons');
    g.setShapes(g.current, [
      { from: 'e7', brush: 'green' },
      { from: 'h9', to: 'g7', brush: 'red' },
    ]);
    g.setComment(g.root, 'opening notes');
    g.goTo(0);
    g.play('b2e2');
    const text = gameUbb(g.record, { red: 'A', black: 'B', event: 'E', finalStatus: g.mainLineStatus() });
    expect(text).toContain('[DhtmlXQ_red]A[/DhtmlXQ_red]');
    const back = readGameText(text, scratch);
    if (!back.ok) throw new Error(back.reason);
    expect(back.kind).toBe('ubb');
    const copy = new Game(rules);
    copy.load(back.record);
    expect(copy.record.tree).toEqual(g.record.tree);
    expect(copy.root.comment).toBe('opening notes');
    expect(copy.moves).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9']);
    expect(copy.root.children.map((n) => n.move)).toEqual(['h2e2', 'b2e2']);
  });

  test('an XQF file loads its whole tree: variations and comments become the game’s own', async () => {
    const node = (move: string, children: MoveNode[] = [], comment: string | null = null): MoveNode => ({
      move,
      comment,
      children,
    });
    const bytes = writeXqf(
      {
        tags: { Title: 't' },
        fen: NOTATION_START,
        result: '*',
        comment: '评注',
        children: [node('h2e2', [node('h9g7', [node('h0g2')]), node('b9c7', [], '变着')], '当头炮'), node('c3c4')],
      },
      { version: 12, keys: { keyXY: 0x5a, keyXYf: 0x11, keyXYt: 0xc3 } },
    );
    const read = await readGameFile(new Blob([new Uint8Array(bytes)]), scratch);
    if (!read.ok) throw new Error(read.reason);
    expect(read.kind).toBe('xqf');
    const g = new Game(rules);
    g.load(read.record);
    expect(g.moves).toEqual(['h2e2', 'h9g7', 'h0g2']);
    expect(g.root.comment).toBe('评注');
    expect(g.record.tree).toEqual([
      {
        move: 'h2e2',
        comment: '当头炮',
        children: [
          { move: 'h9g7', children: [{ move: 'h0g2' }] },
          { move: 'b9c7', comment: '变着' },
        ],
      },
      { move: 'c3c4' },
    ]);
  });

  test('bad input says why, with the line of the text as pasted', () => {
    const wxf = readGameText('1. C2.5 H8+7\n2. C5+9 *', scratch);
    expect(wxf.ok).toBe(false);
    expect(!wxf.ok && wxf.reason).toMatch(/^PGN line 2, column 4/);
    const fen = readGameText('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w', scratch);
    expect(fen.ok).toBe(false);
    expect(!fen.ok && fen.reason.length).toBeGreaterThan(10);
    expect(readGameText('   ', scratch)).toEqual({ ok: false, reason: '' });
    expect(readGameText('[Game "Chess"]\n1. e4 *', scratch).ok).toBe(false);
  });

  test('written PGN reads back in each notation, from a FEN start too', () => {
    const startFen = 'rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 3 2';
    const record = { startFen, moves: ['b9c7', 'h0g2', 'c6c5'], cursor: 3 };
    for (const notation of ['chinese', 'WXF', 'ICCS'] as const) {
      const text = gamePgn(record, scratch, {
        notation,
        red: 'You',
        black: 'Computer (Level 5)',
        event: 'Casual game',
        finalStatus: { turn: 'red', inCheck: false, over: false },
      });
      expect(text).toContain('[FEN "' + startFen + '"]');
      expect(text).toContain('[Result "*"]');
      const back = readGameText(text, scratch);
      expect(back).toMatchObject({ ok: true, record: { startFen, moves: record.moves } });
    }
  });
});

describe('texts', () => {
  test('move list and engine lines are numbered from the FEN, Black first shown as 2…', () => {
    const g = new Game(rules);
    g.load({
      startFen: 'rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 3 2',
      moves: ['b9c7', 'h0g2'],
      cursor: 1,
    });
    expect(moveTexts(g, 'chinese').map((m) => [m.number, m.color, m.text])).toEqual([
      [2, 'black', '马2进3'],
      [3, 'red', '马二进三'],
    ]);
    // A line stops at the first move that does not fit the position.
    expect(lineText(g, ['h0g2', 'i9h9', 'zz', 'a0a1'], 'WXF')).toBe('3. H2+3 R9.8');
    g.goTo(0);
    expect(lineText(g, ['b9c7', 'h0g2'], 'ICCS')).toBe('2… b9c7 3. h0g2');
    // Reading texts never moves the game.
    expect(g.cursor).toBe(0);
  });

  test('scores from Red’s side, the bar, and the words for every ending', () => {
    expect(redScore({ cp: 50 }, 'black')).toEqual({ cp: -50 });
    expect(redScore({ mate: 3 }, 'black')).toEqual({ mate: -3 });
    expect(formatScore({ cp: 134 })).toBe('+1.34');
    expect(formatScore({ cp: -40 })).toBe('−0.40');
    expect(formatScore({ mate: -2 })).toBe('#-2');
    expect(redShare(null)).toBe(0.5);
    expect(redShare({ mate: 1 })).toBe(1);
    expect(redShare({ cp: 300 })).toBeGreaterThan(0.7);
    const reasons = [
      'checkmate',
      'stalemate',
      'perpetual-check',
      'perpetual-chase',
      'repetition',
      'move-limit',
      'insufficient-material',
    ] as const;
    for (const reason of reasons) {
      expect(reasonText('en', reason)).not.toMatch(/reason\./);
      expect(reasonText('zh', reason)).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(resultText('zh', '0-1')).toBe('黑方胜');
    expect(translate('en', 'perMove', { time: '0.5 s' })).toBe('0.5 s per move');
  });

  test('levels run from a blink at low skill to full strength', () => {
    expect(levelLimits(1)).toEqual({ skill: 0, movetime: 50 });
    expect(levelLimits(10)).toEqual({ skill: 20, movetime: 5000 });
    expect(levelTime(5)).toBe(500);
  });
});

describe('computer player', () => {
  /** A stand-in for SearchWorker whose searches succeed, crash or wait, as the test says. */
  function fakeWorkers(script: ('ok' | 'crash' | 'wait')[]) {
    const made: { cancelled: number; disposed: boolean }[] = [];
    let call = 0;
    const make = () => {
      const state = { cancelled: 0, disposed: false };
      made.push(state);
      let reject: ((e: Error) => void) | null = null;
      return {
        search(_fen: string, _moves: readonly string[], _limits: SearchLimits): Promise<SearchResult> {
          const what = script[call++] ?? 'ok';
          if (what === 'crash') return Promise.reject(new WorkerFailure('crashed', 'the engine worker crashed: boom'));
          if (what === 'wait') return new Promise((_, r) => (reject = r));
          return Promise.resolve({
            bestMove: 'h2e2',
            ponder: null,
            score: { cp: 0 },
            depth: 1,
            nodes: 1,
            time: 1,
            pv: ['h2e2'],
          });
        },
        cancel() {
          state.cancelled++;
          reject?.(new Error('the search was cancelled'));
        },
        dispose() {
          state.disposed = true;
        },
        useTables() {},
      } as unknown as SearchWorker;
    };
    return { make, made };
  }

  test('a crash is reported and the search retried on a new worker', async () => {
    const { make, made } = fakeWorkers(['crash', 'ok']);
    const crashes: string[] = [];
    const player = new EnginePlayer({ onCrash: (r) => crashes.push(r) }, make);
    const result = await player.move(START, [], { movetime: 10 });
    expect(result.bestMove).toBe('h2e2');
    expect(crashes).toEqual(['the engine worker crashed: boom']);
    expect(made).toHaveLength(2);
    expect(made[0]!.disposed).toBe(true);
    expect(player.busy).toBe(false);
  });

  test('two crashes in a row give up with the reason', async () => {
    const { make } = fakeWorkers(['crash', 'crash']);
    const player = new EnginePlayer({}, make);
    await expect(player.move(START, [], {})).rejects.toThrow(/crashed/);
  });

  test('a cancelled search never delivers, and a newer one does', async () => {
    const { make } = fakeWorkers(['wait', 'ok']);
    const player = new EnginePlayer({}, make);
    const first = player.move(START, [], {});
    expect(player.busy).toBe(true);
    const second = player.move(START, ['h2e2'], {});
    await expect(first).rejects.toBeInstanceOf(Cancelled);
    await expect(second).resolves.toMatchObject({ bestMove: 'h2e2' });
  });
});
