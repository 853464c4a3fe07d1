// Endgame materials by name, as endgame books write them: Red's king and pieces, a dash, Black's
// ("KR-KAAEE": a rook against two advisors and two elephants). Letters K, R, H (or N) for the
// horse, C, P, A for an advisor and E (or B) for an elephant. The tables' module numbers a material
// by a key: one base-3 digit per piece kind (assembly/egtb/layout.ts).

/**
 * The largest table made on demand, in entries a side to move: a rook against full defence is
 * 634,500, made in about a second (docs/endgames.md); the larger tables take minutes and hundreds of
 * megabytes.
 */
export const ON_DEMAND_MAX_ENTRIES = 1_000_000;

/** The digits of a key, in order: Red's A E R H C P, then Black's A E. */
const RED_DIGITS = 'AERHCP';
const BLACK_DIGITS = 'AE';
const UNITS = [1, 3, 9, 27, 81, 243, 729, 2187];
/** How many keys there are (3^8): the tables' module holds a table per key at most. */
export const KEYS = 6561;

/** The pieces of a material other than the kings. */
export function pieceCount(key: number): number {
  return UNITS.reduce((sum, unit) => sum + (Math.floor(key / unit) % 3), 0);
}

/** The order pieces are named in: attackers first, then defenders. */
const NAME_ORDER = 'RHCPAE';

export interface Material {
  /** The canonical name, e.g. "KR-KAAEE". */
  name: string;
  /** The tables' module's number for it. */
  key: number;
  /** How many attacking pieces (rooks, horses, cannons, pawns) Red has. */
  attackers: number;
}

function letterOf(ch: string): string {
  const upper = ch.toUpperCase();
  return upper === 'N' ? 'H' : upper === 'B' ? 'E' : upper;
}

function counted(side: string, letters: string, allowed: string, whose: string): Map<string, number> {
  if (!letters.startsWith('K') && !letters.startsWith('k'))
    throw new RangeError(`${whose} side of "${side}" must start with its king (K)`);
  const counts = new Map<string, number>();
  for (const ch of letters.slice(1)) {
    const letter = letterOf(ch);
    if (!allowed.includes(letter))
      throw new RangeError(
        `"${ch}" in "${side}": ${whose === 'Red' ? 'Red may have R, H, C, P, A, E' : 'Black may have only A and E (advisors, elephants)'}`,
      );
    counts.set(letter, (counts.get(letter) ?? 0) + 1);
    if (counts.get(letter)! > 2) throw new RangeError(`"${side}": at most two of a kind (${letter})`);
  }
  return counts;
}

/** Reads a material name; throws a RangeError that says what is wrong with it. */
export function parseMaterial(name: string): Material {
  const parts = name.trim().split('-');
  if (parts.length !== 2 || parts[0] === '' || parts[1] === '')
    throw new RangeError(`"${name}" is not a material: write Red's pieces, a dash, Black's (e.g. KR-KAAEE)`);
  const red = counted(name, parts[0]!, RED_DIGITS, 'Red');
  const black = counted(name, parts[1]!, BLACK_DIGITS, 'Black');
  let key = 0;
  let attackers = 0;
  for (const [letter, n] of red) {
    key += UNITS[RED_DIGITS.indexOf(letter)]! * n;
    if ('RHCP'.includes(letter)) attackers += n;
  }
  for (const [letter, n] of black) key += UNITS[6 + BLACK_DIGITS.indexOf(letter)]! * n;
  if (attackers > 2) throw new RangeError(`"${name}": the tables hold at most two attacking pieces`);
  return { name: materialName(key), key, attackers };
}

/** The canonical name of a key. */
export function materialName(key: number): string {
  const digit = (i: number) => Math.floor(key / UNITS[i]!) % 3;
  let red = 'K';
  for (const letter of NAME_ORDER) red += letter.repeat(digit(RED_DIGITS.indexOf(letter)));
  let black = 'K';
  for (const letter of 'AE') black += letter.repeat(digit(6 + BLACK_DIGITS.indexOf(letter)));
  return `${red}-${black}`;
}

