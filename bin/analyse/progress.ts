// How far a run is, on standard error: a bar redrawn in place on a terminal (games done, positions a
// second, time left), or a plain line per game when the output goes to a file or a CI log.

export type ProgressStyle = 'bar' | 'lines' | 'none';

export class Progress {
  private positions = 0;
  private games = 0;
  private lastDraw = 0;
  private readonly start = performance.now();

  constructor(
    private readonly style: ProgressStyle,
    /** Games to analyse in this run, and their positions. */
    private readonly totalGames: number,
    private readonly totalPositions: number,
    /** Games done by an earlier run of the same command (resumed). */
    private readonly resumed: number,
    private readonly write: (text: string) => void = (text) => process.stderr.write(text),
  ) {}

  /** Positions a second so far. */
  get rate(): number {
    return this.positions / Math.max(1e-3, (performance.now() - this.start) / 1000);
  }

  get elapsedMs(): number {
    return performance.now() - this.start;
  }

  position(): void {
    this.positions++;
    if (this.style === 'bar' && performance.now() - this.lastDraw > 100) this.draw();
  }

  game(label: string): void {
    this.games++;
    if (this.style === 'lines') this.write(`${this.status()}  ${label}\n`);
    else if (this.style === 'bar') this.draw();
  }

  /** A message between the bar's redraws (a skipped game). */
  note(text: string): void {
    if (this.style === 'none') return;
    this.write(this.style === 'bar' ? `\r\x1b[K${text}\n` : `${text}\n`);
    if (this.style === 'bar') this.draw();
  }

  done(): void {
    if (this.style === 'bar') this.write('\r\x1b[K');
  }

  private status(): string {
    const all = this.totalGames + this.resumed;
    const rate = this.rate;
    const left = rate > 0 ? (this.totalPositions - this.positions) / rate : NaN;
    return `${this.games + this.resumed}/${all} games · ${Math.round(rate)} positions/s · ${duration(left)} left`;
  }

  private draw(): void {
    this.lastDraw = performance.now();
    const width = 24;
    const filled = Math.round((this.positions / Math.max(1, this.totalPositions)) * width);
    this.write(`\r\x1b[K[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${this.status()}`);
  }
}

/** `2m 05s`, `1h 02m`, `?` while unknown. */
export function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
