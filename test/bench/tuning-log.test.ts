// The tuning log's figures against their games: every row of bench/TUNING.md that links a match
// record (bench/matches/) is recounted from that record's PGN: games, W/D/L, score, and the Elo of
// a fixed-length match (a run stopped at an SPRT bound may quote its verdict, LLR and pair counts,
// never an Elo). Every row with results either links its record or says its games were not kept.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eloEstimate, finishedPairs, scoreOf, type Tally } from '../../bench/match-report.ts';
import { recordedGames } from '../../bench/match-records.ts';
import { sprtState } from '../../bench/sprt.ts';

const root = new URL('../../', import.meta.url);
const log = readFileSync(new URL('bench/TUNING.md', root), 'utf8');

interface Row {
  line: number;
  cells: Record<string, string>;
}

/** The rows of every table in the log that has a `record` column, by header name. */
function recordTables(): Row[] {
  const rows: Row[] = [];
  const lines = log.split('\n');
  let header: string[] | null = null;
  lines.forEach((text, i) => {
    if (!text.startsWith('|')) {
      header = null;
      return;
    }
    const cells = text
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
    if (!header) {
      header = cells.includes('record') ? cells : [];
      return;
    }
    if (header.length === 0 || /^-+:?$/.test(cells[0]!.replace(/ /g, ''))) return;
    rows.push({ line: i + 1, cells: Object.fromEntries(header.map((name, k) => [name, cells[k] ?? ''])) });
  });
  return rows;
}

interface Summary {
  engines: { ours: { name: string } };
  settings: { sprt: unknown };
  summary: {
    wins: number;
    draws: number;
    losses: number;
    sprt: { llr: number; pentanomial: number[]; continues?: { record: string }[] } | null;
  };
  pgn: string;
}

/** Our W/D/L in a match, counted from its PGN's Red, Black and Result tags, and its finished pairs. */
function recount(summaryFile: URL): { tally: Tally; summary: Summary; pairs: [number, number][] } {
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as Summary;
  const ours = summary.engines.ours.name;
  const tally: Tally = { wins: 0, draws: 0, losses: 0 };
  const games = recordedGames(new URL(summary.pgn, summaryFile).pathname, ours).map((game) => {
    expect(game.ourColor, `our engine "${ours}" plays game ${game.index}`).not.toBeNull();
    if (game.result === '1/2-1/2') tally.draws++;
    else if ((game.result === '1-0') === (game.ourColor === 'red')) tally.wins++;
    else tally.losses++;
    return { ...game, ourColor: game.ourColor! };
  });
  return { tally, summary, pairs: finishedPairs(games) };
}

const rows = recordTables();
const linked = rows.filter((row) => /\]\(\.?\/?matches\//.test(row.cells['record'] ?? ''));

describe('the tuning log against its games', () => {
  it('has record columns', () => {
    expect(rows.length).toBeGreaterThan(10);
  });

  it('every row with results links its games or says they were not kept', () => {
    for (const row of rows) {
      if (!/^\d+\/\d+\/\d+$/.test(row.cells['W/D/L'] ?? '')) continue;
      expect(row.cells['record'], `line ${row.line}`).toMatch(/games not kept|\]\(\.?\/?matches\/[^)]+\.json\)/);
    }
  });

  it.each(linked.map((row) => [row.line, row] as const))('line %i agrees with its record', (_line, row) => {
    const target = /\]\((\.?\/?matches\/[^)]+\.json)\)/.exec(row.cells['record']!)![1]!;
    const file = new URL(`bench/${target.replace(/^\.?\//, '')}`, root);
    expect(existsSync(file), `${target} exists`).toBe(true);
    const { tally, summary, pairs } = recount(file);
    expect(tally, 'the summary counts what the PGN holds').toEqual({
      wins: summary.summary.wins,
      draws: summary.summary.draws,
      losses: summary.summary.losses,
    });
    const games = tally.wins + tally.draws + tally.losses;
    expect(Number(/^\d+/.exec(row.cells['games']!)![0])).toBe(games);
    expect(row.cells['W/D/L']).toBe(`${tally.wins}/${tally.draws}/${tally.losses}`);
    expect(row.cells['score']).toBe(`${(scoreOf(tally) * 100).toFixed(1)}%`);
    const eloCell = row.cells['Elo (95%)'] ?? '';
    if (summary.settings.sprt) {
      // A run stopped by the test gives its verdict: LLR and pentanomial as the record has them, no Elo.
      expect(eloCell === '' || eloCell === '-', `an SPRT row quotes no Elo (line ${row.line})`).toBe(true);
      expect(Object.values(row.cells).join(' ')).not.toMatch(/Elo [+-]\d/);
      const sprt = summary.summary.sprt!;
      expect(row.cells['LLR']).toContain(sprt.llr.toFixed(2));
      expect(row.cells['pentanomial']).toBe(`[${sprt.pentanomial.join(' ')}]`);
      // A run that took up stopped runs of its test (--continue) states the whole test: their pairs
      // (recounted from their records, committed beside it) come first.
      const earlier = (sprt.continues ?? []).flatMap((c) => recount(new URL(c.record, file)).pairs);
      const settings = summary.settings.sprt as { elo0: number; elo1: number; alpha: number; beta: number };
      const whole = sprtState(settings, [...earlier, ...pairs]);
      expect(whole.pentanomial, 'the test state counts every pair of the test').toEqual(sprt.pentanomial);
      expect(whole.llr).toBeCloseTo(sprt.llr, 6);
    } else if (eloCell !== '') {
      const elo = eloEstimate(tally);
      const quoted = /^\*{0,2}([+-]\d+) (?:\+\/-|±) (\d+)\*{0,2}$/.exec(eloCell);
      expect(quoted, `Elo cell "${eloCell}"`).not.toBeNull();
      expect(Number(quoted![1])).toBe(Math.round(elo.elo));
      expect(Number(quoted![2])).toBe(Math.round(elo.margin));
    }
  });
});
