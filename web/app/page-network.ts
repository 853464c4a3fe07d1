// The network evaluation on the game page (nnue/xiangqi.nnue, the file the board's computer uses
// by default, web/engine/shipped-network.ts): fetched once when the page starts, and given to every
// search worker the page makes (the computer's, the analysis's, the review's), including those made
// before it arrived. The setting turns it off and on again for all of them. A page that cannot fetch
// it searches with the hand-written evaluation and says so once in the console.
import { loadNetwork } from '../engine/network-file.ts';
import { SHIPPED_NETWORK_URL } from '../engine/shipped-network.ts';

/** What the page needs of a search worker (SearchWorker). */
export interface NetworkUser {
  setNetwork(file: Uint8Array | null): void;
}

export class PageNetwork {
  private file: Uint8Array | null = null;
  private loading: Promise<Uint8Array | null> | null = null;
  /** Every worker the page made; one replaced after a crash stays (a disposed SearchWorker ignores it). */
  private readonly users = new Set<NetworkUser>();

  constructor(
    /** The page's setting: evaluate with the network when it is there. */
    private enabled = true,
    private readonly fetchNetwork: () => Promise<Uint8Array> = () => loadNetwork(SHIPPED_NETWORK_URL),
  ) {}

  /** Whether the network is in hand. */
  get ready(): boolean {
    return this.file !== null;
  }

  /** The network, fetched on the first call; null when it cannot be had. */
  load(): Promise<Uint8Array | null> {
    this.loading ??= this.fetchNetwork().then(
      (file) => {
        this.file = file;
        // Off: the workers already evaluate by hand, nothing to tell them.
        if (this.enabled) this.give();
        return file;
      },
      (error: unknown) => {
        console.warn(
          `The network evaluation could not be loaded, the hand-written one is used: ${error instanceof Error ? error.message : String(error)}`,
        );
        return null;
      },
    );
    return this.loading;
  }

  /** Gives `worker` the network now (or when it arrives) and on every change of the setting; returns it. */
  attach<W extends NetworkUser>(worker: W): W {
    this.users.add(worker);
    if (this.file && this.enabled) worker.setNetwork(this.file);
    return worker;
  }

  /** Stops giving `worker` the network (it was disposed of). */
  detach(worker: NetworkUser): void {
    this.users.delete(worker);
  }

  setEnabled(enabled: boolean): void {
    if (enabled === this.enabled) return;
    this.enabled = enabled;
    this.give();
  }

  private give(): void {
    if (!this.file) return;
    for (const user of this.users) user.setNetwork(this.enabled ? this.file : null);
  }
}
