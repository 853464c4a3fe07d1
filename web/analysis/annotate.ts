// A game with its analysis written in: after each move the score of the position it left, as
// lichess writes it (`[%eval 0.35]` in pawns from Red's side, `[%eval #-4]` when Black mates in 4),
// the NAG of an inaccuracy, mistake or blunder ($6, $2, $4) with the engine's line as a variation,
// and each side's figures as tags. What the game already had (tags, comments, NAGs, variations) is
// kept; only an earlier analysis's own marks are replaced, so analysing twice writes the same game.
import type { Score } from '../engine/types.ts';
import type { PgnGame, PgnMove } from '../notation/pgn.ts';
import type { GameAnalysis } from './analyse-game.ts';
import { JUDGEMENT_NAG, type Judgement, type SideSummary } from './judgement.ts';

/** How a judged move is named in its comment. */
const WORDS: Record<Judgement, string> = { inaccuracy: 'Inaccuracy.', mistake: 'Mistake.', blunder: 'Blunder.' };

/** The tags `annotate` writes, so a second analysis replaces them. */
export const ANALYSIS_TAGS = [
  'Analysis',
  ...(['Red', 'Black'] as const).flatMap((side) => [
    `${side}Accuracy`,
    `${side}ACPL`,
    `${side}Inaccuracies`,
    `${side}Mistakes`,
    `${side}Blunders`,
  ]),
];

/** `0.35`, `-1.20`, `#4` (Red mates in 4) or `#-4` (Black does): a score from Red's side as lichess writes it. */
export function evalText(score: Score): string {
  if ('mate' in score) return `#${score.mate}`;
  return (score.cp / 100).toFixed(2);
}

/** An earlier analysis's marks in a comment: its `[%eval …]` and the judgement word after it. */
const OUR_MARKS = /\[%eval [^\]]*\]\s*(?:(?:Inaccuracy|Mistake|Blunder)\.\s*)?/g;

function sideTags(side: 'Red' | 'Black', s: SideSummary): [string, string][] {
  return [
    [`${side}Accuracy`, s.accuracy === null ? '?' : s.accuracy.toFixed(1)],
    [`${side}ACPL`, String(s.acpl)],
    [`${side}Inaccuracies`, String(s.inaccuracies)],
    [`${side}Mistakes`, String(s.mistakes)],
    [`${side}Blunders`, String(s.blunders)],
  ];
}

/**
 * `game` with `analysis` (of its main line) written in. `label` names the engine and the limit in the
 * `Analysis` tag (`xiangqi-engine 0.1.0, depth 12`).
 */
export function annotate(game: PgnGame, analysis: GameAnalysis, label: string): PgnGame {
  const line: PgnMove[] = game.line ?? game.moves.map((move) => ({ move }));
  const annotated = line.map((entry, ply): PgnMove => {
    const out: PgnMove = { ...entry };
    const own = (entry.comment ?? '').replace(OUR_MARKS, '').trim();
    const judged = analysis.moves[ply];
    const score = analysis.scores[ply + 1];
    const words = [score ? `[%eval ${evalText(score)}]` : '', judged?.judgement ? WORDS[judged.judgement] : '', own];
    const comment = words.filter(Boolean).join(' ');
    if (comment) out.comment = comment;
    else delete out.comment;
    if (judged?.judgement) {
      const nag = JUDGEMENT_NAG[judged.judgement];
      out.nags = [...(entry.nags ?? []).filter((n) => n !== nag), nag];
      const better = analysis.lines[ply] ?? [];
      const known = (entry.variations ?? []).some(
        (v) => v.length === better.length && v.every((m, i) => m.move === better[i]),
      );
      if (better.length > 0 && better[0] !== entry.move && !known) {
        out.variations = [...(entry.variations ?? []), better.map((move) => ({ move }))];
      }
    }
    return out;
  });
  const tags: Record<string, string> = {};
  for (const [name, value] of Object.entries(game.tags)) if (!ANALYSIS_TAGS.includes(name)) tags[name] = value;
  for (const [name, value] of [
    ['Analysis', label],
    ...sideTags('Red', analysis.red),
    ...sideTags('Black', analysis.black),
  ]) {
    tags[name!] = value!;
  }
  const result: PgnGame = { ...game, tags, line: annotated, moves: annotated.map((m) => m.move) };
  delete result.warnings;
  return result;
}
