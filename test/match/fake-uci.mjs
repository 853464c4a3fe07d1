// A scripted UCI engine for the match runner's tests: misbehaves in the way its argument names.
//   illegal  answers every go with a move that is not legal
//   silent   never answers go
//   crash    dies (exit code 3) on go, after a word on stderr
//   picky    rejects its options the way Stockfish does
//   fairy    calls itself Fairy-Stockfish, insists on ranks 1-10 and always plays h3e3 (h2e2 to us)
import { createInterface } from 'node:readline';

const mode = process.argv[2] ?? 'illegal';
const say = (line) => process.stdout.write(line + '\n');

createInterface({ input: process.stdin }).on('line', (line) => {
  const [command] = line.trim().split(/\s+/);
  if (command === 'uci') {
    say(mode === 'fairy' ? 'id name Fairy-Stockfish fake' : `id name fake-${mode}`);
    say('uciok');
  } else if (command === 'setoption' && mode === 'picky') {
    say(`No such option: ${line.split(' name ')[1]}`);
  } else if (command === 'isready') {
    say('readyok');
  } else if (command === 'position' && mode === 'fairy' && / moves .*[a-i]0/.test(line)) {
    process.stderr.write(`got a rank-0 move: ${line}\n`);
    process.exit(5);
  } else if (command === 'go') {
    if (mode === 'illegal') say('info depth 3 score cp 10 nodes 1000 nps 100000 time 10 pv a0a0\nbestmove a0a0');
    if (mode === 'fairy') say('bestmove h3e3');
    if (mode === 'crash') {
      process.stderr.write('boom\n');
      process.exit(3);
    }
  } else if (command === 'quit') {
    process.exit(0);
  }
});
