// `npm run bench:first-move`: how long a new visitor waits for the computer's first move. The built
// site (dist/site, as `npm run build` makes it) is served on this machine by `vite preview` with the
// site's headers, and opened in headless Chromium, each round in a new context (empty cache, no
// service worker), then once more in the same context (warm). Prints a table of medians and writes
// bench/results/first-move.json. A local server leaves out the time on the wire: the bytes fetched
// before the first move are given so that it can be worked out for a connection.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './lib/chromium.ts';
import { serveBenchPage } from './serve.ts';
import { buildInfo, machine, repoRoot, summarize, table, writeJson } from './stats.ts';
import { commandLine, wholeNumber } from '../lib/cli.ts';
import { SCENARIOS, visitTwice, type Visit } from './first-move-run.ts';

const options = commandLine(
  {
    usage: 'npm run bench:first-move -- [options]',
    about:
      "Times the game page's first computer move after a cold load (and a warm one) from a local server, in headless Chromium; writes bench/results/first-move.json.",
    options: {
      rounds: { type: 'string', value: 'N', default: '5', help: 'cold visits (each with a warm one) per scenario' },
      site: { type: 'string', value: 'DIR', default: 'dist/site', help: 'the built site to serve' },
    },
  },
  (v) => ({ rounds: wholeNumber(v.rounds, '--rounds', { min: 1, max: 50 }), site: v.site }),
);

const site = resolve(fileURLToPath(repoRoot()), options.site);
if (!existsSync(join(site, 'index.html'))) {
  console.error(`error: no built site at ${site}: run npm run build first`);
  process.exit(1);
}

const about = machine();
const [server, browser] = await Promise.all([serveBenchPage(site, 'index.html'), launchChromium()]);
const root = server.pageUrl.replace(/\/index\.html$/, '');
const visits: Visit[] = [];
try {
  for (let round = 0; round < options.rounds; round++) {
    for (const scenario of SCENARIOS) {
      for (const v of await visitTwice(browser, root, scenario)) {
        visits.push(v);
        process.stderr.write(
          `round ${round + 1} ${v.scenario} ${v.warm ? 'warm' : 'cold'}: board ${v.boardReadyMs.toFixed(0)} ms, ` +
            `network ${v.networkMs === null ? '-' : v.networkMs.toFixed(0) + ' ms'}, move ${v.move} at ${v.firstMoveMs.toFixed(0)} ms\n`,
        );
      }
    }
  }
  const chromium = `Chromium ${browser.version()}`;
  const cell = (ms: number[]) => {
    if (ms.length === 0) return '-';
    const s = summarize(ms);
    return `${s.median.toFixed(0)} [${s.min.toFixed(0)}-${s.max.toFixed(0)}]`;
  };
  const rows = SCENARIOS.flatMap((scenario) =>
    [false, true].map((warm) => {
      const mine = visits.filter((v) => v.scenario === scenario.name && v.warm === warm);
      const networks = mine.flatMap((v) => (v.networkMs === null ? [] : [v.networkMs]));
      return [
        `${scenario.name}, ${warm ? 'warm' : 'cold'}`,
        cell(mine.map((v) => v.domReadyMs)),
        cell(mine.map((v) => v.boardReadyMs)),
        cell(networks),
        cell(mine.map((v) => v.firstMoveMs)),
        (summarize(mine.map((v) => v.bytes)).median / 1024).toFixed(0),
      ];
    }),
  );
  console.log(
    `${chromium}, ${about['cpu']} (${about['cores']} cores), load ${about['load']}; ${options.rounds} rounds; ` +
      `ms from the start of navigation, median [min-max]`,
  );
  for (const s of SCENARIOS) console.log(`  ${s.name}: ${s.about}`);
  console.log(table(['visit', 'page parsed', 'board ready', 'network arrived', 'first move', 'KiB fetched'], rows));
  const file = writeJson('first-move.json', {
    machine: { ...about, chromium },
    build: buildInfo(),
    rounds: options.rounds,
    scenarios: SCENARIOS,
    visits,
  });
  console.log(`wrote ${file}`);
} finally {
  await browser.close();
  await server.close();
}
