// The one way the repository's scripts read their command line: node:util's parseArgs, strict, with
// `--help` on every script (how to run it, what it does, each option with its default), errors that
// name the option and the value refused, and numbers checked in one place. A script declares its
// options once (a CommandSpec) and reads them with commandLine(); its tests read them with
// readCommandLine(), which throws instead of exiting.
import { parseArgs } from 'node:util';

export interface CliOption {
  type: 'string' | 'boolean';
  /** The value's name in the help (`N`, `FILE`, `MS`); string options only. */
  value?: string;
  default?: string | boolean;
  /** The option may be given more than once; its values come as a list. */
  multiple?: boolean;
  short?: string;
  /** What it does, for `--help`. */
  help: string;
}

export interface CommandSpec<O extends Record<string, CliOption> = Record<string, CliOption>> {
  /** How to run it, e.g. `npm run soak -- [options]`. */
  usage: string;
  /** What it does, a sentence or two. */
  about: string;
  options: O;
  /** The positional arguments it takes, as the help names them (none when absent). */
  positionals?: string;
}

/** A command line the script cannot run with; the message says what is wrong. */
export class CommandLineError extends Error {
  override name = 'CommandLineError';
}

type Single<T extends CliOption> = T['type'] extends 'boolean' ? boolean : string;
/** The values parseArgs gives for options `O`: a list for `multiple`, a value when there is a default. */
export type CliValues<O extends Record<string, CliOption>> = {
  [K in keyof O]: O[K] extends { multiple: true }
    ? Single<O[K]>[]
    : O[K] extends { default: string | boolean }
      ? Single<O[K]>
      : Single<O[K]> | undefined;
};

export interface ReadCommandLine<O extends Record<string, CliOption>> {
  values: CliValues<O>;
  positionals: string[];
  /** `--help` or `-h` was given. */
  help: boolean;
}

/** Reads `argv` (without node and the script); throws CommandLineError on an unknown option or a missing value. */
export function readCommandLine<O extends Record<string, CliOption>>(
  spec: CommandSpec<O>,
  argv: readonly string[],
): ReadCommandLine<O> {
  if (argv.includes('--help') || argv.includes('-h')) {
    return { values: {} as CliValues<O>, positionals: [], help: true };
  }
  const options: Record<
    string,
    { type: 'string' | 'boolean'; multiple?: boolean; short?: string; default?: string | boolean }
  > = {};
  for (const [name, o] of Object.entries(spec.options)) {
    options[name] = {
      type: o.type,
      ...(o.multiple ? { multiple: true } : {}),
      ...(o.short ? { short: o.short } : {}),
      ...(o.default !== undefined ? { default: o.default } : {}),
    };
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: spec.positionals !== undefined });
  } catch (error) {
    throw new CommandLineError(plainMessage(error, spec));
  }
  const values = parsed.values;
  for (const [name, o] of Object.entries(spec.options)) {
    // parseArgs leaves a multiple option without default out: an empty list reads better.
    if (o.multiple && values[name] === undefined) values[name] = [];
  }
  // parseArgs gives exactly this shape for the options built from `spec` above.
  return { values: values as CliValues<O>, positionals: parsed.positionals, help: false };
}

/** parseArgs's message, said as the scripts say things: `unknown option --x (known: ...)`. */
function plainMessage(error: unknown, spec: CommandSpec): string {
  const text = error instanceof Error ? error.message : String(error);
  const unknown = /^Unknown option '([^']+)'/.exec(text);
  if (unknown) {
    const known = Object.keys(spec.options).map((n) => `--${n}`);
    return `unknown option ${unknown[1]!} (known: ${known.join(' ')})`;
  }
  const positional = /^Unexpected argument '([^']+)'/.exec(text);
  if (positional) return `unexpected argument "${positional[1]!}": this script takes only --options`;
  return text.replace(/\. To specify .*$/s, '');
}

/** The text `--help` prints. */
export function helpText(spec: CommandSpec): string {
  const rows = Object.entries(spec.options).map(([name, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : ''}--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`;
    const more = [
      o.multiple ? 'repeatable' : '',
      o.default !== undefined && o.default !== false ? `default ${String(o.default)}` : '',
    ].filter(Boolean);
    return [flag, `${o.help}${more.length ? ` (${more.join('; ')})` : ''}`] as const;
  });
  rows.push(['-h, --help', 'print this help and exit']);
  const width = Math.max(...rows.map(([flag]) => flag.length)) + 2;
  const usage = `usage: ${spec.usage}${spec.positionals ? ` ${spec.positionals}` : ''}`;
  return [usage, '', spec.about, '', ...rows.map(([flag, text]) => `  ${flag.padEnd(width)}${text}`)].join('\n');
}

/**
 * A script's command line: `--help` prints the help and exits 0; a command line it cannot run with (a
 * bad option, or a value `read` refuses by throwing) prints the error and the usage and exits 2.
 * `read` turns the values into the script's settings.
 */
export function commandLine<O extends Record<string, CliOption>, T>(
  spec: CommandSpec<O>,
  read: (values: CliValues<O>, positionals: string[]) => T,
  argv: readonly string[] = process.argv.slice(2),
): T {
  try {
    const line = readCommandLine(spec, argv);
    if (line.help) {
      console.log(helpText(spec));
      process.exit(0);
    }
    return read(line.values, line.positionals);
  } catch (error) {
    if (!(error instanceof CommandLineError)) throw error;
    console.error(`error: ${error.message}\n\n${helpText(spec)}`);
    process.exit(2);
  }
}

/** A whole number from `min` to `max` given as `--name`, or `fallback` when it was not given. */
export function wholeNumber(
  text: string | undefined,
  name: string,
  range: { min?: number; max?: number; fallback?: number } = {},
): number {
  const { min = 0, max = Number.MAX_SAFE_INTEGER, fallback } = range;
  if (text === undefined && fallback !== undefined) return fallback;
  const n = Number(text);
  if (text === undefined || !/^-?\d+$/.test(text.trim()) || n < min || n > max) {
    const bounds = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
    throw new CommandLineError(`${name} must be a whole number ${bounds}, not "${text ?? ''}"`);
  }
  return n;
}

/** A number `check` accepts (`what` says which, for the error), or `fallback` when it was not given. */
export function numberOption(
  text: string | undefined,
  name: string,
  check: (n: number) => boolean,
  what: string,
  fallback: number,
): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (text.trim() === '' || !check(n)) throw new CommandLineError(`${name} must be ${what}, not "${text}"`);
  return n;
}
