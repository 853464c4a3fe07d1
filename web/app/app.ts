// The game page put together: the shared state (page-state.ts: the game, the settings, the position's
// version), the search workers (the computer player, the analysis, the review), and one controller per
// panel, which hear the state's typed messages (page-messages.ts) and answer the templates' buttons
// (view.ts draws what view-model.ts lets it see). The order the parts are added in is the order they
// hear a change of position: the computer's old search is void first, and it moves last, once every
// other part has caught up. The page's other helpers: the board kept in line with the game
// (board-link.ts), the keyboard shortcuts (page-keys.ts) and the after-render touches (page-dom.ts).
import { render } from 'lit';
import type { XiangqiBoard } from '../board/element.ts';
import { SearchWorker } from '../engine/search-worker.ts';
import type { Engine, RuleSet } from '../engine/types.ts';
import { Analysis } from './analysis.ts';
import { AnalysisControl } from './analysis-control.ts';
import { AppUpdates } from './app-updates.ts';
import { BoardLink } from './board-link.ts';
import type { GameClock } from './clock.ts';
import { ClockControl } from './clock-control.ts';
import { ComputerTurns } from './computer-turns.ts';
import { EditorControl } from './editor-control.ts';
import { Endings } from './endings.ts';
import { EnginePlayer } from './engine-player.ts';
import { computerLimits } from './rated-levels.ts';
import { bookSkill } from '../engine/strength.ts';
import { BatchAnalysis } from './batch-analysis.ts';
import { GameFiles } from './game-files.ts';
import { LinkControl } from './link-control.ts';
import { PictureExport } from './picture-export.ts';
import type { Game } from './game.ts';
import { htmlLang } from './i18n.ts';
import { MovesControl } from './moves-control.ts';
import { Notices } from './notices.ts';
import { PageBook } from './page-book.ts';
import { scrollMoveList, scrollMoveStrip, syncDialog } from './page-dom.ts';
import { runPageKey } from './page-keys.ts';
import type { PageMessage, Receiver } from './page-messages.ts';
import { PageNetwork } from './page-network.ts';
import { PageState } from './page-state.ts';
import { pageView } from './page-view.ts';
import { PracticeControl } from './practice-control.ts';
import { DrillControl } from './drill-control.ts';
import { tableChoice, TablebaseWorker, type TableChoice } from '../egtb/tablebase-worker.ts';
import { PlayersControl } from './players-control.ts';
import { GameReview } from './review.ts';
import { ReviewControl } from './review-control.ts';
import type { Settings } from './settings.ts';
import { Sound } from './sound.ts';
import { appView } from './view.ts';
import type { PageView } from './view-model.ts';

export class App implements Receiver {
  readonly state: PageState;
  readonly view: PageView;
  readonly sound = new Sound();
  /** The installed app's service worker and its updates (registered by main.ts in a build). */
  readonly updates = new AppUpdates(() => this.requestRender());
  /** The opening book: the computer's moves from it, and the "book" marks (page-book.ts). */
  readonly book: PageBook;
  /** The network evaluation every search of the page uses once it has arrived (page-network.ts). */
  readonly network: PageNetwork;
  /** The computer's searches, the analysis's and the review's, each in its own worker. */
  readonly player: EnginePlayer;
  readonly analysis: Analysis;
  readonly reviewer: GameReview;
  readonly files: GameFiles;
  readonly turns: ComputerTurns;
  readonly clocks: ClockControl;
  readonly moves: MovesControl;
  readonly players: PlayersControl;
  readonly editor: EditorControl;
  /** Links to games: copied, and opened from the page's address. */
  readonly links: LinkControl;
  /** Pictures of the position and the game (the export dialog). */
  readonly pictures: PictureExport;
  readonly practice: PracticeControl;
  readonly drills: DrillControl;
  private readonly analysisControl: AnalysisControl;
  private readonly boardLink: BoardLink;
  /** Every search worker the page made (the rule setting reaches them all; a disposed one ignores it). */
  private readonly workers = new Set<SearchWorker>();
  /**
   * The endgame tables the computer plays from (and probes in its search) and the drills are set from
   * (never both at once: in a drill the computer stands aside); their worker starts on the first
   * request, apart from the analysis's.
   */
  private readonly tables = new TablebaseWorker();
  board: XiangqiBoard | null = null;
  private renderQueued = false;

