// The position editor's controller (摆棋: editor.ts keeps the points, editor-view.ts draws them): opened
// on the position on the board, it stops the game (clocks, computer) while it is open; its position
// starts a new game, to play with the players as they are, or to analyse (two players, analysis on).
import type { Engine } from '../engine/types.ts';
import { PositionEditor } from './editor.ts';
import type { PageState } from './page-state.ts';

export class EditorControl {
  /** The editor, while it is open. */
  editor: PositionEditor | null = null;

  constructor(
    private readonly state: PageState,
    /** A spare engine for the editor's checks. */
    private readonly scratch: Engine,
    private readonly newGame: (fen: string) => void,
  ) {}

  /** Opens the editor on the position on the board. */
  open(): void {
    this.editor = new PositionEditor(this.state.game.fen(), this.state.settings.orientation, this.scratch);
    this.state.send({ type: 'editor', open: true });
    this.state.requestRender();
  }

  close(): void {
    this.editor = null;
    this.state.send({ type: 'editor', open: false });
    this.state.requestRender();
  }

  /** The editor's state changed: redraw. */
  changed(): void {
    this.state.requestRender();
  }

  /** A new game from the edited position: to play (the players as they are), or to analyse (two players, analysis on). */
  play(analyse: boolean): void {
    const ed = this.editor;
    if (!ed || ed.problems().length > 0) return;
    const fen = ed.fen;
    // Closed without a message of its own: the new game's messages start the clocks and the computer.
    this.editor = null;
    if (analyse) {
      const settings = this.state.settings;
      settings.red = 'human';
      settings.black = 'human';
      settings.analysis = true;
      this.state.saveSettings();
    }
    this.newGame(fen);
  }
}
