// A network file of either version, as the engine takes it: version 1 (nnue-file.ts) or the
// king-bucketed version 2 (nnue-kb.ts), told apart by the version after the magic. The version 1
// format allows more hidden units than the engine's memory holds: such a file is refused here, where
// it is named, not later by the search that was to use it.
import { decodeKingBucketNetwork, KB_HEADER_BYTES, KB_VERSION, type KingBucketNetwork } from './nnue-kb.ts';
import {
  decodeNetwork,
  NetworkFileError,
  NNUE_HEADER_BYTES,
  NNUE_MAGIC,
  NNUE_VERSION,
  type QuantisedNetwork,
} from './nnue-file.ts';
import { NNUE_HIDDEN_MAX } from './shared.ts';

/** A network file read by readNetwork: the version 1 layout (QuantisedNetwork) or the king-bucket layout (version 2). */
export type AnyNetwork =
  | (QuantisedNetwork & {
      /** The file format's version: 1 (or unset) for this layout. */
      version?: 1;
    })
  | KingBucketNetwork;

/**
 * Reads a network file of any version that this engine can hold; throws NetworkFileError naming the
 * byte where it goes wrong.
 */
export function readNetwork(bytes: Uint8Array): AnyNetwork {
  if (bytes.length >= 8 && String.fromCharCode(...bytes.subarray(0, 4)) === NNUE_MAGIC) {
    const version = bytes[4]! | (bytes[5]! << 8);
    if (version === KB_VERSION) return decodeKingBucketNetwork(bytes);
    if (version !== NNUE_VERSION)
      throw new NetworkFileError(`version ${version} is not supported (only ${NNUE_VERSION} and ${KB_VERSION})`, 4);
  }
  const network = decodeNetwork(bytes);
  if (network.hidden > NNUE_HIDDEN_MAX)
    throw new NetworkFileError(
      `a network of ${network.hidden} hidden units is larger than this engine holds (${NNUE_HIDDEN_MAX})`,
      6,
    );
  return network;
}

/** Bytes before the network's body in a file of `version`. */
export function headerBytes(network: AnyNetwork): number {
  return network.version === KB_VERSION ? KB_HEADER_BYTES : NNUE_HEADER_BYTES;
}

/**
 * Fetches a network file and checks it (a `NetworkFileError` says what is wrong and at which byte);
 * the bytes are what `Engine.setNetwork`, a SearchWorker or the board's `evalNetwork` take.
 */
export async function loadNetwork(url: string | URL): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the network at ${String(url)} could not be fetched (HTTP ${response.status})`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  readNetwork(bytes);
  return bytes;
}
