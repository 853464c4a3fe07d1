// `npm run bench:threads:browser`: the threads bench (1 search thread against N, see
// threads-measure.ts) in headless Chromium, on the page web/bench-threads.html served cross-origin
// isolated. Prints the table and writes bench/results/threads-browser.json.
// Options: [--threads 2] [--rounds 3] [--movetime 500] [--depth 12] [--positions 18]
import { parseArgs } from 'node:util';
import { launchChromium } from '../test/browser/chromium.ts';
import { serveBenchPage } from './serve.ts';
import { machine, writeJson } from './stats.ts';
import { DEFAULT_THREADS_CONFIG } from './threads-measure.ts';
import { runThreadsPage } from './threads-browser-run.ts';

const { values } = parseArgs({
  options: {
    threads: { type: 'string', default: String(DEFAULT_THREADS_CONFIG.threads) },
    rounds: { type: 'string', default: String(DEFAULT_THREADS_CONFIG.rounds) },
    movetime: { type: 'string', default: String(DEFAULT_THREADS_CONFIG.movetimeMs) },
    depth: { type: 'string', default: String(DEFAULT_THREADS_CONFIG.depth) },
    positions: { type: 'string', default: String(DEFAULT_THREADS_CONFIG.positions) },
  },
});
const config = {
  threads: Number(values.threads), rounds: Number(values.rounds), movetimeMs: Number(values.movetime),
  depth: Number(values.depth), positions: Number(values.positions),
};

const info = machine();
const [server, browser] = await Promise.all([serveBenchPage(undefined, 'bench-threads.html'), launchChromium()]);
try {
  const chromium = `Chromium ${browser.version()}`;
  process.stderr.write(`threads bench in ${chromium}: 1 vs ${config.threads} threads, ${config.rounds} rounds, ` +
    `${config.positions} positions, movetime ${config.movetimeMs} ms, depth ${config.depth}, load ${info.load}\n`);
  const result = await runThreadsPage(browser, server.pageUrl, config, (line) => process.stderr.write(line + '\n'));
  console.log(result.report);
  const file = writeJson('threads-browser.json', { machine: { ...info, chromium, userAgent: result.userAgent }, ...result.run });
  console.log(`saved ${file}`);
} finally {
  await browser.close();
  await server.close();
}
