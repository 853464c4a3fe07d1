// Entry of the JS build: the same exports as the wasm module, plus what stands in for wasm's
// memory and imports.
export * from '../api';
export { memoryBuffer } from './mem';
export { setHost } from './host';
