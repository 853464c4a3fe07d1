// Entry of the threaded wasm build: the engine's exports plus where the host finds the shared
// control words (see mem.ts).
export * from '../api';
export { threadControlOffset, threadSlots } from './mem';
