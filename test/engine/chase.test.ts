// Perpetual chase under the computer rule (Pikafish's and the chessdb cloud book's, the default
// `Rule`), one rule per case. Each case is a position and one cycle of moves; the cycle is played
// twice, so the start position stands for the third time, and the status there is asserted. Every case is also played mirrored (ranks flipped, colours swapped),
// so each rule is checked from both sides. Expected verdicts are worked out by hand from the rules
// (the reasoning is in each case's note), never copied from an engine run.
//
// The rule (docs/rules.md; the other rule sets are tested in rule-sets.test.ts): a side that
// checks on every one of its moves in the cycle loses; otherwise any check in the cycle draws; otherwise a side that, with every one of
// its moves, newly attacks one and the same enemy piece (by identity) loses, unless the other side
// does too. An attack counts when the capture is legal, the attacker is not a king or pawn, the
// victim is not a king or a pawn on its own side of the river, and: a horse or cannon attacks a
// rook, or an advisor or elephant attacks a rook, horse or cannon; or else the victim could not be
// captured back legally and, for two pieces of one type, could not capture the attacker itself.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine, GameStatus } from '../../web/engine/index.ts';
import { BUILDS, engineFor } from './helpers.ts';

type Verdict = 'red-chases' | 'black-chases' | 'draw' | 'red-checks';

interface ChaseCase {
  name: string;
  fen: string;
  cycle: string[];
  verdict: Verdict;
}

