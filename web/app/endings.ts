// The ends of a game that players make: resigning and offering a draw, open to the player at the game's
// latest position (not in a demo). The computer takes a draw only when its own short search says it is
// not better (a score of zero or below for its side), so a draw offer is no way to escape a lost
// position; with two players the other side accepts or ignores the offer.
import type { Score } from '../engine/types.ts';
import type { EnginePlayer } from './engine-player.ts';
import type { PageMessage, Receiver } from './page-messages.ts';
import type { PageState } from './page-state.ts';
import type { Toast } from './view-model.ts';

/** Thinking time the computer takes over a draw offer. */
export const DRAW_THINK_MS = 700;

/** Whether the computer, whose side's score is `score` (from its own point of view), accepts a draw. */
export function computerAcceptsDraw(score: Score): boolean {
  if ('mate' in score) return score.mate < 0;
  return score.cp <= 0;
}

export class Endings implements Receiver {
  /** A draw offer waits for the computer's answer. */
  drawPending = false;

  constructor(
    private readonly state: PageState,
    private readonly player: EnginePlayer,
    /** The computer is searching for its move. */
    private readonly thinking: () => boolean,
    private readonly showToast: (text: string, kind: Toast['kind'], action?: Toast['action']) => void,
  ) {}

  receive(message: PageMessage): void {
    if (message.type === 'position') this.drawPending = false;
  }

  /** Whether the player to act may resign or offer a draw: a game in progress at its latest position, not a demo. */
  canEnd(): boolean {
    const { state } = this;
    const s = state.game.status();
    if (s.over || !state.game.atEnd || state.mode === 'demo') return false;
    return state.mode === 'two' || !state.isComputer(s.turn) || this.thinking();
  }

  /** 认输: against the computer you resign; with two players the side to move does. */
  resign(): void {
    if (!this.canEnd()) return;
    const { state } = this;
    const loser = state.mode === 'two' ? state.game.turn() : state.mode === 'black' ? 'black' : 'red';
    if (state.game.end(loser === 'red' ? '0-1' : '1-0', 'resignation')) state.changed({ effect: 'end' });
  }

  /**
   * 提和: the computer answers after a short search of its own (accepting only when it is not better);
   * with two players the other side accepts or ignores the offer.
   */
  async offerDraw(): Promise<void> {
    if (!this.canEnd() || this.drawPending) return;
    const { state } = this;
    const game = state.game;
    const s = game.status();
    const version = state.version;
    if (state.mode === 'two') {
      const side = state.t(s.turn === 'red' ? 'red' : 'black');
      this.showToast(state.t('drawOffered', { side }), 'info', {
        label: state.t('acceptDraw'),
        run: () => {
          if (version === state.version && game.end('1/2-1/2', 'agreement')) state.changed({ effect: 'end' });
        },
      });
      return;
    }
    // The engine player is busy with a hint: the offer waits for the player to make it again.
    if (state.isComputer(s.turn) || this.player.busy) return;
    this.drawPending = true;
    state.requestRender();
    try {
      const result = await this.player.move(game.startFen, game.played, { movetime: DRAW_THINK_MS });
      if (version !== state.version) return;
      // The score is the player's (to move); the computer's is its opposite.
      const own = 'mate' in result.score ? { mate: -result.score.mate } : { cp: -result.score.cp };
      if (computerAcceptsDraw(own) && game.end('1/2-1/2', 'agreement')) state.changed({ effect: 'end' });
      else this.showToast(state.t('drawDeclined'), 'info');
    } catch {
      // Cancelled (the position changed) or the engine failed: the offer lapses.
    } finally {
      if (version === state.version) {
        this.drawPending = false;
        state.requestRender();
      }
    }
  }
}
