// The practice tab's endgame drills in headless Chromium: a won position of rook against advisor from
// the tables, the tables' distance shown, the player's best move judged ("still won", one move
// nearer), the tables' longest defence played back; a move that lets the win slip said so; Retry
// sets the same position again. The test's own tables (Node) say what the right moves are.
import { expect, test } from 'vitest';
import { Tablebases } from '../../web/egtb/tablebases.ts';
import { RuleBoard } from '../../web/notation/rule-board.ts';
import type { Page } from 'playwright-core';
import { boardFen, clickMove, open, quick } from './app-fixture.ts';

/** The game's moves (the move list is in another tab than the drills). */
const played = (page: Page): Promise<string[]> =>
  page.evaluate(
    () => (window as unknown as { xiangqi: { state: { game: { played: string[] } } } }).xiangqi.state.game.played,
  );

async function waitForMoves(page: Page, n: number): Promise<void> {
  await expect.poll(async () => (await played(page)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(n);
}

/**
 * Opens the page, a drill of `ending` for `goal` set from the practice tab; its stage line, once the
 * drill's first words are shown.
 */
async function startDrill(goal: 'win' | 'hold', ending: string, tables: Tablebases) {
  tables.generate(ending);
  const { page, errors } = await open({ storage: quick({ notation: 'ICCS' }) });
  await page.click('[role="tab"][data-tab="practice"]');
  await page.selectOption('[data-testid="drill-goal"]', goal);
  await page.selectOption('[data-testid="drill-ending"]', ending);
  await page.click('[data-action="drill-start"]');
  const stage = page.locator('[data-testid="drill-stage"]');
  await expect
    .poll(() => stage.innerText(), { timeout: 20_000 })
    .toMatch(goal === 'win' ? /^Red to play and mate/ : /^Black to play: hold/);
  return { page, errors, stage };
}

test('a rook-against-advisor drill: the distance, a best move judged and answered, a slip, and Retry', async () => {
  const tables = await Tablebases.load('wasm');
  const { page, errors, stage } = await startDrill('win', 'KR-KA', tables);

  const start = await boardFen(page);
  const probe = tables.probe(start)!;
  expect(probe.result).toBe('win');
  const n = (probe.plies! + 1) / 2;
  expect(await stage.innerText()).toBe(`Red to play and mate: the tables mate in ${n}.`);
  // The page's computer stands aside: the drill is Red's to play and nothing moves by itself.
  expect(await played(page)).toEqual([]);

  const best = tables.moves(start)![0]!.move;
  await clickMove(page, best);
  await expect
    .poll(() => stage.innerText(), { timeout: 20_000 })
    .toBe(`Still won: mate in ${n - 1} by the tables. Your moves: 1.`);
  // The tables' reply is their longest defence.
  await waitForMoves(page, 2);
  const [, reply] = await played(page);
  const defences = tables.moves(afterMove(start, best))!;
  expect(defences.find((m) => m.move === reply)!.plies).toBe(defences[0]!.plies);

  // A move that lets the win slip (the rook left where it is taken): said at once. Where the position
  // has none, the best move is played and the next position looked at.
  let slip: string | undefined;
  for (let played = 1; slip === undefined && played < 6; played++) {
    const here = await boardFen(page);
    slip = tables.moves(here)!.find((m) => m.result === 'draw')?.move;
    if (slip) break;
    await clickMove(page, tables.moves(here)![0]!.move);
    await waitForMoves(page, 2 * played + 2);
  }
  expect(slip).toBeDefined();
  await clickMove(page, slip!);
  await expect.poll(() => stage.innerText(), { timeout: 20_000 }).toMatch(/^That move lets the win slip/);

  await page.click('[data-action="drill-retry"]');
  await expect.poll(() => played(page)).toEqual([]);
  expect(await boardFen(page)).toBe(start);
  expect(await stage.innerText()).toBe(`Red to play and mate: the tables mate in ${n}.`);
  expect(errors).toEqual([]);
}, 60_000);

/** The position after `move` from `fen`. */
function afterMove(fen: string, move: string): string {
  const board = new RuleBoard(fen);
  board.play(move);
  return board.fen();
}

test('a drill played out with the best moves: mate in exactly the tables’ distance, and said so', async () => {
  const tables = await Tablebases.load('wasm');
  const { page, errors, stage } = await startDrill('win', 'KH-K', tables);
  const n = (tables.probe(await boardFen(page))!.plies! + 1) / 2;
  for (let move = 0; move < n; move++) {
    await waitForMoves(page, 2 * move);
    await clickMove(page, tables.moves(await boardFen(page))![0]!.move);
  }
  await expect
    .poll(() => stage.innerText(), { timeout: 20_000 })
    .toBe(`Mate in ${n} moves. The tables’ fastest: ${n}.`);
  expect(errors).toEqual([]);
}, 90_000);

test('a hold drill: Black at the bottom, a drawing move held, a losing one said to lose', async () => {
  const tables = await Tablebases.load('wasm');
  const { page, errors, stage } = await startDrill('hold', 'KH-KAA', tables);
  expect(await stage.innerText()).toBe('Black to play: hold the draw for 20 moves.');
  expect(await page.evaluate(() => document.querySelector('xiangqi-board')!.orientation)).toBe('black');
  const start = await boardFen(page);
  const moves = tables.moves(start)!;
  expect(tables.probe(start)!.result).toBe('draw');
  await clickMove(page, moves.find((m) => m.result === 'draw')!.move);
  await expect.poll(() => stage.innerText(), { timeout: 20_000 }).toBe('Still a draw: 1 of 20 moves held.');
  await page.click('[data-action="drill-retry"]');
  await expect.poll(() => played(page)).toEqual([]);
  // A losing move's plies count it: Red then mates in the rest, losing.plies / 2 moves.
  const losing = moves.find((m) => m.result === 'loss')!;
  await clickMove(page, losing.move);
  await expect
    .poll(() => stage.innerText(), { timeout: 20_000 })
    .toBe(`That move loses: the tables mate in ${losing.plies! / 2}. Take it back, or retry.`);
  expect(errors).toEqual([]);
}, 60_000);
