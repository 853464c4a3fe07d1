/** A FEN that cannot be read or describes an impossible position. */
export class FenError extends Error {
  constructor(
    message: string,
    /** The FEN that was refused. */
    readonly fen: string,
  ) {
    super(message);
    this.name = 'FenError';
  }
}

/** A move that is malformed or not legal in the position. */
export class IllegalMoveError extends Error {
  constructor(
    message: string,
    /** The move that was refused, as given. */
    readonly move: string,
  ) {
    super(message);
    this.name = 'IllegalMoveError';
  }
}

/** How a search worker failed: its script crashed, it stopped answering, or its engine did not load. */
export type WorkerFailureKind = 'crashed' | 'hung' | 'load-failed' | 'not-initialised';

/**
 * The search worker failed, not the search: a fresh worker may well succeed (see searchWithRetry).
 * Recognised by type and `kind`, never by the wording of its message.
 */
export class WorkerFailure extends Error {
  constructor(
    /** How the worker failed. */
    readonly kind: WorkerFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'WorkerFailure';
  }
}

/** What went wrong, from anything a promise may reject with or code may throw. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