const CASES: ChaseCase[] = [
  {
    // 9 . . . . . k . . .     The rook attacks the cannon from a5, it steps to b7, the rook
    // 7 c . . . . . . . .     follows to b5, it steps back: a new attack with every red move,
    // 5 . R . . . . . . .     and nothing can take back on a7 or b7.
    // 0 . . . K . . . . .
    name: 'rook chases an unprotected cannon',
    fen: '5k3/9/c8/9/1R7/9/9/9/9/3K5 w - - 0 1',
    cycle: ['b5a5', 'a7b7', 'a5b5', 'b7a7'],
    verdict: 'red-chases',
  },
  {
    // As above, but the rook i7 guards rank 7: a rook attacking a protected cannon is no chase.
    name: 'rook attacks a cannon that a rook protects: no chase',
    fen: '5k3/9/c7r/9/1R7/9/9/9/9/3K5 w - - 0 1',
    cycle: ['b5a5', 'a7b7', 'a5b5', 'b7a7'],
    verdict: 'draw',
  },
  {
    // The horse hops a9-c8-a9 (legs b9, b8); the rook attacks a9 from a5 and c8 from c5.
    name: 'rook chases an unprotected horse',
    fen: 'n4k3/9/9/9/2R6/9/9/9/9/3K5 w - - 0 1',
    cycle: ['c5a5', 'a9c8', 'a5c5', 'c8a9'],
    verdict: 'red-chases',
  },
  {
    // The rook e9 guards a9 along rank 9, the rook i8 guards c8 along rank 8.
    name: 'rook attacks a horse that rooks protect: no chase',
    fen: 'n3rk3/8r/9/9/2R6/9/9/9/9/3K5 w - - 0 1',
    cycle: ['c5a5', 'a9c8', 'a5c5', 'c8a9'],
    verdict: 'draw',
  },
  {
    // 9 r . . . . k . . .     The horse attacks a7 from b5 (leg b6) and a8 from c7 (leg b7); the
    // 7 r . N . . . . . .     rook a9 protects the chased rook, which does not matter: a horse
    // 0 . . . K . . . . .     attacking a rook always counts. (The black rook's attack on c7
    //                          comes with only one of its two moves: no chase by Black.)
    name: 'horse chases a rook even when the rook is protected',
    fen: 'r4k3/9/r1N6/9/9/9/9/9/9/3K5 w - - 0 1',
    cycle: ['c7b5', 'a7a8', 'b5c7', 'a8a7'],
    verdict: 'red-chases',
  },
  {
    name: 'horse chases an unprotected rook',
    fen: '5k3/9/r1N6/9/9/9/9/9/9/3K5 w - - 0 1',
    cycle: ['c7b5', 'a7a8', 'b5c7', 'a8a7'],
    verdict: 'red-chases',
  },
  {
    // 9 . . . . . k . . .     The cannon attacks a7 over the horse a4 and b7 over the horse b4;
    // 7 r . . . . . . . r     the rook i7 protects both points, which does not matter for a cannon
    // 4 N N . . . . . . .     attacking a rook.
    // 3 . C . . . . . . .
    // 0 . . . K . . . . .
    name: 'cannon chases a rook even when the rook is protected',
    fen: '5k3/9/r7r/9/9/NN7/1C7/9/9/3K5 w - - 0 1',
    cycle: ['b3a3', 'a7b7', 'a3b3', 'b7a7'],
    verdict: 'red-chases',
  },
  {
    // The black cannon attacks the red one back over the same screen: no chase either way.
    name: 'cannon attacks a cannon that can capture it back: no chase',
    fen: '5k3/9/c8/9/9/NN7/1C7/9/9/3K5 w - - 0 1',
    cycle: ['b3a3', 'a7b7', 'a3b3', 'b7a7'],
    verdict: 'draw',
  },
  {
    // 9 n . . . r k . . .     The cannon attacks a9 from a4 over the pawn a6 and c8 from c4 over
    // 8 . . . . . . . . r     the pawn c6; the rooks e9 and i8 protect the horse on both points.
    // 6 p . p . . . . . .
    // 4 . . C . . . . . .
    // 0 . . . K . . . . .
    name: 'cannon attacks a protected horse: no chase',
    fen: 'n3rk3/8r/9/p1p6/9/2C6/9/9/9/3K5 w - - 0 1',
    cycle: ['c4a4', 'a9c8', 'a4c4', 'c8a9'],
    verdict: 'draw',
  },
  {
    name: 'cannon chases an unprotected horse',
    fen: 'n4k3/9/9/p1p6/9/2C6/9/9/9/3K5 w - - 0 1',
    cycle: ['c4a4', 'a9c8', 'a4c4', 'c8a9'],
    verdict: 'red-chases',
  },
  {
    // 9 . . . . . k . . .     The red horse attacks d4 from b5 and e6 from c7. The black horse
    // 7 . . N . . . . . .     could not take back: from d4 its leg c4 is blocked by a red pawn,
    // 6 . . . P . . . . .     from e6 its leg d6. Horse against horse counts only then.
    // 4 . . P n . . . . .
    // 0 . . . K . . . . .
    name: 'horse chases a horse whose way back is blocked',
    fen: '5k3/9/2N6/3P5/9/2Pn5/9/9/9/3K5 w - - 0 1',
    cycle: ['c7b5', 'd4e6', 'b5c7', 'e6d4'],
    verdict: 'red-chases',
  },
  {
    name: 'horse attacks a horse that can capture it back: no chase',
    fen: '5k3/9/2N6/9/9/3n5/9/9/9/3K5 w - - 0 1',
    cycle: ['c7b5', 'd4e6', 'b5c7', 'e6d4'],
    verdict: 'draw',
  },
  {
    // 9 . . . r k . . . .     The red rook is pinned on the d-file by the rook d9: it attacks the
    // 5 . . . R . . . . .     cannon from d4 and d5, but could not legally take it.
    // 4 c . . . . . . . .
    // 0 . . . K . . . . .
    name: 'a pinned rook does not chase',
    fen: '3rk4/9/9/9/3R5/c8/9/9/9/3K5 w - - 0 1',
    cycle: ['d5d4', 'a4a5', 'd4d5', 'a5a4'],
    verdict: 'draw',
  },
  {
    name: 'the same rook unpinned chases',
    fen: '4k4/9/9/9/3R5/c8/9/9/9/3K5 w - - 0 1',
    cycle: ['d5d4', 'a4a5', 'd4d5', 'a5a4'],
    verdict: 'red-chases',
  },
  {
    // 8 . . . . k . . . .     The rook e7 guards rank 7 but is pinned by the rook e0: taking back
    // 7 c . . . r . . . .     on a7 or b7 would be illegal, so the cannon is unprotected.
    // 5 . R . . . . . . .
    // 0 . . . K R . . . .
    name: 'a protector pinned by a rook does not protect',
    fen: '9/4k4/c3r4/9/1R7/9/9/9/9/3KR4 w - - 0 1',
    cycle: ['b5a5', 'a7b7', 'a5b5', 'b7a7'],
    verdict: 'red-chases',
  },
  {
    // 8 . . . . k . . . .     The cannon e7 guards rank 7 over the advisor d7, but it stands
    // 7 c . . a c . . . .     between the kings: leaving the e-file would let them face.
    // 5 . R . . . . . . .
    // 0 . . . . K . . . .
    name: 'a protector held by the flying general does not protect',
    fen: '9/4k4/c2ac4/9/1R7/9/9/9/9/4K4 w - - 0 1',
    cycle: ['b5a5', 'a7b7', 'a5b5', 'b7a7'],
    verdict: 'red-chases',
  },
  {
    name: 'the same protector free to take back protects',
    fen: '9/4k4/c2ac4/9/1R7/9/9/9/9/3K5 w - - 0 1',
    cycle: ['b5a5', 'a7b7', 'a5b5', 'b7a7'],
    verdict: 'draw',
  },
  {
    // 8 n . . . . . . . .     a4c3 uncovers the rook a0 against the horse a8; the horse goes to
    // 5 . P . . . . . . .     b6, and c3a4 attacks it there with the red horse (its way back to
    // 4 N . . . . . . . .     a4 is blocked by the pawn b5). Discovered or direct, each red move
    // 0 R . . K . . . . .     attacks the same horse anew.
    name: 'a discovered attack and a direct one chase the same horse',
    fen: '5k3/n8/9/9/1P7/N8/9/9/9/R2K5 w - - 0 1',
    cycle: ['a4c3', 'a8b6', 'c3a4', 'b6a8'],
    verdict: 'red-chases',
  },
  {
    // 7 . . . . b . . . .     The cannon c0 looks up the c-file at the pawn c6. Red's elephant
    // 6 . . p . . . . . .     (e2-c4) and Black's (e7-c5) step on and off the file in turn; after
    // 2 . . . . B . . . .     every red move exactly one of them screens it. A pawn on its own side
    // 0 . . C K . . . . .     of the river is never chased.
    name: 'a pawn before the river is never chased (cannon over changing screens)',
    fen: '5k3/9/4b4/2p6/9/9/9/4B4/9/2CK5 w - - 0 1',
    cycle: ['e2c4', 'e7c5', 'c4e2', 'c5e7'],
    verdict: 'draw',
  },
  {
    name: 'a horse in its place is chased by the cannon over changing screens',
    fen: '5k3/9/4b4/2n6/9/9/9/4B4/9/2CK5 w - - 0 1',
    cycle: ['e2c4', 'e7c5', 'c4e2', 'c5e7'],
    verdict: 'red-chases',
  },
  {
    // 2 . . . . B . . . .     d1c3 opens the elephant's eye: it attacks the rook c0 (protected by
    // 1 . . . N K . . . .     a0). The rook goes to b0; c3d1 attacks it with the horse and shuts
    // 0 r . r . . . . . .     the eye again. An elephant attacking a rook always counts.
    name: 'an elephant and a horse take turns chasing a protected rook',
    fen: '5k3/9/9/9/9/9/9/4B4/3NK4/r1r6 w - - 0 1',
    cycle: ['d1c3', 'c0b0', 'c3d1', 'b0c0'],
    verdict: 'red-chases',
  },
  {
    name: 'without the elephant the horse attacks on every other move only',
    fen: '5k3/9/9/9/9/9/9/9/3NK4/r1r6 w - - 0 1',
    cycle: ['d1c3', 'c0b0', 'c3d1', 'b0c0'],
    verdict: 'draw',
  },
  {
    // 9 . . . . . k b . c     The rook checks on every move (a9, a8). Each king move uncovers a
    // 8 R . . . . . . n c     cannon against the rook (i9 over g9, i8 over h8): Black chases on
    // 0 . . . K . . . . .     every move too. Perpetual check against perpetual chase: the
    //                          checking side loses.
    name: 'perpetual check against perpetual chase: the checker loses',
    fen: '5kb1c/R6nc/9/9/9/9/9/9/9/3K5 w - - 0 1',
    cycle: ['a8a9', 'f9f8', 'a9a8', 'f8f9'],
    verdict: 'red-checks',
  },
  {
    // The cannon runs a7-b7-c7-a7, the rook follows on rank 5: a cycle of six plies.
    name: 'a chase in a cycle of six plies',
    fen: '5k3/9/c8/9/2R6/9/9/9/9/3K5 w - - 0 1',
    cycle: ['c5a5', 'a7b7', 'a5b5', 'b7c7', 'b5c5', 'c7a7'],
    verdict: 'red-chases',
  },
  {
    // The cannon runs a7-b7-c7-d7-a7, the rook a5-b5-c5-d5-a5: eight plies.
    name: 'a chase in a cycle of eight plies',
    fen: '5k3/9/c8/9/3R5/9/9/9/9/4K4 w - - 0 1',
    cycle: ['d5a5', 'a7b7', 'a5b5', 'b7c7', 'b5c5', 'c7d7', 'c5d5', 'd7a7'],
    verdict: 'red-chases',
  },
  {
    // The rook shuttles a5-a4 and attacks the cannon a7 from both; Black only moves its king. The
    // cannon was attacked before each rook move already: nothing new, no chase.
    name: 'an attack that was already there is not a chase (the other side idle)',
    fen: '5k3/9/c8/9/R8/9/9/9/9/3K5 w - - 0 1',
    cycle: ['a5a4', 'f9f8', 'a4a5', 'f8f9'],
    verdict: 'draw',
  },
  {
    // The rook attacks the cannon a7 from a5 and the horse b7 from b5, each time anew, but not the
    // same piece on every move.
    name: 'attacking a different piece on each move is not a chase',
    fen: '5k3/9/cn7/9/1R7/9/9/9/9/3K5 w - - 0 1',
    cycle: ['b5a5', 'f9f8', 'a5b5', 'f8f9'],
    verdict: 'draw',
  },
  {
    // The crossed pawn steps c6-b6-c6 under the cannon b7/c7: pawns never chase.
    name: 'a pawn does not chase',
    fen: '5k3/9/1c7/2P6/9/9/9/9/9/3K5 w - - 0 1',
    cycle: ['c6b6', 'b7c7', 'b6c6', 'c7b7'],
    verdict: 'draw',
  },
  {
    name: 'a rook doing what the pawn did chases',
    fen: '5k3/9/1c7/2R6/9/9/9/9/9/3K5 w - - 0 1',
    cycle: ['c6b6', 'b7c7', 'b6c6', 'c7b7'],
    verdict: 'red-chases',
  },
  {
    // The red king steps d1-e1-d1 next to the cannon e2/d2: kings never chase.
    name: 'a king does not chase',
    fen: '5k3/9/9/9/9/9/9/4c4/3K5/9 w - - 0 1',
    cycle: ['d1e1', 'e2d2', 'e1d1', 'd2e2'],
    verdict: 'draw',
  },
  {
    // The black pawn, across the river, steps c3-d3-c3; the rook follows on rank 1.
    name: 'a pawn across the river can be chased',
    fen: '4k4/9/9/9/9/9/2p6/9/3R5/5K3 w - - 0 1',
    cycle: ['d1c1', 'c3d3', 'c1d1', 'd3c3'],
    verdict: 'red-chases',
  },
  {
    // 9 . r . . k . . . .     b-file: cannon b0 against the rook b9; rank 4: cannon i4 against the
    // 5 . n . . . . . . .     rook a4. The red horse steps b4-c2-b4 (on and off both lines), the
    // 4 R N . . . . . . c     black horse b5-d4-b5 (from the b-file to rank 4). After every red
    // 0 . C . K . . . . .     move the b-file has exactly one screen (Red attacks b9 anew) and rank 4
    //                          none or two; after every black move the other way round. Both chase.
    name: 'both sides chase: a draw',
    fen: '1r2k4/9/9/9/1n7/RN6c/9/9/9/1C1K5 w - - 0 1',
    cycle: ['b4c2', 'b5d4', 'c2b4', 'd4b5'],
    verdict: 'draw',
  },
  {
    name: 'the same without the black cannon: only Red chases',
    fen: '1r2k4/9/9/9/1n7/RN7/9/9/9/1C1K5 w - - 0 1',
    cycle: ['b4c2', 'b5d4', 'c2b4', 'd4b5'],
    verdict: 'red-chases',
  },
  {
    name: 'the same without the red cannon: only Black chases',
    fen: '1r2k4/9/9/9/1n7/RN6c/9/9/9/3K5 w - - 0 1',
    cycle: ['b4c2', 'b5d4', 'c2b4', 'd4b5'],
    verdict: 'black-chases',
  },
];

