// The game page's controller: owns the game, the settings and the two search workers (the computer
// player and the analysis), and redraws the page (view.ts) after every change. Position changes go
// through one place, changed(), which invalidates every search for the old position before anything
// new starts. Its parts: the computer's moves and hints (computer-turns.ts), the board kept in line
// with the game (board-link.ts), games in and out (game-files.ts), the keyboard shortcuts
// (page-keys.ts) and the after-render touches of the page (page-dom.ts).
import { render } from 'lit';
import type { XiangqiBoard } from '../board/element.ts';
import type { XiangqiBoardEventMap } from '../board/types.ts';
import { squareIndex, START_FEN } from '../engine/index.ts';
import { SearchWorker } from '../engine/search-worker.ts';
import type { Color, Engine } from '../engine/types.ts';
import { parseMove } from '../notation/index.ts';
import { Analysis, type AnalysisState } from './analysis.ts';
import { BoardLink } from './board-link.ts';
import { ComputerTurns } from './computer-turns.ts';
import { EnginePlayer, levelLimits } from './engine-player.ts';
import { PageBook } from './page-book.ts';
import { PageNetwork } from './page-network.ts';
import { openingName, type OpeningName } from './openings.ts';
import { computerAcceptsDraw, DRAW_THINK_MS } from './endings.ts';
import { canMate, GameClock, timeControl } from './clock.ts';
import { GameReview, type ReviewState } from './review.ts';
import { PositionEditor } from './editor.ts';
import { handicapFen } from './position.ts';
import { Game, type PageStatus } from './game.ts';
import { htmlLang, translate, type Lang, type MessageKey } from './i18n.ts';
import { GameFiles } from './game-files.ts';
import { scrollMoveList, scrollMoveStrip, syncDialog } from './page-dom.ts';
import { runPageKey } from './page-keys.ts';
import { saveSettings, type Player, type Settings } from './settings.ts';
import { loadJson, saveJson } from './storage.ts';
import { Sound, type Effect } from './sound.ts';
import { appView } from './view.ts';
import type { AppView, Mode, SideTab, Toast } from './view-model.ts';

export class App implements AppView {
  readonly game: Game;
  readonly analysis: Analysis;
  readonly player: EnginePlayer;
  readonly files: GameFiles;
  readonly turns: ComputerTurns;
  readonly boardLink: BoardLink;
  readonly sound = new Sound();
  /** The opening book: the computer's moves from it, and the "book" marks (page-book.ts). */
  readonly book = new PageBook(() => this.requestRender());
  /** The network evaluation every search of the page uses once it has arrived (page-network.ts). */
  readonly network: PageNetwork;
  board: XiangqiBoard | null = null;

  /** Bumped on every change of the position on the board; async work checks it before acting. */
  version = 0;
  bannerDismissed = false;
  toast: Toast | null = null;
  moveError: string | null = null;
  sideTab: SideTab = 'moves';
  analysisOpen = false;
  /** The analysis line pointed at (its MultiPV number), drawn whole on the board. */
  private preview: number | null = null;

