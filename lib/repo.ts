// Where the repository is, from any of its tools, built (build/*.js) or not.
import { existsSync } from 'node:fs';

/** The repository's root (or the package's), found upwards from this module by its package.json. */
export function repoRoot(): URL {
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    if (existsSync(new URL('package.json', dir))) return dir;
    if (new URL('../', dir).href === dir.href) return new URL('../', import.meta.url);
  }
}
