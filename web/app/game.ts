// The game being played, as a tree of moves: where it started, every move tried from every position
// (the first child of a node is its main line, the others are variations), a comment on any move, the
// line the player is following through the tree and how far along it the board stands (the cursor).
// Moves after the cursor on that line are the redo line; playing a different move there starts a
// variation and keeps what was played. A rules engine on the page's thread checks every move and
// answers status questions; the model never searches.
import { START_FEN } from '../engine/index.ts';
import type { Color, Engine, GameResult, GameStatus } from '../engine/types.ts';
import { loadJson, saveJson } from './storage.ts';
import { keptShapes, type DrawnShape } from './drawn-shapes.ts';
import {
  buildGame,
  gameRecord,
  savedRecord,
  type Ending,
  type GameRecord,
  type MoveNode,
  type PageStatus,
  type PlayerEndReason,
} from './game-record.ts';

export type {
  EndReason,
  Ending,
  GameRecord,
  MoveNode,
  PageStatus,
  PlayerEndReason,
  TreeRecord,
} from './game-record.ts';

const KEY = 'game';

export class Game {
  private _start = START_FEN;
  private _root: MoveNode;
  /** The line being followed (without the root). */
  private _line: MoveNode[] = [];
  private _moves: string[] = [];
  private _cursor = 0;
  private nextId = 1;
  /** The end the players made, and the position it was made at. */
  private _ending: (Ending & { node: MoveNode }) | null = null;
  /** Bumped whenever the tree's moves or comments change (not the cursor): a key for caches. */
  treeVersion = 0;

  constructor(readonly rules: Engine) {
    rules.setPosition(START_FEN);
    this._root = this.node('', null);
  }

  private node(move: string, parent: MoveNode | null, comment = '', shapes: DrawnShape[] = []): MoveNode {
    return { id: this.nextId++, move, comment, shapes, parent, children: [] };
  }

