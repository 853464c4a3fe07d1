// The bench worker: loads both builds of the engine and runs the suites of bench/suites.ts, off the
// page's thread so the page keeps drawing progress (the engine's perft and search are synchronous).
import { createEngine } from '../../web/engine/index.ts';
import { messageOf } from '../../web/engine/errors.ts';
import { engineBuild, runBenchmarks } from '../suites.ts';
import type { BenchReply, BenchRequest } from './protocol.ts';

const scope = self as unknown as {
  postMessage(message: BenchReply): void;
  onmessage: ((event: MessageEvent<BenchRequest>) => void) | null;
};

scope.onmessage = (event) => void run(event);

async function run(event: MessageEvent<BenchRequest>): Promise<void> {
  try {
    const [wasm, js] = await Promise.all([createEngine('wasm'), createEngine('js')]);
    const results = await runBenchmarks([engineBuild(wasm), engineBuild(js)], event.data.config, (progress) =>
      scope.postMessage({ type: 'progress', progress }),
    );
    scope.postMessage({ type: 'done', results });
  } catch (error) {
    scope.postMessage({ type: 'error', message: messageOf(error) });
  }
}
