// For the picture tests (test/board/picture.test.ts, test/app/share.test.ts): what a PNG of the board
// shows at each of the 90 points, read from its pixels, against the pieces its SVG names. Runs in the
// page (page.evaluate), so it is one self-contained function.

export interface PointReading {
  square: string;
  /** What the SVG has there: 'red', 'black' or null. */
  svg: 'red' | 'black' | null;
  /** What the PNG's pixels show there. */
  png: 'red' | 'black' | null;
}

export interface PictureReading {
  width: number;
  height: number;
  points: PointReading[];
}

/**
 * Decodes `png` (a data: URL's base64) and reads each point: a disc's face colour covering much of the
 * point means a piece, whose side is told by its character's ink (red, or near black). The points'
 * places follow from the SVG's viewBox (the board's layout: a 60-unit margin, 90 with coordinates;
 * Red at the bottom), its pieces from its discs' data-square and data-piece.
 */
export async function readPicture(input: { png: string; svg: string }): Promise<PictureReading> {
  const bytes = Uint8Array.from(atob(input.png), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  const pixels = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
  const svg = new DOMParser().parseFromString(input.svg, 'image/svg+xml').documentElement;
  const viewWidth = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
  const pad = viewWidth === 920 ? 60 : 90;
  const scale = bitmap.width / viewWidth;
  const pieces = new Map<string, string>();
  for (const disc of svg.querySelectorAll('[data-piece]')) {
    pieces.set(disc.getAttribute('data-square')!, disc.getAttribute('data-piece')!);
  }
  const points: PointReading[] = [];
  for (let rank = 0; rank <= 9; rank++) {
    for (let file = 0; file <= 8; file++) {
      const square = 'abcdefghi'[file]! + rank;
      const [cx, cy] = [(pad + file * 100) * scale, (pad + (9 - rank) * 100) * scale];
      const radius = 33 * scale;
      let [all, face, red, dark] = [0, 0, 0, 0];
      for (let y = Math.floor(cy - radius); y <= cy + radius; y++) {
        for (let x = Math.floor(cx - radius); x <= cx + radius; x++) {
          if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) continue;
          const i = (y * bitmap.width + x) * 4;
          const [r, g, b] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
          all++;
          if (Math.abs(r - 0xef) < 20 && Math.abs(g - 0xd3) < 20 && Math.abs(b - 0xa0) < 25) face++;
          if (r > 140 && g < 90 && b < 90) red++;
          if (r < 70 && g < 70 && b < 70) dark++;
        }
      }
      const letter = pieces.get(square);
      points.push({
        square,
        svg: letter ? (letter < 'a' ? 'red' : 'black') : null,
        png: face / all > 0.3 ? (red > dark ? 'red' : 'black') : null,
      });
    }
  }
  return { width: bitmap.width, height: bitmap.height, points };
}
