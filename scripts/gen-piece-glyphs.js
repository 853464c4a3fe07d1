// Writes web/board/glyphs.generated.ts: SVG path data for the Han characters the board draws (pieces,
// river, WXF numerals), so the board looks the same on every machine whether or not it has a CJK font;
// and web/app/notation-glyphs.generated.ts: the rest of Chinese move notation's characters (进退平 前中后)
// for the game page's move list, which draws its move text from both.
//
// Run once by hand, with a TrueType font whose licence allows it (the generated paths are a derived
// work of that font and stay under its licence):
//   apt-get download fonts-lxgw-wenkai && dpkg-deb -x fonts-lxgw-wenkai_*.deb /tmp/lxgw
//   node scripts/gen-piece-glyphs.js /tmp/lxgw/usr/share/fonts/truetype/lxgw-wenkai/LXGWWenKai-Bold.ttf
// The font is LXGW WenKai (霞鹜文楷) by lxgw, SIL Open Font License 1.1 (web/board/OFL.txt).
//
// A small reader of the TrueType tables it needs (cmap, loca, glyf, hmtx) rather than a font library:
// only quadratic `glyf` outlines are read, composite glyphs are followed with their offsets.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** Everything the board writes in Han characters; each character once. */
const CHARS = [...new Set('帥仕相傌俥炮兵將士象馬車砲卒帅马车将' + '楚河漢界' + '一二三四五六七八九')];
/** The other characters of Chinese move notation (进退平, 前中后, traditional 進後), for the game page's move
 * text (web/app/notation-glyphs.generated.ts): kept out of the board's file, which ships with the package. */
const PAGE_CHARS = [...new Set('进退平前中后進後')].filter((ch) => !CHARS.includes(ch));
/** Output units per em: a 58-unit glyph on a 920-unit board gets steps under a third of a unit, finer than a
 * pixel at any usual size; fewer units keep the shipped data small (about 8 kB gzip). */
const UNITS = 200;

