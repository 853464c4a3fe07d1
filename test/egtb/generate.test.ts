// The generator (assembly/egtb/) on small tables, every position of each: the retrograde rules hold
// (Tablebases.verify walks every position's moves against the values), both builds write the same
// bytes, and the defenders' placements are counted as FelicityEgtb counts them.
import { beforeAll, expect, test } from 'vitest';
import { Tablebases } from '../../web/egtb/tablebases.ts';
import { smallerMaterials } from '../../web/egtb/material.ts';

let wasm: Tablebases;
let js: Tablebases;

beforeAll(async () => {
  wasm = await Tablebases.load('wasm');
  js = await Tablebases.load('js');
});

test("the defenders' joint placements are FelicityEgtb's counts", () => {
  // nguyenpham/FelicityEgtb indexes K 9, KA 40, KE 62, KAA 70, KEE 183, KAE 275, KAAE 480, KAEE 810, KAAEE 1410.
  const expected: [string, number][] = [
    ['KR-K', 9],
    ['KR-KA', 40],
    ['KR-KE', 62],
    ['KR-KAA', 70],
    ['KR-KEE', 183],
    ['KR-KAE', 275],
    ['KR-KAAE', 480],
    ['KR-KAEE', 810],
    ['KR-KAAEE', 1410],
  ];
  // A rook's index runs over the left half (50 points); Red's lone king over its palace (9).
  for (const [material, placements] of expected) expect(wasm.entries(material), material).toBe(9 * 50 * placements);
});

test('two attackers of one kind are one unordered pair: half the entries, every position read alike in either order', () => {
  // Both kings' 9 points times the pairs of points whose files add up to at most 8 (2,225; 827 for
  // pawns), where a first rook on the left half and a second anywhere would take 50 × 90.
  expect(wasm.entries('KRR-K')).toBe(9 * 9 * 2225);
  expect(wasm.entries('KPP-K')).toBe(9 * 9 * 827);
  wasm.generate('KRR-K');
  // A position's mirror image lists the rooks in the other order and must find the same entry's value.
  const mirror = (fen: string) => {
    const [placement, ...rest] = fen.split(' ');
    const ranks = placement!.split('/').map((rank) =>
      [...rank.replace(/\d/g, (n) => '1'.repeat(Number(n)))]
        .reverse()
        .join('')
        .replace(/1+/g, (ones) => String(ones.length)),
    );
    return [ranks.join('/'), ...rest].join(' ');
  };
  let checked = 0;
  for (let index = 0; index < wasm.entries('KRR-K'); index += 61) {
    const fen = wasm.entryFen('KRR-K', 0, index);
    if (!fen) continue;
    expect(wasm.probe(mirror(fen)), fen).toEqual(wasm.probe(fen));
    checked++;
  }
  expect(checked).toBeGreaterThan(1000);
});

const SMALL = [
  'KR-K',
  'KH-K',
  'KC-K',
  'KP-K',
  'KH-KA',
  'KC-KA',
  'KP-KA',
  'KR-KA',
  'KH-KE',
  'KC-KE',
  'KP-KE',
  'KH-KAA',
  'KC-KAE',
  'KPP-K',
  'KHP-K',
  'KCP-K',
  // Positions whose slowest defence is a capture (the king takes the rook, into a lost KH-K) after
  // every quiet line is decided: their loss comes from the capture's distance alone.
  'KRH-K',
];

test.each(SMALL)('%s: every position keeps the retrograde rules; the JS build writes the same bytes', (material) => {
  wasm.generate(material);
  js.generate(material);
  expect(wasm.verify(material)).toBe(0);
  expect(Buffer.from(js.values(material).buffer).equals(Buffer.from(wasm.values(material).buffer))).toBe(true);
  const stats = wasm.stats(material);
  expect(stats.positions[0] + stats.positions[1]).toBeGreaterThan(0);
});

test('a material the tables do not cover is refused by name', () => {
  expect(() => wasm.generate('KR-KR')).toThrow(/Black may have only A and E/);
  expect(() => wasm.generate('KRHC-K')).toThrow(/at most two attacking pieces/);
  expect(() => wasm.generate('KRRR-K')).toThrow(/at most two of a kind/);
  expect(() => wasm.generate('R-K')).toThrow(/must start with its king/);
  expect(() => wasm.generate('KR')).toThrow(/is not a material/);
});

test('a table made before is taken back whole (as the page keeps them): the same values, sound', async () => {
  wasm.generate('KH-KA');
  const fresh = await Tablebases.load('js');
  for (const material of [...smallerMaterials('KH-KA'), 'KH-KA']) fresh.adopt(material, wasm.values(material));
  expect(fresh.has('KH-KA')).toBe(true);
  expect(fresh.values('KH-KA')).toEqual(wasm.values('KH-KA'));
  expect(fresh.verify('KH-KA')).toBe(0);
  expect(() => fresh.adopt('KR-K', new Uint16Array(3))).toThrow("KR-K's table has 8100 values, not 3");
});
