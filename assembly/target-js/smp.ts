// Work sharing between search threads (see target-threads/smp.ts): the JS build searches alone.
export const SHARED_SEARCH = false;

export function searchedElsewhere(_keyLo: number, _keyHi: number, _mv: number, _depth: number): boolean {
  return false;
}
export function beginMove(_keyLo: number, _keyHi: number, _mv: number, _depth: number): void {}
export function endMove(_keyLo: number, _keyHi: number, _mv: number, _depth: number): void {}
export function forgetMovesInProgress(): void {}
export function publishLeaderDepth(_depth: number): void {}
export function leaderDepth(): number {
  return 0;
}
