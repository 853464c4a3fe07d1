// The shapes of a move as WXF and Chinese notation describe it (describe.ts makes and reads them):
// which piece, which way, and how far.
import type { Color, PieceKind } from './types.ts';

/** A move's direction in WXF and Chinese notation: `+` forward (进), `-` back (退), `.` sideways (平). */
export type Direction = '+' | '-' | '.';

/** Which piece a description means: by its file, or by its place in a stack on one file. */
export type Locator =
  | {
      /** By its file: the only piece of its kind there. */
      type: 'file';
      /** The player's file number, 1-9 from the side's right. */
      file: number;
    }
  /** `index` counts from the front (0 = foremost) among `count` like pieces on the file. */
  | {
      /** By its place in a stack of like pieces on one file. */
      type: 'stack';
      /** Place from the front, 0 = foremost. */
      index: number;
      /** Like pieces on that file. */
      count: number;
      /** The file, when pieces of the kind stand in stacks on two files. */
      file?: number;
    };

/** A move as the notations describe it (describeMove): which piece, from where, which way and how far. */
export interface MoveDescription {
  /** The side that moves. */
  color: Color;
  /** The kind of piece that moves. */
  kind: PieceKind;
  /** How the piece is told apart from the others of its kind: its file, or its place in a stack. */
  locator: Locator;
  /** Forward, back or sideways, from the moving side's view. */
  direction: Direction;
  /** Ranks moved for a straight mover going forward or back; otherwise the file it lands on. */
  target: number;
  /** The player's file number (1-9) of the moving piece, for notations that want it anyway. */
  fromFile: number;
}

/** How a parsed text picks one piece out of a stack; meanings differ between the notations. */
export type StackPick =
  | {
      /** 前, `+` before/after the letter with two or three: the foremost. */
      type: 'front';
    }
  | {
      /** 后: the rearmost. */
      type: 'rear';
    }
  | {
      /** 中: the middle one of three (or five). */
      type: 'middle';
    }
  | {
      /** 一..五: counted from the front. */
      type: 'nth';
      /** 1-based place from the front. */
      n: number;
    }
  | {
      /** WXF's signs, whose `+` means the second with four or five. */
      type: 'wxf';
      /** `+` front and `-` rear; with four or five pieces `++` and `--` are the ends, `+` and `-` the next ones in. */
      sign: '++' | '+' | '-' | '--';
    };

/** A move text parsed but not yet resolved against a position (resolveMove finds the move it means). */
export interface MoveQuery {
  /** The kind of piece named. */
  kind: PieceKind;
  /** Which piece of that kind: on a file (the player's file number 1-9), or picked out of a stack. */
  pick:
    | {
        /** By its file. */
        type: 'file';
        /** The player's file number, 1-9. */
        file: number;
        /** WXF's plain form also names the middle pawn of three or five. */
        middle?: boolean;
      }
    | {
        /** Out of a stack on one file. */
        type: 'stack';
        /** Which piece of the stack. */
        which: StackPick;
        /** The file, when named (pawns in stacks on two files). */
        file?: number;
      };
  /** Forward, back or sideways. */
  direction: Direction;
  /** Ranks moved (straight movers going forward or back), otherwise the file number landed on. */
  target: number;
}
