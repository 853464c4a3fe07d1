// What every part of the game page shares: the game (its tree and cursor), the player's settings and
// the version of the position on the board, with the typed messages (page-messages.ts) by which a
// change reaches the parts that care. The parts (the *-control.ts controllers, the computer's turns,
// the files) hold their own state; they talk to each other only through this object.
import type { Color, Engine } from '../engine/types.ts';
import { Game, type PageStatus } from './game.ts';
import { translate, type Lang, type MessageKey } from './i18n.ts';
import type { PageMessage, PositionChange, Receiver, SettingChange } from './page-messages.ts';
import { saveSettings, type Settings } from './settings.ts';
import type { Mode, SideTab } from './view-model.ts';

export class PageState {
  readonly game: Game;
  /** Bumped on every change of the position on the board; async work checks it before acting. */
  version = 0;
  sideTab: SideTab = 'moves';
  /** A puzzle is on the board (practice-control.ts): the player's side, and whether a move of theirs is awaited. */
  practice: { side: Color; accepting: boolean } | null = null;
  /** The parts that hear the page's messages, in the order they hear them. */
  private readonly receivers: Receiver[] = [];

  constructor(
    readonly settings: Settings,
    rules: Engine,
    /** Redraws the page soon (once for any number of calls before it happens). */
    readonly requestRender: () => void,
  ) {
    this.game = new Game(rules);
    this.game.restore();
  }

  /** Adds a part that hears every message after those added before it. */
  listen(receiver: Receiver): void {
    this.receivers.push(receiver);
  }

  send(message: PageMessage): void {
    for (const receiver of this.receivers) receiver.receive(message);
  }

  /**
   * After every change of the position on the board: the version moves on (searches for the old
   * position are void), the game is saved, and the parts hear of it (page-messages.ts).
   */
  changed(change: Partial<PositionChange> = {}): void {
    this.version++;
    this.game.save();
    this.send({
      type: 'position',
      animate: change.animate ?? false,
      effect: change.effect ?? null,
      moved: change.moved ?? null,
    });
    this.requestRender();
  }

  /** Changes one setting, saves the settings, and tells the parts. */
  set<K extends keyof Settings>(key: K, value: Settings[K]): void {
    if (this.settings[key] === value) return;
    this.settings[key] = value;
    // A notation picked by the player stays; until then it follows the language (中文: 炮二平五).
    if (key === 'notation') this.settings.notationChosen = true;
    if (key === 'lang' && !this.settings.notationChosen)
      this.settings.notation = this.settings.lang === 'zh' ? 'chinese' : 'WXF';
    this.saveSettings();
    this.send(this.settingMessage(key));
  }

  /** The typed message for `key`'s new value (its type follows from the key). */
  private settingMessage(key: keyof Settings): SettingChange {
    // A message for one key is one member of the union over all keys; TypeScript cannot pair the key
    // with its value's type through an indexed read, so the pairing is asserted here.
    return { type: 'setting', key, value: this.settings[key] } as SettingChange;
  }

  saveSettings(): void {
    saveSettings(this.settings);
    this.requestRender();
  }

  t(key: MessageKey, params?: Record<string, string | number>): string {
    return translate(this.settings.lang, key, params);
  }

  get lang(): Lang {
    return this.settings.lang;
  }

  get status(): PageStatus {
    return this.game.status();
  }

  isComputer(side: Color): boolean {
    // In practice (practice-control.ts) the player moves only their side, and only when it is their turn.
    if (this.practice) return side !== this.practice.side || !this.practice.accepting;
    return this.settings[side] === 'computer';
  }

  get mode(): Mode {
    const { red, black } = this.settings;
    if (red === 'human' && black === 'human') return 'two';
    if (red === 'computer' && black === 'computer') return 'demo';
    return red === 'human' ? 'red' : 'black';
  }

  /** Against the computer (one side each). */
  get againstComputer(): boolean {
    return this.mode === 'red' || this.mode === 'black';
  }

  /** Key of the position on the board (as the analysis names it). */
  positionKey(): string {
    return `${this.game.startFen}|${this.game.played.join(' ')}`;
  }

  setTab(tab: SideTab): void {
    this.sideTab = tab;
    this.requestRender();
  }
}
