// The case of issue 28, rebuilt: a real XQStudio file whose 138 variations are sound but one, where
// ply 74 moves from an empty square (e7f7), was refused whole. This builds a game of the same shape
// (seeded, so it is the same every time): a 110-ply main line, 138 variations (some inside others),
// and one extra move made illegal at ply 74 in one of them. What a reader must report is worked out
// here independently of the readers: the variation's number in file order, the ply and the move.
import { Random } from '../../bench/lib/random.ts';
import { RuleBoard, START_FEN, type MoveNode, type TreeGame } from '../../web/notation/index.ts';

export interface BrokenSideLine {
  game: TreeGame;
  /** Moves in the whole tree, the bad one included. */
  moves: number;
  /** The variation holding the bad move, counted in file (depth-first) order, the main line not counted. */
  variation: number;
  ply: number;
  move: string;
  /** The moves cut with it (the bad move and what follows). */
  dropped: number;
}

const node = (move: string, children: MoveNode[] = [], comment: string | null = null): MoveNode => ({
  move,
  comment,
  children,
});

/** A random legal move, quiet ones preferred so that the game lasts. */
function pick(board: RuleBoard, random: Random, not: readonly string[] = []): string | null {
  const legal = board.legalMoves().filter((m) => !not.includes(m));
  if (legal.length === 0) return null;
  const points = board.board();
  const quiet = legal.filter((m) => points[Number(m[3]) * 9 + m.charCodeAt(2) - 97] === null);
  return random.pick(quiet.length > 0 && random.chance(0.85) ? quiet : legal);
}

export function brokenSideLine(): BrokenSideLine {
  const random = new Random(0x138);
  const board = new RuleBoard();
  const main: MoveNode[] = [];
  for (let ply = 0; ply < 110; ply++) {
    const move = pick(board, random);
    if (!move) break;
    board.play(move);
    main.push(node(move, [], ply % 9 === 0 ? `第${ply + 1}着` : null));
  }
  for (let i = 1; i < main.length; i++) main[i - 1]!.children.push(main[i]!);
  const children: MoveNode[] = [main[0]!];
  // Each line: the moves before it, its nodes, and the list its first node is in.
  const lines: { path: string[]; nodes: MoveNode[]; list: MoveNode[] }[] = [{ path: [], nodes: main, list: children }];
  let carrier: { node: MoveNode; path: string[] } | null = null;
  for (let v = 0; v < 138; v++) {
    const from =
      v % 5 === 4 && lines.length > 1
        ? lines[lines.length - 1 - random.below(Math.min(8, lines.length - 1))]!
        : lines[0]!;
    const at = random.below(from.nodes.length);
    const before = [...from.path, ...from.nodes.slice(0, at).map((n) => n.move)];
    board.setPosition(START_FEN, before);
    const list = at === 0 ? from.list : from.nodes[at - 1]!.children;
    // Not a move already played there: a tree holds each move once among its siblings.
    const first = pick(
      board,
      random,
      list.map((n) => n.move),
    );
    if (!first) continue;
    const nodes = [node(first, [], v % 7 === 0 ? `变着${v}` : null)];
    board.play(first);
    for (let k = random.below(4); k > 0; k--) {
      const next = pick(board, random);
      if (!next) break;
      board.play(next);
      nodes.push(node(next));
    }
    for (let i = 1; i < nodes.length; i++) nodes[i - 1]!.children.push(nodes[i]!);
    list.push(nodes[0]!);
    lines.push({ path: before, nodes, list });
    // The variation to break: one that starts at ply 73, with one move, so the bad move is ply 74.
    if (!carrier && before.length === 72 && nodes.length === 1) carrier = { node: nodes[0]!, path: [...before, first] };
  }
  if (!carrier) throw new Error('the seed gave no variation to break: choose another');
  board.setPosition(START_FEN, carrier.path);
  const points = board.board();
  // A move from an empty square, as in the real file.
  const empty = Array.from('abcdefghi')
    .flatMap((f) => Array.from('0123456789', (r) => f + r))
    .find((sq) => points[Number(sq[1]) * 9 + sq.charCodeAt(0) - 97] === null && sq[0] !== 'i')!;
  const bad = node(`${empty}${String.fromCharCode(empty.charCodeAt(0) + 1)}${empty[1]}`);
  carrier.node.children.push(bad);
  const game: TreeGame = {
    tags: { Title: '野马操田 (rebuilt)', Red: '红方', Black: '黑方' },
    fen: START_FEN,
    result: '*',
    comment: '一个变着有错着',
    children,
    mainline: main.map((n) => n.move),
  };
  return { game, moves: count(children), variation: numberOf(children, bad), ply: 74, move: bad.move, dropped: 1 };
}

function count(children: MoveNode[]): number {
  return children.reduce((n, c) => n + 1 + count(c.children), 0);
}

/** The number of the variation holding `target`: depth-first, a child other than the first starts one. */
function numberOf(children: MoveNode[], target: MoveNode): number {
  let counter = 0;
  let found = -1;
  const walk = (list: MoveNode[], line: number): void => {
    list.forEach((child, i) => {
      const own = i === 0 ? line : ++counter;
      if (child === target) found = own;
      walk(child.children, own);
    });
  };
  walk(children, 0);
  return found;
}
