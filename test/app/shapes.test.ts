// The player's drawn arrows and circles in the study tree: kept on the position they were drawn on,
// in the saved record, and in PGN comments as [%csl] / [%cal] commands (export, then import, keeps them).
import { beforeAll, describe, expect, test } from 'vitest';
import { createEngine } from '../../web/engine/index.ts';
import type { Engine } from '../../web/engine/types.ts';
import { Game, type GameRecord } from '../../web/app/game.ts';
import { gamePgn, readGameText } from '../../web/app/import-export.ts';
import { commentWithShapes, keptShapes, shapeCommands, splitComment } from '../../web/app/drawn-shapes.ts';

let rules: Engine;
let scratch: Engine;

beforeAll(async () => {
  [rules, scratch] = await Promise.all([createEngine('wasm'), createEngine('wasm')]);
});

const options = {
  notation: 'chinese' as const,
  red: 'R',
  black: 'B',
  event: 'E',
  finalStatus: { turn: 'red' as const, inCheck: false, over: false },
};

describe('drawn shapes as PGN comment commands', () => {
  test('written as lichess writes them, circles then arrows', () => {
    expect(
      shapeCommands([
        { from: 'h2', to: 'e2', brush: 'green' },
        { from: 'e4', brush: 'red' },
        { from: 'b0', to: 'c2', brush: 'yellow' },
      ]),
    ).toBe('[%csl Re4] [%cal Gh2e2,Yb0c2]');
    expect(shapeCommands([])).toBe('');
    expect(commentWithShapes('好棋', [{ from: 'e4', brush: 'blue' }])).toBe('好棋 [%csl Be4]');
    expect(commentWithShapes('', [])).toBe('');
  });

  test('read out of a comment; other commands and the text stay; bad entries are skipped', () => {
    expect(splitComment('Centre cannon [%cal Gh2e2,Rb0c2] [%csl Ye4] [%clk 0:05:00]')).toEqual({
      text: 'Centre cannon [%clk 0:05:00]',
      shapes: [
        { from: 'h2', to: 'e2', brush: 'green' },
        { from: 'b0', to: 'c2', brush: 'red' },
        { from: 'e4', brush: 'yellow' },
      ],
    });
    expect(splitComment('[%csl Gz9,Xe4,Ge4e5, Bd1]').shapes).toEqual([{ from: 'd1', brush: 'blue' }]);
    expect(splitComment('line one\nline two')).toEqual({ text: 'line one\nline two', shapes: [] });
  });

  test('only the board’s four colours and points are kept, each shape once', () => {
    expect(
      keptShapes([
        { from: 'e4' },
        { from: 'e4', brush: 'red' },
        { from: 'a0', to: 'a0', brush: 'blue' },
        { from: 'h2', to: 'e2', brush: 'rgba(0,0,0,1)' },
        { from: 'x1' },
        null,
      ]),
    ).toEqual([
      { from: 'e4', brush: 'green' },
      { from: 'a0', brush: 'blue' },
    ]);
  });
});

describe('drawn shapes in the game tree', () => {
  test('kept on the node, in the record, and through load (save/restore)', () => {
    const g = new Game(rules);
    g.play('h2e2');
    g.play('h9g7');
    expect(g.setShapes(g.current, [{ from: 'b0', to: 'c2', brush: 'green' }])).toBe(true);
    expect(g.setShapes(g.current, [{ from: 'b0', to: 'c2', brush: 'green' }])).toBe(false);
    g.setShapes(g.root, [{ from: 'e4', brush: 'red' }]);
    g.goTo(1);
    expect(g.current.shapes).toEqual([]);
    const record = JSON.parse(JSON.stringify(g.record)) as GameRecord;
    expect(record.shapes).toEqual([{ from: 'e4', brush: 'red' }]);
    const h = new Game(rules);
    h.load(record);
    expect(h.root.shapes).toEqual([{ from: 'e4', brush: 'red' }]);
    expect(h.line[1]!.shapes).toEqual([{ from: 'b0', to: 'c2', brush: 'green' }]);
    expect(h.line[0]!.shapes).toEqual([]);
  });

  test('PGN export then import keeps the shapes of the start, the main line and a variation, and the comments', () => {
    const g = new Game(rules);
    g.setComment(g.root, 'Opening study');
    g.setShapes(g.root, [{ from: 'h2', to: 'e2', brush: 'green' }]);
    g.play('h2e2');
    g.setComment(g.current, 'centre cannon');
    g.setShapes(g.current, [
      { from: 'e6', brush: 'red' },
      { from: 'h9', to: 'g7', brush: 'blue' },
    ]);
    g.play('h9g7');
    g.goTo(1);
    g.play('b9c7');
    g.setShapes(g.current, [{ from: 'b0', to: 'c2', brush: 'yellow' }]);
    const pgn = gamePgn(g.record, scratch, options);
    expect(pgn).toContain('[%cal Gh2e2]');
    expect(pgn).toContain('centre cannon [%csl Re6] [%cal Bh9g7]');
    expect(pgn).toContain('[%cal Yb0c2]');
    const read = readGameText(pgn, scratch);
    if (!read.ok) throw new Error(read.reason);
    const h = new Game(rules);
    h.load(read.record);
    expect(h.root.comment).toBe('Opening study');
    expect(h.root.shapes).toEqual([{ from: 'h2', to: 'e2', brush: 'green' }]);
    const first = h.root.children[0]!;
    expect(first.comment).toBe('centre cannon');
    expect(first.shapes).toEqual([
      { from: 'e6', brush: 'red' },
      { from: 'h9', to: 'g7', brush: 'blue' },
    ]);
    expect(first.children.map((c) => c.move)).toEqual(['h9g7', 'b9c7']);
    expect(first.children[0]!.shapes).toEqual([]);
    expect(first.children[1]!.shapes).toEqual([{ from: 'b0', to: 'c2', brush: 'yellow' }]);
    // And out again the same.
    expect(gamePgn(h.record, scratch, options)).toBe(pgn);
  });

  test('a PGN from another tool: commands on a move without text', () => {
    const read = readGameText('[Format "ICCS"]\n1. h2e2 {[%csl Ge7] [%cal Rh9g7]} h9g7 *', scratch);
    if (!read.ok) throw new Error(read.reason);
    expect(read.record.tree![0]).toMatchObject({
      move: 'h2e2',
      shapes: [
        { from: 'e7', brush: 'green' },
        { from: 'h9', to: 'g7', brush: 'red' },
      ],
    });
    expect(read.record.tree![0]!.comment).toBeUndefined();
  });
});
