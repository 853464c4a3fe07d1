// The options of options.ts in both protocols: the lines of the `uci` and `ucci` replies, and
// `setoption` (UCI: `setoption name <name> [value <value>]`, names in any case; UCCI:
// `setoption <name> [<value>]`), each value checked against its option's type and range before it is
// applied, with an error that names the option and the value refused.
import { parseCheck } from './ucci-format.ts';
import { OPTIONS, type EngineOption, type OptionTarget } from './options.ts';

export type Protocol = 'uci' | 'ucci';

function nameIn(protocol: Protocol, option: EngineOption): string | null {
  return protocol === 'uci' ? option.uci : option.ucci;
}

/** The option lines of the `uci` or `ucci` reply. */
export function optionLines(protocol: Protocol, target: OptionTarget): string[] {
  const lines: string[] = [];
  for (const option of OPTIONS) {
    const name = nameIn(protocol, option);
    if (name === null) continue;
    const head = protocol === 'uci' ? `option name ${name} type ${option.type}` : `option ${name} type ${option.type}`;
    switch (option.type) {
      case 'spin':
        lines.push(
          protocol === 'uci'
            ? `${head} default ${option.default} min ${option.min} max ${option.max}`
            : `${head} min ${option.min} max ${option.max} default ${option.default}`,
        );
        break;
      case 'check':
        lines.push(`${head} default ${option.default}`);
        break;
      case 'combo':
        lines.push(`${head} default ${option.default}${option.values.map((v) => ` var ${v}`).join('')}`);
        break;
      case 'string':
        lines.push(`${head} default ${(option.shipped && target.shippedFile(option.shipped)) || '<empty>'}`);
        break;
      case 'button':
        lines.push(head);
        break;
    }
  }
  return lines;
}

/** A `setoption` command's name and value (UCI: after the words name and value; UCCI: the first word, then the rest). */
export function optionWords(protocol: Protocol, args: readonly string[]): { name: string; value: string } | null {
  if (protocol === 'ucci') return { name: (args[0] ?? '').toLowerCase(), value: args.slice(1).join(' ') };
  const valueAt = args.indexOf('value');
  if (args.indexOf('name') !== 0) return null;
  const name = args
    .slice(1, valueAt < 0 ? undefined : valueAt)
    .join(' ')
    .toLowerCase();
  return { name, value: valueAt < 0 ? '' : args.slice(valueAt + 1).join(' ') };
}

/**
 * Applies `setoption` to `target`: returns the error to report (an unknown option, a value of the
 * wrong type or out of range, or the option's own complaint, such as a file that cannot be read), or null.
 */
export async function setOption(
  protocol: Protocol,
  args: readonly string[],
  target: OptionTarget,
): Promise<string | null> {
  const words = optionWords(protocol, args);
  if (!words) return 'expected "setoption name <name> [value <value>]"';
  const { name, value } = words;
  const option = OPTIONS.find((o) => nameIn(protocol, o)?.toLowerCase() === name);
  const shown = option && nameIn(protocol, option);
  if (!option || !shown) return `unknown option "${name}"`;
  switch (option.type) {
    case 'spin': {
      const n = /^\d{1,9}$/.test(value) ? Number(value) : null;
      if (n === null || n < option.min || n > option.max)
        return `${shown} must be a whole number from ${option.min} to ${option.max}, not "${value}"`;
      await option.apply(target, n);
      return null;
    }
    case 'check': {
      // UCCI GUIs also write on and off, in any case.
      const on = protocol === 'ucci' ? parseCheck(value) : value === 'true' ? true : value === 'false' ? false : null;
      if (on === null) return `${shown} must be true or false, not "${value}"`;
      await option.apply(target, on);
      return null;
    }
    case 'combo': {
      const choice = option.values.find((v) => v === value);
      if (choice === undefined) {
        const values = option.values;
        const allowed = values.length === 2 ? `${values[0]} or ${values[1]}` : `one of ${values.join(', ')}`;
        return `${shown} must be ${allowed}, not "${value}"`;
      }
      await option.apply(target, choice);
      return null;
    }
    case 'string':
      return option.apply(target, value);
    case 'button':
      await option.apply(target);
      return null;
  }
}
