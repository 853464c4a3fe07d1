// Two published games, written out by hand in ICCS, WXF (as published, with `=`) and Chinese
// (simplified and traditional), converted both ways move by move on both engine backends, and
// read from hand-written PGN files in each format.

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  fromChinese,
  fromIccs,
  fromWxf,
  parsePgn,
  toChinese,
  toIccs,
  toWxf,
  writePgn,
  START_FEN,
} from '../../web/notation/index.ts';
import type { Engine } from '../../web/engine/types.ts';
import { BACKENDS, engineFor } from './helpers.ts';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const words = (s: string): string[] => s.trim().split(/\s+/);

interface Record {
  name: string;
  result: string;
  iccs: string[];
  /** As published (AXF/WXF with `=`). */
  wxf: string[];
  zh: string[];
  tw: string[];
}

// Cao Yanlei (Macao) - Petri Haikola (Finland), 14th World Xiangqi Championship, Munich,
// 22 August 2015, round 1 (published on wxf.org). Red wins the trapped rook.
const CAO_HAIKOLA: Record = {
  name: 'Cao Yanlei - Petri Haikola, WXC 2015',
  result: '1-0',
  iccs: words(`g3g4 h7g7 b2e2 g9e7 f0e1 a9a8 h2f2 h9i7 b0c2 i9h9 h0g2 a8f8 a0b0 h9h3 b0b4 h3g3
    i0h0 g3g4 b4g4 g7g4 h0h4 g4g3 h4b4 f8b8 e2e6 d9e8 f2f8`),
  wxf: words(`P3+1 C8=7 C8=5 E7+5 A4+5 R1+1 C2=4 H8+9 H8+7 R9=8 H2+3 R1=6 R9=8 R8+6 R8+4 R8=7
    R1=2 R7-1 R8=3 C7+3 R2+4 C7+1 R2=8 R6=2 C5+4 A4+5 C4+6`),
  zh: words(`兵三进一 炮8平7 炮八平五 象7进5 仕四进五 车1进1 炮二平四 马8进9 马八进七 车9平8
    马二进三 车1平6 车九平八 车8进6 车八进四 车8平7 车一平二 车7退1 车八平三 炮7进3 车二进四 炮7进1
    车二平八 车6平2 炮五进四 士4进5 炮四进六`),
  tw: words(`兵三進一 砲8平7 炮八平五 象7進5 仕四進五 車1進1 炮二平四 馬8進9 傌八進七 車9平8
    傌二進三 車1平6 俥九平八 車8進6 俥八進四 車8平7 俥一平二 車7退1 俥八平三 砲7進3 俥二進四 砲7進1
    俥二平八 車6平2 炮五進四 士4進5 炮四進六`),
};

// Malcolm Horne - Boris Mirnik, as published in Variant Chess, issue 1: Red wins a cannon with
// 3. C6+5 and 4. C6=2 but is mated by the rooks.
const HORNE_MIRNIK: Record = {
  name: 'Malcolm Horne - Boris Mirnik',
  result: '0-1',
  iccs: words(`h2d2 b7e7 h0g2 h9g7 d2d7 e7e3 d7h7 e3e5 i0h0 i9i8 h7h8 a9a8 h0h7 i8h8 h7g7 a8f8
    b0c2 h8h1 g7g6 b9c7 g6g9 f8f1`),
  wxf: words(`C2=6 C2=5 H2+3 H8+7 C6+5 C5+4 C6=2 C5-2 R1=2 R9+1 C2+1 R1+1 R2+7 R9=8 R2=3 R1=6
    H8+7 R8+7 R3-1 H2+3 R3+3 R6+7`),
  zh: words(`炮二平六 炮2平5 马二进三 马8进7 炮六进五 炮5进4 炮六平二 炮5退2 车一平二 车9进1
    炮二进一 车1进1 车二进七 车9平8 车二平三 车1平6 马八进七 车8进7 车三退一 马2进3 车三进三 车6进7`),
  tw: words(`炮二平六 砲2平5 傌二進三 馬8進7 炮六進五 砲5進4 炮六平二 砲5退2 俥一平二 車9進1
    炮二進一 車1進1 俥二進七 車9平8 俥二平三 車1平6 傌八進七 車8進7 俥三退一 馬2進3 俥三進三 車6進7`),
};

const GAMES = [CAO_HAIKOLA, HORNE_MIRNIK];

