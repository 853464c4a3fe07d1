// Every script's command line is read one way (node:util parseArgs, through lib/cli.ts in TypeScript):
// each answers --help with its usage and exit code 0, and refuses an option it does not know with an
// error that names it and exit code 2, before it does any work. The TypeScript scripts run as built
// (build/*.js, from `npm run build`), as `npm run` runs them.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

/** The entry points of scripts/build-engine.js that are commands (not worker threads), and the build scripts. */
const SCRIPTS = [
  'build/uci.js',
  'build/bench.js',
  'build/bench-browser.js',
  'build/bench-readme.js',
  'build/bench-match.js',
  'build/bench-openings.js',
  'build/bench-book.js',
  'build/bench-threads.js',
  'build/bench-threads-browser.js',
  'build/bench-soak.js',
  'build/bench-stop-latency.js',
  'build/bench-memory.js',
  'build/bench-ladder.js',
  'build/bench-compare.js',
  'build/bench-scaling.js',
  'build/bench-first-move.js',
  'build/bench-analyse.js',
  'build/bench-mates.js',
  'build/bench-mates-mine.js',
  'build/bench-egtb.js',
  'build/bench-egtb-check.js',
  'build/bench-egtb-convert.js',
  'build/bench-egtb-nps.js',
  'build/tune-selfplay.js',
  'build/tune-weights.js',
  'build/tune-fit.js',
  'build/tune-spsa.js',
  'build/tune-nnue-train.js',
  'build/tune-puzzles.js',
  'build/tune-puzzles-reconfirm.js',
  'scripts/build-engine.js',
  'scripts/build-package.js',
  'scripts/generate.js',
  'scripts/build-docs.js',
  'scripts/gen-piece-glyphs.js',
];

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function outcome(script: string, args: string[]): Promise<Outcome> {
  return run(process.execPath, [script, ...args], { cwd: root, timeout: 60_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    exited,
  );
}

/** The exit code and output a script that failed is rejected with; anything else (a kill, no node) is rethrown. */
function exited(e: unknown): Outcome {
  if (
    e instanceof Error &&
    'code' in e &&
    typeof e.code === 'number' &&
    'stdout' in e &&
    typeof e.stdout === 'string' &&
    'stderr' in e &&
    typeof e.stderr === 'string'
  ) {
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
  throw e;
}

test('every command the engine build makes is listed here (its threads and workers are no commands)', () => {
  const buildScript = readFileSync(`${root}scripts/build-engine.js`, 'utf8');
  const entries = [...buildScript.matchAll(/'([\w-]+)': `\$\{root\}\w+\/[\w-]+\.ts`/g)].map((m) => m[1]!);
  const commands = entries.filter((name) => !/(thread|worker)$/.test(name)).map((name) => `build/${name}.js`);
  expect(commands.length).toBeGreaterThan(15);
  expect(commands.filter((c) => !SCRIPTS.includes(c))).toEqual([]);
});

// Each check is a node process that mostly waits to start: they run side by side.
describe.concurrent.each(SCRIPTS)('%s', (script) => {
  test('answers --help with its usage', async ({ expect }) => {
    expect(existsSync(`${root}${script}`), `${script} is not built: npm run build`).toBe(true);
    const { code, stdout } = await outcome(script, ['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: /);
  });

  test('refuses an option it does not know, by name', async ({ expect }) => {
    const { code, stderr } = await outcome(script, ['--no-such-option', '1']);
    expect(code).toBe(2);
    expect(stderr).toContain('--no-such-option');
  });
});
