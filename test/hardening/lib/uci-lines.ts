// Command lines for the UCI fuzzer, and what a correct engine does with each: refuse it with
// `info string error:`, accept it (and maybe change the position or start a search), or say nothing.
// The verdict for `setoption` comes from the options the engine itself declares in answer to `uci`,
// so the model follows the engine's documented surface rather than its code.
import type { Engine } from '../../../web/engine/types.ts';
import { parseGo } from '../../../bin/uci-format.ts';
import { mutate, mutateOnce, garbage, moveLike } from './mutate.ts';
import type { Random } from '../../../bench/lib/random.ts';
import { START_FEN } from '../../../web/engine/start-fen.ts';

export { START_FEN };

export type UciOption =
  | { type: 'spin'; min: number; max: number }
  | { type: 'combo'; values: string[] }
  | { type: 'check' }
  | { type: 'other' };

/** The `option name ... type ...` lines of a `uci` answer, by lower-case name. */
export function declaredOptions(lines: readonly string[]): Map<string, UciOption> {
  const options = new Map<string, UciOption>();
  for (const line of lines) {
    const m = /^option name (.+?) type (\w+)(.*)$/.exec(line);
    if (!m) continue;
    const [, name, type, rest] = m as unknown as [string, string, string, string];
    if (type === 'spin') {
      const min = Number(/ min (-?\d+)/.exec(rest)?.[1]);
      const max = Number(/ max (-?\d+)/.exec(rest)?.[1]);
      options.set(name.toLowerCase(), { type: 'spin', min, max });
    } else if (type === 'combo') {
      options.set(name.toLowerCase(), { type: 'combo', values: [...rest.matchAll(/ var (\S+)/g)].map((v) => v[1]!) });
    } else if (type === 'check') {
      options.set(name.toLowerCase(), { type: 'check' });
    } else {
      options.set(name.toLowerCase(), { type: 'other' });
    }
  }
  return options;
}

/** What the engine should do with a line. */
export type Verdict =
  | { kind: 'error' }
  | { kind: 'ok' }
  | { kind: 'position'; fen: string; moves: string[] }
  | { kind: 'newgame' }
  | { kind: 'search' };

const COMMANDS = new Set(['uci', 'isready', 'd', 'stop', 'ucinewgame', 'position', 'go', 'setoption', 'quit']);

/**
 * Judges a line like the engine's documentation says: tokens split on white space, the first one the
 * command. `model` is an engine holding the position the UCI engine should hold; it is used to tell
 * a good `position` from a bad one (and is left unchanged).
 */
export function judge(line: string, model: Engine, options: Map<string, UciOption>): Verdict {
  const tokens = line
    .trim()
    .split(/\s+/)
    .filter((t) => t !== '');
  const [command, ...args] = tokens;
  if (command === undefined) return { kind: 'ok' };
  if (!COMMANDS.has(command)) return { kind: 'error' };
  switch (command) {
    case 'ucinewgame':
      return { kind: 'newgame' };
    case 'position': {
      const at = args.indexOf('moves');
      const moves = at < 0 ? [] : args.slice(at + 1);
      const spec = at < 0 ? args : args.slice(0, at);
      let fen: string;
      if (spec[0] === 'startpos' && spec.length === 1) fen = START_FEN;
      else if (spec[0] === 'fen' && spec.length > 1) fen = spec.slice(1).join(' ');
      else return { kind: 'error' };
      const keep = { fen: model.startFen(), moves: model.history() };
      try {
        model.setPosition(fen, moves);
        return { kind: 'position', fen, moves };
      } catch {
        return { kind: 'error' };
      } finally {
        model.setPosition(keep.fen, keep.moves);
      }
    }
    case 'go':
      if (args[0] === 'perft')
        return /^\d{1,9}$/.test(args[1] ?? '') && Number(args[1]) >= 1 && Number(args[1]) <= 12
          ? { kind: 'ok' }
          : { kind: 'error' };
      try {
        parseGo(args);
        return { kind: 'search' };
      } catch {
        return { kind: 'error' };
      }
    case 'setoption': {
      const nameAt = args.indexOf('name');
      const valueAt = args.indexOf('value');
      if (nameAt !== 0) return { kind: 'error' };
      const name = args
        .slice(1, valueAt < 0 ? undefined : valueAt)
        .join(' ')
        .toLowerCase();
      const value = valueAt < 0 ? '' : args.slice(valueAt + 1).join(' ');
      const option = options.get(name);
      if (!option) return { kind: 'error' };
      if (option.type === 'spin') {
        return /^\d{1,9}$/.test(value) && Number(value) >= option.min && Number(value) <= option.max
          ? { kind: 'ok' }
          : { kind: 'error' };
      }
      if (option.type === 'combo') return option.values.includes(value) ? { kind: 'ok' } : { kind: 'error' };
      if (option.type === 'check') return value === 'true' || value === 'false' ? { kind: 'ok' } : { kind: 'error' };
      return { kind: 'ok' };
    }
    default:
      return { kind: 'ok' };
  }
}

