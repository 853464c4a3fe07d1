// A plain-text board for the `d` command, rank 9 at the top as Red sees it.
import type { PieceLetter } from '../web/engine/types.ts';

export function renderBoard(board: readonly (PieceLetter | null)[]): string {
  const lines: string[] = [];
  for (let rank = 9; rank >= 0; rank--) {
    const row = board.slice(rank * 9, rank * 9 + 9).map((p) => p ?? '.');
    lines.push(`${rank}  ${row.join(' ')}`);
    if (rank === 5) lines.push('   ~~~~~~~~~~~~~~~~~');
  }
  lines.push('   a b c d e f g h i');
  return lines.join('\n');
}
