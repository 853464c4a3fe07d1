// The PyTorch trainer (tune/nnue_train.py) against the TypeScript reference and the engine: small
// networks it trained, with the positions and centipawns its own integer pass gave (their sidecars'
// `checks`), must evaluate the same in referenceEvaluateKB and in the engine's wasm and JS builds,
// so the trainer's inputs, quantisation and file are the engine's: one at the first files' scale,
// one at the finest (--qa 256 --qb 256). Regenerate the fixtures with
//   /usr/bin/python3 tune/nnue_train.py --data <records> --epochs 2 --hidden 16 --buckets 3 \
//     --out test/tune/fixtures/trained-kb16.nnue
//   /usr/bin/python3 tune/nnue_train.py --data <records> --epochs 2 --hidden 16 --buckets 3 --qa 256 --qb 256 \
//     --out test/tune/fixtures/trained-kb16-fine.nnue
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { createEngine } from '../../web/engine/index.ts';
import { decodeKingBucketNetwork, referenceEvaluateKB } from '../../web/engine/nnue-kb.ts';

describe.each([
  ['trained-kb16.nnue', 64, 64],
  ['trained-kb16-fine.nnue', 256, 256],
])('%s, a network the PyTorch trainer wrote', (name, qa, qb) => {
  const file = new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
  const sidecar = JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as {
    checks: { fen: string; cp: number }[];
  };

  test("its check positions give the trainer's centipawns in the reference", async () => {
    const net = decodeKingBucketNetwork(file);
    expect([net.qa, net.qb]).toEqual([qa, qb]);
    const engine = await createEngine('wasm');
    expect(sidecar.checks.length).toBeGreaterThanOrEqual(30);
    for (const { fen, cp } of sidecar.checks) {
      engine.setPosition(fen);
      expect(referenceEvaluateKB(net, engine.board(), engine.turn() === 'black'), fen).toBe(cp);
    }
  });

  test.each(['wasm', 'js'] as const)('and in the engine (%s build)', async (backend) => {
    const engine = await createEngine(backend);
    engine.setNetwork(file);
    for (const { fen, cp } of sidecar.checks) {
      engine.setPosition(fen);
      expect(engine.staticEval(), fen).toBe(cp);
    }
  });
});
