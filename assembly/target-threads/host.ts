// Host functions of the threaded build: those of target/host.ts (a clock, the stop flag, reports;
// helpers never report), and node counts shared through memory rather than a call.
export { publishNodes } from './mem';

// @ts-ignore: decorator
@external("env", "now")
export declare function now(): f64;

// @ts-ignore: decorator
@external("env", "stopRequested")
export declare function stopRequested(): i32;

/** The PV of `pvLength` moves is at the PV_OUT region as `from90 | to90 << 8`. */
// @ts-ignore: decorator
@external("env", "reportIteration")
export declare function reportIteration(
  depth: i32, seldepth: i32, score: i32, nodes: f64, multipv: i32, pvLength: i32,
): void;

/**
 * The endgame tables' value (assembly/egtb/api.ts tableValue) of the position whose `count` pieces
 * are at the TABLE_PIECES region, with `side` to move (0: the attacking side); -1 when not held.
 */
// @ts-ignore: decorator
@external("env", "probeTable")
export declare function probeTable(count: i32, side: i32): i32;
