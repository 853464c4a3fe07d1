// GB18030 text in XQF files. Decoding is the platform's TextDecoder; encoding (for writing XQF)
// has no platform API, so the two-byte part of the code (GBK, which holds every Chinese character
// the game records use) is learnt once from the decoder itself: every lead/trail byte pair is
// decoded and the character mapped back to its bytes. Characters outside it are refused.

let table: Map<string, number> | null = null;

function encodingTable(): Map<string, number> {
  if (table) return table;
  const decoder = new TextDecoder('gb18030');
  const map = new Map<string, number>();
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      pair[0] = lead;
      pair[1] = trail;
      const ch = decoder.decode(pair);
      // The first pair for a character wins, so a character the code maps twice round-trips.
      if (ch.length === 1 && ch !== '\uFFFD' && !map.has(ch)) map.set(ch, (lead << 8) | trail);
    }
  }
  return (table = map);
}

/** GB18030 bytes of `text`; throws a RangeError naming a character outside ASCII and GBK. */
export function encodeGb18030(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) {
      out.push(code);
      continue;
    }
    const bytes = encodingTable().get(ch);
    if (bytes === undefined)
      throw new RangeError(
        `character U+${code.toString(16).toUpperCase()} cannot be written in GB18030's two-byte range`,
      );
    out.push(bytes >> 8, bytes & 0xff);
  }
  return Uint8Array.from(out);
}

/**
 * Text from GB18030 bytes. XQF header fields are often cut in the middle of a two-byte
 * character; the broken tail is dropped rather than shown as a replacement character.
 */
export function decodeGb18030(bytes: Uint8Array): string {
  return new TextDecoder('gb18030').decode(bytes).replace(/\uFFFD+$/, '');
}
