// The inputs of the king-bucketed network (nnue-kb.ts) that a position can activate. The rest, a
// side's own king anywhere but the point its bucket names, the other king outside its palace, an
// advisor or elephant off its points, a pawn behind its start, are never summed by any evaluation:
// 3,456 of the 7,560 first-layer rows. Training never moves them from their random start, so a
// network writes them as zeros (tune/nnue_train.py, from tune/format.generated.json): that changes no
// evaluation and lets the file compress (the shipped network gzips to 0.86 MB instead of 1.44 MB).
import { canStand } from './piece-points.ts';
import { featureIndexKB, KB_INPUTS } from './nnue-kb.ts';
import { NNUE_PIECE_TYPES } from './nnue-file.ts';

let reachable: Uint8Array | undefined;

/** Per input of the king-bucketed network: 1 where some position the engine accepts activates it, else 0. */
export function reachableKbInputs(): Uint8Array {
  if (reachable) return reachable;
  const seen = new Uint8Array(KB_INPUTS);
  const stands = (type: number, red: boolean, point: number) =>
    canStand(NNUE_PIECE_TYPES[type]!, red, Math.floor(point / 9), point % 9);
  for (let perspective = 0; perspective < 2; perspective++) {
    for (let king = 0; king < 90; king++) {
      if (!stands(0, perspective === 0, king)) continue;
      for (let colour = 0; colour < 2; colour++) {
        for (let type = 0; type < NNUE_PIECE_TYPES.length; type++) {
          for (let point = 0; point < 90; point++) {
            if (!stands(type, colour === 0, point)) continue;
            if (type === 0 && colour === perspective && point !== king) continue;
            seen[featureIndexKB(perspective, king, colour, type, point)] = 1;
          }
        }
      }
    }
  }
  return (reachable = seen);
}

/** The first-layer rows (`hidden` weights each) of inputs no position activates that are not all zero. */
export function unreachableRowsInUse(w1: Int8Array, hidden: number): number[] {
  const reach = reachableKbInputs();
  const rows: number[] = [];
  for (let input = 0; input < KB_INPUTS; input++) {
    if (reach[input]) continue;
    if (w1.subarray(input * hidden, (input + 1) * hidden).some((w) => w !== 0)) rows.push(input);
  }
  return rows;
}
