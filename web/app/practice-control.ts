// The practice tab's controller (练习): puzzles from the engine's own games (puzzle-set.ts) set up on
// the board one at a time. The player finds the move; in a longer line the computer plays the
// puzzle's answer and waits for the next move, until the line is done. A wrong move, or a hint asked
// for, counts the puzzle as failed and a solve without either as solved: once per puzzle, as one
// Glicko-2 game against the puzzle's rating (puzzle-progress.ts); Retry plays it again unrated.
// While a puzzle is on the board, the page's own computer and clocks stand aside (state.practice).
import type { Color } from '../engine/types.ts';
import type { Puzzle } from '../notation/puzzles.ts';
import type { PageMessage, Receiver } from './page-messages.ts';
import type { PageState } from './page-state.ts';
import { loadRecord, ratedAfter, saveRecord, type PracticeRecord } from './puzzle-progress.ts';
import { choosePuzzle, fetchPuzzles, puzzleId } from './puzzle-set.ts';
import type { PracticeStage, Toast } from './view-model.ts';

/** How long the computer waits before it plays the puzzle's answer (the player sees their move land). */
const ANSWER_DELAY_MS = 400;

export class PracticeControl implements Receiver {
  record: PracticeRecord = loadRecord();
  puzzle: Puzzle | null = null;
  stage: PracticeStage = 'idle';
  /** The rating's change from the last rated puzzle (null before the first). */
  lastChange: number | null = null;
  loadError: string | null = null;
  /** The hint asked for on this puzzle: the square of the piece to move. */
  hint: string | null = null;
  private puzzles: Puzzle[] | null = null;
  /** The puzzle's moves played so far (the player's and the computer's). */
  private done = 0;
  /** The puzzle counted already (failed, or solved). */
  private rated = false;
  /** The page is setting up a puzzle: its own new-game message does not end practice. */
  private settingUp = false;
  /** The board's orientation before practice turned it to the puzzle's side; restored when practice ends. */
  private orientationBefore: Color | null = null;

  constructor(
    private readonly state: PageState,
    private readonly playMove: (move: string, animate: boolean) => boolean,
    private readonly showToast: (text: string, kind: Toast['kind']) => void,
  ) {}

  get side(): Color | null {
    return this.state.practice?.side ?? null;
  }

  /** Opens practice: the puzzles are fetched the first time, then the next one is set up. */
  async start(): Promise<void> {
    if (!this.puzzles) {
      this.stage = 'loading';
      this.loadError = null;
      this.state.requestRender();
      try {
        this.puzzles = await fetchPuzzles();
      } catch (error) {
        this.stage = 'idle';
        this.loadError = error instanceof Error ? error.message : String(error);
        this.state.requestRender();
        return;
      }
    }
    this.next();
  }

  /** A new puzzle near the player's rating, not one solved before (nor the one on the board). */
  next(): void {
    const solved = new Set(this.record.solved);
    const puzzle = this.puzzles && choosePuzzle(this.puzzles, this.record.rating, solved, Math.random, this.puzzle);
    if (!puzzle) {
      this.loadError = this.state.t('practiceNone');
      this.state.requestRender();
      return;
    }
    this.puzzle = puzzle;
    this.rated = false;
    this.setUp();
  }

  /** The same puzzle from its start again (a puzzle counts once: a retry changes no rating). */
  retry(): void {
    if (this.puzzle) this.setUp();
  }

  /** Shows where the move starts; the puzzle then counts as not solved. */
  showHint(): void {
    const puzzle = this.puzzle;
    if (!puzzle || this.stage !== 'solving') return;
    this.hint = puzzle.moves[this.done]!.slice(0, 2);
    this.rate(0);
    this.showToast(this.state.t('practiceHintText', { square: this.hint }), 'info');
    this.state.requestRender();
  }

  /** Back to playing games: the puzzle stays on the board as a position to play on. */
  leave(): void {
    this.end();
    this.state.requestRender();
  }

  receive(message: PageMessage): void {
    // Anything else that replaces the game ends practice.
    if ((message.type === 'new-game' || message.type === 'imported') && !this.settingUp) this.end();
    else if (message.type === 'position' && message.moved && message.moved === this.side) this.judge();
    else if (message.type === 'position' && !message.moved) this.follow();
  }

