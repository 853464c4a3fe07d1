// Drives the threads bench page (web/bench-threads.html) in a browser until it has finished:
// shared by `npm run bench:threads:browser` and the page's test.
import type { Browser } from 'playwright-core';
import type { ThreadsConfig, ThreadsRun } from './threads-measure.ts';

export interface ThreadsPageRun {
  run: ThreadsRun;
  /** The report as the page shows it. */
  report: string;
  crossOriginIsolated: boolean;
  userAgent: string;
}

export function threadsQuery(config: ThreadsConfig): string {
  const params = new URLSearchParams({
    threads: String(config.threads),
    rounds: String(config.rounds),
    movetime: String(config.movetimeMs),
    depth: String(config.depth),
    positions: String(config.positions),
    run: '',
  });
  return '?' + params.toString();
}

export async function runThreadsPage(
  browser: Browser,
  pageUrl: string,
  config: ThreadsConfig,
  onLine: (line: string) => void = () => {},
): Promise<ThreadsPageRun> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.text().startsWith('bench: ')) onLine(m.text().slice('bench: '.length));
    else if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(pageUrl + threadsQuery(config));
    await page.waitForFunction(
      () => ['done', 'error'].includes(document.documentElement.dataset['bench'] ?? ''),
      undefined,
      { timeout: 0, polling: 500 },
    );
    const handle = await page.evaluate(() => {
      const bench = (window as unknown as { benchThreads: { state: string; run: unknown; error: string | null } })
        .benchThreads;
      return {
        state: bench.state,
        run: bench.run,
        error: bench.error,
        userAgent: navigator.userAgent,
        crossOriginIsolated,
        report: document.getElementById('report')?.textContent ?? '',
      };
    });
    if (handle.state !== 'done') throw new Error(`the threads bench page failed: ${handle.error ?? 'unknown error'}`);
    if (errors.length) throw new Error(`the threads bench page reported errors: ${errors.join('; ')}`);
    return {
      run: handle.run as ThreadsRun,
      report: handle.report,
      crossOriginIsolated: handle.crossOriginIsolated,
      userAgent: handle.userAgent,
    };
  } finally {
    await page.close();
  }
}
