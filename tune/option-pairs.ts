// The tuning scripts' command lines: `--name value` pairs, every name one the script knows.
export function optionPairs(argv: readonly string[], known?: readonly string[]): Map<string, string> {
  const options = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]!;
    const value = argv[i + 1];
    if (!name.startsWith('--') || value === undefined)
      throw new Error(`expected --name value pairs, not "${argv.slice(i).join(' ')}"`);
    options.set(name.slice(2), value);
  }
  if (known) {
    for (const name of options.keys())
      if (!known.includes(name))
        throw new Error(`unknown option --${name} (known: ${known.map((k) => `--${k}`).join(' ')})`);
  }
  return options;
}
