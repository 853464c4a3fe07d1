// The installed app's service worker (written by the build: web/app/build/pwa.ts) and its updates. The
// page registers it through workbox-window, only in a build (the dev server has none) and never from the
// board element. A new version installs in the background and waits; the page then offers to reload
// (the header's "New version" button) and reloads only when the player asks. Nothing is lost by it:
// the game, the settings and the clocks are in local storage, saved as they change and when the page
// goes away, and come back as they were.
import { Workbox } from 'workbox-window';

export interface UpdatesView {
  /** A new version has installed and waits for the player. */
  readonly waiting: boolean;
  /** Takes the new version: the page reloads once it is in control. */
  reload(): void;
}

export class AppUpdates implements UpdatesView {
  waiting = false;
  private workbox: Workbox | null = null;
  /** Set when the player asked: only then does a change of controller reload this page. */
  private reloadAsked = false;

  constructor(private readonly requestRender: () => void) {}

  /** Registers the service worker at `url` where the browser has them; failures only go to the console. */
  register(url: string): void {
    if (!('serviceWorker' in navigator)) return;
    const workbox = (this.workbox = new Workbox(url));
    // Also when a new version found on an earlier visit is still waiting at this one.
    workbox.addEventListener('waiting', () => {
      this.waiting = true;
      this.requestRender();
    });
    workbox.addEventListener('controlling', () => {
      if (this.reloadAsked) location.reload();
    });
    workbox.register().catch((error: unknown) => console.warn('The offline app could not be installed:', error));
  }

  reload(): void {
    if (!this.workbox || !this.waiting) return;
    this.reloadAsked = true;
    this.workbox.messageSkipWaiting();
  }
}
