// `npm run mates:mine -- [options]`: mines the mate suite (bench/mates.txt, its format in
// bench/mates-suite.ts) from the committed match records. The winner's positions in the last plies of
// every decisive game (bench/mates-candidates.ts) are taken in a fixed shuffled order; Fairy-Stockfish
// (bench/mates-prove.ts) looks at each, settles the shortest mate N of those with one, and searches
// every legal first move alone to list all that mate in exactly N; bench/mates-select.ts keeps so
// many of each length and kind. Every verdict is appended to a progress file, so a stopped run
// resumes where it stopped, and the same settings give the same suite.
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine, wholeNumber } from '../lib/cli.ts';
import { RuleBoard } from '../web/notation/index.ts';
import { allCandidates, recordNames, suiteFen } from './mates-candidates.ts';
import { MateProver, type ProveSettings } from './mates-prove.ts';
import { Selection, shuffled, type Quotas, type Verdict } from './mates-select.ts';
import { formatMate, kindOf, MAX_MATE, moveKind } from './mates-suite.ts';
import { startFairyStockfish } from './native.ts';
import { repoRoot } from './stats.ts';

const root = repoRoot();
const args = commandLine(
  {
    usage: 'npm run mates:mine -- [options]',
    about:
      'Mines forced mates (mate in 1 to 7) from the decisive games of bench/matches/ into the mate suite, each verified by Fairy-Stockfish with every shortest first move listed (resumable: the same command continues a stopped run; the same settings give the same suite).',
    options: {
      plies: {
        type: 'string',
        value: 'N',
        default: '13',
        help: "the winner's positions among the last N plies of each game",
      },
      forcing: { type: 'string', value: 'N', default: '30', help: 'forcing mates kept of each length' },
      quiet: { type: 'string', value: 'N', default: '25', help: 'quiet mates kept of each length' },
      candidates: {
        type: 'string',
        value: 'N',
        default: '1500',
        help: 'look at no more than the first N candidates (quiet mates in 1 and 2 are too rare to fill their quotas)',
      },
      'max-moves': {
        type: 'string',
        value: 'N',
        default: '6',
        help: 'leave out a mate with more shortest first moves than this',
      },
      'screen-nodes': {
        type: 'string',
        value: 'N',
        default: '300000',
        help: "node cap of Fairy-Stockfish's first look",
      },
      'verify-nodes': { type: 'string', value: 'N', default: '3000000', help: 'node cap of the search that settles N' },
      'move-nodes': {
        type: 'string',
        value: 'N',
        default: '100000',
        help: 'node cap of the search of each first move (more where the mate was hard to see)',
      },
      'up-to': {
        type: 'string',
        value: 'RECORD',
        help: 'only the records of bench/matches/ up to this one in name order (without .pgn.br; default: the latest when the mining began, kept in the progress file)',
      },
      limit: { type: 'string', value: 'N', help: 'stop after N more candidates (run again to go on)' },
      recheck: {
        type: 'string',
        value: 'FEN',
        multiple: true,
        help: 'look again at a kept mate (its FEN, as the suite gives it) with ten times the nodes and no depth cap to settle N, e.g. where an engine found a shorter mate; the new verdict is kept in the progress file (repeatable)',
      },
      out: { type: 'string', value: 'FILE', default: 'bench/mates.txt', help: 'the suite file to write' },
    },
  },
  (v) => ({
    plies: wholeNumber(v.plies, '--plies', { min: 1, max: 2 * MAX_MATE + 1 }),
    quotas: {
      forcing: wholeNumber(v.forcing, '--forcing'),
      quiet: wholeNumber(v.quiet, '--quiet'),
      maxMoves: wholeNumber(v['max-moves'], '--max-moves', { min: 1 }),
    } satisfies Quotas,
    prove: {
      screenDepth: 24,
      screenNodes: wholeNumber(v['screen-nodes'], '--screen-nodes', { min: 1000 }),
      verifyDepth: 40,
      verifyNodes: wholeNumber(v['verify-nodes'], '--verify-nodes', { min: 1000 }),
      moveNodes: wholeNumber(v['move-nodes'], '--move-nodes', { min: 1000 }),
    } satisfies ProveSettings,
    candidates: wholeNumber(v.candidates, '--candidates', { min: 1 }),
    limit: v.limit === undefined ? Infinity : wholeNumber(v.limit, '--limit', { min: 1 }),
    recheck: v.recheck.map((fen) => suiteFen(fen.trim())),
    upTo: v['up-to'] ?? null,
    out: fileURLToPath(new URL(v.out, root)),
  }),
);

/** A first look's mate longer than this is not settled (the deep search rarely halves it). */
const SCREEN_MATE = 10;
const settings = { plies: args.plies, quotas: args.quotas, candidates: args.candidates, prove: args.prove };
const progressFile = fileURLToPath(new URL('bench/results/mates-mine.jsonl', root));

/**
 * A verdict as the progress file keeps it, with the milliseconds it took; a recheck's verdict (a
 * kept mate looked at again with ten times the nodes to settle N) replaces the first one of its position.
 */
