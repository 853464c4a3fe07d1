// The repetition rule sets a game can be judged by, by the names every surface uses: the engine's
// `Rule` option, the board's `rule` attribute, the page's setting and `npm run match --rule`.
import { RULE_ASIAN, RULE_CHECK_ONLY, RULE_CHINESE, RULE_COMPUTER } from './shared.ts';

/**
 * - `computer`: Pikafish's and the chessdb cloud book's rule: perpetual check loses; any other
 *   check in the cycle draws; else perpetually chasing one piece loses.
 * - `asian`: the Asian Xiangqi Federation's rules as Fairy-Stockfish's rule tests judge them: checks
 *   do not excuse a chase; protection by a pinned piece or a piece a discovered check overloads does not count.
 * - `chinese`: the Chinese Xiangqi Association's 2020 rules: perpetual check loses; then a side
 *   whose every move checks, threatens mate or chases (any piece) loses.
 * - `check-only`: perpetual check loses, every other repetition draws (for opponents that know no more).
 */
export const RULE_SETS = ['computer', 'asian', 'chinese', 'check-only'] as const;
/** A repetition rule set's name (see RULE_SETS): `computer`, `asian`, `chinese` or `check-only`. */
export type RuleSet = (typeof RULE_SETS)[number];

/** The default: the rule most engines and the cloud book play by. */
export const DEFAULT_RULE_SET: RuleSet = 'computer';

export const RULE_CODES: Record<RuleSet, number> = {
  computer: RULE_COMPUTER,
  asian: RULE_ASIAN,
  chinese: RULE_CHINESE,
  'check-only': RULE_CHECK_ONLY,
};

/** Whether a value is the name of a rule set (RULE_SETS). */
export function isRuleSet(value: unknown): value is RuleSet {
  return typeof value === 'string' && (RULE_SETS as readonly string[]).includes(value);
}

/** The rule set named by `text`; throws a RangeError that lists the names otherwise. */
export function parseRuleSet(text: string): RuleSet {
  const name = text.trim().toLowerCase();
  if (isRuleSet(name)) return name;
  throw new RangeError(`unknown rule set "${text}": use one of ${RULE_SETS.join(', ')}`);
}
