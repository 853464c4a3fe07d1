// A game in a link: the page's URL with the game in its fragment (never sent to a server), so opening
// the link shows that game at that move. The fragment holds
//   game  the game as PGN with ICCS moves (its start position in a [FEN] tag), deflated and in base64url:
//         the whole tree, variations, comments and drawn shapes, where the link stays within LINK_LIMIT;
//         otherwise the line on the board alone;
//   path  where the line on the board leaves the main line: for each move from the start, which of the
//         moves tried there it takes (0 the main one, in base 36), up to the last that is not the main
//         one (absent when it is the main line);
//   ply   how many moves of that line are on the board.
// Reading takes the PGN through readGameText, the same checks as pasted text, so a damaged link is
// refused with the reason and changes nothing.
import { START_FEN } from '../engine/index.ts';
import type { Engine } from '../engine/types.ts';
import { writePgn, type PgnGame } from '../notation/index.ts';
import { commentWithShapes } from './drawn-shapes.ts';
import type { GameRecord, TreeRecord } from './game-record.ts';
import { readGameText } from './import-export.ts';
import { lineFromTree } from './tree-pgn.ts';

/** The longest link made with the whole tree: what chat programs, mail and forums keep in one piece. */
export const LINK_LIMIT = 2000;

export interface GameLink {
  url: string;
  /** The whole tree is in it (else the line on the board only: the tree was too long for a link). */
  whole: boolean;
}

export type LinkRead = { ok: true; record: GameRecord } | { ok: false; reason: string };

/** A link to `record` at its cursor: `base` (the page's URL) with the game in the fragment. */
export async function gameLink(record: GameRecord, scratch: Engine, base: string): Promise<GameLink> {
  const page = base.replace(/#.*$/, '');
  const path = linePath(record);
  if (path !== null) {
    const url = `${page}#${await fragment(treePgn(record, scratch), path, record.cursor)}`;
    if (url.length <= LINK_LIMIT) return { url, whole: true };
  }
  const line = writePgn(pgnGame(record, { moves: record.moves }), scratch, { format: 'ICCS' });
  return { url: `${page}#${await fragment(line, '', record.cursor)}`, whole: false };
}

/** Whether a URL fragment (`#...`) holds a game. */
export function hasGame(hash: string): boolean {
  return new URLSearchParams(hash.replace(/^#/, '')).has('game');
}

/** The game in a fragment made by gameLink, checked as pasted text is; or why it cannot be read. */
export async function readGameLink(hash: string, scratch: Engine): Promise<LinkRead> {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const packed = params.get('game') ?? '';
  let text: string;
  try {
    text = await inflate(fromBase64Url(packed));
  } catch {
    return { ok: false, reason: 'the game in the link is damaged (was the link cut short?)' };
  }
  const read = readGameText(text, scratch);
  if (!read.ok) return { ok: false, reason: read.reason || 'the link holds no game' };
  const tree = read.record.tree ?? [];
  const moves: string[] = [];
  let children: readonly TreeRecord[] = tree;
  for (const [i, digit] of [...(params.get('path') ?? '')].entries()) {
    const next = /^[0-9a-z]$/.test(digit) ? children[parseInt(digit, 36)] : undefined;
    if (!next) return { ok: false, reason: `the link's line leaves the game at move ${i + 1}` };
    moves.push(next.move);
    children = next.children ?? [];
  }
  let length = moves.length;
  for (let next: TreeRecord | undefined = children[0]; next; next = next.children?.[0]) length++;
  const plyText = params.get('ply') ?? String(length);
  const ply = /^\d{1,4}$/.test(plyText) ? Number(plyText) : NaN;
  if (!(ply <= length)) return { ok: false, reason: `the link's move ${plyText} is not in its game (${length} moves)` };
  return { ok: true, record: { ...read.record, moves, cursor: ply } };
}

/** The record's line as the moves chosen from the start, or null when one is past what base 36 writes. */
function linePath(record: GameRecord): string | null {
  let path = '';
  let children: readonly TreeRecord[] = record.tree ?? [];
  for (const move of record.moves) {
    const index = children.findIndex((c) => c.move === move);
    if (index < 0 || index >= 36) return null;
    path += index.toString(36);
    children = children[index]!.children ?? [];
  }
  return path.replace(/0+$/, '');
}

function pgnGame(record: GameRecord, moves: Pick<PgnGame, 'moves' | 'line' | 'comment'>): PgnGame {
  return { tags: {}, fen: record.startFen === START_FEN ? null : record.startFen, result: '*', ...moves };
}

/** The whole tree as PGN: variations, comments and drawn shapes (as tree-pgn.ts writes them for export). */
function treePgn(record: GameRecord, scratch: Engine): string {
  const tree = record.tree ?? [];
  const line = lineFromTree(tree);
  const game = pgnGame(record, { moves: line.map((m) => m.move), line });
  const comment = commentWithShapes(record.comment ?? '', record.shapes ?? []);
  if (comment) game.comment = comment;
  return writePgn(game, scratch, { format: 'ICCS' });
}

async function fragment(pgn: string, path: string, ply: number): Promise<string> {
  const params = new URLSearchParams({ game: toBase64Url(await deflate(pgn)) });
  if (path) params.set('path', path);
  params.set('ply', String(ply));
  return params.toString();
}

async function deflate(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function inflate(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new TextDecoder('utf-8', { fatal: true }).decode(await new Response(stream).arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error('not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
