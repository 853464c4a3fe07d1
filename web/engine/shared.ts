// The facts the engine shares with TypeScript (sizes, limits, error and status codes, the network
// format) live at the engine's level, in assembly/facts.ts. This module is the adapter's way to them,
// and keeps the old import path working.
export * from '../../assembly/facts.ts';