  /** 复盘 (review.ts), and the line it reviewed. */
  readonly reviewer: GameReview;
  private reviewed: string[] = [];
  /** The game's clocks (clock.ts), null without a time control. */
  clock: GameClock | null = null;
  private clockTimer: ReturnType<typeof setInterval> | undefined;
  private renderQueued = false;
  private toastTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly root: HTMLElement,
    readonly settings: Settings,
    rules: Engine,
    /** The board's own engine, set to the game before the board is drawn. */
    readonly boardEngine: Engine,
    /** A spare engine for reading and writing game files, and for the position editor's checks. */
    private readonly scratch: Engine,
  ) {
    this.game = new Game(rules);
    this.game.restore();
    this.boardLink = new BoardLink(this.game, () => this.board);
    this.network = new PageNetwork(settings.network);
    boardEngine.setPosition(this.game.startFen, this.game.played);
    const makeWorker = () =>
      this.network.attach(new SearchWorker('wasm', undefined, { threads: this.settings.threads }));
    this.player = new EnginePlayer(
      { onCrash: (reason) => this.showToast(this.t('engineCrashed', { reason }), 'error') },
      makeWorker,
    );
    this.analysis = new Analysis((state) => this.onAnalysis(state), makeWorker);
    this.reviewer = new GameReview(() => this.requestRender(), makeWorker);
    this.turns = new ComputerTurns({
      game: this.game,
      settings: this.settings,
      player: this.player,
      analysis: this.analysis,
      mode: () => this.mode,
      version: () => this.version,
      positionKey: () => this.positionKey(),
      t: (key, params) => this.t(key, params),
      isComputer: (side) => this.isComputer(side),
      playMove: (move, animate) => this.playMove(move, animate),
      showToast: (text, kind, action) => this.showToast(text, kind, action),
      requestRender: () => this.requestRender(),
      updateShapes: () => this.updateShapes(),
      clockBudget: (side) => (this.clock ? this.clock.budget(side) : null),
      bookMove: () => this.bookMove(),
    });
    this.files = new GameFiles(
      {
        game: this.game,
        settings: this.settings,
        t: (key, params) => this.t(key, params),
        isComputer: (side) => this.isComputer(side),
        requestRender: () => this.requestRender(),
        imported: (games) => {
          this.reviewer.clear();
          this.turns.paused = false;
          this.changed();
          this.showToast(games > 1 ? this.t('importedGames', { n: games }) : this.t('imported'), 'info');
        },
      },
      scratch,
      root,
    );
  }

  /** Draws the page and starts whatever the position asks for (the computer's move, analysis). */
  start(): void {
    this.applyDocumentSettings();
    // Fetched now, so the move list can mark book moves before the computer first asks.
    void this.book.load();
    void this.network.load();
    this.root.textContent = '';
    this.root.classList.remove('loading');
    this.renderNow();
    this.board = this.root.querySelector('xiangqi-board');
    // Remembered sound settings wait for the player's first click or key (browsers insist).
    this.sound.setEffects(this.settings.sound, false);
    this.sound.setMusic(this.settings.music, false);
    void this.board?.ready.then(() => {
      this.boardLink.syncPosition(false);
      // Setting the position cleared the board's drawing: the position's own arrows and circles.
      this.boardLink.showDrawn();
    });
    this.resetClock(true);
    // Against the computer the clocks stop while the page is hidden (the computer would not wait).
    document.addEventListener('visibilitychange', () => {
      this.runClock();
      this.saveClock();
    });
    addEventListener('pagehide', () => this.saveClock());
    this.updateAnalysis();
    void this.turns.maybeMove();
  }

  // ---- clocks (clock.ts) ----------------------------------------------------------------------------

  /** Fresh clocks for the chosen time control (a new game, or the control changed); `resume`: the saved ones if they fit. */
  private resetClock(resume = false): void {
    const tc = timeControl(this.settings.timeControl);
    this.clock = tc ? new GameClock(tc) : null;
    if (resume) this.clock?.restore(loadJson('clock'));
    this.runClock();
  }

  /** The clocks as they stand, for a reload (the time the page is closed does not count). */
  private saveClock(): void {
    if (this.clock) saveJson('clock', this.clock.snapshot());
  }

  /** Runs the clock of the side to move while the game goes on at its latest position. */
  private runClock(): void {
    const clock = this.clock;
    clearInterval(this.clockTimer);
    if (!clock) return;
    const s = this.game.status();
    const hidden = document.visibilityState === 'hidden' && (this.mode === 'red' || this.mode === 'black');
    if (s.over || !this.game.atEnd || this.mode === 'demo' || hidden || this.editor) {
      clock.pause();
    } else {
      clock.start(s.turn);
      this.clockTimer = setInterval(() => this.tickClock(), 200);
    }
    this.requestRender();
  }

  /** A flag fall loses, or draws when the other side has nothing left to mate with. */
  private tickClock(): void {
    const side = this.clock?.flagged();
    if (!side) {
      this.requestRender();
      return;
    }
    clearInterval(this.clockTimer);
    this.clock!.pause();
    const winner = side === 'red' ? 'black' : 'red';
    const draw = !canMate(this.game.seek().board(), winner);
    this.turns.cancel();
    if (this.game.end(draw ? '1/2-1/2' : winner === 'red' ? '1-0' : '0-1', draw ? 'timeout-draw' : 'timeout'))
      this.changed({ effect: 'end' });
  }

  t(key: MessageKey, params?: Record<string, string | number>): string {
    return translate(this.settings.lang, key, params);
  }

  // ---- rendering ---------------------------------------------------------------------------------

  requestRender(): void {
    if (this.renderQueued) return;
    this.renderQueued = true;
    queueMicrotask(() => {
      this.renderQueued = false;
      this.renderNow();
    });
  }

  private renderNow(): void {
    render(appView(this), this.root);
    this.afterRender();
  }

  private afterRender(): void {
    // After the board has handled a move of its own (it clears its arrows on every new position).
    this.updateShapes();
    this.boardLink.showDrawn();
    syncDialog(this.root, !!this.files.dialog);
    scrollMoveList(this.root, this.game.cursor === 0);
    scrollMoveStrip(this.root);
  }

  private applyDocumentSettings(): void {
    document.documentElement.lang = htmlLang(this.settings.lang);
    document.title = this.settings.lang === 'zh' ? '象棋 · 中国象棋' : 'Xiangqi · Chinese chess';
    // The board reads the page's language for its labels and announcements when it draws.
    this.board?.requestUpdate();
  }

  // ---- who plays ---------------------------------------------------------------------------------

  isComputer(side: Color): boolean {
    return this.settings[side] === 'computer';
  }

  get mode(): Mode {
    const { red, black } = this.settings;
    if (red === 'human' && black === 'human') return 'two';
    if (red === 'computer' && black === 'computer') return 'demo';
    return red === 'human' ? 'red' : 'black';
  }

  /** Who may move on the board (the computer's side is never the player's). */
  get interactive(): 'both' | 'red' | 'black' | 'none' {
    const red = !this.isComputer('red');
    const black = !this.isComputer('black');
    return red && black ? 'both' : red ? 'red' : black ? 'black' : 'none';
  }

  setMode(mode: Mode): void {
    const players: Record<Mode, [Player, Player]> = {
      red: ['human', 'computer'],
      black: ['computer', 'human'],
      two: ['human', 'human'],
      demo: ['computer', 'computer'],
    };
    const [red, black] = players[mode];
    if (red === this.settings.red && black === this.settings.black) return;
    // The side to move may have changed hands: whatever the computer was thinking is void.
    this.turns.cancel();
    this.settings.red = red;
    this.settings.black = black;
    // Your side at the bottom; with two players (or none) Red at the bottom, as a board is set up.
    this.settings.orientation = mode === 'black' ? 'black' : 'red';
    this.turns.paused = false;
    this.saveSettings();
    this.runClock();
    void this.turns.maybeMove();
  }

  setLevel(level: number): void {
    this.settings.level = Math.min(10, Math.max(1, Math.round(level)));
    this.saveSettings();
  }

  // ---- settings ------------------------------------------------------------------------------------

  update<K extends keyof Settings>(key: K, value: Settings[K]): void {
    if (this.settings[key] === value) return;
    this.settings[key] = value;
    // A notation picked by the player stays; until then it follows the language (中文: 炮二平五).
    if (key === 'notation') this.settings.notationChosen = true;
    if (key === 'lang' && !this.settings.notationChosen) this.settings.notation = value === 'zh' ? 'chinese' : 'WXF';
    if (key === 'lang') this.applyDocumentSettings();
    if (key === 'sound') this.sound.setEffects(value as boolean);
    if (key === 'music') this.sound.setMusic(value as boolean);
    if (key === 'analysis' || key === 'lines') this.updateAnalysis();
    if (key === 'timeControl') this.resetClock();
    if (key === 'network') this.network.setEnabled(value as boolean);
    if (key === 'threads') {
      this.player.setThreads(value as number);
      this.analysis.setThreads(value as number);
    }
    if (key === 'arrows' || key === 'analysis') this.updateShapes();
    this.saveSettings();
  }

  private saveSettings(): void {
    saveSettings(this.settings);
    this.requestRender();
  }

  flip(): void {
    this.update('orientation', this.settings.orientation === 'red' ? 'black' : 'red');
  }

  // ---- the position ----------------------------------------------------------------------------------

  get status(): PageStatus {
    return this.game.status();
  }

  /** Key of the position on the board (as the analysis names it). */
  private positionKey(): string {
    return `${this.game.startFen}|${this.game.played.join(' ')}`;
  }

  /**
   * After every change of the position on the board: searches for the old position are void, the board
   * is brought in line, the game saved, and the computer and the analysis started for the new one.
   */
  private changed(options: { animate?: boolean; effect?: Effect | null; moved?: Color } = {}): void {
    this.version++;
    if (options.moved) this.clock?.moveMade(options.moved);
    this.turns.cancel();
    this.turns.hint = null;
    this.preview = null;
    this.drawPending = false;
    this.bannerDismissed = false;
    this.moveError = null;
    this.game.save();
    this.boardLink.syncPosition(options.animate ?? false);
    if (options.effect) this.sound.play(options.effect);
    this.updateAnalysis();
    this.runClock();
    this.saveClock();
    this.requestRender();
    void this.turns.maybeMove();
  }

  /** The effect a move just played calls for. */
  private effectOf(captured: boolean): Effect {
    const s = this.game.status();
    return s.over ? 'end' : s.inCheck ? 'check' : captured ? 'capture' : 'move';
  }

  /** Plays a move at the cursor (the player's from the board or the move box, or the computer's). */
  private playMove(move: string, animate: boolean): boolean {
    const to = squareIndex(move.slice(2, 4));
    const captured = to >= 0 && this.game.seek().board()[to] !== null;
    const moved = this.game.turn();
    if (!this.game.play(move)) return false;
    this.changed({ animate, effect: this.effectOf(captured), moved });
    return true;
  }

  /** A move made on the board by the player. */
  onBoardMove(event: XiangqiBoardEventMap['move']): void {
    if (this.boardLink.programmatic) return;
    const s = this.game.status();
    if (this.isComputer(s.turn) || !this.playMove(event.detail.move, false)) event.preventDefault();
  }

  /** The player drew or erased arrows and circles: they belong to the position shown, in the tree. */
  onShapesChange(event: XiangqiBoardEventMap['shapeschange']): void {
    const { shapes, fen } = event.detail;
    const here = this.game.fen().split(' ').slice(0, 2).join(' ');
    if (fen.split(' ').slice(0, 2).join(' ') !== here) return;
    if (this.game.setShapes(this.game.current, shapes)) this.game.save();
  }

  /**
   * The board lets the player move ahead while the computer thinks (setting on, against the computer),
   * at the end of the line only: the computer does not move while an earlier position is shown.
   */
  get premove(): boolean {
    return this.settings.premove && (this.mode === 'red' || this.mode === 'black') && this.game.atEnd;
  }

  onBoardError(event: XiangqiBoardEventMap['error']): void {
    this.showToast(event.detail.message, 'error');
  }

  /** A move typed in any notation (炮二平五, C2.5, h2e2). */
  playTyped(text: string): boolean {
    const input = text.trim();
    if (!input) return false;
    const s = this.game.status();
    if (s.over) {
      this.moveError = this.t('hintNone');
    } else if (this.isComputer(s.turn)) {
      this.moveError = this.t('notYourTurn');
    } else {
      try {
        const move = parseMove(this.game.seek(), input);
        if (this.playMove(move, true)) return true;
        this.moveError = input;
      } catch (error) {
        this.moveError = error instanceof Error ? error.message : String(error);
      }
    }
    this.requestRender();
    return false;
  }

  // ---- resigning and draws (endings.ts) -------------------------------------------------------------

  /** A draw offer waits for the computer's answer. */
  drawPending = false;

  /** Whether the player to act may resign or offer a draw: a game in progress at its latest position, not a demo. */
  canEnd(): boolean {
    const s = this.game.status();
    if (s.over || !this.game.atEnd || this.mode === 'demo') return false;
    return this.mode === 'two' || !this.isComputer(s.turn) || this.thinking;
  }

  /** 认输: against the computer you resign; with two players the side to move does. */
  resign(): void {
    if (!this.canEnd()) return;
    const loser = this.mode === 'two' ? this.game.turn() : this.mode === 'black' ? 'black' : 'red';
    this.turns.cancel();
    if (this.game.end(loser === 'red' ? '0-1' : '1-0', 'resignation')) this.changed({ effect: 'end' });
  }

  /**
   * 提和: the computer answers after a short search of its own (accepting only when it is not better);
   * with two players the other side accepts or ignores the offer.
   */
  async offerDraw(): Promise<void> {
    if (!this.canEnd() || this.drawPending) return;
    const s = this.game.status();
    if (this.mode === 'two') {
      const side = this.t(s.turn === 'red' ? 'red' : 'black');
      const version = this.version;
      this.showToast(this.t('drawOffered', { side }), 'info', {
        label: this.t('acceptDraw'),
        run: () => {
          if (version === this.version && this.game.end('1/2-1/2', 'agreement')) this.changed({ effect: 'end' });
        },
      });
      return;
    }
    if (this.isComputer(s.turn)) return;
    const version = this.version;
    this.drawPending = true;
    this.requestRender();
    try {
      const result = await this.player.move(this.game.startFen, this.game.played, { movetime: DRAW_THINK_MS });
      if (version !== this.version) return;
      // The score is the player's (to move); the computer's is its opposite.
      const own = 'mate' in result.score ? { mate: -result.score.mate } : { cp: -result.score.cp };
      if (computerAcceptsDraw(own) && this.game.end('1/2-1/2', 'agreement')) this.changed({ effect: 'end' });
      else this.showToast(this.t('drawDeclined'), 'info');
    } catch {
      // Cancelled (the position changed) or the engine failed: the offer lapses.
    } finally {
      if (version === this.version) {
        this.drawPending = false;
        this.requestRender();
      }
    }
  }

  canUndo(): boolean {
    const g = this.game;
    if (g.cursor === 0) return false;
    if (this.mode === 'demo' || this.mode === 'two') return true;
    // Against the computer, its very first move (you play Black) is not yours to take back.
    return !(g.cursor === 1 && this.isComputer(g.turnAt(0)));
  }

  undo(): void {
    if (!this.canUndo()) return;
    // Taking a move back takes back a resignation or an agreed draw made after it.
    this.game.clearEnding();
    if (this.game.undo((side) => this.isComputer(side))) this.changed();
  }

  redo(): void {
    if (this.game.redo((side) => this.isComputer(side))) this.changed({ animate: true });
  }

  /** Shows the position after `ply` moves (0: the start). */
  goTo(ply: number): void {
    const before = this.game.cursor;
    if (this.game.goTo(ply)) this.changed({ animate: this.game.cursor === before + 1 });
  }

  step(delta: number): void {
    const before = this.game.cursor;
    if (this.game.goTo(before + delta)) this.changed({ animate: delta === 1 });
  }

  /** The review, while the line shown begins with the moves it reviewed. */
  get review(): ReviewState | null {
    const s = this.reviewer.state;
    const moves = this.game.moves;
    return s && this.reviewed.every((m, i) => moves[i] === m) ? s : null;
  }

  startReview(): void {
    const line = this.game.line.map((n) => ({ id: n.id, move: n.move }));
    if (line.length === 0) return;
    this.reviewed = line.map((m) => m.move);
    void this.reviewer.run(this.game.startFen, line, this.game.turnAt(0));
  }

  cancelReview(): void {
    this.reviewer.cancel();
  }

  // ---- the position editor (摆棋: editor.ts, editor-view.ts) --------------------------------------------

  editor: PositionEditor | null = null;

  /** Opens the editor on the position on the board. */
  openEditor(): void {
    this.turns.cancel();
    this.editor = new PositionEditor(this.game.fen(), this.settings.orientation, this.scratch);
    this.runClock();
    this.requestRender();
  }

  closeEditor(): void {
    this.editor = null;
    this.runClock();
    this.requestRender();
    void this.turns.maybeMove();
  }

  editorChanged(): void {
    this.requestRender();
  }

  /** A new game from the edited position: to play (the players as they are), or to analyse (two players, analysis on). */
  editorPlay(analyse: boolean): void {
    const ed = this.editor;
    if (!ed || ed.problems().length > 0) return;
    const fen = ed.fen;
    this.editor = null;
    if (analyse) {
      this.settings.red = 'human';
      this.settings.black = 'human';
      this.settings.analysis = true;
      this.saveSettings();
    }
    this.newGame(fen);
  }

  setTab(tab: SideTab): void {
    this.sideTab = tab;
    this.requestRender();
  }

  selectNode(id: number): void {
    const node = this.game.find(id);
    const before = this.game.cursor;
    if (node && this.game.select(node)) this.changed({ animate: this.game.cursor === before + 1 });
  }

  switchVariation(delta: number): boolean {
    const node = this.game.current;
    const siblings = node.parent?.children ?? [];
    const next = siblings[siblings.indexOf(node) + delta];
    if (!next) return false;
    this.selectNode(next.id);
    return true;
  }

  setComment(text: string): void {
    this.game.setComment(this.game.current, text);
    this.game.save();
    this.requestRender();
  }

  /** The variation the current move is on becomes the main line where it branches. */
  promoteVariation(): void {
    if (this.game.promote(this.game.current)) {
      this.game.save();
      this.requestRender();
    }
  }

  /** Deletes the current move and what follows it; the board goes back one move. */
  deleteMove(): void {
    if (this.game.remove(this.game.current)) this.changed();
  }

  /** From a position in the past: the line ends here (the tree keeps the rest), so play and the computer go on from here. */
  playOnFromHere(): void {
    if (this.game.atEnd) return;
    this.game.truncate();
    this.changed();
  }

  /**
   * Starts again from the start (less the handicap chosen, 让子) or from `fen`; a game with moves stays
   * reachable from the message that says so.
   */
  newGame(fen = handicapFen(START_FEN, this.settings.handicap)): void {
    const previous = this.game.root.children.length > 0 ? this.game.record : null;
    this.game.newGame(fen);
    this.reviewer.clear();
    this.turns.paused = false;
    this.files.dialog = null;
    this.resetClock();
    this.changed();
    if (previous) {
      this.showToast(this.t('newGameStarted'), 'info', {
        label: this.t('restoreGame'),
        run: () => {
          this.game.load(previous);
          this.changed();
        },
      });
    }
  }

  // ---- analysis ---------------------------------------------------------------------------------------

  private updateAnalysis(): void {
    if (!this.settings.analysis) {
      if (this.analysis.state.key) this.analysis.stop();
      return;
    }
    const s = this.game.status();
    this.analysis.start(this.game.startFen, this.game.played, s.turn, s.over, this.settings.lines);
  }

  previewLine(multipv: number | null): void {
    this.preview = multipv;
    this.updateShapes();
  }

  /** A line of the analysis played into the tree, up to the move clicked. */
  playLine(moves: readonly string[]): void {
    const before = this.game.cursor;
    let played = 0;
    for (const m of moves) {
      if (!this.game.play(m)) break;
      played++;
    }
    this.preview = null;
    if (played) this.changed({ animate: this.game.cursor === before + 1, effect: 'move' });
  }

  toggleAnalysisDetails(): void {
    this.analysisOpen = !this.analysisOpen;
    this.requestRender();
  }

  private onAnalysis(state: AnalysisState): void {
    if (state.key && state.key !== this.positionKey()) return;
    this.updateShapes();
    this.requestRender();
  }

  /** Arrows on the board: the hint, and the engine's best move (a whole line while one is pointed at). */
  private updateShapes(): void {
    const a = this.analysis.state;
    const fresh = this.settings.analysis && this.settings.arrows && a.key === this.positionKey();
    const preview = this.preview === null ? undefined : a.lines.find((l) => l.multipv === this.preview)?.pv;
    this.boardLink.showArrows(fresh ? (preview ?? a.pv.slice(0, 1)) : null, this.turns.hint);
  }

  // ---- the computer (computer-turns.ts) ------------------------------------------------------------

  // What the templates show of the engine's moves.
  get thinking(): boolean {
    return this.turns.thinking;
  }
  get paused(): boolean {
    return this.turns.paused;
  }
  get hintPending(): boolean {
    return this.turns.hintPending;
  }

  togglePause(): void {
    this.turns.togglePause();
  }

  /** The engine's best move for the player to move, drawn as an arrow. */
  showHint(): Promise<void> {
    return this.turns.showHint();
  }

  // ---- the opening book (page-book.ts) and the opening's name (openings.ts) -----------------------

  /** A move from the book for the computer at the position shown, or null (out of book, the setting off). */
  private async bookMove(): Promise<string | null> {
    if (!this.settings.book || !(await this.book.load())) return null;
    return this.book.choose(this.game.seek(), levelLimits(this.settings.level).skill ?? 20);
  }

  bookNodes(): ReadonlySet<number> {
    return this.book.bookNodes(this.game, this.scratch);
  }

  bookMovesHere(): readonly string[] {
    return this.book.moves(this.game.seek()).map((m) => m.move);
  }

  opening(): OpeningName | null {
    return openingName(this.game.startFen, this.game.moves);
  }

  // ---- messages -----------------------------------------------------------------------------------------

  showToast(text: string, kind: Toast['kind'], action?: Toast['action']): void {
    this.toast = action ? { text, kind, action } : { text, kind };
    clearTimeout(this.toastTimer);
    if (!action) this.toastTimer = setTimeout(() => this.dismissToast(), kind === 'error' ? 8000 : 4000);
    this.requestRender();
  }

  dismissToast(): void {
    clearTimeout(this.toastTimer);
    this.toast = null;
    this.requestRender();
  }

  dismissBanner(): void {
    this.bannerDismissed = true;
    this.requestRender();
  }

  // ---- import and export (game-files.ts) ------------------------------------------------------------

  /** The files hook for tests and the page: same as files.importText / files.closeDialog. */
  importText(text: string): boolean {
    return this.files.importText(text);
  }

  closeDialog(): void {
    this.files.closeDialog();
  }

  // ---- keyboard ------------------------------------------------------------------------------------------

  /** Page-wide keys (page-keys.ts), unless a text field or the board (which has its own keys) has the focus. */
  onKeydown(event: KeyboardEvent): void {
    this.sound.unlock();
    if (event.defaultPrevented || event.altKey || this.files.dialog || this.editor) return;
    if (runPageKey(event, this)) event.preventDefault();
  }

  get lang(): Lang {
    return this.settings.lang;
  }
}
