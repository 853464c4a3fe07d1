// The Engine interface over a loaded build. Text crosses through the build's IO region and
// lists are read through views on its memory, one call per operation, never one per square.
import type {
  Backend,
  Color,
  GameStatus,
  PieceLetter,
  Score,
  SearchInfo,
  SearchLimits,
  SearchResult,
  TableProber,
  ThreadEngine,
} from './types.ts';
import { budgetFor } from './search-limits.ts';
import { attachTables, tableHits } from './table-probes.ts';
import { weakeningFor } from './strength.ts';
import type { LoadedBuild, RawEngine } from './raw.ts';
import { FenError, IllegalMoveError } from './errors.ts';
import { headerBytes, readNetwork } from './network-file.ts';
import { fenErrorMessage } from './fen-messages.ts';
import { decodeStatus } from './status-codes.ts';
import { iccs, parseIccs, squareIndex } from './squares.ts';
import { START_FEN } from './start-fen.ts';
import { isRuleSet, RULE_CODES, RULE_SETS, type RuleSet } from './rule-sets.ts';
import { parseSearchParams, SEARCH_PARAMS } from './search-params.ts';
import { FEN_TOO_LONG, HASH_MAX_MB, IO_SIZE, MATE, MATE_BOUND, MOVE90_MASK, MOVE90_SHIFT } from './shared.ts';

/** The largest transposition table offered (the UCI Hash option's maximum). */
export const MAX_HASH_MB = HASH_MAX_MB;

/** Engine scores to UCI terms: mate scores become moves to mate. */
export function toScore(value: number): Score {
  if (value > MATE_BOUND) return { mate: Math.ceil((MATE - value) / 2) };
  if (value < -MATE_BOUND) return { mate: -Math.ceil((MATE + value) / 2) };
  return { cp: value };
}

/** A move as the engine hands it out (from90 | to90 << MOVE90_SHIFT) in ICCS. */
function moveText(code: number): string {
  return iccs(code & MOVE90_MASK, code >> MOVE90_SHIFT);
}

export class CoreEngine implements ThreadEngine {
  private readonly raw: RawEngine;
  private readonly io: number;
  private readonly errorInfo: number;
  private initialFen = START_FEN;
  private moves: string[] = [];
  private hidden = 0;

  constructor(
    readonly backend: Backend,
    private readonly build: LoadedBuild,
  ) {
    this.raw = build.raw;
    const base = this.raw.memoryBase();
    this.io = base + this.raw.ioOffset();
    this.errorInfo = base + this.raw.errorInfoOffset();
    this.loadFen(START_FEN);
  }

  private bytes(length: number): Uint8Array {
    return new Uint8Array(this.build.buffer(), this.io, length);
  }

  /** Sets the FEN in the engine; throws FenError, leaving the engine's position as it was. */
  private loadFen(fen: string): void {
    // Typed as text, but a page's script may pass anything.
    const given: unknown = fen;
    if (typeof given !== 'string')
      throw new FenError(`FEN must be text, not ${given === null ? 'null' : typeof given}`, String(given));
    for (let i = 0; i < fen.length; i++) {
      const code = fen.charCodeAt(i);
      if (code > 126 || code < 32) {
        throw new FenError(`FEN has an unknown character "${fen[i]}" at position ${i + 1}`, fen);
      }
    }
    if (fen.length > IO_SIZE) throw new FenError(fenErrorMessage(FEN_TOO_LONG, fen.length, 0), fen);
    const io = this.bytes(fen.length);
    for (let i = 0; i < fen.length; i++) io[i] = fen.charCodeAt(i);
    const code = this.raw.setFen(fen.length);
    if (code !== 0) {
      const info = new Int32Array(this.build.buffer(), this.errorInfo, 3);
      throw new FenError(fenErrorMessage(code, info[1]!, info[2]!), fen);
    }
  }

  setPosition(fen: string, moves: readonly string[] = []): void {
    const previousFen = this.initialFen;
    const previousMoves = this.moves;
    this.loadFen(fen);
    this.initialFen = fen;
    this.moves = [];
    try {
      for (const move of moves) this.play(move);
    } catch (error) {
      this.initialFen = previousFen;
      this.moves = [];
      this.loadFen(previousFen);
      for (const move of previousMoves) this.play(move);
      throw error;
    }
  }

  fen(): string {
    const length = this.raw.getFen();
    return String.fromCharCode(...this.bytes(length));
  }

  turn(): Color {
    return this.raw.sideToMove() === 0 ? 'red' : 'black';
  }

  board(): (PieceLetter | null)[] {
    this.raw.writeBoard();
    return Array.from(this.bytes(90), (code) => (code === 0 ? null : (String.fromCharCode(code) as PieceLetter)));
  }

  pieceAt(square: string): PieceLetter | null {
    const index = squareIndex(square);
    if (index < 0) throw new RangeError(`"${square}" is not a square (a0 to i9)`);
    return this.board()[index]!;
  }

