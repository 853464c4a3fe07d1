// Openings files (`npm run openings` writes bench/openings.txt): one opening a line, read and checked
// for the match runner and self-play.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { builtInOpenings, parseOpeningLine, type Opening } from './openings.ts';
import { repoRoot } from './repo.ts';

/** The match's default openings: bench/openings.txt (made by `npm run openings`). */
export const DEFAULT_OPENINGS_FILE = fileURLToPath(new URL('bench/openings.txt', repoRoot()));

/**
 * The openings of a match: the file given, else bench/openings.txt, else (a copy without that file)
 * the built-in lines. `source` names what was used, for the report.
 */
export function matchOpenings(
  file: string | null,
  fallback = DEFAULT_OPENINGS_FILE,
): { openings: Opening[]; source: string } {
  if (file !== null) return { openings: readOpenings(file), source: file };
  if (existsSync(fallback)) return { openings: readOpenings(fallback), source: fallback };
  return { openings: builtInOpenings(), source: 'built-in' };
}

/**
 * Reads an openings file. One opening a line, `#` starts a comment, an optional `name:` prefix:
 *   central cannon: h2e2 h9g7 h0g2
 *   fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2
 */
export function readOpenings(path: string): Opening[] {
  const openings: Opening[] = [];
  readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .forEach((raw, index) => {
      const line = raw.replace(/#.*/, '').trim();
      if (line) openings.push(parseOpeningLine(line, `${path}:${index + 1}`));
    });
  if (openings.length === 0) throw new Error(`${path} has no openings`);
  return openings;
}
