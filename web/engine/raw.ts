// The exports of either engine build (assembly/api.ts), as the adapter sees them.
export interface RawEngine {
  memoryBase(): number;
  ioOffset(): number;
  errorInfoOffset(): number;
  setFen(length: number): number;
  getFen(): number;
  sideToMove(): number;
  isInCheck(): number;
  writeBoard(): void;
  writeLegalMoves(): number;
  playMove(from90: number, to90: number): number;
  undoMove(): number;
  movesPlayed(): number;
  /** 1 while another move fits in the history (game plies plus room for a search). */
  hasHistoryRoom(): number;
  status(): number;
  setRule(rule: number): number;
  rule(): number;
  perftCount(depth: number): number;
  setHashSize(megabytes: number): number;
  clearHash(): void;
  searchPosition(
    maxDepth: number,
    moveTimeMs: number,
    softTimeMs: number,
    maxNodes: number,
    multiPv: number,
    /** 0..STRENGTH_FULL (full strength); below it the search is weakened on purpose. */
    strength: number,
    seed: number,
    /** 1: never hang a horse, cannon or rook (weakened play rated 1600 and up). */
    keepMajors: number,
  ): number;
  searchBestMove(): number;
  searchPonderMove(): number;
  searchScore(): number;
  searchNodes(): number;
  searchTimeMs(): number;
  pvOffset(): number;
  hashUsage(): number;
  staticEval(): number;
  isQuiet(): number;
  evalTrace(): number;
  networkOffset(): number;
  setNetwork(hidden: number): number;
  benchmarkEvaluation(fresh: number, count: number): number;
}

/** The threaded build's extra exports (build/engine.threads.wasm); the other builds have the first two too. */
export interface ThreadedRaw {
  useThreadSlot(slot: number): number;
  searchAsHelper(index: number): number;
  threadControlOffset(): number;
  threadSlots(): number;
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
