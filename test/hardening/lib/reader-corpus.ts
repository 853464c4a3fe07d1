// Seed files for the record readers' fuzzer: real games (the notation fixtures: world championship and
// magazine games, several games with nested variations) and the case of issue 28 rebuilt, written
// as XQF (versions 10 to 18, with and without obfuscation), DhtmlXQ, PGN (three notations) and CBF;
// plus the shapes the fuzzer must survive: variations nested hundreds deep, comments of hundreds of
// thousands of characters, and text fields whose GB18030 bytes are broken.
import { readFileSync } from 'node:fs';
import { Random } from '../../../bench/lib/random.ts';
import {
  parsePgn,
  RuleBoard,
  START_FEN,
  writePgn,
  writeUbb,
  writeXqf,
  type MoveNode,
  type PgnGame,
  type PgnMove,
  type TreeGame,
} from '../../../web/notation/index.ts';
import { encodeGb18030 } from '../../../web/notation/gb18030.ts';
import { brokenSideLine } from '../../notation/broken-side-line.ts';

const FIXTURES = [
  'cao-haikola-2015.iccs.pgn',
  'cao-haikola-2015.wxf.pgn',
  'cao-haikola-2015.zh.pgn',
  'horne-mirnik.wxf.pgn',
  'several.pgn',
];

export const fixtureText = (name: string): string =>
  readFileSync(new URL(`../../notation/fixtures/${name}`, import.meta.url), 'utf8');

export interface Corpus {
  xqf: Uint8Array[];
  ubb: string[];
  pgn: string[];
  cbf: (string | Uint8Array)[];
}

/** A PGN line (with its variations) as a move tree. */
function nodesOf(line: readonly PgnMove[]): MoveNode[] {
  const out: MoveNode[] = [];
  let list = out;
  for (const m of line) {
    const node: MoveNode = { move: m.move, comment: m.comment ?? null, children: [] };
    list.push(node);
    for (const v of m.variations ?? []) list.push(...nodesOf(v));
    list = node.children;
  }
  return out;
}

/** The tree as a PGN line: the first child continues, the others are variations of it. */
function lineOf(children: readonly MoveNode[]): PgnMove[] {
  const line: PgnMove[] = [];
  for (let list = children; list.length > 0; list = list[0]!.children) {
    const [first, ...others] = list;
    const move: PgnMove = { move: first!.move };
    if (first!.comment) move.comment = first!.comment;
    if (others.length > 0) move.variations = others.map((o) => lineOf([{ ...o }]));
    line.push(move);
  }
  return line;
}

/** A line as ICCS move text with its variations in brackets, written without checking any move. */
function iccsText(line: readonly PgnMove[]): string {
  return line
    .map((m) => {
      const move = `${m.move.slice(0, 2)}-${m.move.slice(2)}`.toUpperCase();
      const variations = (m.variations ?? []).map((v) => ` (${iccsText(v)})`).join('');
      return `${move}${m.comment ? ` {${m.comment}}` : ''}${variations}`;
    })
    .join(' ');
}

/** A game whose variations nest `depth` deep: each one an alternative inside the one before. */
export function deepGame(depth: number, seed: number): TreeGame {
  const random = new Random(seed);
  const board = new RuleBoard();
  const pick = (not: string[]): string | null => {
    const legal = board.legalMoves().filter((m) => !not.includes(m));
    return legal.length ? random.pick(legal) : null;
  };
  const first = pick([])!;
  board.play(first);
  const root: MoveNode = { move: first, comment: null, children: [{ move: pick([])!, comment: null, children: [] }] };
  let parent = root;
  const prefix = [first];
  for (let k = 0; k < depth; k++) {
    board.setPosition(START_FEN, prefix);
    const alt = pick(parent.children.map((c) => c.move));
    if (!alt) break;
    board.play(alt);
    const next = pick([]);
    const node: MoveNode = { move: alt, comment: k % 50 === 0 ? `深${k}` : null, children: [] };
    if (next) node.children.push({ move: next, comment: null, children: [] });
    parent.children.push(node);
    if (!next) break;
    parent = node;
    prefix.push(alt);
  }
  return {
    tags: { Title: `nested ${depth}` },
    fen: START_FEN,
    result: '*',
    comment: null,
    children: [root],
    mainline: [],
  };
}

