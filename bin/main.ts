// Reads UCI commands from stdin, one per line, and answers on stdout.
// `xiangqi-engine bench [depth] [backend]` runs the bench (bench.ts) instead and exits, and
// `xiangqi-engine analyse FILE...` annotates game files (analyse/run.ts), and `xiangqi-engine egtb
// MATERIAL... --path FOLDER` makes endgame tables for EgtbPath (egtb-command.ts); `--help` says so.
import { createInterface } from 'node:readline';
import { commandLine, CommandLineError } from '../lib/cli.ts';
import { ANALYSE_SPEC, helpText, parseAnalyseArgs } from './analyse/options.ts';
import { runAnalyse } from './analyse/run.ts';
import { EGTB_SPEC, parseEgtbArgs, runEgtb } from './egtb-command.ts';
import { parseBenchArgs, runBench } from './bench.ts';
import { ENGINE_NAME, UciSession } from './uci.ts';

const urls = {
  thread: new URL('./search-thread.js', import.meta.url),
  wasm: new URL('./engine.wasm', import.meta.url),
  js: new URL('./engine.js', import.meta.url),
  threadsWasm: new URL('./engine.threads.wasm', import.meta.url),
  perft: new URL('./perft-thread.js', import.meta.url),
  // build/uci.js -> the repository's (or package's) book/ folder.
  book: new URL('../book/xiangqi.book', import.meta.url),
  network: new URL('../nnue/xiangqi.nnue', import.meta.url),
  analyseThread: new URL('./analyse-thread.js', import.meta.url),
};

if (process.argv[2] === 'analyse') {
  try {
    const options = parseAnalyseArgs(process.argv.slice(3), process.stderr.isTTY);
    if (options === 'help') {
      console.log(helpText(ANALYSE_SPEC));
      process.exit(0);
    }
    await runAnalyse(options, { ...urls, thread: urls.analyseThread }, ENGINE_NAME);
    process.exit(0);
  } catch (error) {
    const usage = error instanceof CommandLineError ? `\n\n${helpText(ANALYSE_SPEC)}` : '';
    console.error(`xiangqi-engine analyse: ${error instanceof Error ? error.message : String(error)}${usage}`);
    process.exit(error instanceof CommandLineError ? 2 : 1);
  }
}

if (process.argv[2] === 'egtb') {
  try {
    const run = parseEgtbArgs(process.argv.slice(3));
    if (run === 'help') console.log(helpText(EGTB_SPEC));
    else await runEgtb(run, (line) => console.log(line));
    process.exit(0);
  } catch (error) {
    const usage = error instanceof CommandLineError ? `\n\n${helpText(EGTB_SPEC)}` : '';
    console.error(`xiangqi-engine egtb: ${error instanceof Error ? error.message : String(error)}${usage}`);
    process.exit(error instanceof CommandLineError ? 2 : 1);
  }
}

const bench = commandLine(
  {
    usage: 'xiangqi-engine',
    about:
      "Speaks UCI (and, after `ucci`, UCCI) on stdin and stdout. `bench` searches the bench positions to a fixed depth (default 11) and prints the node count, the search's signature, then exits. `analyse FILE...` annotates every game of game files (see `xiangqi-engine analyse --help`). `egtb MATERIAL... --path FOLDER` makes endgame tables for the EgtbPath option (see `xiangqi-engine egtb --help`).",
    options: {},
    positionals: '[bench [DEPTH] [wasm|js] | analyse FILE... | egtb MATERIAL...]',
  },
  (_values, positionals) => {
    const [command, ...args] = positionals;
    if (command === undefined) return null;
    if (command !== 'bench') throw new CommandLineError(`unknown argument "${command}"`);
    try {
      return parseBenchArgs(args);
    } catch (e) {
      throw new CommandLineError((e as Error).message);
    }
  },
);
if (bench) {
  await runBench(bench, (line) => process.stdout.write(line + '\n'), urls);
  process.exit(0);
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
input.on('close', () => void queue.then(() => session.inputClosed()).then(() => process.exit(0)));
