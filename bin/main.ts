// Reads UCI commands from stdin, one per line, and answers on stdout.
// `xiangqi-engine bench [depth] [backend]` runs the bench (bench.ts) instead and exits.
import { createInterface } from 'node:readline';
import { parseBenchArgs, runBench } from './bench.ts';
import { UciSession } from './uci.ts';

const urls = {
  thread: new URL('./search-thread.js', import.meta.url),
  wasm: new URL('./engine.wasm', import.meta.url),
  js: new URL('./engine.js', import.meta.url),
  threadsWasm: new URL('./engine.threads.wasm', import.meta.url),
  perft: new URL('./perft-thread.js', import.meta.url),
  // build/uci.js -> the repository's (or package's) book/ folder.
  book: new URL('../book/xiangqi.book', import.meta.url),
  network: new URL('../nnue/xiangqi.nnue', import.meta.url),
};

const [command, ...args] = process.argv.slice(2);
if (command === 'bench') {
  let options;
  try {
    options = parseBenchArgs(args);
  } catch (e) {
    process.stderr.write(`error: ${(e as Error).message}\nusage: xiangqi-engine bench [depth] [wasm|js]\n`);
    process.exit(2);
  }
  await runBench(options, (line) => process.stdout.write(line + '\n'), urls);
  process.exit(0);
} else if (command !== undefined) {
  process.stderr.write(
    `error: unknown argument "${command}"\nusage: xiangqi-engine (speaks UCI on stdin/stdout) | xiangqi-engine bench [depth] [wasm|js]\n`,
  );
  process.exit(2);
}

const session = await UciSession.start((line) => process.stdout.write(line + '\n'), urls);
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
