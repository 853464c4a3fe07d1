// Writes the installed app's PNG icons (web/public/icons/seal-192.png, seal-512.png, seal-maskable-512.png)
// from the two SVG drawings of the page's seal beside them (seal.svg; seal-maskable.svg keeps the disc
// inside the safe circle a launcher may crop to). Rendered by the same Chromium the browser tests drive.
// Rerun after changing a drawing:
//   node scripts/gen-app-icons.js
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const dir = fileURLToPath(new URL('../web/public/icons/', import.meta.url));
const OUTPUTS = [
  { svg: 'seal.svg', size: 192, png: 'seal-192.png' },
  { svg: 'seal.svg', size: 512, png: 'seal-512.png' },
  { svg: 'seal-maskable.svg', size: 512, png: 'seal-maskable-512.png' },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { svg, size, png } of OUTPUTS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    // The drawing inline, scaled to the icon's size, on a transparent page.
    const markup = readFileSync(dir + svg, 'utf8').replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${markup}`);
    writeFileSync(dir + png, await page.screenshot({ omitBackground: true, type: 'png' }));
    await page.close();
    console.log(`web/public/icons/${png}: ${size}x${size}`);
  }
} finally {
  await browser.close();
}
