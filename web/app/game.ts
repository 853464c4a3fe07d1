// The game being played: where it started, the moves, and which of them are on the board (the
// cursor). Moves after the cursor are the redo line; playing a different move there starts a new
// branch and drops them. A rules engine on the page's thread checks every move and answers status
// questions; the model never searches.
import { START_FEN } from '../engine/index.ts';
import type { Color, Engine, GameStatus } from '../engine/types.ts';
import { loadJson, saveJson } from './storage.ts';

export interface GameRecord {
  startFen: string;
  moves: string[];
  /** How many of `moves` are on the board. */
  cursor: number;
}

const KEY = 'game';

export class Game {
  private _start = START_FEN;
  private _moves: string[] = [];
  private _cursor = 0;

  constructor(readonly rules: Engine) {
    rules.setPosition(START_FEN);
  }

  get startFen(): string {
    return this._start;
  }
  /** The whole line, including moves after the cursor. */
  get moves(): readonly string[] {
    return this._moves;
  }
  get cursor(): number {
    return this._cursor;
  }
  /** The moves that lead to the position on the board. */
  get played(): string[] {
    return this._moves.slice(0, this._cursor);
  }
  get atEnd(): boolean {
    return this._cursor === this._moves.length;
  }
  get record(): GameRecord {
    return { startFen: this._start, moves: [...this._moves], cursor: this._cursor };
  }

  /**
   * Puts the rules engine on the position after `ply` moves of the line, undoing and replaying only
   * what differs from where it stands. Every reader calls this first: other code may use the engine.
   */
  seek(ply = this._cursor): Engine {
    const e = this.rules;
    if (e.startFen() !== this._start) {
      e.setPosition(this._start, this._moves.slice(0, ply));
      return e;
    }
    const have = e.history();
    let same = 0;
    while (same < have.length && same < ply && have[same] === this._moves[same]) same++;
    for (let i = have.length; i > same; i--) e.undo();
    for (let i = same; i < ply; i++) e.play(this._moves[i]!);
    return e;
  }

  status(): GameStatus {
    return this.seek().status();
  }
  turn(): Color {
    return this.seek().turn();
  }
  fen(ply = this._cursor): string {
    return this.seek(ply).fen();
  }
  /** Side to move after `ply` moves (0: the start). */
  turnAt(ply: number): Color {
    return this.seek(ply).turn();
  }

  /**
   * Replaces the game. Throws (FenError, IllegalMoveError) and keeps the current game when the
   * record does not replay.
   */
  load(record: GameRecord): void {
    const cursor = Math.max(0, Math.min(record.moves.length, Math.floor(record.cursor)));
    // Check on the engine first; a failure leaves our own fields as they were.
    this.rules.setPosition(record.startFen, record.moves);
    this._start = record.startFen;
    this._moves = [...this.rules.history()];
    this._cursor = cursor;
  }

  newGame(fen = START_FEN): void {
    this.load({ startFen: fen, moves: [], cursor: 0 });
  }

  /**
   * Plays a move at the cursor. The same move as the next one in the line keeps the rest of the line
   * (a redo); another move cuts the line there. Returns false for an illegal move or a finished game.
   */
  play(move: string): boolean {
    const e = this.seek();
    if (e.status().over || !e.isLegal(move)) return false;
    if (this._moves[this._cursor] !== move) this._moves = [...this.played, move];
    this._cursor++;
    return true;
  }

  /** Moves the cursor to `ply` (0 = the start); returns whether it moved. */
  goTo(ply: number): boolean {
    const target = Math.max(0, Math.min(this._moves.length, Math.floor(ply)));
    if (target === this._cursor) return false;
    this._cursor = target;
    return true;
  }

  /** Cuts the moves after the cursor (playing on from a position in the past). */
  truncate(): void {
    this._moves = this.played;
  }

  /**
   * 悔棋: takes back the last move, and also the move before it when that leaves a side `isComputer`
   * says the computer plays to move (your move and its reply), unless both sides are computers.
   */
  undo(isComputer: (side: Color) => boolean): boolean {
    if (this._cursor === 0) return false;
    this._cursor--;
    const both = isComputer('red') && isComputer('black');
    if (!both && this._cursor > 0 && isComputer(this.turnAt(this._cursor))) this._cursor--;
    return true;
  }

  /** Replays what undo took back: a move, and the computer's reply with it. */
  redo(isComputer: (side: Color) => boolean): boolean {
    if (this.atEnd) return false;
    this._cursor++;
    const both = isComputer('red') && isComputer('black');
    if (!both && !this.atEnd && isComputer(this.turnAt(this._cursor))) this._cursor++;
    return true;
  }

  save(): void {
    saveJson(KEY, this.record);
  }

  /** The saved game, if it still replays; otherwise the start position. */
  restore(): boolean {
    const raw = loadJson(KEY) as Partial<GameRecord> | null;
    if (!raw || typeof raw.startFen !== 'string' || !Array.isArray(raw.moves)) return false;
    try {
      this.load({ startFen: raw.startFen, moves: raw.moves.map(String), cursor: Number(raw.cursor ?? raw.moves.length) });
      return true;
    } catch {
      this.newGame();
      return false;
    }
  }
}
