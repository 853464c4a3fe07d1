// The games of the command line's files and folders, numbered across them all (the index a shard
// takes `mod N` of), and a digest of what was read, so that a part file or a progress file is only
// ever continued or merged with the same games.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readRecords, type RecordEntry } from '../../web/analysis/records.ts';

/** What a folder's files are read as games: the extensions the readers know. */
const GAME_FILES = /\.(pgn|xqf|cbf|ubb|txt|htm|html)$/i;

export interface Inputs {
  entries: RecordEntry[];
  /** sha256 over every file's name and bytes, in the order read. */
  digest: string;
}

/** Every file named, and every game file under a folder named (sorted by path, so any machine reads the same order). */
export function listFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  for (const path of paths) {
    let stats;
    try {
      stats = statSync(path);
    } catch {
      throw new Error(`cannot read "${path}": no such file or folder`);
    }
    if (!stats.isDirectory()) {
      files.push(path);
      continue;
    }
    const found = (readdirSync(path, { recursive: true }) as string[])
      .map((name) => join(path, name))
      .filter((file) => GAME_FILES.test(file) && statSync(file).isFile())
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    files.push(...found);
  }
  return files;
}

export function readInputs(paths: readonly string[]): Inputs {
  const hash = createHash('sha256');
  const entries: RecordEntry[] = [];
  for (const file of listFiles(paths)) {
    const bytes = new Uint8Array(readFileSync(file));
    // Names as the command line gave them: the same on every machine of a sharded run given the same command.
    const name = file;
    hash.update(name).update('\0').update(bytes).update('\0');
    entries.push(...readRecords(name, bytes));
  }
  return { entries, digest: hash.digest('hex') };
}
