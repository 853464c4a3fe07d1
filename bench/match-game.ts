// One match game: two fresh engine processes, moves checked and the game adjudicated by our own
// adapter (the same rules the board announces), so neither engine judges its own game.
import type { Color, Engine, GameEndReason, GameResult, RuleSet } from '../web/engine/index.ts';
import type { Opening } from '../lib/openings.ts';
import { Player, type EngineSpec, type Reply } from './match-player.ts';

export type TimeControl =
  | { kind: 'movetime'; ms: number }
  /**
   * `go nodes N`: the same work whatever the machine's load, so a test of a search change can run
   * beside other jobs (not for changes that alter speed: those need time).
   */
  | { kind: 'nodes'; nodes: number }
  /** A clock per side: `go wtime btime winc binc`. */
  | { kind: 'clock'; baseMs: number; incMs: number };

export interface GameConfig {
  ours: EngineSpec;
  opponent: EngineSpec;
  time: TimeControl;
  /** The opponent's time control when it differs (time odds); absent: `time` for both. */
  opponentTime?: TimeControl | undefined;
  /** The repetition rules the game is judged by (absent: the engine's default, computer). */
  rule?: RuleSet | undefined;
  /** How far past its time an engine may answer before it loses on time (ms). */
  marginMs: number;
  /** Draw when the game reaches this many plies (opening included). */
  maxPlies: number;
}

export interface GameSetup {
  /** 1-based, in schedule order. */
  index: number;
  opening: Opening;
  ourColor: Color;
}

export type Side = 'ours' | 'opponent';
export type EndReason = GameEndReason | 'max-plies' | 'illegal-move' | 'time-forfeit' | 'crash';

/** Per engine and game: what it reported, and how long it took by our clock. */
export interface SideStats {
  moves: number;
  /** Moves for which the engine reported a depth. */
  reported: number;
  depthSum: number;
  /** How many moves reached each depth (index = depth): the median says more than the mean, which a few very deep endgame searches pull up. Absent in records written before it. */
  depths?: number[];
  nodes: number;
  /** Search time the engine itself reported (ms), for nodes per second. */
  searchMs: number;
  /** Time from `go` to `bestmove` as measured here (ms). */
  thinkMs: number;
  maxThinkMs: number;
  /** With `go movetime T`: answers later than T + 30 ms (the limit). */
  lateMoves: number;
}

export interface GameRecord {
  index: number;
  opening: string;
  ourColor: Color;
  red: string;
  black: string;
  fen: string;
  openingPlies: number;
  /** ICCS, ranks 0-9, the opening's moves included. */
  moves: string[];
  /** What each engine said about each of its moves (the opening's moves have none), in move order. */
  moveInfo: MoveInfo[];
  result: GameResult;
  reason: EndReason;
  /** For losses by rule breaking: who, what, and where (FEN before the move). */
  detail?: string;
  /** Lines the engines printed as `info string error: ...`. */
  engineErrors?: string[];
  durationMs: number;
  stats: Record<Side, SideStats>;
}

/** One engine move as the record keeps it: its depth and score as the engine reported them, and its time by our clock. */
export interface MoveInfo {
  depth?: number;
  /** `cp N` or `mate N`, from the mover's point of view, as UCI gives it. */
  score?: string;
  ms: number;
}

/** The movetime overshoot the issue allows; later answers are counted, not punished. */
export const LATE_MS = 30;

export function emptyStats(): SideStats {
  return {
    moves: 0,
    reported: 0,
    depthSum: 0,
    depths: [],
    nodes: 0,
    searchMs: 0,
    thinkMs: 0,
    maxThinkMs: 0,
    lateMoves: 0,
  };
}

/** Adds `count` moves that reached `depth` to the per-depth counts. */
export function countDepth(stats: SideStats, depth: number, count: number): void {
  const depths = (stats.depths ??= []);
  while (depths.length <= depth) depths.push(0);
  depths[depth]! += count;
}

/** Our engine's score in a finished game: 1, 0.5 or 0. */
export function ourScore(game: Pick<GameRecord, 'result' | 'ourColor'>): number {
  if (game.result === '1/2-1/2') return 0.5;
  return (game.result === '1-0') === (game.ourColor === 'red') ? 1 : 0;
}

const other = (color: Color): Color => (color === 'red' ? 'black' : 'red');
const winFor = (color: Color): GameResult => (color === 'red' ? '1-0' : '0-1');

/** Plays one game on a rules engine of its own (the adapter holds one position at a time). */
export async function playGame(setup: GameSetup, config: GameConfig, rules: Engine): Promise<GameRecord> {
  const started = performance.now();
  const { opening, ourColor } = setup;
  if (config.rule) rules.setRule(config.rule);
  rules.setPosition(opening.fen, opening.moves);
  const record: GameRecord = {
    index: setup.index,
    opening: opening.name,
    ourColor,
    red: ourColor === 'red' ? config.ours.name : config.opponent.name,
    black: ourColor === 'red' ? config.opponent.name : config.ours.name,
    fen: opening.fen,
    openingPlies: opening.moves.length,
    moves: [],
    moveInfo: [],
    result: '1/2-1/2',
    reason: 'max-plies',
    durationMs: 0,
    stats: { ours: emptyStats(), opponent: emptyStats() },
  };
  const players: Player[] = [];
  try {
    const seats = new Map<Color, Player>();
    for (const [color, spec] of [
      [ourColor, config.ours],
      [other(ourColor), config.opponent],
    ] as const) {
      try {
        const player = await Player.start(spec);
        players.push(player);
        seats.set(color, player);
      } catch (error) {
        return end(
          record,
          rules,
          winFor(other(color)),
          'crash',
          `${spec.name} did not start: ${(error as Error).message}`,
        );
      }
    }
    return await playOut(record, config, rules, seats);
  } finally {
    record.durationMs = Math.round(performance.now() - started);
    await Promise.all(players.map((player) => player.close()));
  }
}

