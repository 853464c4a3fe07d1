// Rated play over UCI (docs/levels.md): with UCI_LimitStrength on, UCI_Elo decides
// how weak the search plays and Skill Level is ignored; off, Skill Level decides again. A weaker level
// sees less deeply, which a GUI sees in the depths the engine reports.
import { expect, test } from 'vitest';
import { uciSession } from './session.ts';

const { ask, readyAfter } = uciSession();

/** The deepest iteration `go depth 8` reports from the start position. */
async function deepest(): Promise<number> {
  await readyAfter('position startpos');
  const lines = await ask('go depth 8', (l) => l.startsWith('bestmove'));
  return Math.max(...lines.map((l) => Number(/^info depth (\d+)/.exec(l)?.[1] ?? 0)));
}

test('UCI_Elo decides with UCI_LimitStrength on; Skill Level decides with it off', async () => {
  await readyAfter('setoption name OwnBook value false');
  await readyAfter('setoption name Skill Level value 0');
  const skill0 = await deepest();
  expect(skill0).toBeLessThan(8);

  await readyAfter('setoption name UCI_LimitStrength value true');
  await readyAfter('setoption name UCI_Elo value 2400');
  const elo2400 = await deepest();
  expect(elo2400).toBe(8);
  await readyAfter('setoption name UCI_Elo value 800');
  const elo800 = await deepest();
  expect(elo800).toBeLessThan(elo2400);

  await readyAfter('setoption name UCI_LimitStrength value false');
  expect(await deepest()).toBe(skill0);
}, 120_000);