/** The position seen from the other side: ranks flipped, colours swapped. */
function mirrorFen(fen: string): string {
  const [board, side, ...rest] = fen.split(' ');
  const swapCase = (c: string) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase());
  const rows = board!
    .split('/')
    .reverse()
    .map((row) => [...row].map(swapCase).join(''));
  return [rows.join('/'), side === 'w' ? 'b' : 'w', ...rest].join(' ');
}
const mirrorMove = (move: string) => `${move[0]}${9 - Number(move[1])}${move[2]}${9 - Number(move[3])}`;

/** What the status must be at the third occurrence, the side to move being `turn`. */
function expected(verdict: Verdict, turn: 'red' | 'black', mirrored: boolean): Partial<GameStatus> {
  if (verdict === 'draw') return { over: true, result: '1/2-1/2', reason: 'repetition' };
  const redLoses = verdict !== 'black-chases';
  const loserIsRed = mirrored ? !redLoses : redLoses;
  return {
    turn,
    over: true,
    result: loserIsRed ? '0-1' : '1-0',
    reason: verdict === 'red-checks' ? 'perpetual-check' : 'perpetual-chase',
  };
}

describe.each(BUILDS)('perpetual chase on the %s build', (build) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineFor(build);
    engine.setRule('computer');
  });

  const played = CASES.flatMap((c) => [
    { ...c, mirrored: false },
    { ...c, name: `${c.name} (mirrored)`, fen: mirrorFen(c.fen), cycle: c.cycle.map(mirrorMove), mirrored: true },
  ]);

  it.each(played)('$name', ({ fen, cycle, verdict, mirrored }) => {
    engine.setPosition(fen);
    const turn = engine.turn();
    const moves = [...cycle, ...cycle];
    for (const [i, move] of moves.entries()) {
      expect(engine.status().over, `over before ${move} (ply ${i})`).toBe(false);
      engine.play(move);
    }
    expect(engine.turn()).toBe(turn);
    expect(engine.status()).toMatchObject(expected(verdict, turn, mirrored));
  });

  it('has at least 40 cases', () => {
    expect(played.length).toBeGreaterThanOrEqual(40);
  });
});