const USAGE = `usage: node scripts/gen-piece-glyphs.js FONT.ttf

Writes the outlines of the Han characters the board draws (web/board/glyphs.generated.ts) and of the
other characters of Chinese move notation (web/app/notation-glyphs.generated.ts) from a TrueType font
(LXGW WenKai, under the SIL OFL).`;
let values, positionals;
try {
  ({ values, positionals } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true }));
} catch (error) {
  console.error(`error: ${error.message}\n\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const fontPath = positionals[0];
if (!fontPath || positionals.length > 1) {
  console.error(`error: one font file, not ${positionals.length}\n\n${USAGE}`);
  process.exit(2);
}
const buf = readFileSync(fontPath);
const u16 = (o) => buf.readUInt16BE(o);
const i16 = (o) => buf.readInt16BE(o);
const u32 = (o) => buf.readUInt32BE(o);

const tables = {};
for (let i = 0, n = u16(4); i < n; i++) {
  const rec = 12 + i * 16;
  tables[buf.toString('latin1', rec, rec + 4)] = u32(rec + 8);
}
for (const t of ['head', 'maxp', 'cmap', 'loca', 'glyf', 'hhea', 'hmtx']) {
  if (tables[t] === undefined) throw new Error(`${fontPath}: no '${t}' table (a TrueType outline font is needed)`);
}
const unitsPerEm = u16(tables.head + 18);
const longLoca = i16(tables.head + 50) === 1;
const numGlyphs = u16(tables.maxp + 4);
const numHMetrics = u16(tables.hhea + 34);

function glyphOffset(gid) {
  const l = tables.loca;
  return longLoca ? [u32(l + gid * 4), u32(l + gid * 4 + 4)] : [u16(l + gid * 2) * 2, u16(l + gid * 2 + 2) * 2];
}

function advance(gid) {
  return u16(tables.hmtx + Math.min(gid, numHMetrics - 1) * 4);
}

/** Unicode -> glyph id from a format 12 (or, failing that, format 4) Unicode subtable. */
function glyphIdOf(code) {
  const cmap = tables.cmap;
  const subtables = [];
  for (let i = 0, n = u16(cmap + 2); i < n; i++) subtables.push(cmap + u32(cmap + 4 + i * 8 + 4));
  for (const st of subtables.filter((s) => u16(s) === 12)) {
    for (let i = 0, n = u32(st + 12); i < n; i++) {
      const g = st + 16 + i * 12;
      if (code >= u32(g) && code <= u32(g + 4)) return u32(g + 8) + code - u32(g);
    }
  }
  for (const st of subtables.filter((s) => u16(s) === 4)) {
    const segs = u16(st + 6) / 2;
    const ends = st + 14;
    const starts = ends + segs * 2 + 2;
    const deltas = starts + segs * 2;
    const ranges = deltas + segs * 2;
    for (let i = 0; i < segs; i++) {
      if (code > u16(ends + i * 2) || code < u16(starts + i * 2)) continue;
      const ro = u16(ranges + i * 2);
      if (ro === 0) return (code + i16(deltas + i * 2)) & 0xffff;
      const gid = u16(ranges + i * 2 + ro + (code - u16(starts + i * 2)) * 2);
      return gid === 0 ? 0 : (gid + i16(deltas + i * 2)) & 0xffff;
    }
  }
  return 0;
}

/** Contours of a glyph as lists of { x, y, on } points, composites flattened. */
function contours(gid, dx = 0, dy = 0) {
  if (gid >= numGlyphs) throw new Error(`glyph ${gid} out of range`);
  const [start, end] = glyphOffset(gid);
  if (end <= start) return [];
  const g = tables.glyf + start;
  const n = i16(g);
  if (n < 0) {
    // Composite: components with x/y offsets (scaled components do not occur in the glyphs used).
    const out = [];
    let p = g + 10;
    for (;;) {
      const flags = u16(p);
      const component = u16(p + 2);
      p += 4;
      let ox;
      let oy;
      if (flags & 1) {
        [ox, oy] = [i16(p), i16(p + 2)];
        p += 4;
      } else {
        [ox, oy] = [buf.readInt8(p), buf.readInt8(p + 1)];
        p += 2;
      }
      if (!(flags & 2)) throw new Error(`glyph ${gid}: point-matched components are not supported`);
      if (flags & (8 | 0x40 | 0x80)) throw new Error(`glyph ${gid}: scaled components are not supported`);
      out.push(...contours(component, dx + ox, dy + oy));
      if (!(flags & 0x20)) break;
    }
    return out;
  }
  const endPts = [];
  for (let i = 0; i < n; i++) endPts.push(u16(g + 10 + i * 2));
  const count = n ? endPts[n - 1] + 1 : 0;
  let p = g + 10 + n * 2;
  p += 2 + u16(p); // instructions
  const flags = [];
  while (flags.length < count) {
    const f = buf[p++];
    flags.push(f);
    if (f & 8) for (let r = buf[p++]; r > 0; r--) flags.push(f);
  }
  const coord = (short, same) => {
    const values = [];
    let v = 0;
    for (const f of flags) {
      if (f & short) v += f & same ? buf[p++] : -buf[p++];
      else if (!(f & same)) {
        v += i16(p);
        p += 2;
      }
      values.push(v);
    }
    return values;
  };
  const xs = coord(2, 16);
  const ys = coord(4, 32);
  const out = [];
  let first = 0;
  for (const last of endPts) {
    const c = [];
    for (let i = first; i <= last; i++) c.push({ x: xs[i] + dx, y: ys[i] + dy, on: (flags[i] & 1) === 1 });
    out.push(c);
    first = last + 1;
  }
  return out;
}

/**
 * One contour as relative path commands in output units, y pointing down, origin at (ox, oy) in font
 * units. Two off-curve points in a row imply the on-curve point midway between them.
 */
function contourPath(c, ox, oy, scale) {
  if (c.length < 2) return '';
  const pts = [];
  for (let i = 0; i < c.length; i++) {
    const a = c[i];
    const b = c[(i + 1) % c.length];
    pts.push(a);
    if (!a.on && !b.on) pts.push({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, on: true });
  }
  const startAt = pts.findIndex((q) => q.on);
  const ring = [...pts.slice(startAt), ...pts.slice(0, startAt)];
  // Rounding each absolute point first keeps relative steps from accumulating rounding errors.
  const X = (q) => Math.round((q.x - ox) * scale);
  const Y = (q) => Math.round((oy - q.y) * scale);
  let [cx, cy] = [X(ring[0]), Y(ring[0])];
  let d = `M${cx} ${cy}`;
  const rel = (q) => {
    const s = `${X(q) - cx} ${Y(q) - cy}`;
    return s;
  };
  for (let i = 1; i <= ring.length; i++) {
    const q = ring[i % ring.length];
    if (q.on) {
      if (i === ring.length) break; // back at the start: `z` closes it
      d += `l${rel(q)}`;
      [cx, cy] = [X(q), Y(q)];
    } else {
      const end = ring[(i + 1) % ring.length];
      d += `q${rel(q)} ${rel(end)}`;
      [cx, cy] = [X(end), Y(end)];
      i++;
    }
  }
  return (d + 'z').replace(/ -/g, '-');
}

const scale = UNITS / unitsPerEm;
const load = (ch) => {
  const gid = glyphIdOf(ch.codePointAt(0));
  if (!gid) throw new Error(`${fontPath} has no glyph for ${ch}`);
  return { ch, gid, contours: contours(gid) };
};
const glyphs = CHARS.map(load);
const pageGlyphs = PAGE_CHARS.map(load);
// Horizontally each glyph is centred on its advance; vertically all share one centre (that of their
// ink, averaged over the board's characters; the page's share it), so characters sit on a common line
// the way type does.
let sum = 0;
for (const g of glyphs) {
  const ys = g.contours.flat().map((q) => q.y);
  sum += (Math.min(...ys) + Math.max(...ys)) / 2;
}
const centreY = sum / glyphs.length;
const entriesOf = (list) =>
  list.map((g) => {
    const ox = advance(g.gid) / 2;
    const d = g.contours.map((c) => contourPath(c, ox, centreY, scale)).join('');
    return `  '${g.ch}': '${d}',`;
  });
const entries = entriesOf(glyphs);

const out = `/*! Han glyph outlines for <xiangqi-board>: derived from LXGW WenKai (霞鹜文楷), Copyright 2021-2022 lxgw,
 * licensed under the SIL Open Font License, Version 1.1 (text in web/board/OFL.txt; https://openfontlicense.org).
 * This file, unlike the rest of the package, is under that licence. */
// GENERATED by scripts/gen-piece-glyphs.js from ${fontPath.split('/').pop()}; do not edit by hand.
// Path data in a ${UNITS}-unit em centred on (0, 0), y down: scale it to the size wanted.

export const GLYPH_EM = ${UNITS};

export const GLYPHS: Readonly<Record<string, string>> = {
${entries.join('\n')}
};
`;
const target = fileURLToPath(new URL('../web/board/glyphs.generated.ts', import.meta.url));
writeFileSync(target, out);
console.log(`${target}: ${CHARS.length} glyphs, ${out.length} bytes`);

const pageOut = `/*! Han glyph outlines for the game page's move text: derived from LXGW WenKai (霞鹜文楷), Copyright 2021-2022
 * lxgw, licensed under the SIL Open Font License, Version 1.1 (text in web/board/OFL.txt; https://openfontlicense.org).
 * This file, unlike the rest of the project, is under that licence. */
// GENERATED by scripts/gen-piece-glyphs.js from ${fontPath.split('/').pop()}; do not edit by hand.
// The characters of Chinese move notation that the board does not draw (web/board/glyphs.generated.ts has
// the rest), in the same ${UNITS}-unit em, centred on (0, 0) on the same line, y down.

export const NOTATION_GLYPHS: Readonly<Record<string, string>> = {
${entriesOf(pageGlyphs).join('\n')}
};
`;
const pageTarget = fileURLToPath(new URL('../web/app/notation-glyphs.generated.ts', import.meta.url));
writeFileSync(pageTarget, pageOut);
console.log(`${pageTarget}: ${PAGE_CHARS.length} glyphs, ${pageOut.length} bytes`);
