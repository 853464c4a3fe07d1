// `npm run bench:threads:browser`: the threads bench (1 search thread against N, see
// threads-measure.ts) in headless Chromium, on the page web/bench-threads.html served cross-origin
// isolated. Prints the table and writes bench/results/threads-browser.json.
// Options: npm run bench:threads:browser -- --help
import { launchChromium } from './lib/chromium.ts';
import { serveBenchPage } from './serve.ts';
import { machine, writeJson } from './stats.ts';
import { THREADS_OPTIONS, threadsConfig } from './threads-args.ts';
import { commandLine } from '../lib/cli.ts';
import { runThreadsPage } from './threads-browser-run.ts';

const config = commandLine(
  {
    usage: 'npm run bench:threads:browser -- [options]',
    about:
      'The threads bench (one search thread against N) in headless Chromium, on web/bench-threads.html served cross-origin isolated. Writes bench/results/threads-browser.json.',
    options: THREADS_OPTIONS,
  },
  threadsConfig,
);

const info = machine();
const [server, browser] = await Promise.all([serveBenchPage(undefined, 'bench-threads.html'), launchChromium()]);
try {
  const chromium = `Chromium ${browser.version()}`;
  process.stderr.write(
    `threads bench in ${chromium}: 1 vs ${config.threads} threads, ${config.rounds} rounds, ` +
      `${config.positions} positions, movetime ${config.movetimeMs} ms, depth ${config.depth}, load ${info.load}\n`,
  );
  const result = await runThreadsPage(browser, server.pageUrl, config, (line) => process.stderr.write(line + '\n'));
  console.log(result.report);
  const file = writeJson('threads-browser.json', {
    machine: { ...info, chromium, userAgent: result.userAgent },
    ...result.run,
  });
  console.log(`saved ${file}`);
} finally {
  await browser.close();
  await server.close();
}
