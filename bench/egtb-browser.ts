// The endgame tables' generation timed in headless Chromium (the wasm build, in the page): Vite's
// dev server serves the repository, a blank page of its origin imports the tables' adapter, and
// each table is made after the smaller ones its captures reach, as `npm run bench:egtb` does in Node.
import { launchChromium } from './lib/chromium.ts';
import { serveBenchPage } from './serve.ts';
import type { Tablebases } from '../web/egtb/tablebases.ts';

/** Milliseconds each material's table took to generate in Chromium (the table alone). */
export async function timeInChromium(
  materials: readonly string[],
  progress: (line: string) => void,
): Promise<{ chromium: string; ms: Map<string, number> }> {
  const [server, browser] = await Promise.all([serveBenchPage(), launchChromium()]);
  try {
    const page = await browser.newPage();
    await page.goto(new URL('/web/favicon.svg', server.pageUrl).href);
    const ms = new Map<string, number>();
    for (const material of materials) {
      const took = await page.evaluate(async (name) => {
        // Fetched by the page from Vite's dev server, which compiles them on request.
        const folder = '/web/egtb/';
        const adapter = (await import(`${folder}tablebases.ts`)) as { Tablebases: typeof Tablebases };
        const { smallerMaterials } = (await import(`${folder}material.ts`)) as {
          smallerMaterials: (material: string) => string[];
        };
        const holder = globalThis as { tables?: Promise<Tablebases> };
        holder.tables ??= adapter.Tablebases.load('wasm');
        const tables = await holder.tables;
        for (const smaller of smallerMaterials(name)) tables.generate(smaller);
        const start = performance.now();
        tables.generate(name);
        return performance.now() - start;
      }, material);
      ms.set(material, took);
      progress(`${material}: ${took.toFixed(0)} ms in Chromium`);
    }
    return { chromium: `Chromium ${browser.version()}`, ms };
  } finally {
    await browser.close();
    await server.close();
  }
}
