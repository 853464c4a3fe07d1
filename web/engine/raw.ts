// The engine builds as the adapter sees them: their exports (typed in raw.generated.ts from
// assembly/api.ts itself, so they cannot drift apart), the host they call back into, and a loaded build.
import type { EngineExports, ThreadedExports } from './raw.generated.ts';

export { ENGINE_EXPORTS, THREADED_EXPORTS } from './raw.generated.ts';

/** The exports of every engine build (assembly/api.ts). */
export type RawEngine = EngineExports;

/** The threaded build's further exports (build/engine.threads.wasm). */
export type ThreadedRaw = ThreadedExports;

/** What the JS build exports besides (assembly/target-js/entry.ts): its memory and its host. */
export interface JsBuildExports {
  memoryBuffer(): ArrayBuffer;
  setHost(host: Host): void;
}

/** What the search calls back into: a clock, a stop flag, a report per finished iteration. */
export interface Host {
  now(): number;
  stopRequested(): number;
  reportIteration(
    depth: number,
    seldepth: number,
    score: number,
    nodes: number,
    multipv: number,
    pvLength: number,
  ): void;
  /** The endgame tables' value of the position at tablePiecesOffset() (TableProber.probe), -1 when not held. */
  probeTable(count: number, side: number): number;
}

/** A loaded build: its exports and a way to reach its memory (which may be replaced when it grows). */
export interface LoadedBuild {
  raw: RawEngine;
  buffer(): ArrayBuffer;
  host: Host;
  /** Present when the build runs as one of several search threads on a shared memory. */
  threads?: {
    slot: number;
    /** Nodes searched so far by the other threads in the current search. */
    helperNodes(): number;
    /** Zeroes the helpers' counts, so a report never adds the previous search's. */
    resetHelperNodes(): void;
    /** Runs this instance as Lazy SMP helper `index` until the stop flag is raised. */
    help(index: number): number;
  };
}
