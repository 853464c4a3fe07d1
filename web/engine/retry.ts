// The one recovery policy for searches in a Web Worker, shared by the board's computer player, the
// game page's computer player and its analysis panel.
import { WorkerFailure } from './errors.ts';

/**
 * Runs `search`; if it fails with a WorkerFailure (the worker crashed, hung or could not load its
 * engine), calls `replace` to put a fresh worker in place and runs `search` once more. Any other
 * error, and a second failure, is final. `replace` may throw (say, the search was abandoned
 * meanwhile) to give up instead of retrying; the failure it is given says what went wrong.
 */
export async function searchWithRetry<T>(
  search: () => Promise<T>,
  replace: (failure: WorkerFailure) => void,
): Promise<T> {
  try {
    return await search();
  } catch (error) {
    if (!(error instanceof WorkerFailure)) throw error;
    replace(error);
    return search();
  }
}
