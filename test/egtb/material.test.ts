// Endgame materials by name: read in any order and spelling, written canonically; the first set;
// the smaller tables a table's captures reach, each after those it reaches in turn.
import { expect, test } from 'vitest';
import { firstSet, materialName, materialOfFen, parseMaterial, smallerMaterials } from '../../web/egtb/material.ts';

test('a name is read in any order, with N for H and B for E, and written canonically', () => {
  const m = parseMaterial('KEAR-KBA');
  expect(m.name).toBe('KRAE-KAE');
  expect(m.attackers).toBe(1);
  expect(materialName(m.key)).toBe('KRAE-KAE');
  expect(parseMaterial('kn-k').name).toBe('KH-K');
  expect(parseMaterial('KPH-KAAEE').name).toBe('KHP-KAAEE');
});

test('the first set: one attacker with or without its defenders, two without, against any defence', () => {
  const set = firstSet();
  expect(set).toHaveLength(4 * 9 * 9 + 10 * 9);
  expect(new Set(set).size).toBe(set.length);
  expect(set).toContain('KR-KAAEE');
  expect(set).toContain('KCAAEE-KAAEE');
  expect(set).toContain('KHP-KAAEE');
  expect(set).not.toContain('KRHA-K');
});

test('the smaller materials are every one captures reach, each after those it reaches', () => {
  const order = smallerMaterials('KRA-KE');
  expect(new Set(order)).toEqual(new Set(['KR-KE', 'KA-KE', 'KRA-K', 'KR-K', 'KA-K', 'K-KE', 'K-K']));
  for (const [i, material] of order.entries())
    for (const smaller of smallerMaterials(material)) expect(order.indexOf(smaller)).toBeLessThan(i);
});

test('a material no table covers is refused, saying why', () => {
  expect(() => parseMaterial('KR-KR')).toThrow(/Black may have only A and E/);
  expect(() => parseMaterial('KRHC-K')).toThrow(/at most two attacking pieces/);
  expect(() => parseMaterial('KAAA-K')).toThrow(/at most two of a kind/);
  expect(() => parseMaterial('KX-K')).toThrow(/"X" in "KX-K"/);
});

test("a FEN's material: the attacking side named first as Red, whichever colour it has", () => {
  expect(materialOfFen('3k5/9/4ba3/9/9/9/9/R8/9/4K4 w - - 0 1')).toBe('KR-KAE');
  expect(materialOfFen('4k4/4a4/4c4/9/9/9/9/9/9/3AK4 b - - 0 1')).toBe('KCA-KA');
  expect(materialOfFen('4k4/r8/9/9/9/9/9/9/9/R2K5 w - - 0 1')).toBeNull(); // both sides attack
  expect(materialOfFen('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1')).toBeNull();
});
