// The Chinese characters the game page itself writes: every CJK character in a string or template of
// its code (web/app, and web/notation, whose move text, move box and messages the page shows) and in
// web/index.html; comments do not count. scripts/gen-page-font.js makes the page's font from exactly
// these, and test/app/page-font.test.ts fails when one of them is missing from the shipped font.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fontverter from 'fontverter';
import ts from 'typescript';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The folders and files scanned, relative to the repository. */
export const SOURCES = ['web/app', 'web/notation', 'web/index.html'];

/**
 * CJK characters the page's font is for (its @font-face unicode-range in web/app/styles.css): CJK
 * radicals, punctuation and ideographs, compatibility ideographs, full-width forms.
 */
export const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/u;

/**
 * Characters in the notation module that the page never writes: the traditional charset's red chariot
 * and horse (web/notation/chinese.ts). The page writes Chinese moves in simplified characters only
 * (notation-text.ts, import-export.ts: charset 'simplified'), so they reach the screen only when a
 * player types them into the move box, like any text of their own; Noto Sans SC has no glyph for them.
 * test/app/page-font.test.ts checks that the page still never asks for the traditional charset.
 */
export const NOT_WRITTEN = new Set(['俥', '傌']);

/** The text of every string literal and template part of a TypeScript source (no comments). */
export function stringsOf(fileName, text) {
  const out = [];
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const visit = (node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      out.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** An HTML file's text without its comments. */
function htmlText(text) {
  return text.replace(/<!--[\s\S]*?-->/g, '');
}

function files(path) {
  if (path.endsWith('.html') || path.endsWith('.ts')) return [path];
  return readdirSync(join(ROOT, path), { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => `${path}/${entry.name}`);
}

/** Each CJK character the page writes, once, in code point order, with the first file that writes it. */
export function pageHanCharacters() {
  const found = new Map();
  for (const file of SOURCES.flatMap(files).sort()) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const strings = file.endsWith('.html') ? [htmlText(text)] : stringsOf(file, text);
    for (const string of strings) {
      for (const ch of string) if (CJK.test(ch) && !NOT_WRITTEN.has(ch) && !found.has(ch)) found.set(ch, file);
    }
  }
  return new Map([...found].sort(([a], [b]) => a.codePointAt(0) - b.codePointAt(0)));
}

/**
 * The Unicode characters a font file (WOFF2, WOFF or TrueType/OpenType) maps to glyphs: its cmap's
 * Unicode subtables (formats 4 and 12) read after fontverter has unpacked the file.
 */
export async function fontCharacters(file) {
  const font = Buffer.from(await fontverter.convert(file, 'sfnt'));
  const tables = new Map();
  for (let i = 0, n = font.readUInt16BE(4); i < n; i++) {
    const record = 12 + i * 16;
    tables.set(font.toString('latin1', record, record + 4), font.readUInt32BE(record + 8));
  }
  const cmap = tables.get('cmap');
  if (cmap === undefined) throw new Error('the font has no cmap table');
  const codes = new Set();
  for (let i = 0, n = font.readUInt16BE(cmap + 2); i < n; i++) {
    const table = cmap + font.readUInt32BE(cmap + 4 + i * 8 + 4);
    const format = font.readUInt16BE(table);
    if (format === 12) {
      for (let g = 0, groups = font.readUInt32BE(table + 12); g < groups; g++) {
        const at = table + 16 + g * 12;
        for (let c = font.readUInt32BE(at); c <= font.readUInt32BE(at + 4); c++) codes.add(c);
      }
    } else if (format === 4) {
      const segments = font.readUInt16BE(table + 6) / 2;
      const ends = table + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const offsets = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const end = font.readUInt16BE(ends + s * 2);
        const start = font.readUInt16BE(starts + s * 2);
        const offset = font.readUInt16BE(offsets + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          // A glyph index of 0 (through the offsets table) means "no glyph".
          const glyph = offset === 0 ? 1 : font.readUInt16BE(offsets + s * 2 + offset + (c - start) * 2);
          if (glyph !== 0) codes.add(c);
        }
      }
    }
  }
  return new Set([...codes].map((c) => String.fromCodePoint(c)));
}
