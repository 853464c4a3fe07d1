// The package's `xiangqi-wasm/engine`: the adapter (index.ts) and SearchWorker, the search in a Web
// Worker. Kept apart from index.ts, which workers and the Node entry points import: they must not
// reach SearchWorker's worker URL, which bundlers follow into a worker of its own.
export * from './index.ts';
export { SearchWorker, type SearchWorkerOptions } from './search-worker.ts';
