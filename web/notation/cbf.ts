// Reading CBF, the XML game records of 象棋桥 (XiangQiQiao). The layout, as the files and the readers
// and writers published for them show it (see web/notation/README.md, "CBF"): a <ChineseChessRecord>
// holding <Head> (one element per field: Name, Contest, Round, Date, Site, Red, Black, ..., FEN,
// RecordResult) and <MoveList>, whose <Move value="XY-XY"> elements are the moves: x the file from
// Red's left (0-8), y the row counted from Black's side (0-9). The first, value "00-00", is the
// start; its text is the game's comment, and each move's text the comment after it. end="1" marks
// the last move of the main line. How variations follow it is not published; moves after it are
// left out with a warning rather than guessed at.

import { START_FEN } from '../engine/start-fen.ts';
import { CbfError } from './errors.ts';
import { checkTree, mainLine, type MoveNode, type ReadGame } from './game-tree.ts';
import type { PgnResult } from './pgn.ts';
import { RuleBoard } from './rule-board.ts';
import type { ReplayEngine } from './types.ts';
import { digitsSquare } from './ubb-format.ts';
import { cutText, messageOf, type ReadWarning } from './warnings.ts';
import { XmlError, childrenNamed, parseXml, textOf, type XmlElement } from './xml.ts';

/** Head fields -> PGN-style tag names (the names the other readers use); other fields keep their own. */
const TAGS: Readonly<Record<string, string>> = {
  Name: 'Title',
  Contest: 'Event',
  Commentator: 'Annotator',
  Creator: 'Author',
};
/** Head fields that describe the record, not the game. */
const NOT_TAGS = new Set(['FEN', 'RecordResult', 'RecordType', 'RecordKind', 'ResultType']);
/** RecordResult: 3 is written for drawn games; 1 and 2 as XQF numbers them (the files are converted from XQF). */
const RESULTS: Readonly<Record<string, PgnResult>> = { '0': '*', '1': '1-0', '2': '0-1', '3': '1/2-1/2' };

/** Only texts this large are read (a record with every comment is a few hundred KB). */
const MAX_TEXT = 8 * 1024 * 1024;

/** True when the text (or the start of a file) holds a CBF record. */
export function isCbf(text: string): boolean {
  return /<ChineseChessRecord[\s>/]/.test(text.slice(0, 4096));
}

/**
 * The game in a CBF record, from its text or its bytes (decoded by the encoding its XML declaration
 * names, UTF-8 when none). `engine` (by default a RuleBoard) replays the moves. Throws CbfError for
 * broken XML, a missing or bad start, or a bad move; moves after the main line's end are left out,
 * with a warning in `warnings`.
 */
export function readCbf(input: string | Uint8Array, engine: ReplayEngine = new RuleBoard()): ReadGame {
  const text = typeof input === 'string' ? input : decodeCbf(input);
  if (text.length > MAX_TEXT)
    throw new CbfError(`the text has ${text.length} characters, more than the ${MAX_TEXT} accepted`);
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (error) {
    if (!(error instanceof XmlError)) throw error;
    throw new CbfError(
      `the XML is broken: ${error.reason} (column ${error.column})`,
      error.line,
      undefined,
      undefined,
      error,
    );
  }
  if (root.name !== 'ChineseChessRecord')
    throw new CbfError(`not a CBF record: the root element is <${root.name}>, not <ChineseChessRecord>`, root.line);

  const tags: Record<string, string> = {};
  let fen = START_FEN;
  let fenLine: number | undefined;
  let result: PgnResult = '*';
  for (const field of childrenNamed(root, 'Head')[0]?.children ?? []) {
    if (typeof field === 'string') continue;
    const value = textOf(field).trim();
    if (field.name === 'FEN' && value) {
      fen = value;
      fenLine = field.line;
    } else if (field.name === 'RecordResult') {
      result = RESULTS[value] ?? '*';
    } else if (value && !NOT_TAGS.has(field.name)) {
      Object.defineProperty(tags, TAGS[field.name] ?? field.name, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  if (result !== '*') tags['Result'] = result;

  const moves = childrenNamed(childrenNamed(root, 'MoveList')[0] ?? root, 'Move');
  let comment: string | null = null;
  let first = 0;
  if (moves[0]?.attributes.get('value') === '00-00') {
    comment = textOf(moves[0]).trim() || null;
    first = 1;
  }
  const warnings: ReadWarning[] = [];
  const lineOf = new Map<MoveNode, number>();
  const line: MoveNode[] = [];
  for (let k = first; k < moves.length; k++) {
    const element = moves[k]!;
    const value = element.attributes.get('value') ?? '';
    const ply = k - first + 1;
    const m = /^([0-9])([0-9])-([0-9])([0-9])$/.exec(value.trim());
    const from = m ? digitsSquare(Number(m[1]), Number(m[2])) : null;
    const to = m ? digitsSquare(Number(m[3]), Number(m[4])) : null;
    if (!from || !to) {
      throw new CbfError(
        `value="${value}" is not a move (x y of the start and end points, y counted from Black's side, as in 77-47)`,
        element.line,
        ply,
      );
    }
    const node: MoveNode = { move: from + to, comment: textOf(element).trim() || null, children: [] };
    lineOf.set(node, element.line);
    line.push(node);
    if (element.attributes.get('end') === '1' && k + 1 < moves.length) {
      const rest = moves.length - k - 1;
      const reason = 'variations in CBF files are not read (their layout is not published)';
      const next = moves[k + 1]!;
      const text = cutText('what follows the main line', reason, rest);
      warnings.push({
        line: 'the moves after the main line',
        reason,
        dropped: rest,
        message: new CbfError(text, next.line).message,
      });
      break;
    }
  }
  for (let i = 1; i < line.length; i++) line[i - 1]!.children.push(line[i]!);
  const children = line.slice(0, 1);

  try {
    engine.setPosition(fen);
  } catch (error) {
    throw new CbfError(`the start position is not valid: ${messageOf(error)}`, fenLine, undefined, undefined, error);
  }
  const startFen = engine.fen();
  checkTree(engine, startFen, children, {
    mainLine: (bad) => {
      throw new CbfError(bad.reason, lineOf.get(bad.node), bad.ply, bad.node.move, bad.cause);
    },
    // The tree is one line: nothing but the main line can be refused.
    sideLine: (bad) => {
      throw new CbfError(bad.reason, lineOf.get(bad.node), bad.ply, bad.node.move, bad.cause);
    },
  });
  return { tags, fen: startFen, result, comment, children, mainline: mainLine(children), warnings };
}

/** CBF bytes as text: a byte-order mark, else the encoding the XML declaration names, else UTF-8. */
function decodeCbf(bytes: Uint8Array): string {
  if (bytes.length > MAX_TEXT * 4)
    throw new CbfError(`the file has ${bytes.length} bytes, more than the ${MAX_TEXT * 4} accepted`);
  let label = 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';
  else if (!(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)) {
    const head = String.fromCharCode(...bytes.subarray(0, 200));
    const declared = /^<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
    if (declared) label = declared[1]!;
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    throw new CbfError(`the XML declaration names the encoding "${label}", which this reader does not know`, 1);
  }
  return decoder.decode(bytes);
}
