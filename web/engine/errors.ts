/** A FEN that cannot be read or describes an impossible position. */
export class FenError extends Error {
  constructor(message: string, readonly fen: string) {
    super(message);
    this.name = 'FenError';
  }
}

/** A move that is malformed or not legal in the position. */
export class IllegalMoveError extends Error {
  constructor(message: string, readonly move: string) {
    super(message);
    this.name = 'IllegalMoveError';
  }
}