  legalMoves(from?: string): string[] {
    const fromIndex = from === undefined ? -1 : squareIndex(from);
    if (from !== undefined && fromIndex < 0) throw new RangeError(`"${from}" is not a square (a0 to i9)`);
    const count = this.raw.writeLegalMoves();
    const codes = new Int32Array(this.build.buffer(), this.io, count);
    const moves: string[] = [];
    for (const code of codes) {
      if (fromIndex < 0 || (code & MOVE90_MASK) === fromIndex) moves.push(moveText(code));
    }
    return moves;
  }

  isLegal(move: string): boolean {
    const parsed = parseIccs(move);
    return (
      parsed !== null && this.raw.hasHistoryRoom() === 1 && this.legalMoves().includes(iccs(parsed.from, parsed.to))
    );
  }

  play(move: string): void {
    const parsed = parseIccs(move);
    if (!parsed) {
      throw new IllegalMoveError(`"${move}" is not a move in ICCS form (such as h2e2)`, move);
    }
    if (this.raw.hasHistoryRoom() !== 1) {
      throw new IllegalMoveError(
        `Cannot play "${move}": the game is too long (the engine keeps ${this.moves.length} plies of history at most)`,
        move,
      );
    }
    if (this.raw.playMove(parsed.from, parsed.to) !== 1) {
      const piece = this.board()[parsed.from];
      const what = piece
        ? `the ${this.turn()} side cannot move ${iccs(parsed.from, parsed.to)}`
        : `there is no piece on ${iccs(parsed.from, parsed.from).slice(0, 2)}`;
      throw new IllegalMoveError(`Illegal move "${move}" in ${this.fen()}: ${what}`, move);
    }
    this.moves.push(iccs(parsed.from, parsed.to));
  }

  undo(): string | null {
    if (this.moves.length === 0) return null;
    this.raw.undoMove();
    return this.moves.pop()!;
  }

  history(): string[] {
    return [...this.moves];
  }

  startFen(): string {
    return this.initialFen;
  }

  inCheck(): boolean {
    return this.raw.isInCheck() === 1;
  }

  staticEval(): number {
    return this.raw.staticEval();
  }

  /**
   * The evaluation's terms for the tuner (tune/): the phase (0 endgame .. 16 midgame) and the
   * (parameter, count) pairs, counts from Red's view, that with the weights give the evaluation.
   */
  evaluationTrace(): { score: number; phase: number; terms: Int32Array } {
    const score = this.raw.evalTrace();
    const head = new Int32Array(this.build.buffer(), this.io, 2);
    const terms = new Int32Array(this.build.buffer(), this.io + 8, head[0]! * 2).slice();
    return { score, phase: head[1]!, terms };
  }

  setNetwork(file: Uint8Array | null): void {
    if (file === null) {
      this.raw.setNetwork(0);
      this.hidden = 0;
      return;
    }
    const network = readNetwork(file); // refuses a network larger than the engine holds
    const hidden = network.hidden;
    const header = headerBytes(network);
    new Uint8Array(this.build.buffer(), this.raw.memoryBase() + this.raw.networkOffset(), file.length - header).set(
      file.subarray(header),
    );
    if (network.version === 2) this.raw.setKingBucketNetwork(hidden, network.outputBuckets, network.qa, network.qb);
    else this.raw.setNetwork(hidden);
    this.hidden = hidden;
  }

  networkSize(): number {
    return this.hidden;
  }

  benchmarkEvaluation(fresh: boolean, count: number): number {
    return this.raw.benchmarkEvaluation(fresh ? 1 : 0, count);
  }

  staticExchange(move: string, threshold = 0): { value: number; below: boolean } {
    const parsed = parseIccs(move);
    if (!parsed || this.raw.staticExchange(parsed.from, parsed.to, threshold) !== 1)
      throw new IllegalMoveError(`"${move}" is not a legal move in ${this.fen()}`, move);
    const out = new Int32Array(this.build.buffer(), this.io, 2);
    return { value: out[0]!, below: out[1] === 1 };
  }

  positionKey(): string {
    this.raw.positionKey();
    const [lo, hi] = new Uint32Array(this.build.buffer(), this.io, 2);
    return hi!.toString(16).padStart(8, '0') + lo!.toString(16).padStart(8, '0');
  }

  isQuiet(): boolean {
    return this.raw.isQuiet() === 1;
  }

  status(): GameStatus {
    return { turn: this.turn(), inCheck: this.inCheck(), ...decodeStatus(this.raw.status()) };
  }

  setRule(rule: RuleSet): void {
    if (!isRuleSet(rule))
      throw new RangeError(`unknown rule set "${String(rule)}": use one of ${RULE_SETS.join(', ')}`);
    this.raw.setRule(RULE_CODES[rule]);
  }

  rule(): RuleSet {
    return RULE_SETS.find((name) => RULE_CODES[name] === this.raw.rule())!;
  }

  /**
   * Sets the search's named constants from `name=value` pairs (search-params.ts; empty: the shipped
   * values); those not named go back to their shipped values. Throws a RangeError naming a pair that
   * is not a parameter or is out of its range, and then changes nothing.
   */
  setSearchParams(text: string): void {
    const values = parseSearchParams(text);
    for (const param of SEARCH_PARAMS) this.raw.setSearchParam(param.index, values.get(param) ?? param.default);
  }

