// The evaluation network shipped with the package (nnue/xiangqi.nnue), which the `computer` side
// evaluates with unless the page says otherwise (`evaluation`, `evalNetwork`). Fetched once per page,
// on the first computer move, so a board without a computer never downloads it. The URL is a static
// `new URL(..., import.meta.url)`: bundlers copy the file, and the one-script build has it beside it.
import { loadNetwork } from '../engine/nnue-file.ts';

export const SHIPPED_NETWORK_URL = new URL('../../nnue/xiangqi.nnue', import.meta.url);

let shipped: Promise<Uint8Array | null> | null = null;

/** The shipped network; null (with one warning) where it cannot be fetched: the hand-written evaluation plays. */
export function shippedNetwork(): Promise<Uint8Array | null> {
  shipped ??= loadNetwork(SHIPPED_NETWORK_URL).catch((error: unknown) => {
    console.warn(`<xiangqi-board>: the evaluation network could not be loaded, the hand-written evaluation plays: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
  return shipped;
}