type Row = Verdict & { ms: number; recheck?: true };

// The progress file: the settings, the day the mining began and the last record it draws on, then
// one verdict a line in candidate order.
const matches = fileURLToPath(new URL('bench/matches/', root));
const verdicts: Row[] = [];
const rechecked = new Map<string, Row>();
let began = new Date().toISOString().slice(0, 10);
let upTo = args.upTo ?? recordNames(matches).at(-1) ?? '';
if (existsSync(progressFile)) {
  const [head, ...rows] = readFileSync(progressFile, 'utf8').trim().split('\n');
  const previous = JSON.parse(head!) as { settings: unknown; began: string; upTo: string };
  if (
    JSON.stringify(previous.settings) === JSON.stringify(settings) &&
    (args.upTo === null || args.upTo === previous.upTo)
  ) {
    for (const row of rows) {
      const verdict = JSON.parse(row) as Row;
      if (verdict.recheck) rechecked.set(verdict.fen, verdict);
      else verdicts.push(verdict);
    }
    began = previous.began;
    upTo = previous.upTo;
    console.log(`resuming after ${verdicts.length} candidates (${progressFile})`);
  } else {
    console.log(`${progressFile} was made with other settings: starting again`);
  }
}
if (verdicts.length === 0 && rechecked.size === 0) {
  mkdirSync(dirname(progressFile), { recursive: true });
  writeFileSync(progressFile, JSON.stringify({ settings, began, upTo }) + '\n');
}

const started = performance.now();
const all = shuffled(allCandidates(matches, args.plies, upTo));
const candidates = all.slice(0, args.candidates);
console.log(
  `${all.length} candidate positions from the decisive games of the records up to ${upTo} (${secondsSince(started)} s); looking at ${candidates.length}`,
);
for (const [i, v] of verdicts.entries()) {
  if (candidates[i]?.fen !== v.fen) throw new Error(`${progressFile}: candidate ${i} is not ${v.fen}; remove the file`);
}

const selection = new Selection(args.quotas);
for (const v of verdicts) selection.offer(v);

const fairy = await startFairyStockfish();
if (!fairy) throw new Error('Fairy-Stockfish is not installed (apt-get install fairy-stockfish)');
const prover = new MateProver(fairy, args.prove);
await prover.init();
// The recheck's prover: ten times the nodes and no depth cap to settle N, and no depth cap short of the nodes (a small
// endgame's tree reaches depth 40 long before its shortest mate is seen); each first move's search
// grows with what that took, up to its own cap.
const deeper = new MateProver(fairy, {
  ...args.prove,
  screenDepth: 200,
  screenNodes: 10 * args.prove.screenNodes,
  verifyDepth: 200,
  verifyNodes: 10 * args.prove.verifyNodes,
});

/** The moves that leave the other side no legal move (mate or stalemate, which loses): exact. */
function matesInOne(fen: string): string[] {
  const board = new RuleBoard(fen);
  return board.legalMoves().filter((move) => {
    board.play(move);
    const mates = board.legalMoves().length === 0;
    board.undo();
    return mates;
  });
}

/** Fairy-Stockfish's verdict on one candidate. */
async function judge(fen: string, source: string, prover: MateProver, recheck = false): Promise<Verdict> {
  // A recheck lists the first moves of a kept mate whatever the quotas say.
  const wants = (n: number, forcing: boolean) => recheck || selection.wants(n, forcing);
  const screen = await prover.screen(fen);
  if (screen.mate === null || screen.mate < 1 || screen.mate > SCREEN_MATE) return { fen, source, n: null };
  if (screen.mate === 1) {
    // Nothing is shorter, and the rules alone list the mating moves.
    if (!screen.best || !wants(1, moveKind(fen, screen.best) !== 'quiet')) return { fen, source, n: 1 };
    const moves = matesInOne(fen);
    if (!moves.includes(screen.best))
      throw new Error(`${fen}: Fairy-Stockfish's mate in 1 ${screen.best} does not mate`);
    return { fen, source, n: 1, moves, kind: kindOf(fen, moves) };
  }
  const deep = await prover.verify(fen);
  let n = deep.mate !== null && deep.mate > 0 ? deep.mate : null;
  if (n === null || !deep.best || !wants(n, moveKind(fen, deep.best) !== 'quiet')) return { fen, source, n };
  const legal = new RuleBoard(fen).legalMoves();
  let found = await prover.firstMoves(fen, n, legal, deep.nodes);
  const shortest = Math.min(...[...found.values()].map((k) => k ?? Infinity));
  if (shortest < n) {
    // A move searched alone saw a shorter mate than the whole position did: that one is N.
    console.log(`  ${source}: mate in ${shortest}, not ${n}`);
    n = shortest;
    found = await prover.firstMoves(fen, n, legal, deep.nodes);
  }
  const moves = n === 1 ? matesInOne(fen) : legal.filter((m) => found.get(m) === n);
  if (!moves.includes(deep.best)) console.log(`  ${source}: ${deep.best} not confirmed alone (mate in ${n})`);
  return { fen, source, n, moves, kind: kindOf(fen, moves) };
}

