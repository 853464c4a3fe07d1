// The game being played, as a tree of moves: where it started, every move tried from every position
// (the first child of a node is its main line, the others are variations), a comment on any move, the
// line the player is following through the tree and how far along it the board stands (the cursor).
// Moves after the cursor on that line are the redo line; playing a different move there starts a
// variation and keeps what was played. A rules engine on the page's thread checks every move and
// answers status questions; the model never searches.
import { START_FEN } from '../engine/index.ts';
import type { Color, Engine, GameEndReason, GameResult, GameStatus } from '../engine/types.ts';
import { loadJson, saveJson } from './storage.ts';
import { keptShapes, type DrawnShape } from './drawn-shapes.ts';

/** A move of the tree as it is saved: its comment and what was played after it (main line first). */
export interface TreeRecord {
  move: string;
  comment?: string;
  /** The player's arrows and circles on the position after the move. */
  shapes?: DrawnShape[];
  children?: TreeRecord[];
}

/** Ways a game ends that the rules do not see: a player resigns, both agree, a flag falls. */
export type PlayerEndReason = 'resignation' | 'agreement' | 'timeout' | 'timeout-draw';
export type EndReason = GameEndReason | PlayerEndReason;

/** The rules' status, or the end the players made (resignation, agreement, time). */
export interface PageStatus extends Omit<GameStatus, 'reason'> {
  reason?: EndReason;
}

/** An end the players made, at a position of the line. */
export interface Ending {
  result: GameResult;
  reason: PlayerEndReason;
}

export interface GameRecord {
  startFen: string;
  /** The line being followed, from the start. */
  moves: string[];
  /** How many of `moves` are on the board. */
  cursor: number;
  /** The whole tree (the first moves tried from the start); without it, `moves` is the tree. */
  tree?: TreeRecord[];
  /** A comment on the game (before its first move). */
  comment?: string;
  /** The player's arrows and circles on the start position. */
  shapes?: DrawnShape[];
  /** How the players ended the game, after `ply` moves of `moves`. */
  ending?: Ending & { ply: number };
}

export interface MoveNode {
  /** Unique within the game, for the page's buttons. */
  readonly id: number;
  /** ICCS; empty for the root (the start position). */
  readonly move: string;
  comment: string;
  /** The player's arrows and circles on the position after the move (drawn on the board). */
  shapes: DrawnShape[];
  readonly parent: MoveNode | null;
  /** Main line first, then the variations. */
  readonly children: MoveNode[];
}

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
    const save = (n: MoveNode): TreeRecord => {
      const r: TreeRecord = { move: n.move };
      if (n.comment) r.comment = n.comment;
      if (n.shapes.length) r.shapes = n.shapes.map((x) => ({ ...x }));
      if (n.children.length) r.children = n.children.map(save);
      return r;
    };
    const record: GameRecord = {
      startFen: this._start,
      moves: [...this._moves],
      cursor: this._cursor,
      tree: this._root.children.map(save),
    };
    if (this._root.comment) record.comment = this._root.comment;
    if (this._root.shapes.length) record.shapes = this._root.shapes.map((x) => ({ ...x }));
    const ply = this._ending ? this._line.indexOf(this._ending.node) + 1 : -1;
    if (this._ending && (ply > 0 || this._ending.node === this._root)) {
      record.ending = { result: this._ending.result, reason: this._ending.reason, ply: Math.max(0, ply) };
    }
    return record;
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
    // Check on the engine first; a failure leaves our own fields as they were.
    const e = this.rules;
    e.setPosition(record.startFen);
    const start = e.fen();
    const root = this.node(
      '',
      null,
      typeof record.comment === 'string' ? record.comment : '',
      keptShapes(record.shapes),
    );
    const tree = record.tree ?? linear(record.moves);
    const build = (parent: MoveNode, children: readonly TreeRecord[], depth: number): void => {
      for (const c of children) {
        if (!c || typeof c.move !== 'string' || !e.isLegal(c.move)) {
          e.setPosition(start);
          throw new Error(`move ${depth + 1} (${String(c?.move)}) is not legal there`);
        }
        e.play(c.move);
        const move = e.history()[depth]!;
        const comment = typeof c.comment === 'string' ? c.comment : '';
        // The same move given twice (a variation that repeats the main move): one node, both lines.
        const shapes = keptShapes(c.shapes);
        let node = parent.children.find((s) => s.move === move);
        if (node) {
          if (comment && !node.comment.includes(comment))
            node.comment = node.comment ? `${node.comment} ${comment}` : comment;
          if (!node.shapes.length) node.shapes = shapes;
        } else {
          parent.children.push((node = this.node(move, parent, comment, shapes)));
        }
        build(node, Array.isArray(c.children) ? c.children : [], depth + 1);
        e.undo();
      }
    };
    build(root, tree, 0);
    // The line: `moves` followed through the tree as far as it goes, then its main line.
    let at = root;
    const line: MoveNode[] = [];
    for (const m of record.moves) {
      const next = at.children.find((c) => c.move === m.toLowerCase().replace('-', ''));
      if (!next) break;
      line.push((at = next));
    }
    while (at.children[0]) line.push((at = at.children[0]));
    this._start = record.startFen;
    this._root = root;
    this.setLine(line, Math.max(0, Math.min(line.length, Math.floor(record.cursor) || 0)));
    this.treeVersion++;
    const end = record.ending;
    const node =
      end && Number.isInteger(end.ply) && end.ply >= 0 && end.ply <= line.length
        ? end.ply === 0
          ? root
          : line[end.ply - 1]!
        : null;
    const reasons: readonly string[] = ['resignation', 'agreement', 'timeout', 'timeout-draw'];
    this._ending =
      node && end && ['1-0', '0-1', '1/2-1/2'].includes(end.result) && reasons.includes(end.reason)
        ? { result: end.result, reason: end.reason, node }
        : null;
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
    for (let n: MoveNode | null = node; n && n.parent; n = n.parent) path.unshift(n);
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
    for (let n: MoveNode | null = node; n?.parent; n = n.parent) if (n.parent.children[0] !== n) return true;
    return false;
  }

  /**
   * Makes the variation `node` is on the main line where it branches off (one level: a variation
   * inside a variation becomes that variation's main line). Returns whether anything changed.
   */
  promote(node: MoveNode): boolean {
    let n: MoveNode | null = node;
    while (n?.parent && n.parent.children[0] === n) n = n.parent;
    if (!n?.parent) return false;
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
      const record: GameRecord = {
        startFen: raw.startFen,
        moves: raw.moves.map(String),
        cursor: Number(raw.cursor ?? raw.moves.length),
      };
      if (Array.isArray(raw.tree)) record.tree = raw.tree;
      if (typeof raw.comment === 'string') record.comment = raw.comment;
      if (Array.isArray(raw.shapes)) record.shapes = raw.shapes;
      if (raw.ending && typeof raw.ending === 'object') record.ending = raw.ending;
      this.load(record);
      return true;
    } catch {
      this.newGame();
      return false;
    }
  }
}

/** A line of moves as a tree with no variations. */
function linear(moves: readonly string[]): TreeRecord[] {
  let tree: TreeRecord[] = [];
  for (let i = moves.length - 1; i >= 0; i--) tree = [{ move: moves[i]!, children: tree }];
  return tree;
}
