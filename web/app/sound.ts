// Sound effects and quiet background music, synthesised with Web Audio (no sound files). Nothing is
// created until the player turns sound or music on, and the audio context only starts inside a user
// gesture (browsers keep it silent otherwise): unlock() is called from the page's pointer and key
// handlers.

export type Effect = 'move' | 'capture' | 'check' | 'end';

type Ctx = AudioContext;

/** D major pentatonic over two octaves (D E F# A B), the scale of much traditional music. */
const SCALE = [146.83, 164.81, 185.0, 220.0, 246.94, 293.66, 329.63, 369.99, 440.0, 493.88, 587.33];

export class Sound {
  private ctx: Ctx | null = null;
  private fx: GainNode | null = null;
  private musicBus: GainNode | null = null;
  private noise: AudioBuffer | null = null;
  private effects = false;
  private music = false;
  private scheduler: ReturnType<typeof setInterval> | undefined;
  private nextNote = 0;
  private degree = 5;
  private drone: OscillatorNode[] = [];

  /** `gesture`: called from a user's click or key, so audio may start now; otherwise at the next one. */
  setEffects(on: boolean, gesture = true): void {
    this.effects = on;
    if (on && gesture) this.unlock();
  }

  setMusic(on: boolean, gesture = true): void {
    this.music = on;
    if (!on) this.stopMusic();
    else if (gesture) this.unlock();
  }

