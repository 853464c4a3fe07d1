// Fairy-Stockfish as the mate suite's judge (bench/mates-mine.ts): whether the side to move mates in
// N moves, the shortest N, and every first move that mates in exactly N. Every search is limited by
// depth and nodes, never by time, and starts from an empty hash table, so the same position and
// settings give the same answer on any machine at any load.
import { readAnswer, type Answer } from './mates-answer.ts';
import { fromFairyMove, toFairyMove, type UciProcess } from './native.ts';

export interface ProveSettings {
  /** Depth and node cap of the first look at a candidate. */
  screenDepth: number;
  screenNodes: number;
  /** Depth and node cap of the search that settles N (deep: a longer mate is often seen first). */
  verifyDepth: number;
  verifyNodes: number;
  /**
   * Node cap of the search of each first move: this many, or four times what the deep search took to
   * see the mate if that is more (up to ten times this): a mate that was hard to see from the whole
   * position is given as much to be seen by its move alone. Its depth is verifyDepth's.
   */
  moveNodes: number;
}

export class MateProver {
  constructor(
    private readonly engine: UciProcess,
    private readonly settings: ProveSettings,
  ) {}

  /** Threads 1 and Hash 64: the same answers wherever the miner runs. */
  async init(): Promise<void> {
    this.engine.send('setoption name Threads value 1');
    this.engine.send('setoption name Hash value 64');
    await this.engine.request('isready', (l) => l === 'readyok');
  }

  /** Sets the position on an empty hash table. */
  async position(fen: string): Promise<void> {
    this.engine.send('ucinewgame');
    this.engine.send(`position fen ${fen}`);
    await this.engine.request('isready', (l) => l === 'readyok');
  }

  private async go(limits: string): Promise<Answer> {
    return readAnswer(await this.engine.request(`go ${limits}`, (l) => l.startsWith('bestmove')), fromFairyMove);
  }

  /** The first look: a mate score (possibly longer than the shortest) or null. */
  async screen(fen: string): Promise<Answer> {
    await this.position(fen);
    return this.go(`depth ${this.settings.screenDepth} nodes ${this.settings.screenNodes}`);
  }

  /** The deep search whose mate distance is taken as N (each first move's own search checks it). */
  async verify(fen: string): Promise<Answer> {
    await this.position(fen);
    return this.go(`depth ${this.settings.verifyDepth} nodes ${this.settings.verifyNodes}`);
  }

  /**
   * The mate distance of each legal move searched alone (`go mate n searchmoves <move>`, stopping at
   * the first mate within n): the move's own mate in k <= n, or null when none was found. `seen` is
   * what the deep search took to see the mate (its Answer's nodes).
   */
  async firstMoves(
    fen: string,
    n: number,
    legal: readonly string[],
    seen: number,
  ): Promise<Map<string, number | null>> {
    const { verifyDepth, moveNodes } = this.settings;
    const nodes = Math.min(10 * moveNodes, Math.max(moveNodes, 4 * seen));
    await this.position(fen);
    const out = new Map<string, number | null>();
    for (const move of legal) {
      const { mate, best } = await this.go(
        `depth ${verifyDepth} nodes ${nodes} mate ${n} searchmoves ${toFairyMove(move)}`,
      );
      // A move Fairy-Stockfish does not know would make it search them all: such an answer is no answer.
      if (best !== move)
        throw new Error(`Fairy-Stockfish answered ${best ?? 'nothing'} to searchmoves ${move} in ${fen}`);
      out.set(move, mate !== null && mate > 0 && mate <= n ? mate : null);
    }
    return out;
  }
}