test('the hand-written records have one text per move in every notation', () => {
  for (const g of GAMES) {
    for (const list of [g.wxf, g.zh, g.tw]) expect(list.length, g.name).toBe(g.iccs.length);
  }
});

describe.each(BACKENDS)('published games on the %s engine', (backend) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineFor(backend);
  });

  describe.each(GAMES)('$name', (g) => {
    test('each move converts both ways in every notation', () => {
      engine.setPosition(START_FEN);
      g.iccs.forEach((move, i) => {
        const at = `ply ${i + 1} (${move})`;
        expect(toIccs(engine, move), at).toBe(move);
        expect(toIccs(engine, move, { style: 'dashed' }), at).toBe(
          `${move.slice(0, 2)}-${move.slice(2)}`.toUpperCase(),
        );
        expect(toWxf(engine, move), at).toBe(g.wxf[i]!.replace('=', '.'));
        expect(toWxf(engine, move, { sideways: '=' }), at).toBe(g.wxf[i]);
        expect(toChinese(engine, move), at).toBe(g.zh[i]);
        expect(toChinese(engine, move, { charset: 'traditional' }), at).toBe(g.tw[i]);
        expect(fromIccs(engine, move.toUpperCase()), at).toBe(move);
        expect(fromWxf(engine, g.wxf[i]!), at).toBe(move);
        expect(fromChinese(engine, g.zh[i]!), at).toBe(move);
        expect(fromChinese(engine, g.tw[i]!), at).toBe(move);
        engine.play(move);
      });
    });
  });

  test('the WXF, ICCS and Chinese PGN files of the 2015 game read as the same game', () => {
    for (const file of ['cao-haikola-2015.wxf.pgn', 'cao-haikola-2015.iccs.pgn', 'cao-haikola-2015.zh.pgn']) {
      const games = parsePgn(fixture(file), engine);
      expect(games, file).toHaveLength(1);
      expect(games[0]!.moves, file).toEqual(CAO_HAIKOLA.iccs);
      expect(games[0]!.result, file).toBe('1-0');
      expect(games[0]!.fen, file).toBeNull();
    }
    const [wxf] = parsePgn(fixture('cao-haikola-2015.wxf.pgn'), engine);
    expect(wxf!.tags).toEqual({
      Game: 'Chinese Chess',
      Event: '14th World Xiangqi Championship',
      Site: 'Munich, Germany',
      Date: '2015.08.22',
      Round: '1',
      Red: 'Cao Yanlei',
      Black: 'Petri Haikola',
      Result: '1-0',
      Format: 'WXF',
    });
    expect(parsePgn(fixture('cao-haikola-2015.zh.pgn'), engine)[0]!.tags.Red).toBe('曹岩磊');
  });

  test('the Horne - Mirnik PGN (bare move numbers, ; comment, ? and ! marks) reads', () => {
    const [game] = parsePgn(fixture('horne-mirnik.wxf.pgn'), engine);
    expect(game!.moves).toEqual(HORNE_MIRNIK.iccs);
    expect(game!.result).toBe('0-1');
  });

  test.each(GAMES)('$name is written in each format and reads back the same', (g) => {
    const game = { tags: { Red: 'R', Black: 'B' }, fen: null, moves: g.iccs, result: g.result as '1-0' | '0-1' };
    const texts = {
      ICCS: g.iccs.map((m) => `${m.slice(0, 2)}-${m.slice(2)}`.toUpperCase()),
      WXF: g.wxf.map((t) => t.replace('=', '.')),
      chinese: g.zh,
    } as const;
    for (const format of ['ICCS', 'WXF', 'chinese'] as const) {
      const pgn = writePgn(game, engine, { format });
      const movetext = pgn.slice(pgn.indexOf('\n\n') + 2);
      expect(
        words(movetext).filter((w) => !/^\d+\.$/.test(w)),
        format,
      ).toEqual([...texts[format], g.result]);
      const [back] = parsePgn(pgn, engine);
      expect(back!.moves, format).toEqual(g.iccs);
      expect(back!.result, format).toBe(g.result);
    }
    const traditional = writePgn(game, engine, { format: 'chinese', charset: 'traditional', fullWidthDigits: true });
    expect(traditional).toContain(g.tw[1]!.replace(/[1-9]/g, (d) => String.fromCharCode(0xff10 + Number(d))));
    expect(parsePgn(traditional, engine)[0]!.moves).toEqual(g.iccs);
  });
});
