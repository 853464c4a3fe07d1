// One command-line engine per test file, spoken to as a GUI would: `ask` sends a command and reads
// up to the line that ends its answer, `readyAfter` sends one and waits for `readyok`.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { UciProcess } from '../../bench/native.ts';

const bin = fileURLToPath(new URL('../../bin/xiangqi-engine.js', import.meta.url));

export function uciSession(): {
  ask: (command: string, until: (line: string) => boolean) => Promise<string[]>;
  readyAfter: (command: string) => Promise<string[]>;
} {
  let engine: UciProcess;
  beforeAll(() => {
    engine = new UciProcess(process.execPath, [bin]);
  });
  afterAll(() => engine.quit());
  const ask = (command: string, until: (line: string) => boolean) => engine.request(command, until);
  return {
    ask,
    readyAfter: (command) => {
      engine.send(command);
      return ask('isready', (l) => l === 'readyok');
    },
  };
}
