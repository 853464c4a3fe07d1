// Work sharing between search threads (see target-threads/smp.ts). A build with one search has
// nobody to share with: the search never defers a move, and every call here compiles away.
export const SHARED_SEARCH: bool = false;

// @ts-ignore: decorator
@inline export function searchedElsewhere(keyLo: i32, keyHi: i32, mv: i32, depth: i32): bool {
  return false;
}
// @ts-ignore: decorator
@inline export function beginMove(keyLo: i32, keyHi: i32, mv: i32, depth: i32): void {}
// @ts-ignore: decorator
@inline export function endMove(keyLo: i32, keyHi: i32, mv: i32, depth: i32): void {}
// @ts-ignore: decorator
@inline export function forgetMovesInProgress(): void {}
// @ts-ignore: decorator
@inline export function publishLeaderDepth(depth: i32): void {}
// @ts-ignore: decorator
@inline export function leaderDepth(): i32 {
  return 0;
}
