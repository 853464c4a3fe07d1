// The UCI protocol over the Engine interface: text lines in, text lines out. Bad input gets
// `info string error: ...` and the session keeps its last good position.
import { createEngine, START_FEN, type Backend, type Engine, type LoadOptions } from '../web/engine/index.ts';
import { renderBoard } from './board-text.ts';

export const ENGINE_NAME = 'xiangqi-wasm 0.1.0';
const HASH_DEFAULT_MB = 16;
const HASH_MAX_MB = 1024;

export type Output = (line: string) => void;

export class UciSession {
  private engines = new Map<Backend, Engine>();
  private backend: Backend = 'wasm';
  private engine!: Engine;
  private hashMb = HASH_DEFAULT_MB;

  private constructor(private readonly out: Output, private readonly load: LoadOptions) {}

  static async start(out: Output, load: LoadOptions = {}): Promise<UciSession> {
    const session = new UciSession(out, load);
    session.engine = await session.engineFor('wasm');
    return session;
  }

  private async engineFor(backend: Backend): Promise<Engine> {
    let engine = this.engines.get(backend);
    if (!engine) {
      engine = await createEngine(backend, this.load);
      this.engines.set(backend, engine);
    }
    return engine;
  }

  private error(message: string): void {
    this.out(`info string error: ${message}`);
  }

  /** Handles one command line; returns false when the session should end. */
  async handle(line: string): Promise<boolean> {
    const tokens = line.trim().split(/\s+/).filter((t) => t !== '');
    const [command, ...args] = tokens;
    switch (command) {
      case undefined:
        return true;
      case 'quit':
        return false;
      case 'uci':
        this.out(`id name ${ENGINE_NAME}`);
        this.out('id author the xiangqi-wasm developers');
        this.out(`option name Hash type spin default ${HASH_DEFAULT_MB} min 1 max ${HASH_MAX_MB}`);
        this.out('option name Backend type combo default wasm var wasm var js');
        this.out('uciok');
        return true;
      case 'isready':
        this.out('readyok');
        return true;
      case 'ucinewgame':
        this.engine.setPosition(START_FEN);
        return true;
      case 'position':
        this.position(args);
        return true;
      case 'setoption':
        await this.setOption(args);
        return true;
      case 'go':
        this.go(args);
        return true;
      case 'd':
        this.out(renderBoard(this.engine.board()));
        this.out(`Fen: ${this.engine.fen()}`);
        this.out(`Key moves: ${this.engine.history().join(' ') || '(none)'}`);
        this.out(`Checkers: ${this.engine.inCheck() ? 'in check' : 'none'}`);
        return true;
      default:
        this.error(`unknown command "${command}"`);
        return true;
    }
  }

  private position(args: string[]): void {
    const movesAt = args.indexOf('moves');
    const moves = movesAt < 0 ? [] : args.slice(movesAt + 1);
    const spec = movesAt < 0 ? args : args.slice(0, movesAt);
    let fen: string;
    if (spec[0] === 'startpos' && spec.length === 1) {
      fen = START_FEN;
    } else if (spec[0] === 'fen' && spec.length > 1) {
      fen = spec.slice(1).join(' ');
    } else {
      this.error('expected "position startpos [moves ...]" or "position fen <fen> [moves ...]"');
      return;
    }
    try {
      this.engine.setPosition(fen, moves);
    } catch (e) {
      this.error(`${(e as Error).message}; position unchanged`);
    }
  }

  private async setOption(args: string[]): Promise<void> {
    const nameAt = args.indexOf('name');
    const valueAt = args.indexOf('value');
    if (nameAt !== 0) {
      this.error('expected "setoption name <name> [value <value>]"');
      return;
    }
    const name = args.slice(1, valueAt < 0 ? undefined : valueAt).join(' ').toLowerCase();
    const value = valueAt < 0 ? '' : args.slice(valueAt + 1).join(' ');
    if (name === 'backend') {
      if (value !== 'wasm' && value !== 'js') {
        this.error(`Backend must be wasm or js, not "${value}"`);
        return;
      }
      const next = await this.engineFor(value);
      next.setPosition(this.engine.startFen(), this.engine.history());
      this.engine = next;
      this.backend = value;
    } else if (name === 'hash') {
      const mb = parseWhole(value);
      if (mb === null || mb < 1 || mb > HASH_MAX_MB) {
        this.error(`Hash must be a whole number of MB from 1 to ${HASH_MAX_MB}, not "${value}"`);
        return;
      }
      this.hashMb = mb;
    } else {
      this.error(`unknown option "${name}"`);
    }
  }

  private go(args: string[]): void {
    if (args[0] === 'perft') {
      const depth = parseWhole(args[1] ?? '');
      if (depth === null || depth < 1 || depth > 12) {
        this.error(`go perft needs a depth from 1 to 12, not "${args[1] ?? ''}"`);
        return;
      }
      let total = 0;
      for (const [move, count] of this.engine.divide(depth)) {
        this.out(`${move}: ${count}`);
        total += count;
      }
      this.out('');
      this.out(`Nodes searched: ${total}`);
      return;
    }
    this.error(`unsupported go command "${args.join(' ')}"`);
  }

  get currentBackend(): Backend {
    return this.backend;
  }
  get hashSizeMb(): number {
    return this.hashMb;
  }
}

function parseWhole(text: string): number | null {
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}
