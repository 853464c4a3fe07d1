// Entry of the tables' module's JS build: the same exports as its wasm module, plus what stands in
// for wasm's memory.
export * from '../api';
export { heapBuffer } from './heap';
