// Telling a game file's format from its name and first bytes, and its text's encoding: what the
// page's import and the command line's `analyse` both need before a reader can run.

/** An XQF file: by its name, or by the `XQ` magic and a version byte from 10 to 18. */
export function looksLikeXqf(name: string, bytes: Uint8Array): boolean {
  if (/\.xqf$/i.test(name)) return true;
  return bytes.length >= 1024 && bytes[0] === 0x58 && bytes[1] === 0x51 && bytes[2]! >= 10 && bytes[2]! <= 18;
}

/** A text file's text: UTF-8 when it is valid UTF-8, else GB18030 (what Chinese Windows tools write). */
export function decodeRecordText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    try {
      return new TextDecoder('gb18030').decode(bytes);
    } catch {
      return new TextDecoder('utf-8').decode(bytes);
    }
  }
}
