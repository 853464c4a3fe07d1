// The table of the levels and their ratings in docs/levels.md, from the table the
// ladder wrote (web/engine/levels.generated.ts, `npm run ladder -- --table`) and the page's named
// levels (web/app/rated-levels.ts) as the engine plays them (web/engine/strength.ts).
import {
  LADDER_ANCHOR,
  LADDER_GAMES,
  LADDER_MATCHES,
  LADDER_PROVISIONAL,
  LEVEL_RATINGS,
} from '../web/engine/levels.generated.ts';
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
  const level = (name: string) => (name.startsWith('skill-') ? `Skill Level ${name.slice(6)}` : LADDER_ANCHOR.engine);
  const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
  const matches = LADDER_MATCHES.map(
    (m) =>
      `| ${level(m.upper)} vs ${level(m.lower)} | ${m.games} | ${percent(m.points / m.games)} | ${percent(m.expected)} |`,
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
    'Each match of the ladder, scored from the first side, and the score the fitted ratings expect of it:',
    '',
    '| match | games | score | expected |',
    '| --- | --- | --- | --- |',
    ...matches,
    '',
    "The page's named levels and the strength (0-2000) each is played at:",
    '',
    '| level | in English | rating | strength |',
    '| --- | --- | --- | --- |',
    ...named,
  ].join('\n');
}