// Set by Ctrl-C between two candidates (an object: the loop reads what the handler writes).
const stop = { asked: false };
process.on('SIGINT', () => {
  stop.asked = true;
  console.log('\nstopping after this position (run the same command to resume)');
});
let fresh = 0;
const runStart = performance.now();
while (!stop.asked && verdicts.length < candidates.length && !selection.complete() && fresh < args.limit) {
  const c = candidates[verdicts.length]!;
  const t = performance.now();
  const v = await judge(c.fen, c.source, prover);
  const row = { ...v, ms: Math.round(performance.now() - t) };
  verdicts.push(row);
  appendFileSync(progressFile, JSON.stringify(row) + '\n');
  fresh++;
  if (selection.offer(v) || fresh % 200 === 0) {
    const kept = selection.kept;
    console.log(
      `${verdicts.length} candidates (${secondsSince(runStart)} s this run): ${kept.length} mates kept, ${kept.filter((k) => k.kind === 'quiet').length} quiet; last ${v.n === null ? 'none' : `mate in ${v.n}`} (${v.source})`,
    );
  }
}
for (const fen of args.recheck) {
  const first = selection.kept.find((k) => k.fen === fen);
  if (!first) throw new Error(`--recheck ${fen}: no kept mate has this position`);
  const t = performance.now();
  const v = await judge(fen, first.source, deeper, true);
  const row: Row = { ...v, ms: Math.round(performance.now() - t), recheck: true };
  rechecked.set(fen, row);
  appendFileSync(progressFile, JSON.stringify(row) + '\n');
  console.log(
    `recheck ${first.source}: mate in ${first.n} by ${first.moves.join(' ')} is now ${v.n === null ? 'no mate' : `mate in ${v.n} by ${v.moves?.join(' ')}`}`,
  );
}
fairy.quit();

// A recheck replaces its position's verdict where it kept the mate (no mate found: the first stands).
for (const [i, k] of selection.kept.entries()) {
  const again = rechecked.get(k.fen);
  if (again?.n != null && again.moves && again.kind)
    selection.kept[i] = { ...k, n: again.n, moves: again.moves, kind: again.kind };
}
const complete = selection.complete() || verdicts.length === candidates.length;
const kept = [...selection.kept].sort((a, b) => a.n - b.n || (a.kind < b.kind ? 1 : a.kind > b.kind ? -1 : 0));
const byN = Array.from({ length: MAX_MATE }, (_, i) => {
  const of = kept.filter((k) => k.n === i + 1);
  return `${i + 1}: ${of.length} (${of.filter((k) => k.kind === 'quiet').length} quiet)`;
});
const quiet = kept.filter((k) => k.kind === 'quiet').length;
const header = [
  `# The mate suite: ${kept.length} forced mates (mate in 1 to ${MAX_MATE}, ${quiet} with a quiet first move) from the decisive`,
  '# games of the committed match records (bench/matches/*.pgn.br: against Fairy-Stockfish, other UCI engines and',
  `# itself) up to ${upTo}: the winner's positions in the last ${args.plies} plies of each game, the first ${candidates.length} of them in a fixed shuffled order.`,
  `# Made by \`npm run mates:mine\` (bench/mates-mine.ts) on ${began}, verified by ${fairy.idName ?? 'Fairy-Stockfish'} (Threads 1,`,
  `# Hash 64, every search limited by depth and nodes, not time): N is the shortest mate its deep search (depth`,
  `# ${args.prove.verifyDepth}, ${args.prove.verifyNodes} nodes) or any first move searched alone found; every legal first move was searched alone`,
  '# (`go mate N searchmoves <move>`), and the moves listed mate in exactly N (mates in 1: every move that leaves no',
  '# legal reply, by the rules). Quiet: no listed move captures or gives check. Kept: up to',
  `# ${args.quotas.forcing} forcing and ${args.quotas.quiet} quiet mates of each length, none with more than ${args.quotas.maxMoves} shortest first moves.`,
  ...(rechecked.size
    ? [
        `# Looked at again with ten times the nodes and depth 200 to settle N (\`--recheck\`), where an engine found a shorter mate: ${[...rechecked.values()].map((r) => r.source).join(', ')}.`,
      ]
    : []),
  `# By N: ${byN.join(', ')}.`,
  '# <FEN>;<N>;<every shortest first move>;<quiet|forcing>;<record#game@ply> (format: bench/mates-suite.ts)',
];
writeFileSync(args.out, [...header, ...kept.map(formatMate)].join('\n') + '\n');
console.log(
  `${complete ? '' : 'not complete (run again to go on): '}${kept.length} mates from ${verdicts.length} candidates written to ${args.out}; ${byN.join(', ')}`,
);
const minutes = verdicts.reduce((sum, v) => sum + v.ms, 0) / 60_000;
console.log(
  `this run: ${fresh} candidates in ${secondsSince(runStart)} s; all runs: ${minutes.toFixed(1)} minutes of search`,
);

function secondsSince(t: number): string {
  return ((performance.now() - t) / 1000).toFixed(0);
}
