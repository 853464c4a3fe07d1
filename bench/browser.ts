// `npm run bench:browser`: opens the bench page in headless Chromium (Debian's, through
// playwright-core), runs the same suites as `npm run bench` for both builds in the page's worker,
// prints the same tables and writes bench/results/bench-browser.json and bench-browser.svg.
// Settings as for `npm run bench` (env-config.ts); `--site <dir>` serves a built site instead of
// the sources (e.g. dist/site after `vite build`).
import { loadavg } from 'node:os';
import { launchChromium } from './lib/chromium.ts';
import { serveBenchPage } from './serve.ts';
import { configFromEnv, ENV_SETTINGS } from './env-config.ts';
import { commandLine } from '../lib/cli.ts';
import { buildInfo, machine, writeJson, writeResult } from './stats.ts';
import { textReport } from './report.ts';
import { chartSvg } from './chart.ts';
import { runBenchPage } from './browser-run.ts';

const { site } = commandLine(
  {
    usage: 'npm run bench:browser -- [options]',
    about: `The suites of \`npm run bench\` for both builds in headless Chromium's page worker; writes bench/results/bench-browser.json and bench-browser.svg. Settings by environment: ${ENV_SETTINGS}.`,
    options: {
      site: { type: 'string', value: 'DIR', help: 'serve a built site (e.g. dist/site) instead of the sources' },
    },
  },
  (v) => ({ site: v.site }),
);

const config = configFromEnv();
const about = machine();
process.stderr.write(`load average ${about['load']} on ${about['cores']} cores\n`);
const measured = buildInfo();
const [server, browser] = await Promise.all([serveBenchPage(site), launchChromium()]);
try {
  const chromium = `Chromium ${browser.version()}`;
  const run = await runBenchPage(browser, server.pageUrl, config, (line) => process.stderr.write(line + '\n'));
  const loadAfter = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  console.log(
    `${chromium} (${run.browser} in the page), ${about['cpu']} (${about['cores']} cores), load ${about['load']} before, ${loadAfter} after; engine ${measured['commit']} (${measured['engineSources']}), wasm ${measured['wasm']}, js ${measured['js']}`,
  );
  console.log(textReport(run.results));
  const json = writeJson('bench-browser.json', {
    machine: {
      ...about,
      loadAfter,
      chromium,
      userAgent: run.userAgent,
      crossOriginIsolated: String(run.crossOriginIsolated),
    },
    build: measured,
    config,
    results: run.results,
  });
  const svg = writeResult(
    'bench-browser.svg',
    chartSvg(run.results, `${chromium}, ${about['cpu']}, ${about['date']!.slice(0, 10)}`),
  );
  console.log(`wrote ${json}\nwrote ${svg}`);
} finally {
  await browser.close();
  await server.close();
}
