// The package as a user gets it, shared by the test files under test/package/: `npm pack` of the files
// `npm test`'s pretest already built (no second build), installed offline into an empty project. Each
// file packs once, in its beforeAll.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const run = promisify(execFile);
export const root = fileURLToPath(new URL('../../..', import.meta.url));

/** What `npm pack --json` says of the tarball (the fields read here). */
export interface Packed {
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: { path: string; size: number }[];
}

export interface Installed {
  /** A temporary folder holding the tarball and the app; removed by `remove()`. */
  scratch: string;
  tarball: string;
  packed: Packed;
  /** The project the tarball is installed in: node_modules/xiangqi-wasm, lit, and whatever else was asked for. */
  app: string;
  remove(): void;
}

/** The environment without the npm_* variables of the `npm test` around us (they would steer npm). */
export function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
}

/** `name` and everything it depends on, copied from the repository's node_modules (not in the offline cache). */
export function copyWithDependencies(name: string, into: string, seen = new Set<string>()): void {
  if (seen.has(name)) return;
  seen.add(name);
  const from = join(root, 'node_modules', name);
  cpSync(from, join(into, 'node_modules', name), { recursive: true, dereference: true });
  const manifest = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const dep of Object.keys(manifest.dependencies ?? {})) copyWithDependencies(dep, into, seen);
}

/** tsc's exit status is 2 on a type error, with the errors on stdout: resolves to that stdout ('' when clean). */
export async function typeCheck(dir: string): Promise<string> {
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const result = await run(process.execPath, [tsc, '-p', '.'], { cwd: dir }).catch((e: unknown) => {
    if (e instanceof Error && 'stdout' in e && typeof e.stdout === 'string') return { stdout: e.stdout };
    throw e;
  });
  return result.stdout;
}

/**
 * Packs the repository and installs the tarball offline into a new project. `alsoCopy`: packages (with
 * their dependencies) copied from the repository's node_modules into the project first, as a user's
 * project would have them (react, @types/react, ...).
 */
export async function packAndInstall(prefix: string, alsoCopy: readonly string[] = []): Promise<Installed> {
  if (!existsSync(join(root, 'dist/engine/index.js')) || !existsSync(join(root, 'build/uci.js'))) {
    throw new Error('The package is not built: run `npm run build` (npm test does it in pretest)');
  }
  const scratch = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(scratch, { recursive: true, force: true });
  try {
    const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], {
      cwd: root,
      env: cleanEnv(),
      maxBuffer: 16 * 1024 * 1024,
    });
    const packed = (JSON.parse(stdout.slice(stdout.indexOf('['))) as Packed[])[0]!;
    const tarball = join(
      scratch,
      readdirSync(scratch).find((f) => f.endsWith('.tgz'))!,
    );
    const app = join(scratch, 'app');
    mkdirSync(join(app, 'node_modules'), { recursive: true });
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    // lit before the install, which finds it there (it is not in the offline cache); the others after,
    // which the install would prune as extraneous.
    const seen = new Set<string>();
    copyWithDependencies('lit', app, seen);
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], {
      cwd: app,
      env: cleanEnv(),
    });
    for (const name of alsoCopy) copyWithDependencies(name, app, seen);
    return { scratch, tarball, packed, app, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