  /** The search's named constants as the engine holds them. */
  searchParams(): Map<string, number> {
    return new Map(SEARCH_PARAMS.map((p) => [p.name, this.raw.searchParam(p.index)]));
  }

  perft(depth: number): number {
    if (!Number.isInteger(depth) || depth < 0)
      throw new RangeError(`perft depth must be a whole number >= 0, not ${depth}`);
    return this.raw.perftCount(depth);
  }

  divide(depth: number): Map<string, number> {
    if (!Number.isInteger(depth) || depth < 1)
      throw new RangeError(`divide depth must be a whole number >= 1, not ${depth}`);
    const counts = new Map<string, number>();
    for (const move of this.legalMoves()) {
      const { from, to } = parseIccs(move)!;
      this.raw.playMove(from, to);
      counts.set(move, this.raw.perftCount(depth - 1));
      this.raw.undoMove();
    }
    return counts;
  }

  setHashSize(megabytes: number): void {
    if (
      !Number.isInteger(megabytes) ||
      megabytes < 1 ||
      megabytes > MAX_HASH_MB ||
      this.raw.setHashSize(megabytes) !== 1
    ) {
      throw new RangeError(`Cannot size the hash table to ${megabytes} MB (1 to ${MAX_HASH_MB})`);
    }
  }

  clearHash(): void {
    this.raw.clearHash();
  }

  private moveList(offset: number, length: number): string[] {
    return Array.from(new Int32Array(this.build.buffer(), offset, length), moveText);
  }

  /**
   * Limits the next search to `moves` (none: every legal move); throws IllegalMoveError naming the
   * first move that is not legal here.
   */
  private limitRoot(moves: readonly string[]): void {
    if (moves.length === 0) return;
    // Checked first: legalMoves() writes its list where the moves are handed over.
    const bad = moves.find((move) => !this.isLegal(move));
    if (bad !== undefined) {
      throw new IllegalMoveError(`searchmoves: "${bad}" is not a legal move in ${this.fen()}`, bad);
    }
    const io = new Int32Array(this.build.buffer(), this.io, moves.length);
    moves.forEach((move, i) => {
      const { from, to } = parseIccs(move)!;
      io[i] = from | (to << MOVE90_SHIFT);
    });
    if (this.raw.setRootMoves(moves.length) !== moves.length) {
      throw new IllegalMoveError(`searchmoves: the engine refused ${moves.join(' ')}`, moves[0]!);
    }
  }

  useTables(prober: TableProber | null): void {
    attachTables(this.build, prober);
  }

  search(limits: SearchLimits, onInfo?: (info: SearchInfo) => void): SearchResult {
    const budget = budgetFor(limits, this.turn());
    const weakening = weakeningFor(limits);
    const pvAt = this.raw.memoryBase() + this.raw.pvOffset();
    let lastPv: string[] = [];
    // With helper threads, the nodes reported are everyone's.
    const threads = this.build.threads;
    threads?.resetHelperNodes();
    const helperNodes = threads ? () => threads.helperNodes() : () => 0;
    this.build.host.reportIteration = (depth, seldepth, score, ownNodes, multipv, pvLength) => {
      const nodes = ownNodes + helperNodes();
      const pv = this.moveList(pvAt, pvLength);
      if (multipv === 1) lastPv = pv;
      if (!onInfo) return;
      const time = Math.max(0, Math.round(this.raw.searchTimeMs()));
      onInfo({
        depth,
        seldepth,
        multipv,
        score: toScore(score),
        nodes,
        time,
        pv,
        nps: Math.round((nodes * 1000) / Math.max(1, time)),
        hashfull: this.raw.hashUsage(),
        ...tableHits(this.raw.searchTableHits()),
      });
    };
    try {
      this.limitRoot(limits.searchmoves ?? []);
      const depth = this.raw.searchPosition(
        budget.maxDepth,
        budget.hardMs,
        budget.softMs,
        budget.nodes,
        Math.max(1, Math.floor(limits.multipv ?? 1)),
        weakening.strength,
        (limits.seed ?? 0) | 0,
        weakening.keepMajors ? 1 : 0,
      );
      const best = this.raw.searchBestMove();
      const ponder = this.raw.searchPonderMove();
      const bestMove = best < 0 ? null : moveText(best);
      return {
        bestMove,
        ponder: ponder < 0 ? null : moveText(ponder),
        score: toScore(this.raw.searchScore()),
        depth,
        nodes: this.raw.searchNodes() + helperNodes(),
        time: Math.round(this.raw.searchTimeMs()),
        pv: lastPv[0] === bestMove ? lastPv : bestMove ? [bestMove] : [],
      };
    } finally {
      this.build.host.reportIteration = () => {};
      this.raw.setRootMoves(0);
    }
  }

  /**
   * Threaded build only: searches the current position as Lazy SMP helper `index` (>= 1) until
   * the stop flag is raised, filling the shared table for the main search; returns the depth reached.
   */
  help(index: number): number {
    if (!this.build.threads) throw new Error('only the threaded build has helper searches');
    return this.build.threads.help(index);
  }
}
