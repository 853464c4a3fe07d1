// Links to games (game-link.ts makes and reads them): "Copy link" puts the page's URL with the game in
// its fragment on the clipboard (the export dialog shows it too), and a page opened from such a link,
// or whose fragment changes to one, shows that game at that move. The fragment is then taken off the
// address, so a reload shows the game as the page saved it since; the game the page had is one click
// away. A broken link says why, and the page goes on with its own game.
import type { Engine } from '../engine/types.ts';
import { gameLink, hasGame, readGameLink, type GameLink } from './game-link.ts';
import type { PageState } from './page-state.ts';
import type { Toast } from './view-model.ts';

export interface LinksView {
  /** The link to the game as it stands; made on first asking (null until it is ready), once per change. */
  link(): GameLink | null;
  /** Copies the link; where the clipboard refuses, the export dialog shows it to copy by hand. */
  copy(): Promise<void>;
}

type Notify = (text: string, kind: Toast['kind'], action?: Toast['action']) => void;

export class LinkControl implements LinksView {
  private made: { key: string; link: GameLink | null } = { key: '', link: null };

  constructor(
    private readonly state: PageState,
    /** A spare engine for writing and reading the game's PGN. */
    private readonly scratch: Engine,
    private readonly notify: Notify,
    /** Opens the export dialog (where the link can be copied by hand). */
    private readonly showExport: () => void,
  ) {}

  /** Opens a game in the page's address, now and whenever the fragment changes. */
  start(): void {
    addEventListener('hashchange', () => void this.openFromLocation());
    void this.openFromLocation();
  }

  link(): GameLink | null {
    const key = this.key();
    if (this.made.key !== key) {
      this.made = { key, link: null };
      void this.make().then(() => this.state.requestRender());
    }
    return this.made.link;
  }

  async copy(): Promise<void> {
    const link = await this.make();
    try {
      await navigator.clipboard.writeText(link.url);
      this.notify(this.state.t(link.whole ? 'linkCopied' : 'linkCopiedLine'), 'info');
    } catch {
      this.showExport();
    }
  }

  /** The link for the game as it stands (the one already made when nothing changed since). */
  private async make(): Promise<GameLink> {
    const key = this.key();
    if (this.made.key === key && this.made.link) return this.made.link;
    const link = await gameLink(this.state.game.record, this.scratch, location.href);
    // The game may have changed while the link was made: keep it only if it is still this game's.
    if (this.key() === key) this.made = { key, link };
    return link;
  }

  /** What the link depends on: the whole record (tree, comments, drawing, the line followed, the move shown). */
  private key(): string {
    return JSON.stringify(this.state.game.record);
  }

  private async openFromLocation(): Promise<void> {
    const hash = location.hash;
    if (!hasGame(hash)) return;
    history.replaceState(history.state, '', location.pathname + location.search);
    const { state } = this;
    const read = await readGameLink(hash, this.scratch);
    const game = state.game;
    const previous = game.root.children.length > 0 ? game.record : null;
    try {
      if (!read.ok) throw new Error(read.reason);
      game.load(read.record);
    } catch (error) {
      this.notify(state.t('linkBad', { reason: error instanceof Error ? error.message : String(error) }), 'error');
      return;
    }
    state.send({ type: 'imported' });
    state.changed();
    const back = previous && {
      label: state.t('restoreGame'),
      run: () => {
        game.load(previous);
        state.changed();
      },
    };
    this.notify(state.t('linkOpened'), 'info', back ?? undefined);
  }
}
