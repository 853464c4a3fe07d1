// The page's messages to the player: one toast at a time (information goes by itself, an error stays
// longer, one with an action waits for it), and the end-of-game banner, which the player may close
// and which comes back with the next change of position.
import type { PageMessage, Receiver } from './page-messages.ts';
import type { Toast } from './view-model.ts';

export class Notices implements Receiver {
  toast: Toast | null = null;
  bannerDismissed = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly requestRender: () => void) {}

  receive(message: PageMessage): void {
    if (message.type === 'position') this.bannerDismissed = false;
  }

  show(text: string, kind: Toast['kind'], action?: Toast['action']): void {
    this.toast = action ? { text, kind, action } : { text, kind };
    clearTimeout(this.timer);
    if (!action) this.timer = setTimeout(() => this.dismissToast(), kind === 'error' ? 8000 : 4000);
    this.requestRender();
  }

  dismissToast(): void {
    clearTimeout(this.timer);
    this.toast = null;
    this.requestRender();
  }

  dismissBanner(): void {
    this.bannerDismissed = true;
    this.requestRender();
  }
}
