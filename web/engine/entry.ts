// The package's `xiangqi-wasm/engine`: the adapter (index.ts) and SearchWorker, the search in a Web
// Worker. Kept apart from index.ts, which workers and the Node entry points import: they must not
// reach SearchWorker's worker URL, which bundlers follow into a worker of its own.
/**
 * The engine (`xiangqi-wasm/engine`): createEngine for the rules and the search on the page's thread,
 * SearchWorker for searches in a Web Worker, and the engine's types, errors, ratings and network files.
 *
 * @module xiangqi-wasm/engine
 */
export * from './index.ts';
export { SearchWorker, type SearchWorkerOptions } from './search-worker.ts';
