// The SPSA tuner (tune/spsa.ts, tune/spsa-math.ts): the schedule ends at the step and learning rate
// asked for, a step moves theta towards the side that won, SPSA finds the optimum of a noisy
// synthetic match, and the command line plays real game pairs, logs each one and resumes from its log.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../lib/random.ts';
import { gainAt, perturb, schedule, stepAt, update, type SpsaParam } from '../../tune/spsa-math.ts';

const margin: SpsaParam = { name: 'margin', min: 0, max: 400, cEnd: 10 };

describe('SPSA schedule', () => {
  it('ends at the step and learning rate asked for, with larger steps and gains before', () => {
    const plan = schedule(1000, 0.002);
    expect(stepAt(plan, margin, 1000)).toBeCloseTo(10, 10);
    expect(gainAt(plan, margin, 1000) / stepAt(plan, margin, 1000) ** 2).toBeCloseTo(0.002, 10);
    expect(stepAt(plan, margin, 1)).toBeGreaterThan(stepAt(plan, margin, 500));
    expect(gainAt(plan, margin, 1)).toBeGreaterThan(gainAt(plan, margin, 500));
  });

  it('plays whole values in range on both sides of theta, and moves theta towards the side that won', () => {
    const plan = schedule(100);
    const params = [margin, { ...margin, name: 'edge', max: 100 }];
    const { plus, minus } = perturb(plan, params, [150.4, 99], [1, -1], 100);
    expect(plus).toEqual([160, 89]);
    expect(minus).toEqual([140, 100]);
    const won = update(plan, params, [150, 50], [1, -1], 100, 2);
    const lost = update(plan, params, [150, 50], [1, -1], 100, -2);
    const move = (gainAt(plan, margin, 100) / stepAt(plan, margin, 100)) * 2;
    expect(won[0]).toBeCloseTo(150 + move, 10);
    expect(won[1]).toBeCloseTo(50 - move, 10);
    expect(lost[0]).toBeCloseTo(150 - move, 10);
    expect(update(plan, params, [399.99, 0], [1, -1], 100, 2)).toEqual([400, 0]);
  });

  it('finds the optimum of a noisy match whose strength falls with the distance from it', () => {
    // Each side's strength is -(distance from 120)^2 / 10 in Elo; a pair is two games drawn by the logistic model.
    const random = seededRandom(7);
    const strength = (v: number) => -((v - 120) ** 2) / 10;
    const iterations = 3000;
    const plan = schedule(iterations, 0.004);
    let theta = [200];
    for (let k = 1; k <= iterations; k++) {
      const delta: (1 | -1)[] = [random() < 0.5 ? -1 : 1];
      const { plus, minus } = perturb(plan, [margin], theta, delta, k);
      const p = 1 / (1 + 10 ** ((strength(minus[0]!) - strength(plus[0]!)) / 400));
      const points = (random() < p ? 1 : 0) + (random() < p ? 1 : 0);
      theta = update(plan, [margin], theta, delta, k, 2 * points - 2);
    }
    expect(Math.abs(theta[0]! - 120)).toBeLessThan(15);
  });
});

describe('npm run spsa', () => {
  const dir = mkdtempSync(join(tmpdir(), 'spsa-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cli = fileURLToPath(new URL('../../build/tune-spsa.js', import.meta.url));
  const log = join(dir, 'run.jsonl');
  const run = (...extra: string[]) =>
    spawnSync(
      process.execPath,
      [
        cli,
        '--iterations',
        '2',
        '--nodes',
        '200',
        '--concurrency',
        '1',
        '--max-plies',
        '60',
        '--params',
        'rfp_margin,see_quiet',
        '--log',
        log,
        ...extra,
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );

  it('plays a game pair an iteration, logs each at once, and resumes from the log', () => {
    const first = run();
    expect(first.status, first.stderr).toBe(0);
    const lines = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]!.settings).toMatchObject({ iterations: 2, nodes: 200, params: ['rfp_margin', 'see_quiet'] });
    const steps = lines.slice(1) as { k: number; plus: number[]; minus: number[]; result: number; theta: number[] }[];
    expect(steps.map((s) => s.k)).toEqual([1, 2]);
    for (const s of steps) {
      expect([-2, -1, 0, 1, 2]).toContain(s.result);
      // The two sides straddle the theta the step started from, each constant by the same step.
      expect(s.plus[0]! + s.minus[0]!).toBeGreaterThanOrEqual(2 * 90 - 2);
      expect(s.plus[0]).not.toBe(s.minus[0]);
    }
    expect(first.stdout).toMatch(/SearchParams: rfp_margin=\d+ see_quiet=\d+/);
    const tuned = JSON.parse(readFileSync(join(dir, 'run.result.json'), 'utf8')) as { pairs: number };
    expect(tuned.pairs).toBe(2);

    const again = run();
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain('resuming after 2 pairs');
    expect(readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(3);

    const other = run('--nodes', '300');
    expect(other.status).not.toBe(0);
    expect(other.stderr).toContain('is the log of another run');
  }, 240_000);

  it('refuses a constant that does not exist, by name', () => {
    const bad = run('--params', 'rfp_margin,no_such');
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('"no_such" is not a search parameter');
  });
});