function end(record: GameRecord, rules: Engine, result: GameResult, reason: EndReason, detail?: string): GameRecord {
  record.moves = rules.history();
  record.result = result;
  record.reason = reason;
  if (detail) record.detail = detail;
  return record;
}

interface Turn {
  go: string;
  timeoutMs: number;
}

/** The `go` command for the side to move, and how long to wait for its answer. */
function turnFor(time: TimeControl, clocks: Record<Color, number>, color: Color, marginMs: number): Turn {
  if (time.kind === 'movetime') return { go: `go movetime ${time.ms}`, timeoutMs: time.ms + marginMs };
  // A node budget has no clock: wait as long as a slow (loaded, JS) search at 20 k nodes/s could need.
  if (time.kind === 'nodes') return { go: `go nodes ${time.nodes}`, timeoutMs: time.nodes / 20 + marginMs };
  const ms = (n: number) => Math.max(0, Math.round(n));
  return {
    go: `go wtime ${ms(clocks.red)} btime ${ms(clocks.black)} winc ${time.incMs} binc ${time.incMs}`,
    timeoutMs: clocks[color] + marginMs,
  };
}

async function playOut(
  record: GameRecord,
  config: GameConfig,
  rules: Engine,
  seats: Map<Color, Player>,
): Promise<GameRecord> {
  const base = config.time.kind === 'clock' ? config.time.baseMs : 0;
  const clocks: Record<Color, number> = { red: base, black: base };
  for (;;) {
    const status = rules.status();
    if (status.over) return end(record, rules, status.result!, status.reason!);
    if (rules.history().length >= config.maxPlies) return end(record, rules, '1/2-1/2', 'max-plies');

    const color = rules.turn();
    const player = seats.get(color)!;
    const side: Side = color === record.ourColor ? 'ours' : 'opponent';
    const fenBefore = rules.fen();
    const where = `in ${fenBefore} (game from ${record.fen} moves ${rules.history().join(' ') || '(none)'})`;
    const time = side === 'opponent' && config.opponentTime ? config.opponentTime : config.time;
    const turn = turnFor(time, clocks, color, config.marginMs);
    const reply = await player.think(record.fen, rules.history(), turn.go, turn.timeoutMs);
    const loss = (reason: EndReason, what: string) =>
      end(record, rules, winFor(other(color)), reason, `${player.spec.name} (${color}) ${what} ${where}`);

    if (reply.kind === 'crash') return loss('crash', reply.detail);
    if (reply.kind === 'timeout')
      return loss('time-forfeit', `gave no bestmove within ${Math.round(reply.elapsedMs)} ms after "${turn.go}"`);
    addStats(record.stats[side], reply, time);
    if (reply.errors.length) (record.engineErrors ??= []).push(...reply.errors.map((e) => `${player.spec.name}: ${e}`));
    if (config.time.kind === 'clock') {
      clocks[color] -= reply.elapsedMs;
      // Within the margin an overstep is forgiven (the clock stops at zero), as GUIs usually do.
      if (clocks[color] < -config.marginMs)
        return loss('time-forfeit', `overstepped its clock by ${Math.round(-clocks[color])} ms`);
      clocks[color] = Math.max(0, clocks[color]) + config.time.incMs;
    }
    try {
      rules.play(reply.move);
      const { depth, score } = reply.report;
      record.moveInfo.push({
        ...(depth !== undefined ? { depth } : {}),
        ...(score !== undefined ? { score } : {}),
        ms: Math.round(reply.elapsedMs),
      });
    } catch {
      return loss('illegal-move', `played "${reply.move}" after "${turn.go}", illegal`);
    }
  }
}

function addStats(stats: SideStats, reply: Extract<Reply, { kind: 'move' }>, time: TimeControl): void {
  stats.moves++;
  stats.thinkMs += reply.elapsedMs;
  stats.maxThinkMs = Math.max(stats.maxThinkMs, reply.elapsedMs);
  if (time.kind === 'movetime' && reply.elapsedMs > time.ms + LATE_MS) stats.lateMoves++;
  const { depth, nodes, time: searchMs } = reply.report;
  if (depth !== undefined) {
    stats.reported++;
    stats.depthSum += depth;
    countDepth(stats, depth, 1);
  }
  // nps from the totals of nodes and reported time: moves weigh by their length, not equally.
  if (nodes !== undefined && searchMs !== undefined) {
    stats.nodes += nodes;
    stats.searchMs += searchMs;
  }
}
