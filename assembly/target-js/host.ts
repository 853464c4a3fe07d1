// The JS build's host functions: the same names as target/host.ts, installed by the adapter.
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
  probeTable(count: number, side: number): number;
}

let host: Host = {
  now: () => performance.now(),
  stopRequested: () => 0,
  reportIteration: () => {},
  probeTable: () => -1,
};

export function setHost(h: Host): void {
  host = h;
}
export function now(): number {
  return host.now();
}
export function stopRequested(): number {
  return host.stopRequested();
}
export function reportIteration(
  depth: number,
  seldepth: number,
  score: number,
  nodes: number,
  multipv: number,
  pvLength: number,
): void {
  host.reportIteration(depth, seldepth, score, nodes, multipv, pvLength);
}
export function probeTable(count: number, side: number): number {
  return host.probeTable(count, side);
}
/** The threaded build shares each search's node count with the host; one search needs no such thing. */
export function publishNodes(_nodes: number): void {}
