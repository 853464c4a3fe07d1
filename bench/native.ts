// A native UCI engine (Fairy-Stockfish) driven over stdin/stdout, for cross-checks and benchmarks.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';

export const FAIRY_STOCKFISH = ['/usr/games/fairy-stockfish', '/usr/bin/fairy-stockfish'].find((p) => existsSync(p));

export class UciProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private waiters: { test: (line: string) => boolean; resolve: (lines: string[]) => void }[] = [];
  private lines: string[] = [];
  private stderrTail = '';
  /** The engine's `id name`, once known (benchmarks report the version). */
  idName: string | null = null;
  /** Settles when the process ends (or could not start), with the exit code, signal or spawn error. */
  readonly exited: Promise<string>;

  constructor(command: string, args: string[] = []) {
    this.child = spawn(command, args, { stdio: 'pipe' });
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => resolve(signal ? `killed by ${signal}` : `exit code ${code}`));
      this.child.on('error', (error) => resolve(error.message));
    });
    // Writing to an engine that has died raises EPIPE on stdin; `exited` reports the death instead.
    this.child.stdin.on('error', () => {});
    // Drain stderr so a chatty engine never blocks on a full pipe; keep the tail for crash reports.
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-2000);
    });
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      this.lines.push(line);
      const waiter = this.waiters[0];
      if (waiter && waiter.test(line)) {
        this.waiters.shift();
        const collected = this.lines;
        this.lines = [];
        waiter.resolve(collected);
      }
    });
  }

  send(command: string): void {
    this.child.stdin.write(command + '\n');
  }

  /** Sends a command and collects output lines up to the one that satisfies `until`. */
  request(command: string, until: (line: string) => boolean): Promise<string[]> {
    const done = new Promise<string[]>((resolve) => this.waiters.push({ test: until, resolve }));
    this.send(command);
    return done;
  }

  quit(): void {
    this.send('quit');
    this.child.stdin.end();
  }

  /** Ends the process at once (no-op when it has already ended). */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** The last 2000 characters the process wrote to stderr. */
  get stderr(): string {
    return this.stderrTail;
  }
}

/** Fairy-Stockfish set to Xiangqi, or null when it is not installed. */
export async function startFairyStockfish(): Promise<UciProcess | null> {
  if (!FAIRY_STOCKFISH) return null;
  const engine = new UciProcess(FAIRY_STOCKFISH);
  const hello = await engine.request('uci', (l) => l === 'uciok');
  engine.idName = hello.find((l) => l.startsWith('id name '))?.slice('id name '.length) ?? null;
  engine.send('setoption name UCI_Variant value xiangqi');
  await engine.request('isready', (l) => l === 'readyok');
  return engine;
}

/** Fairy-Stockfish writes ranks 1-10 where we write 0-9. */
export function toFairyMove(move: string): string {
  return move.replace(/([a-i])(\d)/g, (_, file: string, rank: string) => file + (Number(rank) + 1));
}
export function fromFairyMove(move: string): string {
  return move.replace(/([a-i])(10|[1-9])/g, (_, file: string, rank: string) => file + (Number(rank) - 1));
}

/** Leaves of `go perft` from the FEN, or from the position already set when it is null. */
export async function nativePerft(engine: UciProcess, fen: string | null, depth: number): Promise<number> {
  if (fen !== null) engine.send(`position fen ${fen}`);
  const lines = await engine.request(`go perft ${depth}`, (l) => l.startsWith('Nodes searched'));
  return Number(lines[lines.length - 1]!.split(':')[1]);
}
