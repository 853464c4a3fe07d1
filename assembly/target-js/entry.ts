// Entry of the JS build: the same exports as the wasm module, plus the buffer standing in for
// `memory.buffer`.
export * from '../api';
export { memoryBuffer } from './mem';
