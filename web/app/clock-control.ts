// The game's clocks on the page (clock.ts keeps the time): fresh ones for a new game, an imported
// one or another time control, the saved ones after a reload, and only the side to move's running,
// while the game goes on at its latest position. A flag fall loses, or draws when the other side has
// nothing left to mate with.
import type { Color } from '../engine/types.ts';
import { canMate, GameClock, timeControl } from './clock.ts';
import type { PageMessage, Receiver } from './page-messages.ts';
import type { PageState } from './page-state.ts';
import { loadJson, saveJson } from './storage.ts';

export class ClockControl implements Receiver {
  /** The game's clocks, null without a time control. */
  clock: GameClock | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly state: PageState,
    /** The position editor is open (the clocks stop). */
    private readonly editing: () => boolean,
  ) {}

  /** Starts the clocks the saved game left, if they fit the chosen control; stops them while the page is hidden. */
  start(): void {
    this.reset(true);
    // Against the computer the clocks stop while the page is hidden (the computer would not wait).
    document.addEventListener('visibilitychange', () => {
      this.run();
      this.save();
    });
    addEventListener('pagehide', () => this.save());
  }

  receive(message: PageMessage): void {
    switch (message.type) {
      case 'position':
        if (message.moved) this.clock?.moveMade(message.moved);
        this.run();
        this.save();
        break;
      case 'new-game':
      case 'imported':
        this.reset();
        break;
      case 'setting':
        if (message.key === 'timeControl') this.reset();
        break;
      case 'players':
        this.run();
        break;
      case 'editor':
        this.run();
        break;
    }
  }

  /** With a clock, what `side` may spend on this move (ms); null without one. */
  budget(side: Color): number | null {
    return this.clock ? this.clock.budget(side) : null;
  }

  /** Fresh clocks for the chosen time control; `resume`: the saved ones if they fit. */
  private reset(resume = false): void {
    const tc = timeControl(this.state.settings.timeControl);
    this.clock = tc ? new GameClock(tc) : null;
    if (resume) this.clock?.restore(loadJson('clock'));
    this.run();
  }

  /** The clocks as they stand, for a reload (the time the page is closed does not count). */
  private save(): void {
    if (this.clock) saveJson('clock', this.clock.snapshot());
  }

  /** Runs the clock of the side to move while the game goes on at its latest position. */
  private run(): void {
    const clock = this.clock;
    clearInterval(this.timer);
    if (!clock) return;
    const state = this.state;
    const s = state.game.status();
    const hidden = document.visibilityState === 'hidden' && state.againstComputer;
    if (s.over || !state.game.atEnd || state.mode === 'demo' || hidden || this.editing() || state.practice) {
      clock.pause();
    } else {
      clock.start(s.turn);
      this.timer = setInterval(() => this.tick(clock), 200);
    }
    state.requestRender();
  }

  private tick(clock: GameClock): void {
    const side = clock.flagged();
    if (!side) {
      this.state.requestRender();
      return;
    }
    clearInterval(this.timer);
    clock.pause();
    const winner = side === 'red' ? 'black' : 'red';
    const game = this.state.game;
    const draw = !canMate(game.seek().board(), winner);
    if (game.end(draw ? '1/2-1/2' : winner === 'red' ? '1-0' : '0-1', draw ? 'timeout-draw' : 'timeout'))
      this.state.changed({ effect: 'end' });
  }
}