  /** Creates or resumes the audio context; call from a user gesture. */
  unlock(): void {
    if (!this.effects && !this.music) return;
    if (!this.ctx) {
      // Older Safari names it webkitAudioContext; some browsers have neither.
      const host = globalThis as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext };
      const Ctor = host.AudioContext ?? host.webkitAudioContext;
      if (!Ctor) return;
      const ctx = new Ctor();
      this.ctx = ctx;
      const out = ctx.createDynamicsCompressor();
      out.connect(ctx.destination);
      this.fx = ctx.createGain();
      this.fx.gain.value = 0.6;
      this.fx.connect(out);
      this.musicBus = ctx.createGain();
      this.musicBus.gain.value = 0;
      this.musicBus.connect(out);
      const length = Math.floor(ctx.sampleRate * 0.5);
      this.noise = ctx.createBuffer(1, length, ctx.sampleRate);
      const data = this.noise.getChannelData(0);
      for (let i = 0; i < length; i++) data[i] = Math.random() * 2 - 1;
    }
    if (this.ctx.state === 'suspended') void this.ctx.resume();
    if (this.music) this.startMusic();
  }

  play(effect: Effect): void {
    const ctx = this.ctx;
    if (!this.effects || !ctx || ctx.state !== 'running') return;
    const t = ctx.currentTime + 0.01;
    switch (effect) {
      case 'move':
        this.clack(t, 1800, 0.7);
        break;
      case 'capture':
        this.clack(t, 1500, 0.9);
        this.clack(t + 0.07, 1100, 0.8);
        break;
      case 'check':
        this.clack(t, 1800, 0.6);
        this.bell(t + 0.08, 1318.5, 0.22, 0.5);
        this.bell(t + 0.2, 1760, 0.18, 0.6);
        break;
      case 'end':
        this.gong(t + 0.05);
        break;
    }
  }

  /** A wooden piece set down: a filtered noise tick and a short low knock. */
  private clack(t: number, pitch: number, level: number): void {
    const ctx = this.ctx!;
    const src = ctx.createBufferSource();
    src.buffer = this.noise;
    const band = ctx.createBiquadFilter();
    band.type = 'bandpass';
    band.frequency.value = pitch;
    band.Q.value = 1.2;
    const g = ctx.createGain();
    g.gain.setValueAtTime(0, t);
    g.gain.linearRampToValueAtTime(level, t + 0.002);
    g.gain.exponentialRampToValueAtTime(0.001, t + 0.05);
    src.connect(band).connect(g).connect(this.fx!);
    src.start(t);
    src.stop(t + 0.06);

    const knock = ctx.createOscillator();
    knock.type = 'sine';
    knock.frequency.setValueAtTime(pitch / 8, t);
    knock.frequency.exponentialRampToValueAtTime(pitch / 16, t + 0.08);
    const kg = ctx.createGain();
    kg.gain.setValueAtTime(0, t);
    kg.gain.linearRampToValueAtTime(level * 0.8, t + 0.003);
    kg.gain.exponentialRampToValueAtTime(0.001, t + 0.09);
    knock.connect(kg).connect(this.fx!);
    knock.start(t);
    knock.stop(t + 0.1);
  }

  private bell(t: number, freq: number, level: number, decay: number): void {
    const ctx = this.ctx!;
    for (const [ratio, share] of [
      [1, 1],
      [2.76, 0.3],
    ] as const) {
      const o = ctx.createOscillator();
      o.type = 'sine';
      o.frequency.value = freq * ratio;
      const g = ctx.createGain();
      g.gain.setValueAtTime(0, t);
      g.gain.linearRampToValueAtTime(level * share, t + 0.005);
      g.gain.exponentialRampToValueAtTime(0.0005, t + decay);
      o.connect(g).connect(this.fx!);
      o.start(t);
      o.stop(t + decay + 0.05);
    }
  }

  /** A small gong: inharmonic partials with a slow decay and a slight downward bend. */
  private gong(t: number): void {
    const ctx = this.ctx!;
    const base = 130;
    for (const [ratio, share, decay] of [
      [1, 0.5, 3],
      [1.48, 0.3, 2.2],
      [2.03, 0.22, 1.6],
      [2.74, 0.15, 1.2],
      [3.9, 0.08, 0.8],
    ] as const) {
      const o = ctx.createOscillator();
      o.type = 'sine';
      o.frequency.setValueAtTime(base * ratio * 1.01, t);
      o.frequency.exponentialRampToValueAtTime(base * ratio, t + 0.6);
      const g = ctx.createGain();
      g.gain.setValueAtTime(0, t);
      g.gain.linearRampToValueAtTime(share * 0.7, t + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0005, t + decay);
      o.connect(g).connect(this.fx!);
      o.start(t);
      o.stop(t + decay + 0.05);
    }
  }

  // ---- music: a slow pentatonic line on a plucked string, over a soft drone -------------------------

  private startMusic(): void {
    const ctx = this.ctx;
    if (!ctx || !this.musicBus || this.scheduler !== undefined) return;
    const now = ctx.currentTime;
    this.musicBus.gain.cancelScheduledValues(now);
    this.musicBus.gain.setValueAtTime(this.musicBus.gain.value, now);
    this.musicBus.gain.linearRampToValueAtTime(0.35, now + 2);
    for (const [freq, level] of [
      [73.42, 0.05],
      [110, 0.03],
    ] as const) {
      const o = ctx.createOscillator();
      o.type = 'sine';
      o.frequency.value = freq;
      const g = ctx.createGain();
      g.gain.value = level;
      // A slow swell so the drone breathes.
      const lfo = ctx.createOscillator();
      lfo.frequency.value = 0.07 + Math.random() * 0.05;
      const depth = ctx.createGain();
      depth.gain.value = level * 0.5;
      lfo.connect(depth).connect(g.gain);
      o.connect(g).connect(this.musicBus);
      o.start();
      lfo.start();
      this.drone.push(o, lfo);
    }
    this.nextNote = now + 0.5;
    this.scheduler = setInterval(() => this.schedule(), 250);
  }

  private schedule(): void {
    const ctx = this.ctx;
    if (!ctx) return;
    while (this.nextNote < ctx.currentTime + 1.2) {
      const t = this.nextNote;
      // A gentle random walk over the scale, now and then a rest or a two-note gesture.
      const r = Math.random();
      if (r < 0.2) {
        this.nextNote += 1.2;
        continue;
      }
      const step = [-2, -1, -1, 1, 1, 2][Math.floor(Math.random() * 6)]!;
      this.degree = Math.max(0, Math.min(SCALE.length - 1, this.degree + step));
      this.pluck(t, SCALE[this.degree]!, 0.22);
      if (r > 0.85 && this.degree > 1) this.pluck(t + 0.18, SCALE[this.degree - 1]!, 0.12);
      this.nextNote += [0.6, 0.9, 1.2, 1.8][Math.floor(Math.random() * 4)]!;
    }
  }

  /** A guzheng-like pluck: bright attack, long soft decay, the brightness fading first. */
  private pluck(t: number, freq: number, level: number): void {
    const ctx = this.ctx!;
    const o = ctx.createOscillator();
    o.type = 'triangle';
    o.frequency.value = freq;
    const o2 = ctx.createOscillator();
    o2.type = 'sine';
    o2.frequency.value = freq * 2.005;
    const filter = ctx.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.setValueAtTime(freq * 8, t);
    filter.frequency.exponentialRampToValueAtTime(freq * 1.5, t + 1.2);
    const g = ctx.createGain();
    g.gain.setValueAtTime(0, t);
    g.gain.linearRampToValueAtTime(level, t + 0.004);
    g.gain.exponentialRampToValueAtTime(0.0005, t + 2.4);
    const g2 = ctx.createGain();
    g2.gain.value = 0.25;
    o.connect(filter);
    o2.connect(g2).connect(filter);
    filter.connect(g).connect(this.musicBus!);
    for (const osc of [o, o2]) {
      osc.start(t);
      osc.stop(t + 2.5);
    }
  }

  private stopMusic(): void {
    clearInterval(this.scheduler);
    this.scheduler = undefined;
    const ctx = this.ctx;
    if (!ctx || !this.musicBus) return;
    const now = ctx.currentTime;
    this.musicBus.gain.cancelScheduledValues(now);
    this.musicBus.gain.setValueAtTime(this.musicBus.gain.value, now);
    this.musicBus.gain.linearRampToValueAtTime(0, now + 0.4);
    for (const o of this.drone) o.stop(now + 0.5);
    this.drone = [];
  }
}
