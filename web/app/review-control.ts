// The review tab's controller (复盘, review.ts does the searching): reviews the line shown, and shows
// the review while the line shown begins with the moves it reviewed. A new or imported game forgets it;
// a game opened from the import list after "Analyse all" comes with its main line's review.
import type { PageMessage, Receiver } from './page-messages.ts';
import type { PageState } from './page-state.ts';
import type { GameAnalysis } from '../analysis/analyse-game.ts';
import type { GameReview, ReviewState } from './review.ts';

export class ReviewControl implements Receiver {
  /** The line reviewed. */
  private reviewed: string[] = [];

  constructor(
    private readonly state: PageState,
    private readonly reviewer: GameReview,
  ) {}

  receive(message: PageMessage): void {
    if (message.type === 'new-game' || message.type === 'imported') this.reviewer.clear();
    if (message.type === 'imported' && message.review) this.show(message.review);
  }

  /** The review of the line shown, null when there is none for it. */
  get current(): ReviewState | null {
    const s = this.reviewer.state;
    const moves = this.state.game.moves;
    return s && this.reviewed.every((m, i) => moves[i] === m) ? s : null;
  }

  start(): void {
    const game = this.state.game;
    const line = game.line.map((n) => ({ id: n.id, move: n.move }));
    if (line.length === 0) return;
    this.reviewed = line.map((m) => m.move);
    void this.reviewer.run(game.startFen, line, game.turnAt(0));
  }

  /** The imported game's analysis as its review: the game is on its main line, the line analysed. */
  private show(analysis: GameAnalysis): void {
    const line = this.state.game.line.map((n) => ({ id: n.id, move: n.move }));
    if (line.length !== analysis.moves.length) return;
    this.reviewed = line.map((m) => m.move);
    this.reviewer.show(line, analysis);
  }

  cancel(): void {
    this.reviewer.cancel();
  }
}