/**
 * The first set of tables: one attacking piece, with or without its own advisors and elephants,
 * against a bare king or any advisors and elephants; two attacking pieces without their own
 * defenders against the same. Smallest defenders first.
 */
export function firstSet(): string[] {
  const defenders = ['', 'A', 'E', 'AA', 'AE', 'EE', 'AAE', 'AEE', 'AAEE'];
  const one = ['R', 'H', 'C', 'P'];
  const two = ['RR', 'RH', 'RC', 'RP', 'HH', 'HC', 'HP', 'CC', 'CP', 'PP'];
  const names: string[] = [];
  for (const black of defenders) {
    for (const attacker of one) for (const own of defenders) names.push(`K${attacker}${own}-K${black}`);
    for (const pair of two) names.push(`K${pair}-K${black}`);
  }
  return names.map((n) => parseMaterial(n).name);
}

/**
 * Every material a capture (or several) leads to from this one, each after those it leads to in
 * turn: the order the generator makes them in.
 */
export function smallerMaterials(material: string): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    const [red, black] = name.split('-') as [string, string];
    const children = [
      ...[...new Set(red.slice(1))].map((letter) => `${red.replace(letter, '')}-${black}`),
      ...[...new Set(black.slice(1))].map((letter) => `${red}-${black.replace(letter, '')}`),
    ].map((n) => parseMaterial(n).name);
    for (const child of children) {
      if (seen.has(child)) continue;
      seen.add(child);
      visit(child);
      order.push(child);
    }
  };
  visit(parseMaterial(material).name);
  return order;
}

/**
 * The material of a FEN's pieces as the tables name it (the attacking side as Red, whichever colour
 * it has), or null when no table covers it. Reads the placement only: the FEN is not checked.
 */
export function materialOfFen(fen: string): string | null {
  const placement = fen.trim().split(/\s+/)[0] ?? '';
  const red = placement.replace(/[^A-Z]/g, '');
  const black = placement.replace(/[^a-z]/g, '').toUpperCase();
  const attacks = (side: string) => /[RNHCP]/.test(side);
  const [strong, weak] = attacks(black) && !attacks(red) ? [black, red] : [red, black];
  const named = (side: string) => `K${side.replace('K', '')}`;
  try {
    return parseMaterial(`${named(strong)}-${named(weak)}`).name;
  } catch {
    return null;
  }
}

/** The sub-multisets of a string's letters with at most two of a kind (no table has more), each once. */
function keptSubsets(letters: string): string[] {
  let subsets = [''];
  for (const letter of new Set(letters)) {
    const most = Math.min(2, letters.split(letter).length - 1);
    subsets = subsets.flatMap((s) => Array.from({ length: most + 1 }, (_, n) => s + letter.repeat(n)));
  }
  return subsets;
}

/**
 * The materials of the first set that captures of at most `maxCaptures` pieces lead to from a FEN's
 * position, with either colour attacking: those the search may reach and probe. Reads the placement
 * only: the FEN is not checked.
 */
export function reachableMaterials(fen: string, maxCaptures = 3): string[] {
  const placement = fen.trim().split(/\s+/)[0] ?? '';
  const pieces = (side: string) =>
    side
      .replace(/[^RNHCPABE]/g, '')
      .replace(/N/g, 'H')
      .replace(/B/g, 'E');
  const sides = [pieces(placement.replace(/[^A-Z]/g, '')), pieces(placement.replace(/[^a-z]/g, '').toUpperCase())];
  const total = sides[0]!.length + sides[1]!.length;
  const covered = new Set(firstSet());
  const found = new Set<string>();
  for (const [strong, weak] of [sides, [...sides].reverse()] as [string, string][]) {
    const defenders = keptSubsets(weak.replace(/[^AE]/g, ''));
    for (const kept of keptSubsets(strong)) {
      for (const theirs of defenders) {
        if (total - kept.length - theirs.length > maxCaptures) continue;
        const name = `K${kept}-K${theirs}`;
        try {
          const material = parseMaterial(name).name;
          if (covered.has(material)) found.add(material);
        } catch {
          // more attacking pieces than a table holds
        }
      }
    }
  }
  return [...found];
}
