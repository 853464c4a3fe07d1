// Which root moves a `go` may play: UCI's `go searchmoves` names them, UCCI's `banmoves` leaves some
// out. The engine searches only those (SearchLimits.searchmoves); this works out the list from the
// legal moves, as Stockfish does: a listed move that is not legal is left out and named.

export interface RootMoves {
  /** The legal moves the search may play, in the engine's order. */
  allowed: string[];
  /** Whether that is fewer than every legal move (the search must be told). */
  limited: boolean;
  /** Moves of `searchmoves` that are not legal here. */
  ignored: string[];
  /** `searchmoves` named no legal move: it is ignored and every move searched. */
  listedNone: boolean;
}

export function rootMoves(
  legal: readonly string[],
  searchmoves: readonly string[] = [],
  banned: readonly string[] = [],
): RootMoves {
  const ignored = searchmoves.filter((move) => !legal.includes(move));
  const listed = searchmoves.length > 0 && ignored.length < searchmoves.length ? new Set(searchmoves) : null;
  const allowed = legal.filter((move) => (listed === null || listed.has(move)) && !banned.includes(move));
  return {
    allowed,
    limited: allowed.length < legal.length,
    ignored,
    listedNone: searchmoves.length > 0 && listed === null,
  };
}
