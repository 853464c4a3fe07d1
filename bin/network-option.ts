// `EvalFile` and `Use NNUE` on the command line: which network file to evaluate with, and whether
// to use it at all. The network shipped beside the engine (nnue/xiangqi.nnue) is the default and is
// on; a file is read and checked when it is named, so a bad path or a broken file is answered at
// once (and the evaluation in use stays); the search threads get the bytes.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readNetwork } from '../web/engine/network-file.ts';

export class NetworkOption {
  /** `Use NNUE`: off keeps the hand-written evaluation even with a file loaded. */
  enabled = true;
  private path: string | null = null;
  private bytes: Uint8Array | null = null;
  /** Why the shipped network could not be loaded, until an option chooses the evaluation. */
  private shippedProblem: string | null = null;

  /**
   * `defaultFile`: the network shipped beside the engine. One that is missing or broken leaves the
   * hand-written evaluation, and `takeShippedProblem()` says so once; `describe()` says which
   * evaluation is in use.
   */
  constructor(readonly defaultFile: string | null = null) {
    if (defaultFile !== null) this.shippedProblem = this.setFile(defaultFile);
  }

  /**
   * Why the shipped network is not in use, once, while no option has chosen the evaluation since:
   * an engine copied without its nnue/ folder would otherwise play far weaker without a word (a
   * match between two builds then measures the evaluations, not the change).
   */
  takeShippedProblem(): string | null {
    const problem = this.shippedProblem;
    this.shippedProblem = null;
    return (
      problem &&
      `the shipped network is not loaded: ${problem}; the hand-written evaluation is in use (Use NNUE=false chooses it)`
    );
  }

  static fromUrl(url: URL | undefined): NetworkOption {
    return new NetworkOption(url ? fileURLToPath(url) : null);
  }

  /** The file named by `EvalFile` (empty or `<empty>`: none); returns an error message, or null. */
  setFile(value: string): string | null {
    this.shippedProblem = null;
    const path = value.trim();
    if (path === '' || path === '<empty>') {
      this.path = null;
      this.bytes = null;
      return null;
    }
    try {
      const bytes = new Uint8Array(readFileSync(path));
      readNetwork(bytes);
      this.bytes = bytes;
      this.path = path;
      return null;
    } catch (error) {
      return `EvalFile "${path}": ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  /** What the search threads should evaluate with: the file's bytes, or null for the hand-written evaluation. */
  get network(): Uint8Array | null {
    return this.enabled ? this.bytes : null;
  }

  /** For `info string`: what evaluates now. */
  describe(): string {
    if (!this.enabled) return 'evaluation: hand-written';
    if (!this.bytes) return 'evaluation: hand-written (Use NNUE is on, but no EvalFile is loaded)';
    return `evaluation: network ${this.path} (${this.bytes.length} bytes, ${readNetwork(this.bytes).hidden} hidden units)`;
  }
}