/** 象棋桥's layout (see web/notation/README.md, "CBF"): the head, "00-00", the moves, end="1". */
export function cbfOf(game: TreeGame, after: string[] = [], encoding = 'UTF-8'): string {
  const xy = (sq: string): string => `${sq.charCodeAt(0) - 97}${9 - Number(sq[1])}`;
  const cdata = (text: string | null): string => (text ? `<![CDATA[${text.replace(/]]>/g, ']] >')}]]>` : '');
  const moves: string[] = [`<Move value="00-00">${cdata(game.comment)}</Move>`];
  const line: MoveNode[] = [];
  for (let n = game.children[0]; n; n = n.children[0]) line.push(n);
  line.forEach((n, i) => {
    const end = i === line.length - 1 ? ' end="1"' : '';
    moves.push(`<Move value="${xy(n.move.slice(0, 2))}-${xy(n.move.slice(2))}"${end}>${cdata(n.comment)}</Move>`);
  });
  for (const m of after) moves.push(`<Move value="${xy(m.slice(0, 2))}-${xy(m.slice(2))}" />`);
  const head = Object.entries({
    Name: game.tags['Title'] ?? '',
    Red: game.tags['Red'] ?? '',
    Black: game.tags['Black'] ?? '',
  })
    .map(([k, v]) => `  <${k}>${v.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</${k}>`)
    .join('\n');
  return `<?xml version="1.0" encoding="${encoding}"?>\n<ChineseChessRecord Version="1.0">\n <Head>\n${head}\n  <RecordResult>0</RecordResult>\n  <FEN>${game.fen}</FEN>\n </Head>\n <MoveList>\n  ${moves.join('\n  ')}\n </MoveList>\n</ChineseChessRecord>\n`;
}

/** Bytes that are no GB18030: a lead byte with a bad trail, lone lead bytes, 0x80 and 0xFF. */
const BAD_GB = [0x81, 0x20, 0xff, 0x80, 0xfe, 0x81, 0x30, 0x81, 0x30, 0xd6];

/** A version 10 file (no obfuscation) whose game comment and Red field hold broken GB18030. */
function badGbXqf(game: TreeGame): Uint8Array {
  const marker = 'QQQQQQQQQQ';
  const bytes = writeXqf({ ...game, comment: `${marker}评注`, tags: { ...game.tags, Red: marker } });
  for (let at = 0; at + marker.length <= bytes.length; at++) {
    if (String.fromCharCode(...bytes.subarray(at, at + marker.length)) === marker) bytes.set(BAD_GB, at);
  }
  return bytes;
}

export function buildCorpus(): Corpus {
  const games: TreeGame[] = [];
  for (const name of FIXTURES) {
    for (const g of parsePgn(fixtureText(name))) {
      games.push({
        tags: { Title: g.tags['Event'] ?? name, Red: g.tags['Red'] ?? '', Black: g.tags['Black'] ?? '' },
        fen: g.fen ?? START_FEN,
        result: g.result,
        comment: g.comment ?? null,
        children: nodesOf(g.line ?? []),
        mainline: g.moves,
      });
    }
  }
  games.push(brokenSideLine().game);
  const deep = deepGame(300, 300);
  const long = { ...games[0]!, comment: '长'.repeat(200_000), tags: { ...games[0]!.tags, Title: 'x'.repeat(300) } };
  const keys = [undefined, { keyXY: 0x9d, keyXYf: 0x31, keyXYt: 0xe7 }, { keyXY: 1, keyXYf: 2, keyXYt: 3 }];
  const xqf: Uint8Array[] = [];
  games.forEach((g, i) => {
    for (const version of [10, 11, 12, 18]) xqf.push(writeXqf(g, { version, keys: keys[(i + version) % keys.length] }));
  });
  xqf.push(
    writeXqf(deep, { version: 18, keys: keys[1] }),
    writeXqf(long),
    badGbXqf(games[0]!),
    badGbXqf(games[games.length - 1]!),
  );

  const ubb = [...games, deep, long].map((g) => writeUbb(g));

  const broken = games.pop()!; // its illegal move cannot be written by writePgn: see iccsText
  const pgnGames: PgnGame[] = [...games, deepGame(250, 250), deep].map((g) => ({
    tags: { Event: g.tags['Title'] ?? '' },
    fen: g.fen === START_FEN ? null : g.fen,
    moves: [],
    result: g.result,
    line: lineOf(g.children),
  }));
  const pgn = FIXTURES.map(fixtureText);
  for (const format of ['ICCS', 'WXF', 'chinese'] as const) pgn.push(writePgn(pgnGames.slice(0, -2), { format }));
  // Nested 250 deep (read) and 300 deep (refused: the reader takes 256 levels).
  pgn.push(writePgn(pgnGames[pgnGames.length - 2]!, { format: 'ICCS' }), writePgn(pgnGames[pgnGames.length - 1]!));
  pgn.push(`[Game "Chinese Chess"]\n{ ${'长评'.repeat(150_000)} }\n1. 炮二平五 马８进７ *\n`);
  pgn.push(`[Game "Chinese Chess"]\n[Format "ICCS"]\n\n${iccsText(lineOf(broken.children))} *\n`);
  games.push(broken);

  // Every other one with moves after its main line's end (left out with a warning).
  const cbf: (string | Uint8Array)[] = games.map((g, i) => cbfOf(g, i % 2 ? g.mainline.slice(0, 2) : []));
  cbf.push(cbfOf(games[0]!, games[0]!.mainline.slice(0, 3)), cbfOf(long));
  const chinese = games.find((g) => /[\u4e00-\u9fff]/.test(JSON.stringify(g.tags))) ?? games[0]!;
  cbf.push(encodeGb18030(cbfOf(chinese, [], 'GB18030')));
  return { xqf, ubb, pgn, cbf };
}
