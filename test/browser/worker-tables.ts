// What a page's Web Workers are handed and report of the endgame tables: run `logWorkerTables` in the
// page (playwright's addInitScript or evaluate, before the workers are made), then read
// `loggedTables`. Made for the searches that probe the tables inside their tree.
import type { Page } from 'playwright-core';

interface Logged {
  __tables: string[];
  __tbhits: number;
  /** The workers asked about the tables (their own questions: consult, reachable, drill). */
  __tableWorkers: Set<Worker>;
  __PageWorker?: typeof Worker;
  Worker: typeof Worker;
}

/**
 * In the page: Workers made from now on log the materials of the tables they are given (`tables`
 * requests) and the most table hits their searches report; `restore` puts the page's Worker back.
 */
export function logWorkerTables(restore = false): void {
  const page = window as unknown as Logged;
  if (restore) {
    if (page.__PageWorker) page.Worker = page.__PageWorker;
    return;
  }
  page.__tables = [];
  page.__tbhits = 0;
  page.__tableWorkers = new Set();
  page.__PageWorker ??= page.Worker;
  page.Worker = class extends page.__PageWorker {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      this.addEventListener('message', (event: MessageEvent<{ type?: string; info?: { tbhits?: number } }>) => {
        if (event.data.type === 'info') page.__tbhits = Math.max(page.__tbhits, event.data.info?.tbhits ?? 0);
      });
    }
    override postMessage(message: unknown, options?: StructuredSerializeOptions | Transferable[]): void {
      const request = message as { type?: string; add?: { material: string }[] } | null;
      if (request?.type === 'tables') page.__tables.push(...(request.add ?? []).map((t) => t.material));
      if (['consult', 'reachable', 'drill'].includes(request?.type ?? '')) page.__tableWorkers.add(this);
      if (Array.isArray(options)) super.postMessage(message, options);
      else super.postMessage(message, options);
    }
  };
}

/**
 * The tables the page's workers were given, the most table hits one reported, and how many tables'
 * workers were asked anything.
 */
export function loggedTables(page: Page): Promise<{ tables: string[]; tbhits: number; tableWorkers: number }> {
  return page.evaluate(() => {
    const logged = window as unknown as Logged;
    return { tables: logged.__tables, tbhits: logged.__tbhits, tableWorkers: logged.__tableWorkers.size };
  });
}
