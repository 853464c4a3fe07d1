// Reads UCI commands from stdin, one per line, and answers on stdout.
import { createInterface } from 'node:readline';
import { UciSession } from './uci.ts';

const session = await UciSession.start((line) => process.stdout.write(line + '\n'), {
  thread: new URL('./search-thread.js', import.meta.url),
  wasm: new URL('./engine.wasm', import.meta.url),
  js: new URL('./engine.js', import.meta.url),
  threadsWasm: new URL('./engine.threads.wasm', import.meta.url),
  perft: new URL('./perft-thread.js', import.meta.url),
});
const input = createInterface({ input: process.stdin, terminal: false });
let queue = Promise.resolve(true);
input.on('line', (line) => {
  queue = queue.then(async (running) => {
    if (!running) return false;
    const keepGoing = await session.handle(line);
    if (!keepGoing) {
      input.close();
      process.exit(0);
    }
    return keepGoing;
  });
});
input.on('close', () => void queue.then(() => session.idle()).then(() => process.exit(0)));
