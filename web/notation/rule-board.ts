// A position with the rules of play and nothing more: what the record readers need to replay a
// game without the engine (`readXqf(bytes)` works with the bytes alone), and what the converters
// need to read and write move text. It satisfies ReplayEngine like an Engine does: the same FEN
// grammar and messages, the same legal moves, the same FenError and IllegalMoveError. It knows no
// repetition rulings and does not search; test/notation/rule-board.test.ts holds it to the engine.

import { FenError, IllegalMoveError } from '../engine/errors.ts';
import { iccs, parseIccs } from '../engine/squares.ts';
import { START_FEN } from '../engine/start-fen.ts';
import { readFen, writeFen } from './rule-fen.ts';
import { colorOf, keepsKingSafe, targets, type Board } from './rule-moves.ts';
import type { Color, PieceLetter, ReplayEngine } from './types.ts';

interface State {
  board: Board;
  turn: Color;
  halfmove: number;
  /** The move number of the start position; the current one counts up from it. */
  startFullmove: number;
  startTurn: Color;
  start: string;
  history: string[];
  /** The ply clock before each move of `history`, to undo it. */
  clocks: number[];
  /** What each move of `history` captured, to undo it. */
  captured: (PieceLetter | null)[];
}

/**
 * The rules of Xiangqi in plain TypeScript, without the engine: a position that plays and checks legal
 * moves, for replaying records (readPgn, writePgn) where no engine is loaded. It does not judge repetitions.
 */
export class RuleBoard implements ReplayEngine {
  private state: State;

  /** The start position, or `fen` (throws FenError when it is not a possible position). */
  constructor(fen: string = START_FEN) {
    this.state = RuleBoard.load(fen);
  }

  private static load(fen: string): State {
    const read = readFen(fen);
    return {
      board: read.board,
      turn: read.turn,
      halfmove: read.halfmove,
      startFullmove: read.fullmove,
      startTurn: read.turn,
      start: fen,
      history: [],
      clocks: [],
      captured: [],
    };
  }

  /** Sets the position (and plays `moves` from it); on an error the position stays as it was. */
  setPosition(fen: string, moves: readonly string[] = []): void {
    const previous = this.state;
    this.state = RuleBoard.load(fen);
    try {
      for (const move of moves) this.play(move);
    } catch (error) {
      this.state = previous;
      throw error;
    }
  }

  /** The FEN of the position given to setPosition (or the constructor). */
  startFen(): string {
    return this.state.start;
  }

  /** The moves played since, in ICCS. */
  history(): string[] {
    return [...this.state.history];
  }

  /** The current position as FEN. */
  fen(): string {
    const s = this.state;
    const fullmove = s.startFullmove + ((s.history.length + (s.startTurn === 'black' ? 1 : 0)) >> 1);
    return writeFen(s.board, s.turn, s.halfmove, fullmove);
  }

  /** The side to move. */
  turn(): Color {
    return this.state.turn;
  }

  /** 90 entries, index rank * 9 + file (a0 = 0, i9 = 89), FEN letters or null. */
  board(): (PieceLetter | null)[] {
    return [...this.state.board];
  }

  /** Every legal move of the side to move, in ICCS (`h2e2`). */
  legalMoves(): string[] {
    const { board, turn } = this.state;
    const king = board.indexOf(turn === 'red' ? 'K' : 'k');
    const moves: string[] = [];
    for (let from = 0; from < 90; from++) {
      const piece = board[from];
      if (!piece || colorOf(piece) !== turn) continue;
      for (const to of targets(board, from)) if (keepsKingSafe(board, from, to, king)) moves.push(iccs(from, to));
    }
    return moves;
  }

  /** Whether an ICCS move is legal here; false for malformed text too. */
  isLegal(move: string): boolean {
    const parsed = parseIccs(move);
    return parsed !== null && this.allows(parsed.from, parsed.to);
  }

  private allows(from: number, to: number): boolean {
    const { board, turn } = this.state;
    const piece = board[from];
    return !!piece && colorOf(piece) === turn && targets(board, from).includes(to) && keepsKingSafe(board, from, to);
  }

  /** Plays an ICCS move; throws IllegalMoveError (the engine's message) when the rules refuse it. */
  play(move: string): void {
    const parsed = parseIccs(move);
    if (!parsed) throw new IllegalMoveError(`"${move}" is not a move in ICCS form (such as h2e2)`, move);
    const { from, to } = parsed;
    const s = this.state;
    if (!this.allows(from, to)) {
      const what = s.board[from]
        ? `the ${s.turn} side cannot move ${iccs(from, to)}`
        : `there is no piece on ${iccs(from, from).slice(0, 2)}`;
      throw new IllegalMoveError(`Illegal move "${move}" in ${this.fen()}: ${what}`, move);
    }
    const captured = s.board[to] ?? null;
    s.clocks.push(s.halfmove);
    s.captured.push(captured);
    s.halfmove = captured ? 0 : s.halfmove + 1;
    s.board[to] = s.board[from]!;
    s.board[from] = null;
    s.turn = s.turn === 'red' ? 'black' : 'red';
    s.history.push(iccs(from, to));
  }

  /** Takes back the last move; returns it, or null at the start. */
  undo(): string | null {
    const s = this.state;
    const move = s.history.pop();
    if (move === undefined) return null;
    const { from, to } = parseIccs(move)!;
    s.board[from] = s.board[to]!;
    s.board[to] = s.captured.pop()!;
    s.halfmove = s.clocks.pop()!;
    s.turn = s.turn === 'red' ? 'black' : 'red';
    return move;
  }
}

export { FenError, IllegalMoveError };