  constructor(
    private readonly root: HTMLElement,
    settings: Settings,
    rules: Engine,
    /** The board's own engine, set to the game before the board is drawn. */
    boardEngine: Engine,
    /** A spare engine for reading and writing game files, the book marks and the editor's checks. */
    scratch: Engine,
  ) {
    const state = (this.state = new PageState(settings, rules, () => this.requestRender()));
    const game = state.game;
    boardEngine.setPosition(game.startFen, game.played);
    this.book = new PageBook(() => this.requestRender());
    this.network = new PageNetwork(settings.network);
    this.boardLink = new BoardLink(game, () => this.board);
    const notices = new Notices(() => this.requestRender());
    rules.setRule(settings.rule);
    const makeWorker = (threads = settings.threads) => {
      const worker = this.network.attach(new SearchWorker('wasm', undefined, { threads }));
      worker.setRule(this.state.settings.rule);
      this.workers.add(worker);
      return worker;
    };
    this.player = new EnginePlayer(
      { onCrash: (reason) => notices.show(state.t('engineCrashed', { reason }), 'error') },
      makeWorker,
    );
    this.player.useTables(this.tables);
    this.analysis = new Analysis((a) => this.analysisControl.onChange(a), makeWorker);
    this.reviewer = new GameReview(() => this.requestRender(), makeWorker);
    // The review and "Analyse all" judge endings by the tables too: a won ending is a mate there.
    this.reviewer.useTables(this.tables);

    this.editor = new EditorControl(state, scratch, (fen) => this.players.newGame(fen));
    this.clocks = new ClockControl(state, () => this.editor.editor !== null);
    this.moves = new MovesControl(
      state,
      this.book,
      scratch,
      () => this.boardLink.programmatic,
      (message) => notices.show(message, 'error'),
    );
    this.turns = new ComputerTurns(state, {
      player: this.player,
      analysisState: () => this.analysis.state,
      playMove: (move, animate) => this.moves.playMove(move, animate),
      showToast: (text, kind, action) => notices.show(text, kind, action),
      updateShapes: () => this.analysisControl.updateShapes(),
      clockBudget: (side) => this.clocks.budget(side),
      bookMove: () => this.bookMove(),
      tableChoice: () => this.tableChoice(),
    });
    const analysisControl = (this.analysisControl = new AnalysisControl(
      state,
      this.analysis,
      this.boardLink,
      this.book,
      () => this.turns.hint,
    ));
    const endings = new Endings(
      state,
      this.player,
      () => this.turns.thinking,
      (...a) => notices.show(...a),
    );
    const review = new ReviewControl(state, this.reviewer);
    // Its workers search with one thread each: the pool itself spreads the games over the cores.
    const batch = new BatchAnalysis(
      () => this.requestRender(),
      () => makeWorker(1),
      (worker) => {
        worker.dispose();
        this.workers.delete(worker);
        this.network.detach(worker);
      },
    );
    batch.useTables(this.tables);
    this.players = new PlayersControl(state, (...a) => notices.show(...a));
    this.files = new GameFiles(
      state,
      (games, review) => {
        state.send({ type: 'imported', review });
        state.changed();
        notices.show(games > 1 ? state.t('importedGames', { n: games }) : state.t('imported'), 'info');
      },
      scratch,
      root,
      batch,
    );
    this.pictures = new PictureExport(state, () => this.board);
    this.links = new LinkControl(
      state,
      scratch,
      (...a) => notices.show(...a),
      () => this.files.openDialog('export'),
    );

    this.practice = new PracticeControl(
      state,
      (move, animate) => this.moves.playMove(move, animate),
      (text, kind) => notices.show(text, kind),
    );
    state.listen(this.practice);
    this.drills = new DrillControl(state, (move, animate) => this.moves.playMove(move, animate), this.tables);
    state.listen(this.drills);
    state.listen(this.turns);
    state.listen(this.clocks);
    state.listen(endings);
    state.listen(notices);
    state.listen(this.moves);
    state.listen(review);
    state.listen(this.files);
    state.listen(this);
    state.listen(analysisControl);
    // Last: the computer moves once every other part has caught up with the change.
    state.listen({
      receive: (m) => {
        if (m.type === 'position' || m.type === 'players' || (m.type === 'editor' && !m.open))
          void this.turns.maybeMove();
      },
    });

    this.view = pageView(state, boardEngine, {
      moves: this.moves,
      players: this.players,
      computer: this.turns,
      endings,
      clocks: this.clocks,
      analysis: analysisControl,
      review,
      practice: this.practice,
      drills: this.drills,
      editor: this.editor,
      files: this.files,
      notices,
      updates: this.updates,
      links: this.links,
      pictures: this.pictures,
    });
  }

