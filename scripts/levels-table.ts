// The README's table of the levels and their ratings ("Levels and their ratings"), from the table the
// ladder wrote (web/engine/levels.generated.ts, `npm run ladder -- --table`) and the page's named
// levels (web/app/rated-levels.ts) as the engine plays them (web/engine/strength.ts).
import { LADDER_ANCHOR, LADDER_GAMES, LADDER_PROVISIONAL, LEVEL_RATINGS } from '../web/engine/levels.generated.ts';
import { strengthForElo } from '../web/engine/strength.ts';
import { RATED_LEVELS } from '../web/app/rated-levels.ts';
import { en } from '../web/app/strings-en.ts';
import { zh } from '../web/app/strings-zh.ts';

export function levelsTable(): string {
  const status = LADDER_PROVISIONAL
    ? `**Provisional, from ${LADDER_GAMES} games** (short of the full ladder: fewer than 100 games for some adjacent pair, or no match against the anchor). These figures show that the pipeline works; they are not yet measurements.`
    : `From ${LADDER_GAMES} games (at least 100 each adjacent pair).`;
  const measured = LEVEL_RATINGS.map(
    (l) => `| ${l.skill} | ${l.skill * 100} | ${l.elo} | ${l.games ? `±${l.margin}` : '–'} | ${l.games} |`,
  );
  const named = RATED_LEVELS.map((l) => `| ${zh[l.name]} | ${en[l.name]} | ${l.elo} | ${strengthForElo(l.elo)} |`);
  return [
    '<!-- Written by `npm run generate` from web/engine/levels.generated.ts (`npm run ladder -- --table`): do not edit. -->',
    '',
    `${status} Scale: ${LADDER_ANCHOR.engine} at full strength, ${LADDER_ANCHOR.movetimeMs} ms a move = ${LADDER_ANCHOR.elo}.`,
    '',
    '| Skill Level | strength | rating | 95% | games |',
    '| --- | --- | --- | --- | --- |',
    ...measured,
    '',
    "The page's named levels and the strength (0-2000) each is played at:",
    '',
    '| level | in English | rating | strength |',
    '| --- | --- | --- | --- |',
    ...named,
  ].join('\n');
}
