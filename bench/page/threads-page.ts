// Entry of the threads bench page (web/bench-threads.html): one SearchWorker with one thread against
// one with several, measured by bench/threads-measure.ts. Settings come from the form or the query
// string (`run` starts at once); `window.benchThreads` and `<html data-bench>` expose the state for
// `npm run bench:threads:browser`, which relays the `bench: ` console lines as its progress.
import { SearchWorker } from '../../web/engine/search-worker.ts';
import { START_FEN } from '../../web/engine/index.ts';
import {
  DEFAULT_THREADS_CONFIG,
  measureThreads,
  threadsReport,
  type Searcher,
  type ThreadsConfig,
  type ThreadsRun,
} from '../threads-measure.ts';
import './styles.css';

type State = 'idle' | 'running' | 'done' | 'error';
interface ThreadsHandle {
  state: State;
  run: ThreadsRun | null;
  error: string | null;
  report: string;
}

const FIELDS: [name: string, key: keyof ThreadsConfig][] = [
  ['threads', 'threads'],
  ['rounds', 'rounds'],
  ['movetime', 'movetimeMs'],
  ['depth', 'depth'],
  ['positions', 'positions'],
];
/** Helpers load after the main worker; a measurement waits for all of them this long at most. */
const LOAD_TIMEOUT_MS = 10_000;

const form = document.getElementById('settings') as HTMLFormElement;
const statusEl = document.getElementById('status')!;
const reportEl = document.getElementById('report')!;
const handle: ThreadsHandle = { state: 'idle', run: null, error: null, report: '' };
(window as unknown as { benchThreads: ThreadsHandle }).benchThreads = handle;

function setState(state: State): void {
  handle.state = state;
  document.documentElement.dataset['bench'] = state;
  (document.getElementById('run') as HTMLButtonElement).disabled = state === 'running';
}

function configFrom(read: (name: string) => string | null): ThreadsConfig {
  const config = { ...DEFAULT_THREADS_CONFIG };
  for (const [name, key] of FIELDS) {
    const input = form.elements.namedItem(name) as HTMLInputElement;
    const value = Number(read(name));
    if (read(name) !== null && Number.isInteger(value))
      config[key] = Math.min(Number(input.max), Math.max(Number(input.min), value));
    input.value = String(config[key]);
  }
  return config;
}

/** A SearchWorker with all its threads loaded (a first search starts them). */
async function loaded(threads: number): Promise<SearchWorker> {
  const worker = new SearchWorker('wasm', undefined, { threads });
  if (worker.threads !== threads) throw new Error(worker.threadsNote ?? `cannot search with ${threads} threads here`);
  await worker.search(START_FEN, [], { depth: 1 });
  const since = performance.now();
  while (worker.threadsReady < threads) {
    if (performance.now() - since > LOAD_TIMEOUT_MS)
      throw new Error(`only ${worker.threadsReady} of ${threads} search threads loaded`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return worker;
}

function searcher(worker: SearchWorker): Searcher {
  return {
    clearHash() {
      worker.clearHash();
      return Promise.resolve();
    },
    search: (fen, moves, limits) => worker.search(fen, moves, limits),
  };
}

function log(line: string): void {
  if (line.startsWith('  ')) return;
  statusEl.textContent = line;
  console.info(`bench: ${line}`);
}

async function run(config: ThreadsConfig): Promise<void> {
  setState('running');
  Object.assign(handle, { run: null, error: null, report: '' });
  reportEl.hidden = true;
  const workers: SearchWorker[] = [];
  try {
    statusEl.textContent = 'Loading the search workers…';
    workers.push(await loaded(1), await loaded(config.threads));
    const result = await measureThreads({ one: searcher(workers[0]!), many: searcher(workers[1]!) }, config, log);
    handle.run = result;
    handle.report = threadsReport(result);
    reportEl.textContent = handle.report;
    reportEl.hidden = false;
    statusEl.textContent = `Done: ${config.rounds} rounds.`;
    setState('done');
  } catch (error) {
    handle.error = error instanceof Error ? error.message : String(error);
    statusEl.textContent = `Failed: ${handle.error}`;
    setState('error');
  } finally {
    for (const worker of workers) worker.dispose();
  }
}

const params = new URLSearchParams(location.search);
const initial = configFrom((name) => params.get(name));
document.getElementById('environment')!.textContent =
  `${navigator.hardwareConcurrency} logical cores · ` +
  (crossOriginIsolated
    ? 'cross-origin isolated: several search threads possible'
    : 'not cross-origin isolated: one search thread only');
form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (handle.state !== 'running')
    void run(configFrom((name) => (form.elements.namedItem(name) as HTMLInputElement).value));
});
setState('idle');
if (params.has('run')) void run(initial);
