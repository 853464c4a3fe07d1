// The evaluation network shipped with the package (nnue/xiangqi.nnue): the board's `computer` side
// evaluates with it unless the page says otherwise (`evaluation`, `evalNetwork`), and the game page's
// searches do. Fetched once per page, when first needed. The URL is a static `new URL(...,
// import.meta.url)`: bundlers copy the file, and the one-script build has it beside it.
import { loadNetwork } from './network-file.ts';

export const SHIPPED_NETWORK_URL = new URL('../../nnue/xiangqi.nnue', import.meta.url);

let shipped: Promise<Uint8Array | null> | null = null;

/** The shipped network; null (with one warning) where it cannot be fetched: the hand-written evaluation plays. */
export function shippedNetwork(): Promise<Uint8Array | null> {
  shipped ??= loadNetwork(SHIPPED_NETWORK_URL).catch((error: unknown) => {
    console.warn(
      `The evaluation network could not be loaded, the hand-written evaluation plays: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  });
  return shipped;
}