describe.each(['wasm', 'js'] as const)('insufficient material on the %s build', (build) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineFor(build);
  });
  const draw = { over: true, result: '1/2-1/2', reason: 'insufficient-material' };

  it('only kings, advisors and elephants left: a draw at once', () => {
    engine.setPosition('2bakab2/9/9/9/9/9/9/9/3K5/2BA1AB2 w - - 0 1');
    expect(engine.status()).toMatchObject(draw);
    engine.setPosition('3k5/9/9/9/9/9/9/9/9/5K3 b - - 0 1');
    expect(engine.status()).toMatchObject({ ...draw, turn: 'black' });
  });

  it('one piece that can cross the river, on either side, keeps the game going', () => {
    for (const extra of ['P', 'p', 'N', 'n', 'R', 'r', 'C', 'c']) {
      engine.setPosition(`3k5/9/9/9/9/4${extra}4/9/9/9/5K3 w - - 0 1`);
      expect(engine.status().over, extra).toBe(false);
    }
  });

  it('the capture that leaves only kings draws', () => {
    // The rook takes the rook d9 with check; the king takes back (the red king is on f0, so the
    // kings do not face each other).
    engine.setPosition('3rk4/9/9/9/9/3R5/9/9/9/5K3 w - - 0 1', ['d4d9']);
    expect(engine.status().over).toBe(false);
    engine.play('e9d9');
    expect(engine.status()).toMatchObject(draw);
  });
});