const SEEDS = [
  'uci',
  'isready',
  'ucinewgame',
  'd',
  'stop',
  'position startpos',
  'position startpos moves h2e2 h9g7 h0g2',
  `position fen ${START_FEN} moves b2e2`,
  'position fen 3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 1',
  'go depth 2',
  'go movetime 20',
  'go infinite',
  'go nodes 2000',
  'go wtime 1000 btime 1000 winc 10 binc 10 movestogo 20',
  'go perft 2',
  'go ponder',
  'setoption name Hash value 8',
  'setoption name MultiPV value 2',
  'setoption name Skill Level value 5',
  'setoption name Backend value js',
  'setoption name Backend value wasm',
  'setoption name Threads value 1',
];
const WORDS = [
  'uci',
  'isready',
  'position',
  'startpos',
  'fen',
  'moves',
  'go',
  'depth',
  'nodes',
  'movetime',
  'infinite',
  'perft',
  'wtime',
  'btime',
  'winc',
  'binc',
  'movestogo',
  'searchmoves',
  'ponder',
  'setoption',
  'name',
  'value',
  'Hash',
  'MultiPV',
  'Skill',
  'Level',
  'Backend',
  'Threads',
  'wasm',
  'js',
  'd',
  'ucinewgame',
  'stop',
  'register',
  'debug',
  'ponderhit',
  '0',
  '1',
  '-1',
  '12',
  '99999999999999',
  'NaN',
  'h2e2',
  'e2e4',
  'a0a9',
  START_FEN,
];

/** Token-level edits: drop, repeat, swap or replace a word, or rewrite a number. */
function mutateTokens(line: string, random: Random): string {
  const tokens = line.split(' ');
  const i = random.below(tokens.length);
  switch (random.below(5)) {
    case 0:
      tokens.splice(i, 1);
      break;
    case 1:
      tokens.splice(i, 0, tokens[i]!);
      break;
    case 2: {
      const j = random.below(tokens.length);
      [tokens[i], tokens[j]] = [tokens[j]!, tokens[i]!];
      break;
    }
    case 3:
      tokens[i] = random.pick(WORDS);
      break;
    default:
      tokens[i] = random.pick([
        '0',
        '-5',
        '3',
        '65536',
        '1e3',
        '0x10',
        '007',
        '',
        '  ',
        '2147483648',
        '999999999999999',
      ]);
  }
  return tokens.join(' ');
}

/**
 * One fuzzed command line (never `quit`, never `ucci`, which switches the session to another
 * protocol, never a line break inside). `ponderhit` is an error here: no search is pondering.
 */
export function fuzzLine(random: Random, model: Engine, fens: readonly string[]): string {
  let line: string;
  const roll = random.below(10);
  if (roll < 3) {
    line = random.pick(SEEDS);
    for (let n = 1 + random.below(3); n > 0; n--)
      line = random.chance(0.6) ? mutateTokens(line, random) : mutateOnce(line, random);
  } else if (roll < 6) {
    const fen = random.chance(0.6) ? mutate(random.pick(fens), random) : random.pick(fens);
    const legal = model.legalMoves();
    const moves = Array.from({ length: random.below(4) }, () => moveLike(random, legal));
    line = random.chance(0.3)
      ? `position startpos moves ${moves.join(' ')}`
      : `position fen ${fen}${moves.length ? ` moves ${moves.join(' ')}` : ''}`;
  } else if (roll < 8) {
    line = Array.from({ length: random.below(8) }, () => random.pick(WORDS)).join(' ');
  } else {
    line = garbage(random);
  }
  return line
    .replace(/[\r\n]/g, ' ')
    .replace(/^(\s*)quit\b/, '$1quiet')
    .replace(/^(\s*)ucci\b/, '$1ucc');
}

/**
 * Keeps the fuzzer away from work that is valid but long by nature (a deep perft, a huge hash, many
 * threads): those are not input errors, and a separate test covers `go perft` at depth.
 */
export function tame(line: string, verdict: Verdict): string {
  if (verdict.kind !== 'ok') return line;
  return line
    .replace(/(\bgo\s+perft\s+)0*(\d+)/, (all, head: string, depth: string) => (Number(depth) > 3 ? `${head}2` : all))
    .replace(/(\bsetoption\s+name\s+(?:hash|threads)\s+value\s+)0*(\d+)\s*$/i, (all, head: string, n: string) =>
      Number(n) > 2 ? `${head}2` : all,
    );
}
