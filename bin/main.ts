// Reads UCI commands from stdin, one per line, and answers on stdout.
import { createInterface } from 'node:readline';
import { UciSession } from './uci.ts';

const wasmUrl = new URL('./engine.wasm', import.meta.url);
const jsUrl = new URL('./engine.js', import.meta.url);
const session = await UciSession.start((line) => process.stdout.write(line + '\n'), { wasmUrl, jsUrl });
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
input.on('close', () => void queue.then(() => process.exit(0)));