  /** The puzzle being solved and the page's practice state, or null while none is. */
  private solving(): { puzzle: Puzzle; practice: NonNullable<PageState['practice']> } | null {
    const { puzzle } = this;
    const { practice } = this.state;
    return puzzle && practice && this.stage === 'solving' ? { puzzle, practice } : null;
  }

  /**
   * The board went elsewhere in the game without a move (undo, redo, the move list): the puzzle goes
   * on from there while the board is on its line. On the player's turn, the player's move is awaited;
   * on the other side's, the computer plays the puzzle's answer.
   */
  private follow(): void {
    const { state } = this;
    const solving = this.solving();
    if (!solving) return;
    const { puzzle, practice } = solving;
    const played = state.game.played;
    if (played.length >= puzzle.moves.length || played.some((move, i) => move !== puzzle.moves[i])) return;
    this.done = played.length;
    if (state.game.turn() === practice.side) practice.accepting = true;
    else this.answerLater(puzzle, practice);
    state.requestRender();
  }

  /** Sets the puzzle up from its start, the player's side at the bottom. */
  private setUp(): void {
    const { state } = this;
    const puzzle = this.puzzle!;
    const side: Color = puzzle.fen.split(' ')[1] === 'b' ? 'black' : 'red';
    this.done = 0;
    this.hint = null;
    this.stage = 'solving';
    state.practice = { side, accepting: true };
    this.settingUp = true;
    try {
      state.game.newGame(puzzle.fen);
      this.orientationBefore ??= state.settings.orientation;
      state.set('orientation', side);
      state.send({ type: 'new-game' });
      state.changed();
    } finally {
      this.settingUp = false;
    }
  }

  /** The player's move just played: the puzzle's next move (or a mate), or not. */
  private judge(): void {
    const { state } = this;
    const solving = this.solving();
    if (!solving) return;
    const { puzzle, practice } = solving;
    const played = state.game.played;
    const move = played[played.length - 1];
    const status = state.game.status();
    const mates = status.over && status.result === (practice.side === 'red' ? '1-0' : '0-1');
    if (played.length !== this.done + 1 || (move !== puzzle.moves[this.done] && !mates)) {
      practice.accepting = false;
      this.stage = 'wrong';
      this.rate(0);
      state.requestRender();
      return;
    }
    this.done++;
    this.hint = null;
    if (mates || this.done >= puzzle.moves.length) {
      practice.accepting = false;
      this.stage = 'solved';
      this.rate(1);
      state.requestRender();
      return;
    }
    this.answerLater(puzzle, practice);
    state.requestRender();
  }

  /** The computer's answer (the puzzle's next move) after a moment, then the player's next move. */
  private answerLater(puzzle: Puzzle, practice: NonNullable<PageState['practice']>): void {
    const { state } = this;
    practice.accepting = false;
    const version = state.version;
    const answer = puzzle.moves[this.done]!;
    setTimeout(() => {
      if (state.version !== version || this.puzzle !== puzzle || state.practice !== practice) return;
      if (!this.playMove(answer, true)) return;
      this.done++;
      practice.accepting = true;
      state.requestRender();
    }, ANSWER_DELAY_MS);
  }

  /** Counts the puzzle on the board (once): solved (1) or failed (0). */
  private rate(score: 0 | 1): void {
    const puzzle = this.puzzle;
    if (!puzzle || this.rated) return;
    this.rated = true;
    const before = this.record.rating;
    const after = ratedAfter(this.record, puzzle.rating, score);
    if (score === 1) after.solved = [...after.solved.filter((id) => id !== puzzleId(puzzle)), puzzleId(puzzle)];
    this.record = after;
    this.lastChange = after.rating - before;
    saveRecord(after);
  }

  private end(): void {
    this.state.practice = null;
    this.puzzle = null;
    this.stage = 'idle';
    this.hint = null;
    if (this.orientationBefore !== null) this.state.set('orientation', this.orientationBefore);
    this.orientationBefore = null;
  }
}
