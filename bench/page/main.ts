// Entry of the bench page (web/bench.html): reads the settings (form, or the query string, where
// `run` starts at once), runs the suites in a dedicated worker and redraws the tables and chart after
// every step. `window.bench` and `<html data-bench>` expose the state for `npm run bench:browser`.
import { DEFAULT_CONFIG, describe, type BenchConfig, type BenchResults, type Progress } from '../suites.ts';
import type { BenchReply, BenchRequest } from './protocol.ts';
import { showResults } from './view.ts';
import { progressLine } from '../report.ts';
import './styles.css';

type State = 'idle' | 'running' | 'done' | 'error';
interface BenchHandle {
  state: State;
  results: BenchResults | null;
  error: string | null;
  browser: string;
  config: BenchConfig | null;
}

const FIELDS: [name: string, key: keyof BenchConfig][] = [
  ['rounds', 'rounds'],
  ['perft', 'startDepth'],
  ['suite', 'suiteDepth'],
  ['search', 'searchDepth'],
  ['positions', 'searchPositions'],
  ['evaluations', 'evaluations'],
];

const form = document.getElementById('settings') as HTMLFormElement;
const progressEl = document.getElementById('progress') as HTMLProgressElement;
const statusEl = document.getElementById('status')!;
const browser = browserName();
const handle: BenchHandle = { state: 'idle', results: null, error: null, browser, config: null };
(window as unknown as { bench: BenchHandle }).bench = handle;

function browserName(): string {
  const ua = navigator.userAgent;
  const match = /(HeadlessChrome|Chrome|Chromium|Firefox|Version)\/([\d.]+)/.exec(ua);
  const name = match?.[1] === 'Version' ? 'Safari' : match?.[1];
  return match ? `${name} ${match[2]}` : ua;
}

function setState(state: State): void {
  handle.state = state;
  document.documentElement.dataset['bench'] = state;
  (document.getElementById('run') as HTMLButtonElement).disabled = state === 'running';
}

/** Settings from the query string (for links and automation), else the defaults. */
function initialConfig(): BenchConfig {
  const params = new URLSearchParams(location.search);
  const config = { ...DEFAULT_CONFIG };
  for (const [name, key] of FIELDS) {
    const value = Number(params.get(name));
    if (params.has(name) && Number.isInteger(value) && value > 0) config[key] = value;
  }
  return config;
}

function formConfig(): BenchConfig {
  const config = { ...DEFAULT_CONFIG };
  for (const [name, key] of FIELDS) {
    const input = form.elements.namedItem(name) as HTMLInputElement;
    const value = Math.round(Number(input.value));
    config[key] = Math.min(
      Number(input.max),
      Math.max(Number(input.min), Number.isFinite(value) ? value : DEFAULT_CONFIG[key]),
    );
    input.value = String(config[key]);
  }
  return config;
}

const subtitle = () =>
  `${browser}, ${navigator.hardwareConcurrency} logical cores, ${new Date().toISOString().slice(0, 10)}`;

function onProgress(p: Progress): void {
  progressEl.max = p.total;
  progressEl.value = p.done;
  statusEl.textContent = `Round ${p.round} of ${p.results.config.rounds}: ${p.build}, ${describe(p.benchmark, p.results.config)} (${p.done} of ${p.total} steps)`;
  if (p.finished) {
    handle.results = p.results;
    showResults(p.results, subtitle());
    // One line per finished run, which `npm run bench:browser` relays as its progress.
    console.info(`bench: ${progressLine(p)}`);
  }
}

function run(config: BenchConfig): void {
  setState('running');
  handle.config = config;
  handle.results = null;
  handle.error = null;
  statusEl.textContent = 'Loading both builds…';
  progressEl.removeAttribute('value'); // indeterminate until the first step
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  const finish = (state: State, text: string) => {
    worker.terminate();
    statusEl.textContent = text;
    setState(state);
  };
  worker.onmessage = (event: MessageEvent<BenchReply>) => {
    const reply = event.data;
    if (reply.type === 'progress') onProgress(reply.progress);
    else if (reply.type === 'done') {
      handle.results = reply.results;
      showResults(reply.results, subtitle());
      progressEl.value = progressEl.max;
      finish('done', `Done: ${reply.results.roundsDone} rounds.`);
    } else {
      handle.error = reply.message;
      finish('error', `Failed: ${reply.message}`);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    handle.error = event.message || 'the bench worker crashed';
    finish('error', `Failed: ${handle.error}`);
  };
  worker.postMessage({ type: 'run', config } satisfies BenchRequest);
}

const config = initialConfig();
for (const [name, key] of FIELDS) (form.elements.namedItem(name) as HTMLInputElement).value = String(config[key]);
document.getElementById('environment')!.textContent =
  `${browser} · ${navigator.hardwareConcurrency} logical cores · ${crossOriginIsolated ? 'cross-origin isolated (fine clock)' : 'not cross-origin isolated (clock to 0.1 ms)'} · ${navigator.userAgent}`;
form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (handle.state !== 'running') run(formConfig());
});
setState('idle');
if (new URLSearchParams(location.search).has('run')) run(config);
