// The endgame tables checked by an engine that shares no code with them: on positions drawn at
// random from the tables, Fairy-Stockfish looks for the mate the table promises (`go mate N` for the
// side that wins; for the side that loses, the same after each of its moves), and in positions the
// tables call drawn for a mate at depth 20.
//
// Its search is selective and its quiescence does not see stalemate (which loses in Xiangqi), so it
// may report a longer mate than there is: where it does, the table's own line (the fastest mate
// against the longest defence) is played out, and it must end in a stalemate. A shorter mate than
// the table's, or a mate where the table says draw, would prove a table wrong.
import { Random } from '../lib/random.ts';
import { RuleBoard } from '../web/notation/index.ts';
import type { Tablebases } from '../web/egtb/tablebases.ts';
import { readAnswer, type Answer } from './mates-answer.ts';
import { fromFairyMove, type UciProcess } from './native.ts';

export interface DtmSample {
  material: string;
  fen: string;
  /** The table's plies to mate, null for a draw. */
  plies: number | null;
  result: 'win' | 'loss' | 'draw';
}

/**
 * same: Fairy-Stockfish shows the table's mate (or, for a draw, none); longer: it shows a longer mate
 * or none, and the table's line ends in stalemate; contradicts: a shorter mate, a mate in a drawn
 * position, or a longer one whose table line ends in checkmate.
 */
export type DtmOutcome = 'same' | 'longer' | 'contradicts';

export interface DtmVerdict extends DtmSample {
  answer: Answer;
  outcome: DtmOutcome;
  /** The table's line where Fairy-Stockfish saw a longer mate. */
  line?: string[];
}

/**
 * `count` positions drawn at random from generated tables, at most `maxPlies` plies from mate (or
 * drawn, when `draws`), spread evenly over the materials.
 */
export function sampleTables(
  tables: Tablebases,
  materials: readonly string[],
  count: number,
  options: { seed: number; maxPlies: number; draws: boolean },
): DtmSample[] {
  const random = new Random(options.seed);
  const samples: DtmSample[] = [];
  const usable = materials.map((material) => {
    const values = tables.values(material);
    const matching: number[] = [];
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (v === 0xffff) continue;
      if (options.draws ? v === 0 : v !== 0 && v - 1 <= options.maxPlies) matching.push(i);
    }
    return { material, entries: values.length / 2, matching };
  });
  const withSome = usable.filter((u) => u.matching.length > 0);
  withSome.forEach(({ material, entries, matching }, m) => {
    const wanted = Math.floor((count * (m + 1)) / withSome.length) - Math.floor((count * m) / withSome.length);
    for (let k = 0; k < wanted; k++) {
      const i = random.pick(matching);
      const side = i < entries ? 0 : 1;
      const fen = tables.entryFen(material, side, i - side * entries)!;
      const probe = tables.probe(fen)!;
      samples.push({ material, fen, plies: probe.plies, result: probe.result });
    }
  });
  return samples;
}

async function search(engine: UciProcess, fen: string, go: string): Promise<Answer> {
  engine.send('ucinewgame');
  engine.send(`position fen ${fen}`);
  await engine.request('isready', (l) => l === 'readyok');
  return readAnswer(await engine.request(`go ${go}`, (l) => l.startsWith('bestmove')), fromFairyMove);
}

/** Asks Fairy-Stockfish about one sample. */
export async function judge(
  engine: UciProcess,
  tables: Tablebases,
  sample: DtmSample,
  drawDepth = 20,
): Promise<DtmVerdict> {
  if (sample.result === 'draw') {
    const answer = await search(engine, sample.fen, `depth ${drawDepth}`);
    return { ...sample, answer, outcome: answer.mate === null ? 'same' : 'contradicts' };
  }
  if (sample.result === 'loss') return judgeLoss(engine, tables, sample);
  const moves = (sample.plies! + 1) / 2;
  const answer = await search(engine, sample.fen, `mate ${moves}`);
  if (answer.mate === moves) return { ...sample, answer, outcome: 'same' };
  const shorter = answer.mate !== null && answer.mate > 0 && answer.mate < moves;
  const line = tables.line(sample.fen);
  return { ...sample, answer, outcome: shorter || line.checkmate ? 'contradicts' : 'longer', line: line.moves };
}

/**
 * A loss in d plies is every move losing within d - 1 plies: each move's position, a win for the
 * other side, is judged as a win (a defender's search would show only the mates its selective
 * search of the attacker's moves happens to find). Mated now: no legal move, as Fairy-Stockfish sees.
 */
async function judgeLoss(engine: UciProcess, tables: Tablebases, sample: DtmSample): Promise<DtmVerdict> {
  if (sample.plies === 0) {
    const answer = await search(engine, sample.fen, 'depth 1');
    return { ...sample, answer, outcome: answer.best === null ? 'same' : 'contradicts' };
  }
  const rank: Record<DtmOutcome, number> = { same: 0, longer: 1, contradicts: 2 };
  let worst: DtmVerdict | null = null;
  for (const move of tables.moves(sample.fen) ?? []) {
    const board = new RuleBoard(sample.fen);
    board.play(move.move);
    if (move.result !== 'loss' || move.plies! > sample.plies!) {
      const answer = await search(engine, board.fen(), 'depth 1');
      return { ...sample, answer, outcome: 'contradicts', line: [move.move] };
    }
    const child = await judge(engine, tables, {
      material: sample.material,
      fen: board.fen(),
      plies: move.plies! - 1,
      result: 'win',
    });
    if (worst === null || rank[child.outcome] > rank[worst.outcome])
      worst = { ...sample, answer: child.answer, outcome: child.outcome, line: [move.move, ...(child.line ?? [])] };
  }
  return worst!;
}