  get startFen(): string {
    return this._start;
  }
  /** The start position; its children are the first moves tried. */
  get root(): MoveNode {
    return this._root;
  }
  /** The line being followed, including moves after the cursor. */
  get moves(): readonly string[] {
    return this._moves;
  }
  get line(): readonly MoveNode[] {
    return this._line;
  }
  get cursor(): number {
    return this._cursor;
  }
  /** The node on the board: the root at the start. */
  get current(): MoveNode {
    return this._cursor === 0 ? this._root : this._line[this._cursor - 1]!;
  }
  /** The moves that lead to the position on the board. */
  get played(): string[] {
    return this._moves.slice(0, this._cursor);
  }
  get atEnd(): boolean {
    return this._cursor === this._moves.length;
  }
  get record(): GameRecord {
    return gameRecord(this._start, { root: this._root, line: this._line, cursor: this._cursor, ending: this._ending });
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

  status(): PageStatus {
    const s = this.seek().status();
    const end = this._ending;
    if (s.over || !end || end.node !== this.current) return s;
    return { ...s, over: true, result: end.result, reason: end.reason };
  }

  /** The end the players made, if any. */
  get ending(): Ending | null {
    return this._ending && { result: this._ending.result, reason: this._ending.reason };
  }

  /** Ends the game at the position on the board (resignation, agreed draw, time); false if it is over. */
  end(result: GameResult, reason: PlayerEndReason): boolean {
    if (this.status().over) return false;
    this._ending = { result, reason, node: this.current };
    return true;
  }

  /** Takes back the end the players made (undo after a resignation). */
  clearEnding(): void {
    this._ending = null;
  }
  turn(): Color {
    return this.seek().turn();
  }
  fen(ply = this._cursor): string {
    return this.seek(ply).fen();
  }
  /** The status at the end of the main line (a game's result, wherever the board stands). */
  mainLineStatus(): GameStatus {
    const e = this.rules;
    const moves: string[] = [];
    let last = this._root;
    for (let n = this._root.children[0]; n; n = n.children[0]) {
      moves.push(n.move);
      last = n;
    }
    e.setPosition(this._start, moves);
    const s = e.status();
    // The players' end counts where it was made on the main line (its reason is the page's own).
    if (!s.over && this._ending?.node === last) return { ...s, over: true, result: this._ending.result };
    return s;
  }
  /** Side to move after `ply` moves (0: the start). */
  turnAt(ply: number): Color {
    return this.seek(ply).turn();
  }

  /**
   * Replaces the game. Throws (FenError, IllegalMoveError, Error) and keeps the current game when the
   * record does not replay: every move of the tree is checked.
   */
  load(record: GameRecord): void {
    // Built and checked on the engine first; a failure leaves our own fields as they were.
    const built = buildGame(this.rules, record, (move, parent, comment, shapes) =>
      this.node(move, parent, comment, shapes),
    );
    this._start = record.startFen;
    this._root = built.root;
    this.setLine(built.line, built.cursor);
    this.treeVersion++;
    this._ending = built.ending;
  }

  private setLine(line: MoveNode[], cursor: number): void {
    this._line = line;
    this._moves = line.map((n) => n.move);
    this._cursor = cursor;
  }

  newGame(fen = START_FEN): void {
    this.load({ startFen: fen, moves: [], cursor: 0 });
  }

  /**
   * Plays a move at the cursor. The same move as the next one in the line keeps the rest of the line
   * (a redo); a move already tried there is followed; any other becomes a new variation (the main
   * line when it is the first move tried there). Returns false for an illegal move or a finished game.
   */
  play(move: string): boolean {
    if (this.status().over) return false;
    const e = this.seek();
    if (!e.isLegal(move)) return false;
    e.play(move);
    const played = e.history()[this._cursor]!;
    e.undo();
    if (this._moves[this._cursor] === played) {
      this._cursor++;
      return true;
    }
    const here = this.current;
    let next = here.children.find((c) => c.move === played);
    if (!next) {
      next = this.node(played, here);
      here.children.push(next);
      this.treeVersion++;
    }
    // The line ends with the move: the computer answers a move played, whatever was tried after it.
    this.setLine([...this._line.slice(0, this._cursor), next], this._cursor + 1);
    return true;
  }

  /** Moves the cursor to `ply` (0 = the start); returns whether it moved. */
  goTo(ply: number): boolean {
    const target = Math.max(0, Math.min(this._moves.length, Math.floor(ply)));
    if (target === this._cursor) return false;
    this._cursor = target;
    return true;
  }

  /** Shows `node`'s position, following its main line after it; returns whether anything changed. */
  select(node: MoveNode): boolean {
    if (node === this.current) return false;
    const path: MoveNode[] = [];
    for (let n = node; n.parent; n = n.parent) path.unshift(n);
    const cursor = path.length;
    // Staying on the line: only the cursor moves (the redo line is kept).
    if (this._line[cursor - 1] === node || cursor === 0) return this.goTo(cursor);
    let at = node;
    while (at.children[0]) path.push((at = at.children[0]));
    this.setLine(path, cursor);
    return true;
  }

  /** The node with `id`, if it is in the tree. */
  find(id: number): MoveNode | null {
    const walk = (n: MoveNode): MoveNode | null => {
      if (n.id === id) return n;
      for (const c of n.children) {
        const hit = walk(c);
        if (hit) return hit;
      }
      return null;
    };
    return walk(this._root);
  }

  /** Whether `node` is on a variation (some move on its way from the start is not the main line). */
  inVariation(node: MoveNode): boolean {
    for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return true;
    return false;
  }

  /**
   * Makes the variation `node` is on the main line where it branches off (one level: a variation
   * inside a variation becomes that variation's main line). Returns whether anything changed.
   */
  promote(node: MoveNode): boolean {
    let n = node;
    while (n.parent && n.parent.children[0] === n) n = n.parent;
    if (!n.parent) return false;
    const siblings = n.parent.children;
    siblings.splice(siblings.indexOf(n), 1);
    siblings.unshift(n);
    this.treeVersion++;
    return true;
  }

  /** Deletes `node` and every move after it; the board shows the position before it. */
  remove(node: MoveNode): boolean {
    const parent = node.parent;
    if (!parent) return false;
    parent.children.splice(parent.children.indexOf(node), 1);
    this.treeVersion++;
    for (let n: MoveNode | null = this._ending?.node ?? null; n; n = n.parent) if (n === node) this._ending = null;
    const index = this._line.indexOf(node);
    if (index >= 0) {
      // Back to the position before it, following the main line from there.
      const line = this._line.slice(0, index);
      let at = parent;
      while (at.children[0]) line.push((at = at.children[0]));
      this.setLine(line, Math.min(this._cursor, index));
    }
    return true;
  }

  setComment(node: MoveNode, text: string): void {
    if (node.comment === text) return;
    node.comment = text;
    this.treeVersion++;
  }

  /**
   * The player's arrows and circles on `node`'s position (kept as the game keeps them: the board's four
   * colours, points a0-i9). Returns whether they changed. Not a change of the tree's moves or comments.
   */
  setShapes(node: MoveNode, shapes: readonly unknown[]): boolean {
    const kept = keptShapes(shapes);
    const same =
      kept.length === node.shapes.length &&
      kept.every(
        (s, i) => s.from === node.shapes[i]!.from && s.to === node.shapes[i]!.to && s.brush === node.shapes[i]!.brush,
      );
    if (same) return false;
    node.shapes = kept;
    return true;
  }

  /** Ends the line at the cursor, so play (and the computer) go on from here; the tree keeps the rest. */
  truncate(): void {
    this.setLine(this._line.slice(0, this._cursor), this._cursor);
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
    // The computer's reply to the move replayed, when there is one on the line.
    if (!both && this._cursor < this._moves.length && isComputer(this.turnAt(this._cursor))) this._cursor++;
    return true;
  }

  save(): void {
    saveJson(KEY, this.record);
  }

  /** The saved game, if it still replays; otherwise the start position. */
  restore(): boolean {
    const record = savedRecord(loadJson(KEY));
    if (!record) return false;
    try {
      this.load(record);
      return true;
    } catch {
      this.newGame();
      return false;
    }
  }
}
