// The match runner's built-in opening lines written as an openings file, for tests that run the built
// runner: its default file may change; these lines do not.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtInOpenings } from '../../bench/match-openings.ts';

/** Writes `openings.txt` in `dir`; returns its path. */
export function builtInFile(dir: string): string {
  const path = join(dir, 'openings.txt');
  writeFileSync(
    path,
    builtInOpenings()
      .map((o) => `${o.name.replace(/:/g, '')}: ${o.moves.join(' ')}`)
      .join('\n') + '\n',
  );
  return path;
}
