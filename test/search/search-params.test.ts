// The search's named constants (web/engine/search-params.ts, assembly/params.ts), which tune/spsa.ts
// tunes through the UCI option SearchParams: the declared defaults are the engine's own, a value
// set changes the search the same way in both builds, the empty setting gives back the shipped
// search exactly, and a bad pair is refused with its name and changes nothing.
import { describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../web/engine/index.ts';
import { parseSearchParams, SEARCH_PARAMS } from '../../web/engine/search-params.ts';

const MIDDLEGAME = 'r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1';

function nodesAtDepth(engine: Engine, depth: number): { nodes: number; best: string | null } {
  engine.setPosition(MIDDLEGAME);
  engine.clearHash();
  const result = engine.search({ depth });
  return { nodes: result.nodes, best: result.bestMove };
}

describe('search parameters', () => {
  for (const backend of ['wasm', 'js'] as const) {
    it(`declares the ${backend} build's own defaults, in its order`, async () => {
      const engine = await createEngine(backend);
      const held = engine.searchParams();
      expect([...held.keys()]).toEqual(SEARCH_PARAMS.map((p) => p.name));
      for (const p of SEARCH_PARAMS) {
        expect(held.get(p.name), p.name).toBe(p.default);
        expect(p.min, p.name).toBeLessThanOrEqual(p.default);
        expect(p.max, p.name).toBeGreaterThanOrEqual(p.default);
      }
    });
  }

  it('changes the search alike in both builds, and the empty setting restores the shipped search', async () => {
    const wasm = await createEngine('wasm');
    const js = await createEngine('js');
    const shipped = nodesAtDepth(wasm, 7);
    expect(nodesAtDepth(js, 7)).toEqual(shipped);
    for (const setting of ['rfp_margin=40', 'lmr_base=0 lmr_divisor=150', 'aspiration_delta=12,see_quiet=60']) {
      wasm.setSearchParams(setting);
      js.setSearchParams(setting);
      const tuned = nodesAtDepth(wasm, 7);
      expect(tuned.nodes, setting).not.toBe(shipped.nodes);
      expect(nodesAtDepth(js, 7), setting).toEqual(tuned);
      expect(wasm.searchParams().get(setting.split('=')[0]!)).toBe(Number(setting.split(/[=, ]/)[1]));
    }
    wasm.setSearchParams('');
    expect(nodesAtDepth(wasm, 7)).toEqual(shipped);
    expect(wasm.searchParams()).toEqual(new Map(SEARCH_PARAMS.map((p) => [p.name, p.default])));
  });

  it('refuses a bad pair with a message that names it, and keeps the values held', async () => {
    const engine = await createEngine('wasm');
    engine.setSearchParams('futility_base=120');
    expect(() => engine.setSearchParams('rfp_margin=80 no_such=3')).toThrow(/"no_such=3": not a search parameter/);
    expect(() => engine.setSearchParams('rfp_margin=500')).toThrow(/rfp_margin must be between 30 and 200/);
    expect(() => engine.setSearchParams('rfp_margin=8.5')).toThrow(/rfp_margin takes a whole number/);
    expect(() => engine.setSearchParams('rfp_margin')).toThrow(/"rfp_margin": not a name=value pair/);
    expect(engine.searchParams().get('futility_base')).toBe(120);
    expect(engine.searchParams().get('rfp_margin')).toBe(90);
  });

  it('reads names in any case, separated by spaces or commas', () => {
    const values = parseSearchParams(' RFP_Margin=70,  lmp_base=5 ');
    expect([...values].map(([p, v]) => [p.name, v])).toEqual([
      ['rfp_margin', 70],
      ['lmp_base', 5],
    ]);
  });
});
