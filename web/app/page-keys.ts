// The game page's keyboard shortcuts: undo and redo, stepping through the moves (↑ ↓ to the other moves
// tried at the same point), flipping the board and asking for a hint. Keys typed into a field, or meant for the board (which has its own keys), are not
// shortcuts.
import type { Game } from './game.ts';

/** What the shortcuts do: the page's controller. */
export interface KeyActions {
  readonly game: Game;
  undo(): void;
  redo(): void;
  step(delta: number): void;
  goTo(ply: number): void;
  flip(): void;
  showHint(): Promise<void>;
  /** The move tried before (-1) or after (+1) the current one from the same position; false if none. */
  switchVariation(delta: number): boolean;
}

/** Runs the shortcut `event` names, if any; true when it was one (the caller prevents the default). */
export function runPageKey(event: KeyboardEvent, actions: KeyActions): boolean {
  const path = event.composedPath();
  if (
    path.some(
      (n) =>
        n instanceof HTMLElement &&
        (n.matches('input, textarea, select, [contenteditable]') || n.localName === 'xiangqi-board'),
    )
  )
    return false;
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key;
  let handled = true;
  if (mod && (key === 'z' || key === 'Z') && !event.shiftKey) actions.undo();
  else if (mod && (key === 'y' || ((key === 'z' || key === 'Z') && event.shiftKey))) actions.redo();
  else if (mod) handled = false;
  else if (key === 'ArrowLeft') actions.step(-1);
  else if (key === 'ArrowRight') actions.step(1);
  else if (key === 'ArrowUp' || key === 'ArrowDown') handled = actions.switchVariation(key === 'ArrowUp' ? -1 : 1);
  else if (key === 'Home') actions.goTo(0);
  else if (key === 'End') actions.goTo(actions.game.moves.length);
  else if (key === 'f' || key === 'F') actions.flip();
  else if (key === 'h' || key === 'H') void actions.showHint();
  else handled = false;
  return handled;
}
