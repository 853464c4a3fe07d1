// The command line of a script that takes no arguments but --help: prints `usage` and `text` for
// --help and exits; says what was wrong and exits 2 for anything else.
import { parseArgs } from 'node:util';

export function helpOnly(usage, text) {
  let values;
  try {
    ({ values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    console.error(`error: ${error.message}; --help says what this script does`);
    process.exit(2);
  }
  if (values.help) {
    console.log(`usage: ${usage}\n\n${text}`);
    process.exit(0);
  }
}
