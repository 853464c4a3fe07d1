// Self-play in shards: the games split over N runs (--games G --shard k/N) and joined back (--join)
// give, byte for byte, the file of one run of the G games; shards that do not belong together, or
// one that is not finished, are refused by name.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gameNumber, gamesOfShard, parseShard, type Progress } from '../../tune/selfplay-shards.ts';
import { RECORD_BYTES } from '../../tune/records.ts';

const cli = fileURLToPath(new URL('../../build/tune-selfplay.js', import.meta.url));
const run = (args: string[]) =>
  spawnSync(process.execPath, [cli, '--nodes', '100', '--threads', '2', '--random-plies', '2', ...args], {
    encoding: 'utf8',
  });

describe('self-play shards', () => {
  it('shard k of N plays the games i mod N = k', () => {
    expect(parseShard('1/3')).toEqual({ index: 1, count: 3 });
    expect(() => parseShard('3/3')).toThrow(/0 <= k < N/);
    expect(
      Array.from({ length: gamesOfShard(8, { index: 1, count: 3 }) }, (_, o) => gameNumber(o, { index: 1, count: 3 })),
    ).toEqual([1, 4, 7]);
    expect(gamesOfShard(8, null)).toBe(8);
  });

  it('three shards joined equal one run, byte for byte', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xq-shards-'));
    try {
      const whole = join(dir, 'whole.bin');
      const one = run(['--games', '7', '--out', whole]);
      expect(one.status, one.stderr).toBe(0);
      const shards = [0, 1, 2].map((k) => join(dir, `shard${k}.bin`));
      shards.forEach((file, k) => {
        const r = run(['--games', '7', '--shard', `${k}/3`, '--out', file]);
        expect(r.status, r.stderr).toBe(0);
      });
      const joined = join(dir, 'joined.bin');
      // Given in any order: the join reads each file's shard number from its progress.
      const j = spawnSync(process.execPath, [cli, '--join', '--out', joined, shards[2]!, shards[0]!, shards[1]!], {
        encoding: 'utf8',
      });
      expect(j.status, j.stderr).toBe(0);
      const bytes = readFileSync(whole);
      expect(bytes.length).toBeGreaterThan(100 * RECORD_BYTES);
      expect(readFileSync(joined).equals(bytes)).toBe(true);
      const progress = (file: string) => JSON.parse(readFileSync(`${file}.json`, 'utf8')) as Progress;
      expect(progress(joined).gameRecords).toEqual(progress(whole).gameRecords);

      const missing = spawnSync(
        process.execPath,
        [cli, '--join', '--out', join(dir, 'x.bin'), shards[0]!, shards[1]!],
        {
          encoding: 'utf8',
        },
      );
      expect(missing.status).not.toBe(0);
      expect(missing.stderr).toMatch(/the shards are 3: give all of them, not 2/);
      const progress0 = progress(shards[0]!);
      writeFileSync(
        `${shards[0]}.json`,
        JSON.stringify({ ...progress0, settings: { ...progress0.settings, nodes: 200 } }),
      );
      const mixed = spawnSync(process.execPath, [cli, '--join', '--out', join(dir, 'y.bin'), ...shards], {
        encoding: 'utf8',
      });
      expect(mixed.stderr).toMatch(/was made with other settings/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
