// Byte offsets of the tables' module's fixed regions (target/heap.ts puts them first in its block;
// the tables follow). Both builds lay them out alike.
export const POINTS: i32 = 90;
export const MAX_PIECES: i32 = 16;
export const MAX_MOVES: i32 = 128;
export const KEYS: i32 = 6561; // materials: 3^8 (layout.ts)
export const GROUP_TYPES: i32 = 9; // (advisors, elephants), 0..2 each
export const GROUP_MAX: i32 = 1410; // placements of a king, two advisors and two elephants
export const GROUP_LOOKUP_SIZE: i32 = 9 * 32 * 128; // (king's palace slot, advisor mask, elephant mask)
export const LAYOUT_FIELDS: i32 = 12;
// Two attackers of one kind, as an unordered pair of points whose files add up to at most 8 (every
// pair or its mirror image is one): 2,225 pairs where the kind may stand anywhere.
export const MAX_PAIRS: i32 = 2225;

// Geometry (geometry.ts): u8 or i8 per point, or per point and direction.
export const RANK: i32 = 0;
export const FILE: i32 = RANK + POINTS;
export const MIRROR: i32 = FILE + POINTS;
export const PALACE: i32 = MIRROR + POINTS;
export const ADVISOR_POINT: i32 = PALACE + POINTS;
export const ELEPHANT_POINT: i32 = ADVISOR_POINT + POINTS;
export const PAWN_POINT: i32 = ELEPHANT_POINT + POINTS;
export const STEP: i32 = PAWN_POINT + POINTS; // i8[90][4]
export const DIAGONAL: i32 = STEP + POINTS * 4; // i8[90][4]
export const HORSE_TO: i32 = DIAGONAL + POINTS * 4; // i8[90][8]
export const HORSE_LEG: i32 = HORSE_TO + POINTS * 8;
export const HORSE_FROM: i32 = HORSE_LEG + POINTS * 8;
export const HORSE_FROM_LEG: i32 = HORSE_FROM + POINTS * 8;
// The position (position.ts).
export const BOARD: i32 = HORSE_FROM_LEG + POINTS * 8; // u8[90]: piece codes
export const SLOT_AT: i32 = BOARD + POINTS; // i8[90]: a point's slot in the piece list
export const PIECE_CODE: i32 = SLOT_AT + POINTS; // u8[16]
export const PIECE_POINT: i32 = PIECE_CODE + MAX_PIECES; // i8[16]: -1 once captured
export const KING_AT: i32 = (PIECE_POINT + MAX_PIECES + 3) & ~3; // i32[2]
export const MOVES: i32 = KING_AT + 8; // i32[MAX_MOVES]: generation's moves
export const CHILDREN: i32 = MOVES + MAX_MOVES * 4; // i32[MAX_MOVES]: indexes already met
export const API_MOVES: i32 = CHILDREN + MAX_MOVES * 4; // i32[MAX_MOVES]: moves the adapter reads
export const API_PIECES: i32 = API_MOVES + MAX_MOVES * 4; // u8[MAX_PIECES][2]: a position the adapter writes, (point, code) pairs
// Placements of the defenders (layout.ts), per side (2) and type (9).
export const GROUP_COUNT: i32 = API_PIECES + MAX_PIECES * 2; // i32[2][9]
export const GROUP_LOOKUP: i32 = GROUP_COUNT + 2 * GROUP_TYPES * 4; // i16[2][GROUP_LOOKUP_SIZE]
export const GROUP_POINTS: i32 = GROUP_LOOKUP + 2 * GROUP_LOOKUP_SIZE * 2; // u8[2][9][GROUP_MAX][5]
export const PALACE_SLOT: i32 = GROUP_POINTS + 2 * GROUP_TYPES * GROUP_MAX * 5; // i8[2][90]
export const ADVISOR_BIT: i32 = PALACE_SLOT + 2 * POINTS; // i8[2][90]
export const ELEPHANT_BIT: i32 = ADVISOR_BIT + 2 * POINTS; // i8[2][90]
export const PALACE_POINTS: i32 = ELEPHANT_BIT + 2 * POINTS; // i8[2][9]
export const ADVISOR_POINTS: i32 = PALACE_POINTS + 2 * 9; // i8[2][5]
export const ELEPHANT_POINTS: i32 = ADVISOR_POINTS + 2 * 5; // i8[2][7]
// An attacker's points by its type (horse, rook, cannon, pawn: 0..3) and whether it is kept to
// the left half (+4): the points, each point's number among them (-1: not one), how many.
export const DOMAIN_POINTS: i32 = (ELEPHANT_POINTS + 2 * 7 + 3) & ~3; // i8[8][90]
export const DOMAIN_SLOTS: i32 = DOMAIN_POINTS + 8 * POINTS; // i16[8][90]
export const DOMAIN_COUNT: i32 = DOMAIN_SLOTS + 8 * POINTS * 2; // i32[8]
// Twin attackers by their type (0..3): each pair's number from its two points, either order (-1:
// not one), the pairs' points, how many pairs.
export const PAIR_SLOTS: i32 = DOMAIN_COUNT + 8 * 4; // i16[4][90][90]
export const PAIR_POINTS: i32 = PAIR_SLOTS + 4 * POINTS * POINTS * 2; // u8[4][MAX_PAIRS][2]
export const PAIR_COUNT: i32 = (PAIR_POINTS + 4 * MAX_PAIRS * 2 + 3) & ~3; // i32[4]
// Per material key: its layout's fields (layout.ts), the offset of its table (0: none).
export const LAYOUTS: i32 = PAIR_COUNT + 4 * 4; // i32[KEYS][LAYOUT_FIELDS]
export const TABLE_AT: i32 = LAYOUTS + KEYS * LAYOUT_FIELDS * 4; // i32[KEYS]
export const STATIC_SIZE: i32 = (TABLE_AT + KEYS * 4 + 15) & ~15;
