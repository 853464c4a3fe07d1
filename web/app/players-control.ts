// The players panel's controller: who plays which side (you against the computer, two players, or the
// computer against itself), the computer's level, and new games (from the start less the chosen
// handicap, or from a set-up position), the previous game one click away.
import { START_FEN } from '../engine/index.ts';
import type { PageState } from './page-state.ts';
import { handicapFen } from './position.ts';
import type { Player } from './settings.ts';
import type { Mode, Toast } from './view-model.ts';

const PLAYERS: Record<Mode, [Player, Player]> = {
  red: ['human', 'computer'],
  black: ['computer', 'human'],
  two: ['human', 'human'],
  demo: ['computer', 'computer'],
};

export class PlayersControl {
  constructor(
    private readonly state: PageState,
    private readonly showToast: (text: string, kind: Toast['kind'], action?: Toast['action']) => void,
  ) {}

  setMode(mode: Mode): void {
    const settings = this.state.settings;
    const [red, black] = PLAYERS[mode];
    if (red === settings.red && black === settings.black) return;
    settings.red = red;
    settings.black = black;
    // Your side at the bottom; with two players (or none) Red at the bottom, as a board is set up.
    settings.orientation = mode === 'black' ? 'black' : 'red';
    this.state.saveSettings();
    // The side to move may have changed hands: whatever the computer was thinking is void.
    this.state.send({ type: 'players' });
  }

  setLevel(level: number): void {
    this.state.settings.level = Math.min(10, Math.max(1, Math.round(level)));
    this.state.settings.elo = 0;
    this.state.saveSettings();
  }

  /** A rated level (rated-levels.ts). */
  setElo(elo: number): void {
    this.state.settings.elo = elo;
    this.state.saveSettings();
  }

  /**
   * Starts again from the start (less the handicap chosen, 让子) or from `fen`; a game with moves stays
   * reachable from the message that says so.
   */
  newGame(fen = handicapFen(START_FEN, this.state.settings.handicap)): void {
    const { state } = this;
    const game = state.game;
    const previous = game.root.children.length > 0 ? game.record : null;
    game.newGame(fen);
    state.send({ type: 'new-game' });
    state.changed();
    if (previous) {
      this.showToast(state.t('newGameStarted'), 'info', {
        label: state.t('restoreGame'),
        run: () => {
          game.load(previous);
          state.changed();
        },
      });
    }
  }
}
