// Perft: counts the leaves of the legal move tree, the standard check of move generation.
import {
  generatePseudo,
  moveListAt,
  countLegal,
  prepareLegality,
  isPreparedLegal,
  legalKing,
  legalChecked,
  legalFrom,
  legalTo,
} from './movegen';
import { makeMove, unmakeMove } from './board';
import { ld32 } from './target/mem';

function perftAt(depth: i32, ply: i32): f64 {
  const list = moveListAt(ply);
  const n = generatePseudo(list, false);
  if (depth == 1) return <f64>countLegal(list, n);
  prepareLegality();
  const king = legalKing;
  const checked = legalChecked;
  const fromMask = legalFrom;
  const toMask = legalTo;
  let total: f64 = 0;
  for (let i = 0; i < n; i++) {
    const mv = ld32(list + (i << 2));
    if (!isPreparedLegal(mv, king, checked, fromMask, toMask)) continue;
    makeMove(mv);
    total += perftAt(depth - 1, ply + 1);
    unmakeMove();
  }
  return total;
}

export function perft(depth: i32): f64 {
  if (depth <= 0) return 1;
  return perftAt(depth, 0);
}