  /** What the page itself does on a message: the board, the sounds, the document's language, the workers. */
  receive(message: PageMessage): void {
    if (message.type === 'position') {
      this.boardLink.syncPosition(message.animate);
      if (message.effect) this.sound.play(message.effect);
    } else if (message.type === 'setting') {
      if (message.key === 'lang') this.applyDocumentSettings();
      else if (message.key === 'sound') this.sound.setEffects(message.value);
      else if (message.key === 'music') this.sound.setMusic(message.value);
      else if (message.key === 'network') this.network.setEnabled(message.value);
      else if (message.key === 'rule') this.setRule(message.value);
      else if (message.key === 'threads') {
        this.player.setThreads(message.value);
        this.analysis.setThreads(message.value);
      }
    }
  }

  /**
   * Judges repetitions by `rule`: the game (its end may change), every search worker; the board
   * takes it through its attribute. The position is the same, but the parts hear of it as a change:
   * the computer may now move or stop, the analysis starts again.
   */
  private setRule(rule: RuleSet): void {
    this.state.game.rules.setRule(rule);
    for (const worker of this.workers) worker.setRule(rule);
    this.state.changed();
  }

  /** Draws the page and starts whatever the position asks for (the computer's move, analysis). */
  start(): void {
    const settings = this.state.settings;
    this.applyDocumentSettings();
    // Fetched now, so the move list can mark book moves before the computer first asks.
    void this.book.load();
    void this.network.load();
    this.root.textContent = '';
    this.root.classList.remove('loading');
    this.renderNow();
    this.board = this.root.querySelector('xiangqi-board');
    // Remembered sound settings wait for the player's first click or key (browsers insist).
    this.sound.setEffects(settings.sound, false);
    this.sound.setMusic(settings.music, false);
    // An engine that cannot load is reported by the board itself (its notice and `error` event).
    void this.board?.ready.then(
      () => {
        this.boardLink.syncPosition(false);
        // Setting the position cleared the board's drawing: the position's own arrows and circles.
        this.boardLink.showDrawn();
      },
      () => {},
    );
    this.clocks.start();
    // A game in the page's address (a link followed) replaces the saved one, which stays one click away.
    this.links.start();
    this.analysisControl.update();
    void this.turns.maybeMove();
  }

  // ---- for the browser tests and the curious (window.xiangqi) -------------------------------------

  get game(): Game {
    return this.state.game;
  }
  get clock(): GameClock | null {
    return this.clocks.clock;
  }
  get thinking(): boolean {
    return this.turns.thinking;
  }
  newGame(): void {
    this.players.newGame();
  }
  playTyped(text: string): boolean {
    return this.moves.playTyped(text);
  }
  importText(text: string): boolean {
    return this.files.importText(text);
  }
  closeDialog(): void {
    this.files.closeDialog();
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
    render(appView(this.view), this.root);
    // After the board has handled a move of its own (it clears its arrows on every new position).
    this.analysisControl.updateShapes();
    this.boardLink.showDrawn();
    syncDialog(this.root, !!this.files.dialog);
    scrollMoveList(this.root, this.state.game.cursor === 0);
    scrollMoveStrip(this.root);
  }

  private applyDocumentSettings(): void {
    document.documentElement.lang = htmlLang(this.state.lang);
    document.title = this.state.t('documentTitle');
    // The board reads the page's language for its labels and announcements when it draws.
    this.board?.requestUpdate();
  }

  /** A move from the book for the computer at the position shown, or null (out of book, the setting off). */
  private async bookMove(): Promise<string | null> {
    const settings = this.state.settings;
    if (!settings.book || !(await this.book.load())) return null;
    return this.book.choose(this.state.game.seek(), bookSkill(computerLimits(settings)));
  }

  /** The endgame tables' choice for the computer at the position shown. */
  private tableChoice(): Promise<TableChoice | null> {
    return tableChoice(this.tables, this.state.game.fen());
  }

  /** Page-wide keys (page-keys.ts), unless a text field or the board (which has its own keys) has the focus. */
  onKeydown(event: KeyboardEvent): void {
    this.sound.unlock();
    if (event.defaultPrevented || event.altKey || this.files.dialog || this.editor.editor) return;
    const moves = this.moves;
    const actions = {
      game: this.state.game,
      undo: () => moves.undo(),
      redo: () => moves.redo(),
      step: (delta: number) => moves.step(delta),
      goTo: (ply: number) => moves.goTo(ply),
      switchVariation: (delta: number) => moves.switchVariation(delta),
      flip: () => this.view.set('orientation', this.state.settings.orientation === 'red' ? 'black' : 'red'),
      showHint: () => this.turns.showHint(),
    };
    if (runPageKey(event, actions)) event.preventDefault();
  }
}
