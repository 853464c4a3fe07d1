// Endgame drills (web/egtb/drills.ts): every ending offered is a table of the first set made on
// demand; a picked position is what its goal asks (won in at least nine plies with Red to move, or
// drawn with Black to move and a losing move to avoid); the tables' reply is the longest defence, or
// a move that keeps the draw.
import { beforeAll, expect, test } from 'vitest';
import { DRILL_ENDINGS, drillReply, pickDrill } from '../../web/egtb/drills.ts';
import { firstSet, ON_DEMAND_MAX_ENTRIES } from '../../web/egtb/material.ts';
import { Tablebases } from '../../web/egtb/tablebases.ts';
import { Random } from '../../bench/lib/random.ts';

let tables: Tablebases;
beforeAll(async () => {
  tables = await Tablebases.load('wasm');
});

test('every ending offered is in the first set and made on demand', () => {
  const set = new Set(firstSet());
  for (const material of [...DRILL_ENDINGS.win, ...DRILL_ENDINGS.hold]) {
    expect(set.has(material), material).toBe(true);
    expect(tables.entries(material), material).toBeLessThanOrEqual(ON_DEMAND_MAX_ENTRIES);
  }
});

test.each(['KR-KA', 'KH-KAA'])('%s: picked positions are what their goal asks', (material) => {
  tables.generate(material);
  const random = new Random(7);
  const next = () => random.below(1_000_000) / 1_000_000;
  for (let i = 0; i < 10; i++) {
    const won = pickDrill(tables, material, 'win', next)!;
    expect(won.split(' ')[1]).toBe('w');
    expect(tables.probe(won)).toMatchObject({ result: 'win' });
    expect(tables.probe(won)!.plies).toBeGreaterThanOrEqual(9);
    const held = pickDrill(tables, material, 'hold', next)!;
    expect(held.split(' ')[1]).toBe('b');
    expect(tables.probe(held)!.result).toBe('draw');
    expect(tables.moves(held)!.some((m) => m.result === 'loss')).toBe(true);
  }
});

test("the tables' reply: the longest defence where lost, a drawing move where drawn", () => {
  const lost = [
    { move: 'a', result: 'loss', plies: 8, capture: false },
    { move: 'b', result: 'loss', plies: 8, capture: false },
    { move: 'c', result: 'loss', plies: 4, capture: false },
  ] as const;
  for (const r of [0, 0.99]) expect(['a', 'b']).toContain(drillReply(lost, () => r));
  const drawn = [
    { move: 'd', result: 'draw', plies: null, capture: false },
    { move: 'e', result: 'draw', plies: null, capture: true },
    { move: 'f', result: 'loss', plies: 12, capture: false },
  ] as const;
  for (const r of [0, 0.99]) expect(['d', 'e']).toContain(drillReply(drawn, () => r));
  expect(drillReply([])).toBeNull();
});
